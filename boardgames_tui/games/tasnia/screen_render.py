"""Drawing Tasnia's table as Rich text: the market, the hand, build areas as tile art.

Wood tiles are drawn in round brackets `(W )`, stone tiles in square ones `[S ]`, so material
never depends on colour; a `*` marks a gold-star copy and locked tiles are underlined.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text

from boardgames_tui.games.tasnia.components import STONE_CODES, TYPES, tile_name
from boardgames_tui.games.tasnia.geometry import Cell
from boardgames_tui.games.tasnia.view import SeatView, TasniaView
from boardgames_tui.ui.canvas import Canvas

WOOD_STYLE = "#d7a86e"
STONE_STYLE = "#b0b8c0"
CELL_W = 4
Target = tuple[Any, ...]


def tile_text(tile: str | None, *, locked: bool = False, width: int = CELL_W) -> Text:
    """A tile as `(W )` for wood, `[S*]` for stone with a gold star, `. ` for an empty cell."""
    if tile is None:
        return Text(" .  " if width == CELL_W else ". ", style="dim")
    code = tile[0]
    star = "*" if tile.endswith("*") else " "
    stone = code in STONE_CODES
    style = STONE_STYLE if stone else WOOD_STYLE
    if locked:
        style += " bold underline"
    if width == CELL_W:
        left, right = ("[", "]") if stone else ("(", ")")
        return Text(f"{left}{code}{star}{right}", style=style)
    return Text(f"{code}{star}", style=style)


def cards_text(cards: tuple[str, ...]) -> str:
    return "  ".join(f"{n}×{k}" if n > 1 else k for k, n in Counter(cards).items())


def draw_market(canvas: Canvas, view: TasniaView, cursor: int | None, buyable: set[int]) -> None:
    empty = sum(1 for s in view.stack_sizes if not s)
    canvas.add("MARKET", "bold")
    canvas.add(f"  stacks emptied {empty}/{view.empty_to_end} (the game ends at {view.empty_to_end})")
    canvas.add(f"  · draw pile {view.draw_size} · discards {len(view.discard)}", "dim")
    canvas.newline()
    for i, (top, size) in enumerate(zip(view.market, view.stack_sizes, strict=True)):
        mark = ">" if cursor == i else " "
        style = "reverse" if cursor == i else ""
        canvas.add(mark)
        piece = Text(f"{i + 1}:", style=style)
        piece.append_text(tile_text(top))
        piece.append(f"×{size:<2}", style="dim")
        if i in buyable:
            piece.append("$", style="bold green")
        else:
            piece.append(" ")
        canvas.add(piece, target=("stack", i))
    canvas.newline()
    if cursor is not None and view.market[cursor] is not None:
        top = view.market[cursor]
        assert top is not None
        cost = " + ".join(TYPES[top[0]].cost)
        canvas.add(f"  stack {cursor + 1}: {tile_name(top)} costs {cost} (or any one special card)", "italic")
        canvas.newline()


def grid_bounds(seat: SeatView, extra: list[Cell]) -> tuple[int, int, int, int]:
    cells = [c for c, _ in seat.tiles] + extra
    if not cells:
        return 0, 0, 0, 0
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), max(xs), min(ys), max(ys)


def draw_area(
    canvas: Canvas,
    seat: SeatView,
    *,
    extra: list[Cell],
    cursor: Cell | None,
    legal_cells: set[Cell],
    lifted: Cell | None,
    width: int,
    clickable: bool,
) -> None:
    """The area as a grid, highest row first, with column numbers on top; pans to the cursor."""
    grid = dict(seat.tiles)
    x0, x1, y0, y1 = grid_bounds(seat, extra)
    cols = max(1, (width - 4) // CELL_W)
    if x1 - x0 + 1 > cols:
        centre = cursor[0] if cursor is not None else (x0 + x1) // 2
        x0 = max(x0, min(centre - cols // 2, x1 - cols + 1))
        x1 = x0 + cols - 1
    canvas.add("    ")
    for x in range(x0, x1 + 1):
        canvas.add(f"{x:^{CELL_W}}", "dim")
    canvas.newline()
    for y in range(y1, y0 - 1, -1):
        canvas.add(f"{y:>3} ", "dim")
        for x in range(x0, x1 + 1):
            cell = (x, y)
            piece = tile_text(grid.get(cell), locked=cell in seat.locked)
            if cell in legal_cells and cell not in grid:
                piece = Text(" +  ", style="green")
            if cell == lifted:
                piece.stylize("italic strike")
            if cell == cursor:
                piece.stylize("reverse")
            canvas.add(piece, target=("cell", x, y) if clickable else None)
        canvas.newline()


def draw_buildings(canvas: Canvas, seat: SeatView) -> None:
    for i, b in enumerate(seat.buildings):
        status = Text("complete ✓", style="bold green") if b.complete else Text("incomplete", style="yellow")
        line = Text(f"  #{i + 1} at {b.anchor}: {b.size} tiles, ")
        line.append_text(status)
        if b.cards:
            line.append("  " + " ".join(f"[{c}]" for c in b.cards), style="bold")
        if not b.complete and b.why:
            line.append(f"  — {b.why}", style="dim")
        canvas.add(line)
        canvas.newline()


def draw_stock(canvas: Canvas, seat: SeatView, clickable: bool, chosen: str | None) -> None:
    canvas.add("  stockpile: ")
    if not seat.stock:
        canvas.add("empty", "dim")
    for i, tile in enumerate(dict.fromkeys(seat.stock)):
        count = seat.stock.count(tile)
        piece = Text(f"{i + 1}:" if clickable and i < 9 else "")
        piece.append_text(tile_text(tile))
        if count > 1:
            piece.append(f"×{count}")
        if tile == chosen:
            piece.stylize("reverse")
        canvas.add(piece, target=("stock", tile) if clickable else None)
        canvas.add(" ")
    canvas.newline()


def score_text(seat: SeatView) -> str:
    b = seat.board
    cards = "" if seat.card_points is None else f" + cards {seat.card_points}"
    return f"board {b.total}{cards} (largest building {b.largest})"


LEGEND = "(W ) wood  [S ] stone  * gold star  underlined = locked  + legal cell  $ affordable"
