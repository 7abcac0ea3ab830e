"""A build area drawn as kit tiles: the window of cells in view, each tile with its lock, star
and the building's number, the cursor and the legal cells; and the compact form, one line a row
of tile glyphs, for another seat's area."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tasnia.rules.components import Cell
from boardgames_tui.games.tasnia.rules.view import BuildingView, SeatView
from boardgames_tui.games.tasnia.table.tiles import tile_block, tile_line
from boardgames_tui.ui.kit import Block, Palette, TileState, beside, icon, stack
from boardgames_tui.ui.kit.block import BlockCache

CELL = (5, 3)
"""A build-area cell in characters (the kit's smallest tile)."""


BIG_CELL = (7, 4)
"""The cell size used when the whole area fits at it."""


RULER = 4
"""Columns taken by the row numbers left of a build area."""


# --- a build area ---------------------------------------------------------------------------
def window(cells: Sequence[Cell], focus: Cell | None, cols: int, rows: int) -> tuple[int, int, int, int]:
    """The part of an area to draw (x0, x1, y0, y1): all of `cells`, or, when that is more than
    `cols` × `rows` cells, the part around `focus` (the cursor) or the lowest, leftmost part."""
    xs = [c[0] for c in cells] or [0]
    ys = [c[1] for c in cells] or [0]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    fx, fy = focus if focus is not None else ((x0 + x1) // 2, y0)
    if x1 - x0 + 1 > cols:
        x0 = max(x0, min(fx - cols // 2, x1 - cols + 1))
        x1 = x0 + cols - 1
    if y1 - y0 + 1 > rows:
        y0 = max(y0, min(fy - rows // 2, y1 - rows + 1))
        y1 = y0 + rows - 1
    return x0, x1, y0, y1


def area_block(
    seat: SeatView,
    box: tuple[int, int, int, int],
    *,
    cursor: Cell | None,
    legal: set[Cell],
    lifted: Cell | None,
    held: str | None,
    clickable: bool,
    pal: Palette,
    cell_size: tuple[int, int] = CELL,
    extent: tuple[int, int, int, int] | None = None,
) -> Block:
    """The area's cells in `box` as 5×3 (or `cell_size`) tiles, highest row first, with column and row numbers.

    Tiles of a complete building have a frame in the success colour and every building's first
    tile carries its number in its bottom edge; locked tiles show the lock; legal empty cells
    show ✚; the lifted tile is a ghost; the cursor is a heavy frame (with the held tile in it
    when the tile may go there). When `extent` (the whole area) is larger than `box`, arrows
    beside the row and column numbers point to the part left out (the cursor scrolls to it)."""
    grid = dict(seat.tiles)
    complete = {c for b in seat.buildings if b.complete for c, _ in b.tiles}
    numbers = {b.anchor: str(i + 1) for i, b in enumerate(seat.buildings)}
    scores = {roof_cell(b, avoid_star=True): b.points for b in seat.buildings if b.complete}
    x0, x1, y0, y1 = box
    w, h = cell_size
    ex0, ex1, ey0, ey1 = extent if extent is not None else box
    more = f"bold {pal.text_warning}"
    ruler = Text(f"  {icon('arrow_left')} " if ex0 < x0 else " " * RULER, style=more)
    for x in range(x0, x1 + 1):
        ruler.append(f"{x:^{w}}", style=pal.muted)
    if ex1 > x1:
        ruler.append(f" {icon('arrow_right')}", style=more)
    rows = [Block.of([ruler])]
    for y in range(y1, y0 - 1, -1):
        up, down = y == y1 and ey1 > y1, y == y0 and ey0 < y0
        marks = [_row_label(y, r, h, up=up and r == 0, down=down and r == h - 1, pal=pal) for r in range(h)]
        label = Block.of(marks, RULER)
        cells = [label]
        for x in range(x0, x1 + 1):
            cell = (x, y)
            piece = _cell_block(grid.get(cell), cell, seat, complete, numbers, cursor, legal, lifted, held, pal,
                                cell_size)  # fmt: skip
            if cell in scores and cell != lifted:
                piece = score_on_top(piece, scores[cell], grid[cell], pal=pal)
            cells.append(piece.target(("cell", x, y)) if clickable else piece)
        rows.append(beside(cells, gap=0))
    return stack(rows)


def roof_cell(b: BuildingView, *, avoid_star: bool = False) -> Cell:
    """The tile of a building that carries its score: the leftmost of its top row (`avoid_star`:
    the leftmost there without a gold star, when there is one). A complete building's top tiles
    are roofs, so the cell above this one is always empty and never a legal target (P1)."""
    top = max(y for (_, y), _ in b.tiles)
    row = sorted((c, t) for c, t in b.tiles if c[1] == top)
    plain = [c for c, t in row if not t.endswith("*")] if avoid_star else []
    return plain[0] if plain else row[0][0]


def score_on_top(block: Block, points: int, tile: str, *, pal: Palette) -> Block:
    """`block` (a framed tile) with `points` set into its top edge, right of the middle (where a
    gold star sits) and left of the corner; a two-digit score on a 5-wide star tile takes the corner."""
    mark = Text(str(points), style=f"bold reverse {pal.text_success}")
    width = block.width
    end = width - 1  # the top-right corner's column
    start = end - mark.cell_len
    if tile.endswith("*") and start <= width // 2:
        start = width - mark.cell_len
    line = block.lines[0]
    out = Block(list(block.lines), width, list(block.hits))  # cached lines stay as they are
    out.lines[0] = line[:start] + mark + line[start + mark.cell_len :]
    return out


def _row_label(y: int, r: int, h: int, *, up: bool, down: bool, pal: Palette) -> Text:
    """Line `r` of row `y`'s number column: the number in the middle, an arrow at the top or
    bottom when rows are left out above or below."""
    if up or down:
        return Text(f"  {icon('arrow_up' if up else 'arrow_down')} ", style=f"bold {pal.text_warning}")
    return Text(f"{y:>3} " if r == h // 2 else "", style=pal.muted)


def _cell_block(
    tile: str | None,
    cell: Cell,
    seat: SeatView,
    complete: set[Cell],
    numbers: dict[Cell, str],
    cursor: Cell | None,
    legal: set[Cell],
    lifted: Cell | None,
    held: str | None,
    pal: Palette,
    size: tuple[int, int],
) -> Block:
    border = f"bold {pal.text_success}" if cell in complete else None
    w, h = size
    if tile is not None:
        if cell == cursor:
            state = TileState.CURSOR
        elif cell == lifted:
            state = TileState.GHOST
        else:
            state = TileState.LOCKED if cell in seat.locked else TileState.PLAIN
        block = tile_block(tile, state, border=border, width=w, height=h, pal=pal)
        number = numbers.get(cell)
        if number is not None:
            block = Block(list(block.lines), block.width, list(block.hits))  # cached lines stay as they are
            line = block.lines[-1]
            mid = w // 2
            mid -= len(number) // 2  # a two-digit number stands on the middle and the cell left of it
            block.lines[-1] = line[:mid] + Text(number, style=f"bold {pal.foreground}") + line[mid + len(number) :]
        return block
    if cell == cursor:
        if held is not None and cell in legal:
            return tile_block(held, TileState.CURSOR, width=w, height=h, pal=pal)
        return tile_block(None, TileState.CURSOR, width=w, height=h, pal=pal)
    if cell in legal:
        return tile_block(None, TileState.LEGAL, width=w, height=h, pal=pal)
    dot = Text(f"{'·':^{w}}", style=f"dim {pal.muted}")
    return Block.of([dot if r == h // 2 else "" for r in range(h)], w)


# --- another seat, compact ------------------------------------------------------------------
_AREAS = BlockCache(64)  # compact areas recently drawn: the table measures them more than once a frame


def compact_area(seat: SeatView, *, max_rows: int, pal: Palette, ruled: bool = True) -> Block:
    """Another seat's area on one line per row, three cells a tile (locked tiles marked), each
    complete building's score over its roof; a run of columns empty in every row shrinks to one
    space, so a spread-out area stays in view. When the whole area fits `max_rows` lines with a
    line to spare (and `ruled`), the column numbers stand over it and the row numbers left of it,
    as on the viewer's own area (the log names places by them); else its rows go first."""
    return _AREAS.get((seat, max_rows, pal, ruled), lambda: _compact_area(seat, max_rows, pal, ruled))


def _compact_area(seat: SeatView, max_rows: int, pal: Palette, ruled: bool) -> Block:
    if not seat.tiles:
        return Block.of([Text("no tiles built", style=pal.muted)])
    grid = dict(seat.tiles)
    scores = {}
    for b in seat.buildings:
        if b.complete:  # the score stands in the empty cell over the building's top-left roof
            x, y = roof_cell(b)
            scores[(x, y + 1)] = Text(f"{b.points:^3}", style=f"bold reverse {pal.text_success}")
    cells = [*grid, *scores]
    ruled = ruled and max(y for _, y in cells) - min(y for _, y in cells) + 2 <= max_rows  # no row of tiles lost
    x0, x1, y0, y1 = window(cells, None, 200, max_rows - 1 if ruled else max_rows)
    ys = range(y1, y0 - 1, -1)
    used = {x for x in range(x0, x1 + 1) if any((x, y) in grid for y in ys)}
    ruler = Text(" " * RULER, no_wrap=True)
    lines = []
    for y in ys:
        line = Text(f"{y:>3} " if ruled else "", style=pal.muted, no_wrap=True)
        for x in range(x0, x1 + 1):
            tile = grid.get((x, y))
            if x not in used:
                line.append("" if x - 1 not in used else " ")
            elif (x, y) in scores:
                line.append_text(scores[(x, y)])
            elif tile is None:
                line.append("   ")
            else:
                state = TileState.LOCKED if (x, y) in seat.locked else TileState.PLAIN
                line.append_text(tile_line(tile, state, pal=pal))
        lines.append(line)
    for x in range(x0, x1 + 1):
        ruler.append(f"{x:^3}" if x in used else "" if x - 1 not in used else " ", style=pal.muted)
    return Block.of([ruler, *lines] if ruled else lines)
