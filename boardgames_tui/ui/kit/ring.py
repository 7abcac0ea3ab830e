"""A ring: blocks set evenly around an oval, with a dotted rim and an optional block in the middle.

For round tables and circular tracks. Seat 0 sits at the top centre and the others follow
clockwise, spaced by equal angles on an ellipse that fills `width` × `height` cells (less half a
block at each side). The rim is a dotted line along that ellipse, drawn only where no block sits;
the centre block (if any) is drawn in the middle on top of the rim. Click spans of every block
are kept, moved to where the block lands. The caller sizes the ring so neighbours do not touch:
`ring_spots` says where each block will go and `ring_room` how wide a centre block may be.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from rich.style import Style
from rich.text import Span, Text

from boardgames_tui.ui.canvas import Hit
from boardgames_tui.ui.kit.block import Block
from boardgames_tui.ui.kit.icons import pick

Spot = tuple[int, int]
"""The top-left cell (column, line) of a block in the ring."""


def ring_spots(sizes: Sequence[tuple[int, int]], width: int, height: int) -> list[Spot]:
    """Where each block of `sizes` ((width, height) each) goes: clockwise from the top centre."""
    count = len(sizes)
    if not count:
        return []
    widest = max(w for w, _ in sizes)
    tallest = max(h for _, h in sizes)
    cx, cy = (width - 1) / 2, (height - 1) / 2
    rx, ry = max(0.0, (width - widest) / 2), max(0.0, (height - tallest) / 2)
    spots = []
    for index, (w, h) in enumerate(sizes):
        angle = 2 * math.pi * index / count
        x = round(cx + rx * math.sin(angle) - (w - 1) / 2)
        y = round(cy - ry * math.cos(angle) - (h - 1) / 2)
        spots.append((min(max(0, x), width - w), min(max(0, y), height - h)))
    return spots


def ring_room(sizes: Sequence[tuple[int, int]], width: int, height: int, lines: int) -> int:
    """How wide a centre block of `lines` lines may be without touching any block of the ring."""
    top = (height - lines) // 2
    room = width
    centre = width / 2
    for (w, h), (x, y) in zip(sizes, ring_spots(sizes, width, height), strict=True):
        if y + h <= top or y >= top + lines:
            continue
        # The block sits beside the centre on these lines: the centre must stop one cell short of it.
        near = x - centre if x >= centre else centre - (x + w)
        room = min(room, 2 * int(max(0.0, near - 1)))
    return max(0, room)


@functools.lru_cache(maxsize=64)
def _rim(width: int, height: int, inset: tuple[float, float]) -> frozenset[Spot]:
    """The cells of a dotted ellipse through the blocks' centres."""
    cx, cy = (width - 1) / 2, (height - 1) / 2
    rx, ry = max(0.0, (width - inset[0]) / 2), max(0.0, (height - inset[1]) / 2)
    cells: set[Spot] = set()
    steps = max(8, int(2 * (rx + ry)) * 2)
    for step in range(steps):
        angle = 2 * math.pi * step / steps
        x, y = round(cx + rx * math.sin(angle)), round(cy - ry * math.cos(angle))
        if (x + y) % 2 == 0:  # every other cell, so the rim reads as dots
            cells.add((x, y))
    return frozenset(cells)


def ring(
    blocks: Sequence[Block],
    width: int,
    height: int,
    *,
    centre: Block | None = None,
    rim_style: str | Style = "",
) -> Block:
    """`blocks` around an oval `width` × `height` cells, clockwise from the top; `centre` in the middle."""
    sizes = [b.size for b in blocks]
    spots = ring_spots(sizes, width, height)
    placed: list[tuple[Block, Spot]] = list(zip(blocks, spots, strict=True))
    if centre is not None:
        placed.append((centre, ((width - centre.width) // 2, (height - centre.height) // 2)))
    inset = (max((w for w, _ in sizes), default=0) - 1, max((h for _, h in sizes), default=0) - 1)
    rim = _rim(width, height, inset) if blocks else frozenset()
    covered: dict[int, list[tuple[int, int, Text]]] = {}
    hits: list[Hit] = []
    for block, (x, y) in placed:
        for row, line in enumerate(block.lines):
            covered.setdefault(y + row, []).append((x, x + block.width, line))
        hits.extend((row + y, start + x, end + x, value) for row, start, end, value in block.hits)
    dot = pick("·", ".")
    lines = [_line(row, width, covered.get(row, []), rim, dot, rim_style) for row in range(height)]
    return Block(lines, width, hits)


def _line(row: int, width: int, pieces: list[tuple[int, int, Text]], rim: frozenset[Spot], dot: str,
          rim_style: str | Style) -> Text:
    """One line of the ring: the blocks' pieces in column order, rim dots in the gaps."""
    text = Text(no_wrap=True)
    column = 0
    for start, end, piece in sorted(pieces, key=lambda p: p[0]):
        if end <= column:  # wholly under an earlier piece
            continue
        if start < column:  # overlapping pieces: the earlier one wins, the later is clipped
            piece, start = piece[column - start :], column
        _gap(text, row, column, start, rim, dot, rim_style)
        text.append_text(piece)
        column = end
    _gap(text, row, column, width, rim, dot, rim_style)
    return text


def _gap(text: Text, row: int, start: int, end: int, rim: frozenset[Spot], dot: str, style: str | Style) -> None:
    """Blank cells from `start` to `end`, with the rim's dots where it passes (one append)."""
    if end <= start:
        return
    dots = [column - start for column in range(start, end) if (column, row) in rim]
    if not dots:
        text.append(" " * (end - start))
        return
    cells = [" "] * (end - start)
    for index in dots:
        cells[index] = dot
    text.append_text(Text("".join(cells), spans=[Span(i, i + 1, style) for i in dots] if style else []))
