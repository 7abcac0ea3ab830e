"""Tasnia's one-line-a-row forms for small terminals: the viewer's area while building and the
market folded to one line.

At 80×24 a late area (a dozen buildings over ten rows) shows only three rows as 5×3 tiles, so
there the area is drawn one line a row, four cells a column: a joint cell, then the tile's
three cells (its shape on its material, the lock, the gold star). Two tiles side by side share
their joint, filled with their material, so a building reads as one piece; the joint left of a
building's first tile holds its number. The cursor is reversed, legal cells show ✚, a lifted
tile is dim, and each complete building's score stands over its top-left roof.
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tasnia.rules.components import Cell
from boardgames_tui.games.tasnia.rules.view import SeatView
from boardgames_tui.games.tasnia.table.area import RULER, roof_cell
from boardgames_tui.games.tasnia.table.tiles import face, material
from boardgames_tui.ui.kit import MATERIALS, Block, Palette, TileState, compact_tile, icon

ROW_CELL = 4
"""Columns a cell takes in the row form: a joint and three for the tile."""


def row_area(
    seat: SeatView,
    box: tuple[int, int, int, int],
    *,
    cursor: Cell | None,
    legal: set[Cell],
    lifted: Cell | None,
    held: str | None,
    clickable: bool,
    extent: tuple[int, int, int, int],
    pal: Palette,
) -> Block:
    """The cells of `box` one line a row, highest first, with column and row numbers; arrows
    beside them when `extent` (the whole area) reaches past the box."""
    grid = dict(seat.tiles)
    numbers = {b.anchor: str(i + 1) if i < 9 else "+" for i, b in enumerate(seat.buildings)}
    scores = {}
    for b in seat.buildings:
        if b.complete:
            x, y = roof_cell(b)
            scores[(x, y + 1)] = b.points
    x0, x1, y0, y1 = box
    ex0, ex1, ey0, ey1 = extent
    more = f"bold {pal.text_warning}"
    ruler = Text(f"  {icon('arrow_left')} " if ex0 < x0 else " " * RULER, style=more)
    for x in range(x0, x1 + 1):
        ruler.append(f" {x:^3}", style=pal.muted)
    if ex1 > x1:
        ruler.append(f" {icon('arrow_right')}", style=more)
    lines, hits = [ruler], []
    for y in range(y1, y0 - 1, -1):
        mark = "arrow_up" if y == y1 and ey1 > y1 else "arrow_down" if y == y0 and ey0 < y0 else None
        line = Text(f"  {icon(mark)} " if mark else f"{y:>3} ", style=more if mark else pal.muted)
        for x in range(x0, x1 + 1):
            cell = (x, y)
            line.append_text(_joint(grid, numbers, cell, pal))
            start = line.cell_len
            line.append_text(_cell(grid.get(cell), cell, seat, scores, cursor, legal, lifted, held, pal))
            if clickable:
                hits.append((len(lines), start - 1, line.cell_len, ("cell", x, y)))
        lines.append(line)
    block = Block.of(lines)
    block.hits.extend(hits)
    return block


def _joint(grid: dict[Cell, str], numbers: dict[Cell, str], cell: Cell, pal: Palette) -> Text:
    """The cell before `cell`'s tile: its building's number, the material between two tiles of
    one building, or a space."""
    if cell in numbers:
        return Text(numbers[cell], style=f"bold {pal.foreground}")
    left = grid.get((cell[0] - 1, cell[1]))
    here = grid.get(cell)
    if left is not None and here is not None:
        shade = MATERIALS[material(here)]
        return Text(shade.pattern, style=f"dim {shade.ink} on {shade.colour}")
    return Text(" ")


def _cell(
    tile: str | None,
    cell: Cell,
    seat: SeatView,
    scores: dict[Cell, int],
    cursor: Cell | None,
    legal: set[Cell],
    lifted: Cell | None,
    held: str | None,
    pal: Palette,
) -> Text:
    """One cell's three characters in its state."""
    if tile is not None:
        if cell == cursor:
            state = TileState.CURSOR
        elif cell == lifted:
            state = TileState.GHOST
        else:
            state = TileState.LOCKED if cell in seat.locked else TileState.PLAIN
        return compact_tile(face(tile), state=state, pal=pal)
    if cell == cursor and held is not None and cell in legal:
        return compact_tile(face(held), state=TileState.CURSOR, pal=pal)
    if cell in scores:  # never a legal cell: nothing may stand on a roof
        colour = pal.text_primary if cell == cursor else pal.text_success  # the cursor's colour on it
        return Text(f"{scores[cell]:^3}", style=f"bold reverse {colour}")
    if cell == cursor:
        return compact_tile(None, state=TileState.CURSOR, pal=pal)
    if cell in legal:
        return compact_tile(None, state=TileState.LEGAL, pal=pal)
    return Text(" · ", style=f"dim {pal.muted}")
