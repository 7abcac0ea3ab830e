"""Tasnia's table laid out for one viewer: the market, the viewer's side, the other seats.

At 120×40 everything is in view: the market as tiles, the viewer's hand as cards, the stockpile
as tiles, the area as 5×3 tiles, one short line per building and every other seat compact side
by side. Below about 30 rows (80×24) the market and hand shrink to compact forms (the market to
one line while building), an area too large for 5×3 tiles is drawn one line a row, and the other
seats become one line each; `o` shows their areas in place of the viewer's.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from boardgames_tui.games.tasnia.rules.actions import Buy
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView
from boardgames_tui.games.tasnia.table.area import CELL, HALF_CELL, window
from boardgames_tui.games.tasnia.table.look import Look
from boardgames_tui.games.tasnia.table.market import market_block, market_line, market_title, stack_line
from boardgames_tui.games.tasnia.table.others import WHOLE, others_block, seat_chip
from boardgames_tui.games.tasnia.table.own_side import area_cells, draw_own, fits, usual_room
from boardgames_tui.games.tasnia.table.rows import ROW_CELL
from boardgames_tui.games.tasnia.table.seat import broken
from boardgames_tui.games.tasnia.table.tiles import cards_words, legend_lines
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette, draw_on, fit, icon


def draw_news(canvas: Canvas, lines: list[str], pal: Palette) -> None:
    """What the seat that just ended its turn alone learnt, and the way on (Enter or a click)."""
    canvas.add(Text(" ".join(lines), style=f"bold {pal.text_success}"), target=("news",))
    canvas.newline()
    canvas.add(Text("Enter or click here: pass the laptop on", style="bold reverse"), target=("news",))
    canvas.newline()


def draw_table(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    """The whole table for `seen.viewer` (or the table view) onto `canvas`, with `look`'s folds
    and area form as they are (`fitted` chooses them)."""
    view: TasniaView = seen.view
    buying = look.acting and view.phase in (Phase.TRADE, Phase.PURCHASE)
    buyable = {a.stack for a in seen.actions if isinstance(a, Buy)} if look.acting else set()
    if look.fold:  # folded while building, nothing can be bought: the title's counts on the line
        folded = market_line(view, pal=pal)
        counts = f" {icon('pile')} draw {view.draw_size} · discards {len(view.discard)}"
        if folded.cell_len + len(counts) > look.width:
            counts = counts.replace(" draw", "")
        canvas.add(fit(folded.append(counts, style=pal.muted), look.width))
    elif look.compact and look.acting and view.phase is Phase.BUILD and not view.over:
        canvas.add(fit(market_line(view, pal=pal), look.width))  # folded: nothing is bought now
    else:
        if not look.compact:  # the header names the emptied stacks at small sizes
            canvas.add(market_title(view, pal=pal))
            canvas.newline()
        draw_on(canvas, market_block(view, look.stack if buying else None, buyable, compact=look.compact, pal=pal))
    canvas.newline()
    if buying:
        _buy_lines(canvas, view, look, pal)
    for line in (look.trade_line, look.special_line):
        if line is not None:
            canvas.add(fit(line, look.width), target=("confirm",))
            canvas.newline()
    if view.over:  # everything is revealed: every seat in full, one after another
        for seat in view.seats:
            draw_own(canvas, seen, seat, look, pal)
        _legend(canvas, look, pal)
        return
    me = _viewer_seat(seen)
    others = [(i, s) for i, s in enumerate(view.seats) if s is not me]
    if look.compact and look.show_others:
        _draw_others(canvas, seen, others, look, pal, rows=look.height)
        return
    draw_own(canvas, seen, me, look, pal)
    if look.note is not None:
        canvas.add(fit(look.note, look.width))
        canvas.newline()
    if look.compact:
        line = Text()
        for i, seat in others:
            line.append_text(seat_chip(seen, i, pal))
            line.append(f" board {seat.board.total} · hand {seat.hand_size}   ", style=pal.muted)
        canvas.add(fit(line.append("o: their areas", style="bold"), look.width), target=("others",))
        canvas.newline()
        return
    legend = len(legend_lines(look.width, building=look.fold >= 2, pal=pal))
    # Measuring (`fitted`): the others whole, so that the area's form leaves room for them.
    rows = max(4, look.height - canvas.row - legend) if look.form != "skip" else WHOLE
    _draw_others(canvas, seen, others, look, pal, rows=rows)
    _legend(canvas, look, pal)


def _legend(canvas: Canvas, look: Look, pal: Palette) -> None:
    """The legend, on as many lines as it takes at this width (the last without a newline)."""
    for index, line in enumerate(legend_lines(look.width, building=look.fold >= 2, pal=pal)):
        if index:
            canvas.newline()
        canvas.add(line)


def _viewer_seat(seen: Seen) -> SeatView:
    view: TasniaView = seen.view
    return view.seats[seen.viewer if seen.viewer is not None else view.current]


def _buy_lines(canvas: Canvas, view: TasniaView, look: Look, pal: Palette) -> None:
    line = stack_line(view, look.stack, pal=pal)
    for part in [line] if look.compact else broken(line, look.width, pal):  # whole at full size
        canvas.add(fit(part, look.width))
        canvas.newline()
    if look.trade_line is not None:
        return
    if look.armed is not None:
        text = Text(f"Buy stack {look.armed.stack + 1}, paying {cards_words(look.armed.payment)}", style="bold")
        text.append(" — Enter or click it again to buy", style=f"bold {pal.text_success}")
        text.append(" · Esc: no", style=pal.muted)
    elif look.payment:
        text = Text(f"Enter or click: buy it paying {cards_words(look.payment)}", style=pal.text_success)
        text.append(" · c: another payment · t: trade · b: build", style=pal.muted)
    else:
        text = Text("You cannot pay for this tile now", style=pal.muted)
        text.append(" · t: trade cards · b: go on to building", style=pal.muted)
    canvas.add(fit(text, look.width), target=("confirm",) if look.armed is not None else None)
    canvas.newline()


def _draw_others(
    canvas: Canvas, seen: Seen, others: list[tuple[int, SeatView]], look: Look, pal: Palette, *, rows: int
) -> None:
    """Every other seat compact, side by side: chip and points, stockpile, area, buildings."""
    if others:
        draw_on(canvas, others_block(seen, others, look.width, pal, rows=rows))
        canvas.newline()


FOLDS = (0, 1, 2)
"""Look.fold's steps: nothing folded, the market on one line, also the legend and building lines."""


ROW_SIZE = (ROW_CELL, 1)
"""A cell of the one-line-a-row form, in characters."""


def draw_fitted(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    """The whole table for `seen.viewer` onto `canvas`, folded by `fitted`."""
    draw_table(canvas, seen, fitted(seen, look, pal), pal)


def fitted(seen: Seen, look: Look, pal: Palette) -> Look:
    """`look` with the folds and area form that keep the viewer's area whole (unchanged when the
    usual drawing fits, at small sizes, when not building, at game over and with `o`)."""
    view: TasniaView = seen.view
    building = look.acting and view.phase is Phase.BUILD and not view.over
    if look.compact or not building or look.show_others or look.form is not None:
        return look
    seat = view.seats[seen.viewer if seen.viewer is not None else view.current]
    full = window(area_cells(seen, seat, look, True), None, 10**6, 10**6)
    rest: dict[int, tuple[int, int]] = {}

    def measured(fold: int) -> tuple[int, int]:
        """(the line the area starts on, the lines the table takes without it) at `fold`."""
        if fold not in rest:
            canvas = Canvas()
            draw_table(canvas, seen, replace(look, fold=fold, form="skip"), pal)
            rest[fold] = canvas.marks.get("area", canvas.row), canvas.row + 1
        return rest[fold]

    if fits(full, CELL, look.width, usual_room(seen, seat, look, pal, measured(0)[0], building=True)):
        return look  # the whole area at 7×4 or 5×3: the table as it always was
    steps = [(1, "cell", CELL), (2, "cell", CELL)]
    steps += [(fold, "half", HALF_CELL) for fold in FOLDS] + [(fold, "rows", ROW_SIZE) for fold in FOLDS]
    for fold, form, size in steps:
        room = look.height - measured(fold)[1]
        if _whole_at(full, size, look, room, rows=form == "rows"):
            return replace(look, fold=fold, form=form, room=room)
    return replace(look, fold=2, form="rows", room=look.height - measured(2)[1])


def _whole_at(box: tuple[int, int, int, int], size: tuple[int, int], look: Look, room: int, *,
              rows: bool = False) -> bool:  # fmt: skip
    """Whether the whole `box` fits `room` lines at `size` (the row form has an arrow's columns more)."""
    return fits(box, size, look.width - 2 if rows else look.width, room)
