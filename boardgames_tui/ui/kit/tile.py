"""A tile: a fixed-size block with edges, a material fill, content glyphs, states and rotation.

Sizes: `width` × `height` cells including the frame (defaults `TILE_WIDTH` × `TILE_HEIGHT`,
7×4; the smallest is `TILE_MIN` 5×3). Content is a grid of glyphs centred inside; empty cells
show the material's pattern. Edges carry one mark each (north, east, south, west) set into the
middle of that side, e.g. a door or water. Rotation turns content and edges a quarter at a time;
all content stays in view when it fits the inside both ways (a square inside, e.g. a 5×5 tile).

States, each with a shape: cursor (heavy frame and ▶◀ at the sides), ghost (dotted frame, the
preview's content dim), legal target (open corners and a ✚ in the middle of an empty tile),
locked (a lock in the top-left corner).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from rich.style import Style
from rich.text import Text

from boardgames_tui.ui.kit.block import Block, BlockCache
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import icon
from boardgames_tui.ui.kit.palette import DARK, MATERIALS, Palette

TILE_WIDTH = 7
TILE_HEIGHT = 4
TILE_MIN = (5, 3)


class TileState(Enum):
    """How a tile or an empty space is shown."""

    PLAIN = "plain"
    CURSOR = "cursor"
    GHOST = "ghost"
    LEGAL = "legal"
    LOCKED = "locked"


Glyph = tuple[str, str]
"""A content glyph and its style (colour); an empty glyph shows the fill."""
BLANK: Glyph = ("", "")


@dataclass(frozen=True)
class TileFace:
    """What a tile shows: a material, content rows of glyphs, and a mark per edge (N, E, S, W)."""

    material: str | None = None
    content: Sequence[Sequence[Glyph]] = ()
    edges: tuple[Glyph | None, Glyph | None, Glyph | None, Glyph | None] = (None, None, None, None)
    border: str | None = field(default=None)
    """The frame colour (e.g. the owner's); default: the theme's muted colour."""


def rotate(face: TileFace, quarters: int) -> TileFace:
    """`face` turned clockwise by `quarters` quarter turns (content grid and edge marks)."""
    content = _rectangular(face.content)
    edges = face.edges
    for _ in range(quarters % 4):
        content = [list(row) for row in zip(*content[::-1], strict=True)] if content else content
        edges = (edges[3], edges[0], edges[1], edges[2])
    return TileFace(face.material, content, edges, face.border)


def _rectangular(rows: Sequence[Sequence[Glyph]]) -> list[list[Glyph]]:
    """The content grid with short rows centred and padded by blank cells (shown as the fill)."""
    width = max((len(row) for row in rows), default=0)
    grid = []
    for row in rows:
        left = (width - len(row)) // 2
        grid.append([BLANK] * left + list(row) + [BLANK] * (width - len(row) - left))
    return grid


def tile(
    face: TileFace | None,
    *,
    state: TileState = TileState.PLAIN,
    rotation: int = 0,
    width: int = TILE_WIDTH,
    height: int = TILE_HEIGHT,
    pal: Palette = DARK,
) -> Block:
    """The tile (or, with `face` None, an empty space) drawn `width` × `height` cells."""
    width, height = max(width, TILE_MIN[0]), max(height, TILE_MIN[1])
    key = (_face_key(face), state, rotation % 4, width, height, pal)
    return _CACHE.get(key, lambda: _draw_tile(face, state, rotation, width, height, pal))


_CACHE = BlockCache()


def _face_key(face: TileFace | None) -> Hashable:
    if face is None:
        return None
    return face.material, tuple(tuple(row) for row in face.content), face.edges, face.border


def _draw_tile(face: TileFace | None, state: TileState, rotation: int, width: int, height: int, pal: Palette) -> Block:
    face = rotate(face or TileFace(), rotation)
    material = MATERIALS.get(face.material or "")
    inner = _inner(face, width - 2, height - 2, state, pal)
    line = {
        TileState.CURSOR: Line.CURSOR,
        TileState.GHOST: Line.GHOST,
        TileState.LEGAL: Line.LEGAL,
    }.get(state, Line.PLAIN)
    border: str | Style = face.border or pal.muted
    if state is TileState.CURSOR:
        border = f"bold {pal.text_primary}"
    elif state is TileState.LEGAL:
        border = f"bold {pal.text_success}"
    inner_style = f"on {material.colour}" if material and state is not TileState.GHOST else ""
    block = framed(inner, width, line, border, inner_style=inner_style)
    _set_edges(block, face, width, height, border)
    if state is TileState.LOCKED:
        block.lines[0] = Text(icon("locked"), style=f"bold {pal.text_warning}") + block.lines[0][1:]
    if state is TileState.CURSOR:
        mid = height // 2
        row = block.lines[mid]
        block.lines[mid] = Text(icon("arrow_right"), style=border) + row[1:-1] + Text(icon("arrow_left"), style=border)
    return block


def _inner(face: TileFace, span: int, rows: int, state: TileState, pal: Palette) -> list[Text]:
    """The tile's inside: the content centred on the material's pattern."""
    material = MATERIALS.get(face.material or "")
    pattern = material.pattern if material else " "
    ink = material.ink if material else pal.foreground
    lines = [Text(pattern * span, style=_dim(ink)) for _ in range(rows)]
    content = [list(r) for r in face.content][:rows]
    top = (rows - len(content)) // 2
    for number, glyphs in enumerate(content):
        glyphs = glyphs[:span]
        left = (span - len(glyphs)) // 2
        text = Text(pattern * left, style=_dim(ink))
        for glyph, style in glyphs:
            if glyph:
                text.append(glyph[:1], style=style or f"bold {ink}")
            else:
                text.append(pattern, style=_dim(ink))
        text.append(pattern * (span - left - len(glyphs)), style=_dim(ink))
        lines[top + number] = text
    if state is TileState.GHOST:
        for text in lines:
            text.stylize(pal.muted)
            text.stylize("dim")
    if state is TileState.LEGAL and not face.content:
        mid = rows // 2
        lines[mid] = Text(pattern * (span // 2), style=_dim(ink))
        lines[mid].append(icon("legal"), style=f"bold {pal.text_success}")
        lines[mid].append(pattern * (span - span // 2 - 1), style=_dim(ink))
    return lines


def _dim(ink: str) -> str:
    return f"dim {ink}"


def _set_edges(block: Block, face: TileFace, width: int, height: int, border: str | Style) -> None:
    """Put each edge's mark in the middle of its side of the frame."""
    north, east, south, west = face.edges
    mid_col, mid_row = width // 2, height // 2
    for mark, row, col in (
        (north, 0, mid_col),
        (south, height - 1, mid_col),
        (east, mid_row, width - 1),
        (west, mid_row, 0),
    ):
        if mark is None:
            continue
        glyph, style = mark
        line = block.lines[row]
        block.lines[row] = line[:col] + Text(glyph[:1], style=style or border) + line[col + 1 :]


def empty_space(
    state: TileState = TileState.PLAIN, *, width: int = TILE_WIDTH, height: int = TILE_HEIGHT, pal: Palette = DARK
) -> Block:
    """An empty space on a board, e.g. a legal target: same size as a tile."""
    return tile(None, state=state, width=width, height=height, pal=pal)


def compact_tile(
    face: TileFace | None, *, state: TileState = TileState.PLAIN, width: int = 3, pal: Palette = DARK
) -> Text:
    """A tile as one line of `width` cells for tight boards: its first content row on the
    material's colour (blanks show the pattern), the north edge mark (e.g. a star) in the last
    cell. States keep a shape: locked is underlined with ⊠ first, cursor is reversed, ghost dim,
    legal an empty cell with ✚; an empty space is `width` blanks (ASCII-safe like every icon)."""
    width = max(width, 1)
    if face is None:
        mark = icon("legal") if state is TileState.LEGAL else " "
        text = Text(" " * (width // 2) + mark + " " * (width - width // 2 - 1), no_wrap=True)
        text.stylize(f"bold {pal.text_success}" if state is TileState.LEGAL else "")
        if state is TileState.CURSOR:
            text.stylize("reverse")
        return text
    material = MATERIALS.get(face.material or "")
    pattern = material.pattern if material else " "
    ink = material.ink if material else pal.foreground
    row = list(_rectangular(face.content)[0]) if face.content else []
    row = row[:width]
    left = (width - len(row)) // 2
    cells: list[Glyph] = [BLANK] * left + row + [BLANK] * (width - len(row) - left)
    north = face.edges[0]
    if north is not None:
        cells[-1] = north
    if state is TileState.LOCKED:
        cells[0] = (icon("locked"), f"bold {pal.text_warning}")
    text = Text(no_wrap=True)
    for glyph, style in cells:
        if glyph:
            text.append(glyph[:1], style=style or f"bold {ink}")
        else:
            text.append(pattern, style=f"dim {ink}")
    if material is not None and state is not TileState.GHOST:
        text.stylize(f"on {material.colour}")
    if state is TileState.LOCKED:
        text.stylize("underline")
    elif state is TileState.GHOST:
        text.stylize("dim")
    elif state is TileState.CURSOR:
        text.stylize("reverse")
    return text
