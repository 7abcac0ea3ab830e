"""Tallinn's table drawn with the kit: the latest dispute as bars, the final figures, the viewer's
hand, the score track, the Chronicles as cards and every seat; pure drawing from a `TallinnView`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.rules.components import CHRONICLES, FACTIONS, INFLUENCE, ChronicleHalf
from boardgames_tui.games.tallinn.rules.state import DisputeResult, Phase
from boardgames_tui.games.tallinn.rules.text import dispute_bonuses
from boardgames_tui.games.tallinn.rules.view import TallinnView
from boardgames_tui.games.tallinn.table.cards import (
    ENVOY_COLOUR,
    FACTION_COLOUR,
    TRACK_END,
    faction_count,
    faction_text,
    half_row,
    hand_cards,
)
from boardgames_tui.games.tallinn.table.seats import compact_seat, right_width, seat_order, seat_panel, tall_seats
from boardgames_tui.ui.kit import (
    Bar,
    Block,
    Half,
    Marker,
    Palette,
    bars,
    beside,
    chip,
    compact_card,
    compact_chip,
    compact_track,
    counters,
    fit,
    icon,
    legend,
    stack,
)
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import pick

# --- the score track, chronicles and disputes ------------------------------------------------------


def score_track(view: TallinnView, seats: Sequence[SeatInfo], pal: Palette) -> Block:
    """Every seat's score marker on 0 to 60 (scores beyond are listed after it)."""
    markers = [Marker.of(seats[i], s.score) for i, s in enumerate(view.seats)]
    current = view.seats[view.viewer].score if view.viewer is not None else None
    return compact_track(0, TRACK_END, markers, current=current, pal=pal)


def chronicle_rule(half: ChronicleHalf, pal: Palette) -> Text:
    """What a chronicle half asks and pays, in icons: `♦ 4+ ¤1  ♦ 6+ ¤2` or `remove ♞ 4+ → ¤2`."""
    coin = Text(icon("coin"), style="bold")
    f = counters([faction_count(half.faction)], pal=pal)
    if half.kind == "count":
        line = f + Text(f" {half.need}+ ") + coin + Text("1  ")
        line.append_text(f + Text(f" {half.more}+ ") + coin + Text("2"))
        return line
    arrow = pick("→", "->")
    line = Text("remove ") + f + Text(f" {half.need}+ {arrow} ") + coin + Text(f"{half.coins}")
    line.append(" (may decline)", style=pal.muted)
    return line


def chronicle_who(view: TallinnView, seats: Sequence[SeatInfo], level: int, room: int, pal: Palette) -> Text:
    """ "scored", or who meets the chronicle now: names, shortened when they would pass `room`."""
    if view.chronicle_done and view.chronicle_done[level - 1]:
        return Text("scored", style=pal.muted)
    meets = view.chronicle_meets[level - 1] if view.chronicle_meets else ()
    who = [seats[i] for i, ok in enumerate(meets) if ok]
    if not who:
        return Text("now: nobody", style=pal.muted)
    names = Text(" ").join(chip(seat, pal=pal) for seat in who)
    if 5 + names.cell_len > room:
        names = Text(" ").join(compact_chip(seat, pal=pal) for seat in who)
    return Text("now: ", style=pal.muted) + names


def chronicle_card(view: TallinnView, seats: Sequence[SeatInfo], level: int, width: int, pal: Palette) -> Block:
    """A chronicle as a card: what it asks, what it pays, when it scores and who meets it now."""
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    worth = Text(f"{icon('coin')} = {len(view.seats)} points {pick('·', '-')} ", style=pal.muted)
    who = worth + chronicle_who(view, seats, level, width - 2 - worth.cell_len, pal)
    title = Text(f" Chronicle {'I' * level} ", style=f"bold {pal.foreground}")
    foot = Text(f" {view.chronicle_when[level - 1]} ", style=pal.muted)
    scored = bool(view.chronicle_done and view.chronicle_done[level - 1])
    line_kind = Line.DISABLED if scored else Line.PLAIN
    return framed([chronicle_rule(half, pal), who], width, line_kind, pal.muted, title=title, foot=foot)


def chronicle_cards(view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette) -> Block | None:
    if not view.chronicle_cards:
        return None
    return beside([chronicle_card(view, seats, level, width, pal) for level in (1, 2)])


def dispute_bars(seats: Sequence[SeatInfo], d: DisputeResult, pal: Palette) -> Block:
    """One dispute: the disputer's count against each opponent's as bars, with what each earned."""
    head = Text()
    head.append_text(chip(seats[d.disputer], pal=pal))
    head.append(" disputes ")
    head.append_text(faction_text(d.faction))
    head.append(f": {d.counts[d.disputer]}", style="bold")
    head.append(f"  scores +{d.total}", style=f"bold {pal.text_success}")
    rows = []
    order = [d.disputer, *(j for j in range(len(d.counts)) if j != d.disputer)]
    for j in order:
        notes = [label for label, _ in dispute_bonuses(d, j)]
        if j == d.disputer:
            note = Text("disputer", style=pal.muted)
        else:
            verdict = (
                "more"
                if d.counts[d.disputer] > d.counts[j]
                else "tie"
                if d.counts[d.disputer] == d.counts[j]
                else "fewer"
            )
            note = Text(f"+{d.points[j]}", style=f"bold {pal.text_success}" if d.points[j] else pal.muted)
            note.append(f" ({verdict})", style=pal.muted)
        if notes:
            note.append(f"  {', '.join(notes)}", style=pal.muted)
        rows.append(Bar(chip(seats[j], pal=pal), d.counts[j], FACTION_COLOUR[d.faction], note))
    block = bars(rows, label_width=12, bar_width=12, mark_leader=False, pal=pal)
    return stack([Block.of([head]), block])


def dispute_line(seats: Sequence[SeatInfo], d: DisputeResult, pal: Palette) -> Text:
    """An earlier dispute of this round, in one line."""
    text = chip(seats[d.disputer], pal=pal)
    text.append(" disputed ")
    text.append_text(faction_text(d.faction))
    text.append(f" with {d.counts[d.disputer]}: +{d.total}", style="bold")
    return text


def final_lines(view: TallinnView, seats: Sequence[SeatInfo], pal: Palette) -> list[Text]:
    """The final scoring figures: each row's counts with envoy symbols, towers, score."""
    final = view.final
    if final is None:
        return []
    out = [Text("Final scoring", style=f"bold underline {pal.foreground}")]
    for i in range(len(view.seats)):
        line = chip(seats[i], width=14, pal=pal)
        line.append(" row ")
        line.append_text(
            counters([faction_count(f, n) for f, n in zip(FACTIONS, final.row_counts[i], strict=True)], pal=pal)
        )
        line.append(f"  {icon('tower')} best {final.tower_strength[i]}, symbols {final.tower_symbols[i]}")
        line.append(f"  = {view.seats[i].score} points", style="bold")
        out.append(line)
    return out


# --- the whole table ------------------------------------------------------------------------------

LEGEND = [
    ("knight", "Knights"),
    ("merchant", "Merchants"),
    ("monk", "Monks"),
    ("coin", "coin"),
    ("envoy", "envoy"),
    ("tower", "tower"),
    ("supporter", "Supporter"),
    ("point", "points"),
]


@dataclass(frozen=True)
class Form:
    """How much of the table to draw in full, from the roomiest form to the tightest."""

    compact: bool = False  # every seat in two lines (or more, see rows) instead of a panel
    lean: bool = False  # the hand in one line; once towers are decided, each dispute in a line
    rows: int = 1  # lines a compact seat's row may wrap onto before it is cut with …
    bare: bool = False  # no score track, own hand or scored chronicle: scores stand in each seat's line
    tall: frozenset[int] = frozenset()  # seats whose row is drawn as cards three lines high


WIDE_FORMS = (Form(), Form(lean=True))
COMPACT_FORMS = (
    Form(compact=True, rows=3),
    Form(compact=True, lean=True, rows=3),
    Form(compact=True, lean=True, rows=2),
    Form(compact=True, lean=True, rows=1),
    Form(compact=True, lean=True, rows=2, bare=True),
    Form(compact=True, lean=True, rows=1, bare=True),
)


def table(
    view: TallinnView,
    seats: Sequence[SeatInfo],
    width: int,
    pal: Palette,
    *,
    compact: bool,
    choosing: bool,
    lean: bool = False,
    rows: int = 1,
    bare: bool = False,
    tall: frozenset[int] = frozenset(),
) -> Block:
    """Everything public, and the viewer's own cards, for one viewer at one width, in the form
    the flags name (see `Form`)."""
    form = Form(compact, lean, rows, bare, tall)
    parts: list[Block] = []
    parts += _disputes(view, seats, width, pal, form)
    finals = final_lines(view, seats, pal)
    if finals:
        parts.append(Block.of([fit(t, width) for t in finals], width))
    viewer = view.viewer
    if viewer is not None and not choosing and not bare and view.seats[viewer].hand:
        parts.append(_own_hand(view.seats[viewer].hand or (), width, pal, compact or lean))
    parts += _track_and_chronicles(view, seats, width, pal, form)
    right = None if compact else right_width(view, width, pal)
    for i in seat_order(view):
        if compact:
            parts.append(compact_seat(view, seats, i, width, pal, rows))
        else:
            parts.append(seat_panel(view, seats, i, width, pal, right, tall=i in tall))
    parts.append(Block.of([fit(t, width) for t in table_legend(view, width, pal)], width))
    return stack(parts)


def draw_form(
    view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, form: Form, *, choosing: bool
) -> Block:
    """The table in one `Form`."""
    return table(
        view, seats, width, pal, compact=form.compact, choosing=choosing, lean=form.lean, rows=form.rows,
        bare=form.bare, tall=form.tall,
    )


def fit_table(
    view: TallinnView, seats: Sequence[SeatInfo], width: int, room: int, pal: Palette, *, small: bool, choosing: bool
) -> Block:
    """The table for `width`: the roomiest form whose height fits `room` (the wide forms only
    when not `small`), else the tightest; at the end of the game the screen scrolls, so the
    roomiest form is drawn."""
    forms: tuple[Form, ...] = COMPACT_FORMS if small else WIDE_FORMS + COMPACT_FORMS
    if view.phase is Phase.OVER:
        forms = forms[:1]
    block = Block.of([])
    for form in forms:
        block = draw_form(view, seats, width, pal, form, choosing=choosing)
        if block.height <= room:
            break
    if form == Form():  # rows to spare draw faction rows as tall cards (every row at game over)
        spare = room - block.height if view.phase is not Phase.OVER else None
        tall = tall_seats(view, width, pal, spare)
        if tall:
            block = draw_form(view, seats, width, pal, Form(tall=tall), choosing=choosing)
    return block


def table_legend(view: TallinnView, width: int, pal: Palette) -> list[Text]:
    """The icons on this table (the envoy and the Supporter only with their module, the face-down
    tower when one shows and the line has room for it), named in a line, one space apart when two
    do not fit, and on as many lines as it takes when one does not."""
    entries = [
        (name, label)
        for name, label in LEGEND
        if (name != "envoy" or view.envoy) and (name != "supporter" or view.supporters)
    ]
    if any(t.face is None and t.card is None for s in view.seats for t in s.towers):
        hidden = [*entries, ("hidden", "face down")]  # a tower built from a hand, while it fits
        for gap in (2, 1):
            line = legend(hidden, colours=_LEGEND_COLOURS, pal=pal, gap=gap)
            if line.cell_len <= width:
                return [line]
    line = legend(entries, colours=_LEGEND_COLOURS, pal=pal)
    if line.cell_len <= width:
        return [line]
    lines: list[list[tuple[str, str]]] = [[]]
    for entry in entries:
        if lines[-1] and legend([*lines[-1], entry], pal=pal, gap=1).cell_len > width:
            lines.append([])
        lines[-1].append(entry)
    return [legend(group, colours=_LEGEND_COLOURS, pal=pal, gap=1) for group in lines]


_LEGEND_COLOURS = {
    "knight": FACTION_COLOUR["K"],
    "merchant": FACTION_COLOUR["M"],
    "monk": FACTION_COLOUR["Mo"],
    "envoy": ENVOY_COLOUR,
}


def _disputes(view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, form: Form) -> list[Block]:
    """This round's disputes: the latest as bars, earlier ones in a line each, those still to come.
    Once towers are decided a lean table gives each dispute a line, a bare one all in one line."""
    if view.phase not in (Phase.DISPUTE, Phase.TOWER) or not (view.disputes or view.to_resolve):
        return []
    short = form.lean and view.phase is Phase.TOWER
    if short and form.bare:
        return [Block.of([fit(disputes_in_one_line(seats, view.disputes, pal), width)], width)]
    shown = view.disputes if short else view.disputes[:-1]
    lines: list[Text] = [dispute_line(seats, d, pal) for d in shown]
    out = [Block.of([fit(t, width) for t in lines], width)] if lines else []
    if view.disputes and not short:
        out.append(dispute_bars(seats, view.disputes[-1], pal))
    if view.to_resolve:
        waiting = Text("Disputes to come: ", style=pal.muted)
        waiting.append_text(Text(", ").join(chip(seats[i], pal=pal) for i in view.to_resolve))
        out.append(Block.of([fit(waiting, width)], width))
    return out


def disputes_in_one_line(seats: Sequence[SeatInfo], disputes: Sequence[DisputeResult], pal: Palette) -> Text:
    """Every dispute of the round in one line: who, over which faction, with how many, for what."""
    text = Text("Disputes: ", style=pal.muted)
    for index, d in enumerate(disputes):
        if index:
            text.append(f" {pick('·', '-')} ", style=pal.muted)
        text.append_text(chip(seats[d.disputer], pal=pal))
        text.append(" ")
        text.append_text(counters([faction_count(d.faction, d.counts[d.disputer])], pal=pal))
        text.append(f" +{d.total}", style="bold")
    return text


def _own_hand(cards: Sequence[int], width: int, pal: Palette, compact: bool) -> Block:
    """The viewer's hand when no card is being chosen (to plan towers and the next round)."""
    title = Text("Your hand  ", style=f"bold {pal.foreground}")
    if compact:
        for card_id in cards:
            a, b = INFLUENCE[card_id].halves
            title.append_text(compact_card([Half([half_row(a)]), Half([half_row(b)])], pal=pal))
            title.append(" ")
        return Block.of([fit(title, width)], width)
    return stack([Block.of([title]), hand_cards(cards, None, 0, None, pal)])


def _track_and_chronicles(
    view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, form: Form
) -> list[Block]:
    """The score track (not in a bare table) and the chronicles, as cards or in lines."""
    out = []
    if not form.bare:
        label = Block.of([Text(f"{icon('point')} score", style=f"bold {pal.foreground}")])
        out.append(beside([label, score_track(view, seats, pal)]))
    if not view.chronicle_cards:
        return out
    if form.compact:
        lines: list[Text] = []
        for level in (1, 2):
            if form.bare and view.chronicle_done and view.chronicle_done[level - 1]:
                continue
            lines += chronicle_lines(view, seats, level, width, pal, worth=not form.bare)
        if lines:
            out.append(Block.of([fit(t, width) for t in lines], width))
        return out
    card_width = min(42, (width - 1) // 2)
    cards = chronicle_cards(view, seats, card_width, pal)
    assert cards is not None
    return [*out, cards]


def chronicle_lines(
    view: TallinnView, seats: Sequence[SeatInfo], level: int, width: int, pal: Palette, *, worth: bool = True
) -> list[Text]:
    """A chronicle in a line for narrow screens (two when it does not fit), in the card's words:
    when it scores, what it asks and pays (and what a coin is worth), who meets it now."""
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    text = Text(f"Chronicle {'I' * level}", style="bold")
    text.append(f" ({view.chronicle_when[level - 1]}): ", style=pal.muted)
    text.append_text(chronicle_rule(half, pal))
    tail = Text(f"{icon('coin')} = {len(view.seats)} points  ", style=pal.muted) if worth else Text()
    tail.append_text(chronicle_who(view, seats, level, width - 4 - tail.cell_len, pal))
    if text.cell_len + 2 + tail.cell_len <= width:
        return [text + Text("  ") + tail]
    return [fit(text, width), Text("    ") + tail]
