"""Tasnia's table pieces as kit blocks: the market, a hand, a stockpile, a build area, a seat.

Nothing here decides a rule: each function draws what the view says (which stacks the viewer
can pay for, which cells are legal targets) as the screen hands it in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from boardgames_tui.games.tasnia.rules.components import tile_name
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.view import BuildingView, SeatView, TasniaView
from boardgames_tui.games.tasnia.table.screen_tiles import (
    STAR_COLOUR,
    cost_text,
    hand_cards,
    kind_icon,
    tile_block,
    tile_cost,
    tile_line,
)
from boardgames_tui.ui.kit import Block, Palette, TileState, beside, flow, icon, stack
from boardgames_tui.ui.kit.block import BlockCache

Target = tuple[Any, ...]
CELL = (5, 3)
"""A build-area cell in characters (the kit's smallest tile)."""
BIG_CELL = (7, 4)
"""The cell size used when the whole area fits at it."""
HALF_CELL = (5, 2)
"""A late area's cell while building when 5×3 does not fit: a 5×3 tile without its bottom edge
(the building's number moves into the top edge)."""
RULER = 4
"""Columns taken by the row numbers left of a build area."""


# --- the market -----------------------------------------------------------------------------
def market_block(view: TasniaView, cursor: int | None, buyable: set[int], *, compact: bool, pal: Palette) -> Block:
    """The seven stacks as tiles: the face-up top, its price as icons and how many are left."""
    width, height = (7, 3) if compact else (9, 4)
    blocks = []
    for i, (top, size) in enumerate(zip(view.market, view.stack_sizes, strict=True)):
        if top is None:
            piece = tile_block(None, width=width, height=height, pal=pal)
            caption = Text(f"{i + 1} empty", style=pal.muted)
        else:
            state = TileState.CURSOR if cursor == i else TileState.PLAIN
            piece = tile_block(top, state, width=width, height=height, pal=pal)
            caption = Text(f"{i + 1}", style=f"bold {pal.foreground}" if cursor == i else pal.muted)
            if i in buyable:
                caption.append(icon("selected"), style=f"bold {pal.text_success}")
            else:
                caption.append(" ")
            caption.append_text(cost_text(tile_cost(top)))
            caption.append(f"×{size}" if compact else f" ×{size}", style=pal.muted)
            if compact and size >= 10:  # "1 ▦▬○×11" would pass the tile's width: the gap goes
                caption = caption[:1] + caption[2:]
        blocks.append(stack([piece, Block.of([caption], width)]).target(("stack", i)))
    return beside(blocks, gap=1)


def market_title(view: TasniaView, *, pal: Palette) -> Text:
    empty = sum(1 for s in view.stack_sizes if not s)
    text = Text("MARKET", style="bold")
    text.append(f"  stacks emptied {empty} of {view.empty_to_end}", style=f"bold {pal.text_warning}" if empty else "")
    text.append(f" (the game ends at {view.empty_to_end})", style=pal.muted)
    text.append(f"  {icon('pile')} draw {view.draw_size}  · discards {len(view.discard)}", style=pal.muted)
    return text


def stack_line(view: TasniaView, stack_index: int, *, pal: Palette) -> Text:
    """What the stack under the cursor is: its tile, price and the one-special-card alternative."""
    top = view.market[stack_index]
    if top is None:
        return Text(f"Stack {stack_index + 1} is empty.", style=pal.muted)
    text = Text(f"Stack {stack_index + 1}: {tile_name(top)}", style="bold")
    if top.endswith("*"):
        text.append(f" {icon('star')}", style=f"bold {STAR_COLOUR}")
    text.append(" · costs ")
    for index, kind in enumerate(tile_cost(top)):
        text.append(", " if index else "")
        text.append_text(kind_icon(kind))
        text.append(kind)
    text.append(" (or any one special card)", style=pal.muted)
    return text


# --- a hand and a stockpile -----------------------------------------------------------------
def hand_block(seat: SeatView, chosen: Sequence[str], *, width: int, compact: bool, pal: Palette) -> Block:
    """The viewer's hand as cards (compact: icons and names on one line); `chosen` is selected."""
    assert seat.hand is not None
    title = Text(f"hand {seat.hand_size} (gathers to {seat.hand_limit})", style="bold")
    if not seat.hand:
        return Block.of([title.append("  empty", style=pal.muted)])
    if compact:
        line = title.append("  ")
        for kind in dict.fromkeys(seat.hand):
            n = seat.hand.count(kind)
            line.append_text(kind_icon(kind))
            line.append(kind + (f"×{n}" if n > 1 else ""), style="bold reverse" if kind in chosen else "")
            line.append("  ")
        return Block.of([line])
    cards = flow(hand_cards(seat.hand, chosen, pal=pal), width, gap=1)
    return stack([Block.of([title]), cards])


def stock_block(seat: SeatView, *, clickable: bool, chosen: str | None, compact: bool, pal: Palette) -> Block:
    """The stockpile as tiles, numbered 1-9 for the keys when the viewer is building."""
    label = Text("stockpile", style="bold")
    kinds = list(dict.fromkeys(seat.stock))
    if not kinds:
        return Block.of([label.append("  empty", style=pal.muted)])
    if compact:
        line = label.append(" ")
        hits = []
        for i, tile in enumerate(kinds):
            start = line.cell_len
            number = f"{i + 1}:" if clickable and i < 9 else ""
            line.append(number, style="bold")
            line.append_text(tile_line(tile, TileState.CURSOR if tile == chosen else TileState.PLAIN, pal=pal))
            count = seat.stock.count(tile)
            line.append(f"×{count} " if count > 1 else " ")
            if clickable:
                hits.append((0, start, line.cell_len, ("stock", tile)))
        block = Block.of([line])
        block.hits.extend(hits)
        return block
    blocks = [Block.of([Text(""), label, Text("")])]
    for i, tile in enumerate(kinds):
        state = TileState.CURSOR if tile == chosen else TileState.PLAIN
        count = seat.stock.count(tile)
        caption = Text(f"{i + 1}" if clickable and i < 9 else " ", style="bold")
        caption.append(f" ×{count}" if count > 1 else "")
        piece = stack([tile_block(tile, state, pal=pal), Block.of([caption], CELL[0])])
        blocks.append(piece.target(("stock", tile)) if clickable else piece)
    return beside(blocks, gap=1)


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
    numbers = {b.anchor: str(i + 1) if i < 9 else "+" for i, b in enumerate(seat.buildings)}
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
    if h < 3:  # a 5×3 tile without its bottom edge: top edge (lock, star, score, number) and inside
        full = _cell_block(tile, cell, seat, complete, {}, cursor, legal, lifted, held, pal, (w, 3))
        block = Block(full.lines[:h], full.width, [])
        number = numbers.get(cell)
        if number is not None and tile is not None:
            line = block.lines[0]
            block.lines[0] = line[:1] + Text(number, style=f"bold {pal.foreground}") + line[2:]
        return block
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
            block.lines[-1] = line[:mid] + Text(number, style=f"bold {pal.foreground}") + line[mid + 1 :]
        return block
    if cell == cursor:
        if held is not None and cell in legal:
            return tile_block(held, TileState.CURSOR, width=w, height=h, pal=pal)
        return tile_block(None, TileState.CURSOR, width=w, height=h, pal=pal)
    if cell in legal:
        return tile_block(None, TileState.LEGAL, width=w, height=h, pal=pal)
    dot = Text(f"{'·':^{w}}", style=f"dim {pal.muted}")
    return Block.of([dot if r == h // 2 else "" for r in range(h)], w)


def building_entry(index: int, b: BuildingView, *, pal: Palette, short: bool = False) -> Text:
    """One short line for a building: number, complete mark, tiles, points and its cards
    (`short`: the mark without its word, for small terminals)."""
    text = Text(f"{index + 1} ", style="bold")
    if b.complete:
        text.append(icon("done") + ("" if short else " complete"), style=f"bold {pal.text_success}")
    else:
        text.append(icon("waiting") + ("" if short else " open"), style=pal.text_warning)
    gap = " " if short else "  "
    text.append(f"{gap}{b.size} {'tile' if b.size == 1 else 'tiles'} {b.points} pts", style=pal.foreground)
    for card in b.cards:
        text.append(" ")
        text.append_text(kind_icon(card))
        text.append(card, style="bold")
    return text


def buildings_block(seat: SeatView, *, width: int, pal: Palette, short: bool = False) -> Block:
    """Every building's short line, flowed into columns."""
    entries = [Block.of([building_entry(i, b, pal=pal, short=short)]) for i, b in enumerate(seat.buildings)]
    if not entries:
        return Block.of([Text("no buildings yet", style=pal.muted)])
    column = max(e.width for e in entries) + 2
    return flow([Block.of([e.lines[0]], column) for e in entries], width, gap=0)


# --- another seat, compact ------------------------------------------------------------------
_AREAS = BlockCache(64)  # compact areas recently drawn: the table measures them more than once a frame


def compact_area(seat: SeatView, *, max_rows: int, pal: Palette) -> Block:
    """Another seat's area on one line per row, three cells a tile (locked tiles marked), each
    complete building's score over its roof; a run of columns empty in every row shrinks to one
    space, so a spread-out area stays in view."""
    return _AREAS.get((seat, max_rows, pal), lambda: _compact_area(seat, max_rows, pal))


def _compact_area(seat: SeatView, max_rows: int, pal: Palette) -> Block:
    if not seat.tiles:
        return Block.of([Text("no tiles built", style=pal.muted)])
    grid = dict(seat.tiles)
    scores = {}
    for b in seat.buildings:
        if b.complete:  # the score stands in the empty cell over the building's top-left roof
            x, y = roof_cell(b)
            scores[(x, y + 1)] = Text(f"{b.points:^3}", style=f"bold reverse {pal.text_success}")
    x0, x1, y0, y1 = window([*grid, *scores], None, 200, max_rows)
    ys = range(y1, y0 - 1, -1)
    used = {x for x in range(x0, x1 + 1) if any((x, y) in grid for y in ys)}
    lines = []
    for y in ys:
        line = Text(no_wrap=True)
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
    return Block.of(lines)


def seat_summary(seat: SeatView, *, pal: Palette) -> Text:
    """Board points, hand size and the buildings' count: e.g. `board 27 · hand 6 · 2✓ of 4`."""
    return Text(" · ", style=pal.muted).join(seat_summary_parts(seat, pal=pal))


def seat_summary_parts(seat: SeatView, *, pal: Palette) -> list[Text]:
    """The pieces of `seat_summary`, so a narrow column can break the line between them."""
    done = sum(1 for b in seat.buildings if b.complete)
    points = Text(f"board {seat.board.total}", style="bold")
    if seat.card_points is not None:
        points.append(f" + cards {seat.card_points}", style="bold")
    return [
        points,
        Text(f"hand {seat.hand_size}", style=pal.muted),
        Text(f"{done}{icon('done')} of {len(seat.buildings)}", style=pal.muted),
        Text(f"largest {seat.board.largest}", style=pal.muted),
    ]


def wrap_parts(head: Text, parts: Sequence[Text], width: int, *, pal: Palette, indent: int = 2) -> list[Text]:
    """`head` followed by `parts` joined by " · ", broken between parts into lines of at most
    `width` cells (the later lines indented), so a seat's line is shown whole rather than cut."""
    lines = [head.copy()]
    for part in parts:
        line = lines[-1]
        fresh = line.plain.endswith(" ") or not line.plain  # nothing to separate from yet
        sep = "" if fresh else " · "
        if not fresh and line.cell_len + len(sep) + part.cell_len > width:
            lines.append(Text(" " * indent))
            line, sep = lines[-1], ""
        line.append(sep, style=pal.muted)
        line.append_text(part)
    return lines


def stock_line(seat: SeatView, *, pal: Palette) -> Text:
    line = Text("stock ", style=pal.muted)
    if not seat.stock:
        return line.append("empty", style=pal.muted)
    for tile in dict.fromkeys(seat.stock):
        line.append_text(tile_line(tile, pal=pal))
        count = seat.stock.count(tile)
        line.append(f"×{count} " if count > 1 else " ")
    return line
