"""A grid of tiles that share their edges, as tiles laid side by side on a table (a city, a map).

Each position is `inner` cells (width × height) of content inside a one-cell border it shares
with its neighbours, so a grid of c × r tiles takes c·(w+1)+1 × r·(h+1)+1 cells. An edge mark
(e.g. water where a canal crosses) sits in the middle of a side and joins the two tiles' marks.
States are told by shape as well as colour: cursor (heavy frame, ▶◀ at the sides), ghost (dotted
frame), legal target (open corners and a ✚ in an empty position). Positions with no tile are blank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Span, Text

from boardgames_tui.ui.kit.block import Block
from boardgames_tui.ui.kit.icons import ascii_mode, icon
from boardgames_tui.ui.kit.palette import DARK, Palette
from boardgames_tui.ui.kit.tile import Glyph, TileState

_JOINS = {
    # (up, down, left, right) -> light box piece
    (1, 1, 1, 1): "┼", (1, 1, 1, 0): "┤", (1, 1, 0, 1): "├", (1, 0, 1, 1): "┴", (0, 1, 1, 1): "┬",
    (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘", (1, 0, 0, 0): "│", (0, 1, 0, 0): "│", (0, 0, 1, 0): "─", (0, 0, 0, 1): "─",
}
_FRAMES = {
    # top-left, horizontal, top-right, vertical, bottom-left, bottom-right
    TileState.CURSOR: ("┏━┓┃┗┛", "******"),
    TileState.GHOST: ("┌┈┐┊└┘", ":.:::."),
    TileState.LEGAL: ("┌ ┐ └┘", "+ + ++"),
}


@dataclass(frozen=True)
class GridTile:
    """One position of the grid: content lines (each `inner` wide), edge marks N E S W, a state."""

    lines: Sequence[Text] = ()
    edges: tuple[Glyph | None, Glyph | None, Glyph | None, Glyph | None] = (None, None, None, None)
    state: TileState = TileState.PLAIN
    border: str | None = None
    """The frame colour of a plain tile (default: the theme's muted colour)."""
    placed: bool = True
    """False for an empty position drawn only for its state (a legal target, the cursor)."""


Cell = tuple[str, str]


def tile_grid(
    rows: Sequence[Sequence[GridTile | None]],
    inner: tuple[int, int],
    *,
    pal: Palette = DARK,
    overlays: Sequence[tuple[Block, int, int]] = (),
) -> Block:
    """The grid drawn as one block; `rows[r][c]` is the position in row r, column c (None: blank).

    Each overlay (block, column, line) is drawn over the grid there, e.g. a minimap in a corner.
    """
    w, h = inner
    nrows = len(rows)
    ncols = max((len(r) for r in rows), default=0)
    height, width = nrows * (h + 1) + 1, ncols * (w + 1) + 1
    cells: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

    def at(r: int, c: int) -> GridTile | None:
        if 0 <= r < nrows and 0 <= c < len(rows[r]):
            found = rows[r][c]
            return found if found is not None and found.placed else None
        return None

    _borders(cells, at, nrows, ncols, inner, pal)
    for r in range(nrows):
        for c in range(len(rows[r])):
            grid_tile = rows[r][c]
            if grid_tile is None:
                continue
            y, x = r * (h + 1), c * (w + 1)
            for dy, line in enumerate(list(grid_tile.lines)[:h]):
                _put_text(cells, y + 1 + dy, x + 1, line, w)
            _edge_marks(cells, grid_tile, y, x, inner)
    for r in range(nrows):
        for c in range(len(rows[r])):
            grid_tile = rows[r][c]
            if grid_tile is not None and grid_tile.state is not TileState.PLAIN:
                _state_frame(cells, grid_tile, r * (h + 1), c * (w + 1), inner, pal)
    for block, column, top in overlays:
        for index, text in enumerate(block.lines):
            if 0 <= top + index < height and column >= 0:
                _put_text(cells, top + index, column, text, min(block.width, width - column))
    return Block([_line(row) for row in cells], width)


def _borders(
    cells: list[list[Cell]], at: Callable[[int, int], GridTile | None], nrows: int, ncols: int,
    inner: tuple[int, int], pal: Palette,
) -> None:
    """The shared thin lines around every placed tile, with joints where they meet."""
    w, h = inner
    horizontal, vertical = ("-", "|") if ascii_mode() else ("─", "│")
    for r in range(nrows + 1):
        for c in range(ncols + 1):
            y, x = r * (h + 1), c * (w + 1)
            nw, ne, sw, se = at(r - 1, c - 1), at(r - 1, c), at(r, c - 1), at(r, c)
            up, down = bool(nw or ne), bool(sw or se)
            left, right = bool(nw or sw), bool(ne or se)
            if up or down or left or right:
                piece = "+" if ascii_mode() else _JOINS[(int(up), int(down), int(left), int(right))]
                cells[y][x] = (piece, pal.muted)
            east = ne or se
            if east is not None and c < ncols:
                for dx in range(1, w + 1):
                    cells[y][x + dx] = (horizontal, east.border or pal.muted)
            south = sw or se
            if south is not None and r < nrows:
                for dy in range(1, h + 1):
                    cells[y + dy][x] = (vertical, south.border or pal.muted)


def _edge_marks(cells: list[list[Cell]], grid_tile: GridTile, y: int, x: int, inner: tuple[int, int]) -> None:
    w, h = inner
    spots = ((y, x + 1 + w // 2), (y + 1 + h // 2, x + w + 1), (y + h + 1, x + 1 + w // 2), (y + 1 + h // 2, x))
    for mark, (my, mx) in zip(grid_tile.edges, spots, strict=True):
        if mark is not None:
            cells[my][mx] = (mark[0][:1], mark[1])


def _state_frame(
    cells: list[list[Cell]], grid_tile: GridTile, y: int, x: int, inner: tuple[int, int], pal: Palette
) -> None:
    """A cursor, ghost or legal frame over the tile's border; open corners never cover a drawn line."""
    w, h = inner
    unicode, plain = _FRAMES.get(grid_tile.state, _FRAMES[TileState.LEGAL])
    tl, hz, tr, vt, bl, br = tuple(plain if ascii_mode() else unicode)
    colour = {
        TileState.CURSOR: f"bold {grid_tile.border or pal.text_primary}",
        TileState.GHOST: grid_tile.border or pal.muted,
        TileState.LEGAL: f"bold {pal.text_success}",
    }.get(grid_tile.state, pal.muted)
    soft = grid_tile.state is TileState.LEGAL

    def put(cy: int, cx: int, ch: str) -> None:
        if soft and cells[cy][cx][0] != " ":
            return
        cells[cy][cx] = (ch, colour)

    for cy, cx, ch in ((y, x, tl), (y, x + w + 1, tr), (y + h + 1, x, bl), (y + h + 1, x + w + 1, br)):
        put(cy, cx, ch)
    if not soft:
        for dx in range(1, w + 1):
            if cells[y][x + dx][0] not in (icon("water"),):
                put(y, x + dx, hz)
            if cells[y + h + 1][x + dx][0] not in (icon("water"),):
                put(y + h + 1, x + dx, hz)
        for dy in range(1, h + 1):
            put(y + dy, x, vt)
            put(y + dy, x + w + 1, vt)
    if grid_tile.state is TileState.CURSOR:
        put(y + 1 + h // 2, x, icon("arrow_right"))
        put(y + 1 + h // 2, x + w + 1, icon("arrow_left"))
    if soft and not grid_tile.placed:
        cells[y + 1 + h // 2][x + 1 + w // 2] = (icon("legal"), colour)
    elif soft:
        # A placed tile that is a legal target: its whole frame lit, with a ✚ set into the top edge.
        for cy, cx in _frame_cells(y, x, inner):
            ch = cells[cy][cx][0]
            if ch != icon("water"):
                cells[cy][cx] = (ch, colour)
        cells[y][x + 1] = (icon("legal"), colour)


def _frame_cells(y: int, x: int, inner: tuple[int, int]) -> list[tuple[int, int]]:
    """The border cells of the position whose top-left corner is (y, x)."""
    w, h = inner
    top = [(y, x + dx) for dx in range(w + 2)]
    bottom = [(y + h + 1, x + dx) for dx in range(w + 2)]
    sides = [(y + dy, cx) for dy in range(1, h + 1) for cx in (x, x + w + 1)]
    return top + bottom + sides


def _put_text(cells: list[list[Cell]], y: int, x: int, line: Text, width: int) -> None:
    """Copy one line of content (cut to `width`) into the cells, one character per cell."""
    plain = line.plain[:width]
    base = str(line.style)
    styles = [base] * len(plain)
    for span in line.spans:
        start, end = max(0, span.start), min(len(plain), span.end)
        if start < end:
            style = f"{base} {span.style}" if base else str(span.style)
            styles[start:end] = [style] * (end - start)
    row = cells[y]
    for i, ch in enumerate(plain):
        row[x + i] = (ch, styles[i])


def _line(row: list[Cell]) -> Text:
    """A row of cells as one Text, neighbouring cells of one style in one span (built in one go)."""
    plain = "".join(ch for ch, _ in row)
    spans = []
    start, style = 0, row[0][1] if row else ""
    for index, (_, st) in enumerate(row):
        if st != style:
            if style:
                spans.append(Span(start, index, style))
            start, style = index, st
    if style and row:
        spans.append(Span(start, len(row), style))
    return Text(plain, no_wrap=True, spans=spans)
