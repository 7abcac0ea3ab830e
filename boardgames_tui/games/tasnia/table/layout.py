"""Tasnia's table laid out for one viewer: the market, the viewer's side, the other seats.

At 120×40 everything is in view: the market as tiles, the viewer's hand as cards, the stockpile
as tiles, the area as 7×4 or 5×3 tiles, one short line per building and every other seat side
by side; an area too large for the room scrolls with the cursor (arrows mark what is out of
view). Below about 30 rows (80×24) the market and hand shrink to compact forms (the market to
one line while building), an area too large for 5×3 tiles is drawn one line a row, and the other
seats become one line each; `o` shows their areas in place of the viewer's. A row left free
there holds a one-line legend of the marks shown.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from boardgames_tui.games.tasnia.rules.actions import Buy
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.text import drawn_cards
from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView, after_gathering
from boardgames_tui.games.tasnia.table.area import CELL, window
from boardgames_tui.games.tasnia.table.look import Look, trades
from boardgames_tui.games.tasnia.table.market import market_block, market_line, market_title, stack_line
from boardgames_tui.games.tasnia.table.others import WHOLE, others_block, seat_chip
from boardgames_tui.games.tasnia.table.own_side import area_cells, draw_own, fits, usual_room
from boardgames_tui.games.tasnia.table.seat import broken
from boardgames_tui.games.tasnia.table.tiles import (
    cards_words,
    full_legend_entries,
    legend_lines,
    price_key,
    short_legend_entries,
)
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Block, Palette, beside, draw_on, fit, stack


def seen_after(seen: Seen | None, news: list[str]) -> Seen | None:
    """`seen` with the cards its viewer just drew (named in `news`) in its hand and the piles as
    they are now, nothing left to choose: the table its owner reads before the hand-off."""
    drawn = next((cards for cards in map(drawn_cards, news) if cards is not None), None)
    if seen is None or seen.viewer is None or not drawn:
        return seen
    return replace(seen, view=after_gathering(seen.view, seen.viewer, drawn), actions=(), labels={})


def draw_news(canvas: Canvas, lines: list[str], seen: Seen, pal: Palette) -> None:
    """What the seat that just ended its turn alone learnt, and the way on (Enter or a click;
    with one person at the table, who passes the laptop to nobody, just "go on")."""
    alone = sum(1 for seat in seen.seats if seat.human) <= 1
    canvas.add(Text(" ".join(lines), style=f"bold {pal.text_success}"), target=("news",))
    canvas.newline()
    way_on = "Enter or click here: go on" if alone else "Enter or click here: pass the laptop on"
    canvas.add(Text(way_on, style="bold reverse"), target=("news",))
    canvas.newline()


def draw_table(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    """The whole table for `seen.viewer` (or the table view) onto `canvas`, with `look`'s area
    form and room as they are (`fitted` chooses them)."""
    view: TasniaView = seen.view
    buying = look.acting and view.phase in (Phase.TRADE, Phase.PURCHASE)
    buyable = {a.stack for a in seen.actions if isinstance(a, Buy)} if look.acting else set()
    if look.compact and look.acting and view.phase is Phase.BUILD and not view.over:
        canvas.add(fit(market_line(view, pal=pal), look.width))  # folded: nothing is bought now
    else:
        if not look.compact:  # the header names the emptied stacks at small sizes
            canvas.add(market_title(view, pal=pal))
            canvas.newline()
        block = market_block(view, look.stack if buying else None, buyable, compact=look.compact, pal=pal)
        if look.compact:  # the prices' icons in words beside the market, when they fit there
            key = price_key(look.width - block.width - 2, pal=pal, short=True)
            if len(key) <= block.height and max(line.cell_len for line in key) <= look.width - block.width - 2:
                block = beside([block, Block.of(key)], gap=2)
        else:  # under it
            block = stack([block, Block.of(price_key(look.width, pal=pal))])
        draw_on(canvas, block)
    canvas.newline()
    if buying:
        _buy_lines(canvas, view, look, pal, can_trade=bool(trades(seen)))
    for line in (look.trade_line, look.special_line):
        for part in broken(line, look.width, pal) if line is not None and not look.compact else [line]:
            if part is not None:
                canvas.add(fit(part, look.width), target=("confirm",))
                canvas.newline()
    if view.over:  # everything is revealed: every seat in full, one after another
        for seat in view.seats:
            draw_own(canvas, seen, seat, look, pal)
        _legend(canvas, look, pal, scrolled="scrolled" in canvas.marks)
        return
    me = _viewer_seat(seen)
    others = [(i, s) for i, s in enumerate(view.seats) if s is not me]
    if look.compact and look.show_others:
        _draw_others(canvas, seen, others, look, pal, rows=look.height)
        _short_legend(canvas, look, pal, building=False, buying=buying)
        return
    draw_own(canvas, seen, me, look, pal)
    for part in [] if look.note is None else [look.note] if look.compact else broken(look.note, look.width, pal):
        canvas.add(fit(part, look.width))
        canvas.newline()
    if look.compact:
        canvas.add(_others_line(seen, others, look.width, pal), target=("others",))
        canvas.newline()
        building = look.acting and view.phase is Phase.BUILD
        _short_legend(canvas, look, pal, building=building, buying=buying, scrolled="scrolled" in canvas.marks)
        return
    scrolled = "scrolled" in canvas.marks
    legend = len(legend_lines(look.width, pal=pal, entries=full_legend_entries(scrolled=scrolled)))
    # Measuring (`fitted`): the others whole, so that the area's form leaves room for them.
    rows = max(OTHERS_FEWEST, look.height - canvas.row - legend) if look.form != "skip" else WHOLE
    _draw_others(canvas, seen, others, look, pal, rows=rows)
    _legend(canvas, look, pal, scrolled=scrolled)


def _others_line(seen: Seen, others: list[tuple[int, SeatView]], width: int, pal: Palette) -> Text:
    """At small sizes, one line for the other seats and the key that shows their areas: each
    seat's board and hand; when that is too long (long names, four seats) the hands give way,
    then the key's words, so that the key stays whole; cut only when even that is too long."""
    for hand, gap, key in ((True, 3, "o: their areas"), (False, 2, "o: their areas"), (False, 2, "o: areas")):
        line = Text()
        for i, seat in others:
            line.append_text(seat_chip(seen, i, pal))
            line.append(f" board {seat.board.total}" + f" · hand {seat.hand_size}" * hand + " " * gap, style=pal.muted)
        line.append(key, style="bold")
        if line.cell_len <= width:
            break
    return fit(line, width)


def _legend(canvas: Canvas, look: Look, pal: Palette, *, scrolled: bool) -> None:
    """The legend, on as many lines as it takes at this width (the last without a newline); with
    the arrows while the area scrolls."""
    for index, line in enumerate(legend_lines(look.width, pal=pal, entries=full_legend_entries(scrolled=scrolled))):
        if index:
            canvas.newline()
        canvas.add(line)


def _short_legend(
    canvas: Canvas, look: Look, pal: Palette, *, building: bool, buying: bool, scrolled: bool = False
) -> None:
    """At small sizes, the legend of the marks shown now, in the rows the table leaves free (the
    area takes what it needs first); nothing when it would not fit whole."""
    entries = short_legend_entries(building=building, buying=buying, scrolled=scrolled)
    lines = legend_lines(look.width, pal=pal, entries=entries)
    if canvas.row + len(lines) <= look.height:
        for index, line in enumerate(lines):
            if index:
                canvas.newline()
            canvas.add(line)


def _viewer_seat(seen: Seen) -> SeatView:
    view: TasniaView = seen.view
    return view.seats[seen.viewer if seen.viewer is not None else view.current]


def _buy_lines(canvas: Canvas, view: TasniaView, look: Look, pal: Palette, *, can_trade: bool) -> None:
    """The stack under the cursor, and what can be done with it now: buy it (with which cards),
    trade first (only while a trade is offered: one a turn, before buying), or go on to building."""
    line = stack_line(view, look.stack, pal=pal, alternative=look.compact)
    for part in broken(line, look.width, pal):  # whole, broken between its parts
        canvas.add(fit(part, look.width))
        canvas.newline()
    if look.trade_line is not None:
        return
    if look.armed is not None:
        text = Text(f"Buy stack {look.armed.stack + 1}, paying {cards_words(look.armed.payment)}", style="bold")
        text.append(" — Enter or click it again to buy", style=f"bold {pal.text_success}")
        text.append(" · Esc: no", style=pal.muted)
    elif look.payment:
        keys = ["c: another payment", "t: trade · b: build" if can_trade else "b: build"]
        text = _with_keys(Text(f"Enter or click: buy it paying {cards_words(look.payment)}", style=pal.text_success),
                          keys, look, pal)  # fmt: skip
    else:
        keys = ["t: trade cards · b: go on to building" if can_trade else "b: go on to building"]
        text = _with_keys(Text("You cannot pay for this tile now", style=pal.muted), keys, look, pal)
    target = ("confirm",) if look.armed is not None else None
    for part in [text] if look.compact else broken(text, look.width, pal):  # whole at full size
        canvas.add(fit(part, look.width), target=target)
        canvas.newline()


def _with_keys(text: Text, keys: list[str], look: Look, pal: Palette) -> Text:
    """`text` and the keys that go with it. At small sizes it keeps to one line (the area below
    needs the rows): the last keys, which the key bar also shows, give way rather than be cut."""
    while look.compact and keys and text.cell_len + len(" · ".join(keys)) + 3 > look.width:
        keys = keys[:-1]
    for key in keys:
        text.append(f" · {key}", style=pal.muted)
    return text


def _draw_others(
    canvas: Canvas, seen: Seen, others: list[tuple[int, SeatView]], look: Look, pal: Palette, *, rows: int
) -> None:
    """Every other seat compact, side by side: chip and points, stockpile, area, buildings."""
    if others:
        draw_on(canvas, others_block(seen, others, look.width, pal, rows=rows, tiles=rows < WHOLE))
        canvas.newline()


OTHERS_LEAST = 5
"""Lines the other seats keep at least (their head lines and the top of their areas) when the
viewer's area, scrolled around its cursor, takes the rest."""

OTHERS_FEWEST = 4
"""The fewest lines the others are ever drawn in (see `draw_table`)."""


def draw_fitted(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    """The whole table for `seen.viewer` onto `canvas`, the area's room chosen by `fitted`."""
    draw_table(canvas, seen, fitted(seen, look, pal), pal)


def fitted(seen: Seen, look: Look, pal: Palette) -> Look:
    """`look` with the room for the viewer's area while building at full size: unchanged when the
    whole area fits as 7×4 or 5×3 tiles; else the area stays 5×3 tiles and scrolls with the cursor
    (arrows mark the parts out of view), taking the lines the others can spare beyond `OTHERS_LEAST`.
    Unchanged at small sizes, when not building, at game over and with `o`."""
    view: TasniaView = seen.view
    building = look.acting and view.phase is Phase.BUILD and not view.over
    if look.compact or not building or look.show_others or look.form is not None:
        return look
    seat = view.seats[seen.viewer if seen.viewer is not None else view.current]
    full = window(area_cells(seen, seat, look, True), None, 10**6, 10**6)
    canvas = Canvas()
    draw_table(canvas, seen, replace(look, form="skip"), pal)  # the table without the area
    start, rest = canvas.marks.get("area", canvas.row), canvas.row + 1
    if fits(full, CELL, look.width, usual_room(seen, seat, look, pal, start, building=True)):
        return look  # the whole area at 7×4 or 5×3: the table as it always was
    others = [(i, s) for i, s in enumerate(view.seats) if s is not seat]
    whole = others_block(seen, others, look.width, pal, rows=WHOLE).height
    room = look.height - rest + max(0, whole - OTHERS_LEAST)
    if room < 1 + 2 * CELL[1]:  # two rows of tiles at least: the others down to their fewest lines
        room = look.height - rest + max(0, whole - OTHERS_FEWEST)
    return replace(look, form="cell", room=room)
