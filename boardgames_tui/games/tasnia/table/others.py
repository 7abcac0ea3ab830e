"""The other seats on Tasnia's table: each one's line and compact area, side by side."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView
from boardgames_tui.games.tasnia.table.area import compact_area
from boardgames_tui.games.tasnia.table.seat import seat_summary_parts, stock_line, wrap_parts
from boardgames_tui.games.tasnia.table.tiles import cards_words
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.kit import Block, Palette, chip, fit, flow, stack

WHOLE = 10**6
"""A row limit that never cuts: another seat's compact area drawn whole."""


def seat_chip(seen: Seen, index: int, pal: Palette) -> Text:
    """Seat `index`'s chip, marked while it is that seat's turn."""
    view: TasniaView = seen.view
    return chip(seen.seats[index], active=index == view.current and not view.over, pal=pal)


def others_block(seen: Seen, others: list[tuple[int, SeatView]], width: int, pal: Palette, *, rows: int) -> Block:
    """The other seats side by side, each at most `rows` lines (its head lines, then its area)."""
    if not others:
        return Block.of([])
    blocks = []
    for (index, seat), column in zip(others, _widths(others, width, pal), strict=True):
        head = Text.assemble(seat_chip(seen, index, pal), "  ")
        parts = [*seat_summary_parts(seat, pal=pal), stock_line(seat, pal=pal)]
        lines = [fit(line, column) for line in wrap_parts(head, parts, column, pal=pal)]
        if seat.hand is not None:
            lines.append(fit(Text(f"hand {cards_words(seat.hand)}"), column))
        area = compact_area(seat, max_rows=max(1, rows - len(lines)), pal=pal)
        blocks.append(stack([Block.of(lines, column), Block.of([fit(t, column) for t in area.lines], column)]))
    return flow(blocks, width, gap=2)


def _widths(others: list[tuple[int, SeatView]], width: int, pal: Palette) -> list[int]:
    """Each other seat's column: an even share of `width`, unless that would cut a wide area
    while a narrower one leaves room; then each gets its area's width and the rest is shared."""
    gaps = 2 * (len(others) - 1)
    even = max(24, (width - gaps) // len(others))
    needs = [max(24, compact_area(seat, max_rows=WHOLE, pal=pal).width) for _, seat in others]
    if max(needs) <= even or sum(needs) + gaps > width:
        return [even] * len(others)
    spare = (width - gaps - sum(needs)) // len(others)
    return [need + spare for need in needs]
