"""The other seats on Tasnia's table: each one's line and compact area, side by side."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView
from boardgames_tui.games.tasnia.table.area import CELL, RULER, area_block, compact_area
from boardgames_tui.games.tasnia.table.seat import seat_summary_parts, stock_line, words_wrapped, wrap_parts
from boardgames_tui.games.tasnia.table.tiles import cards_words
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.kit import Block, Palette, chip, fit, flow, stack

WHOLE = 10**6
"""A row limit that never cuts: another seat's compact area drawn whole."""


def seat_chip(seen: Seen, index: int, pal: Palette) -> Text:
    """Seat `index`'s chip, marked while it is that seat's turn."""
    view: TasniaView = seen.view
    return chip(seen.seats[index], active=index == view.current and not view.over, pal=pal)


def others_block(
    seen: Seen, others: list[tuple[int, SeatView]], width: int, pal: Palette, *, rows: int, tiles: bool = False
) -> Block:
    """The other seats side by side, each at most `rows` lines (its head lines, then its area).
    With `tiles`, their areas are drawn at full size, as 5×3 tiles, when every one fits its
    column in `rows` lines (or, one under another, the whole width); else one line a row."""
    if not others:
        return Block.of([])
    widths, ruled = _widths(others, width, pal)
    heads = [_head(seen, index, seat, column, pal) for (index, seat), column in zip(others, widths, strict=True)]
    if tiles:
        side = [_tiles(seat, head.height, head.width, rows, pal) for (_, seat), head in zip(others, heads, strict=True)]
        if all(area is not None for area in side):
            return flow([stack([h, a]) for h, a in zip(heads, side, strict=True) if a is not None], width, gap=2)
        wide = [_head(seen, index, seat, width, pal) for index, seat in others]
        under = [_tiles(seat, head.height, width, rows, pal) for (_, seat), head in zip(others, wide, strict=True)]
        blocks = [stack([h, a]) for h, a in zip(wide, under, strict=True) if a is not None]
        if len(blocks) == len(others) and sum(b.height for b in blocks) <= rows:
            return stack(blocks)
    blocks = []
    for (_, seat), head in zip(others, heads, strict=True):
        area = compact_area(seat, max_rows=max(1, rows - head.height), pal=pal, ruled=ruled)
        blocks.append(stack([head, Block.of([fit(t, head.width) for t in area.lines], head.width)]))
    return flow(blocks, width, gap=2)


def _head(seen: Seen, index: int, seat: SeatView, column: int, pal: Palette) -> Block:
    """Another seat's head lines in `column` cells: chip, summary and stockpile (its hand at the end)."""
    head = Text.assemble(seat_chip(seen, index, pal), "  ")
    parts = [*seat_summary_parts(seat, pal=pal), stock_line(seat, pal=pal)]
    lines = [part for line in wrap_parts(head, parts, column, pal=pal) for part in words_wrapped(line, column)]
    if seat.hand is not None:
        lines += words_wrapped(Text(f"hand {cards_words(seat.hand)}"), column)
    return Block.of([fit(line, column) for line in lines], column)


def _tiles(seat: SeatView, head: int, width: int, rows: int, pal: Palette) -> Block | None:
    """`seat`'s whole area as 5×3 tiles if it fits `width` and the `rows` left under `head` lines."""
    if not seat.tiles:
        return compact_area(seat, max_rows=1, pal=pal)  # "no tiles built"
    xs = [x for (x, _), _ in seat.tiles]
    ys = [y for (_, y), _ in seat.tiles]
    box = (min(xs), max(xs), min(ys), max(ys))
    if (box[1] - box[0] + 1) * CELL[0] + RULER > width or (box[3] - box[2] + 1) * CELL[1] + 1 > rows - head:
        return None
    return area_block(seat, box, cursor=None, legal=set(), lifted=None, held=None, clickable=False, pal=pal)


def _widths(others: list[tuple[int, SeatView]], width: int, pal: Palette) -> tuple[list[int], bool]:
    """Each other seat's column: an even share of `width`, unless that would cut a wide area
    while a narrower one leaves room; then each gets its area's width and the rest is shared.
    And whether the compact areas carry their row and column numbers: only when no area is cut
    for them (the tiles come first)."""
    gaps = 2 * (len(others) - 1)
    even = max(24, (width - gaps) // len(others))
    for ruled in (True, False):
        needs = [max(24, compact_area(seat, max_rows=WHOLE, pal=pal, ruled=ruled).width) for _, seat in others]
        if max(needs) <= even:
            return [even] * len(others), ruled
        if sum(needs) + gaps <= width:
            spare = (width - gaps - sum(needs)) // len(others)
            return [need + spare for need in needs], ruled
    return [even] * len(others), False
