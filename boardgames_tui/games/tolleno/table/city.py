"""Tolleno's city drawn with the kit's tiles: canals as water, spaces, buildings, boats, a minimap.

Each city tile is a kit tile 11×5 cells: a frame with water marks where its canals leave it, and
its 3×3 cells inside, each three characters wide. Nothing here decides what is legal: `Marks`
carries the highlights and previews the screen got from the legal actions and the rules'
preview functions, and this module only paints them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from rich.text import Span, Text

from boardgames_tui.games.tolleno.rules.geometry import CELL_CORNER, DIRS, GEOMS, Corner, Dir, Pos, TileGeom, step
from boardgames_tui.games.tolleno.rules.state import Building, MapContract
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.look import Seats
from boardgames_tui.ui.kit import MATERIALS, Block, Palette, TileFace, TileState, icon, tile
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.grid import GridTile, tile_grid
from boardgames_tui.ui.kit.icons import ascii_mode, pick
from boardgames_tui.ui.kit.palette import contrast_text

TILE_W, TILE_H = 10, 4
"""The stride of the map: 9×3 cells of content and one shared border line."""
MARGIN = 4
"""Columns left of the tiles for the row numbers (one line above them holds the column numbers)."""
Space = tuple[Pos, Corner]
WATER_BG = MATERIALS["water"].colour
WATER = f"bold #9fd3ff on {WATER_BG}"
FOUNTAIN = "bold #3C9BDC"
ARROW = {Dir.E: "arrow_right", Dir.W: "arrow_left"}
FOUNTAIN_DIR = {"^": Dir.N, ">": Dir.E, "v": Dir.S, "<": Dir.W}
_EDGE_SIDE = {(0, 1): Dir.N, (1, 2): Dir.E, (2, 1): Dir.S, (1, 0): Dir.W}
_FOUNTAIN_GLYPHS = {Dir.N: ("↑", "^"), Dir.E: ("→", ">"), Dir.S: ("↓", "v"), Dir.W: ("←", "<")}
_SMALL_ARROWS = {Dir.N: ("▴", "^"), Dir.E: ("▸", ">"), Dir.S: ("▾", "v"), Dir.W: ("◂", "<")}
_UP_DOWN = {Dir.N: ("⇑", "^"), Dir.S: ("⇓", "v")}
"""The chosen course northward or southward: double arrows, since a filled ▲ is a seat's glyph."""


def lift_mark() -> str:
    """Beside a floor: the boat may carry it."""
    return pick("⇡", "^")


def drop_mark() -> str:
    """Beside a corner: where the carried floor would land."""
    return pick("⇣", "v")
FAINT_COURSE = "#8fb8dc"


def course_cell(heading: Dir, chosen: bool) -> str:
    """A canal side on a boat's course, told apart by shape as well as colour: the course to the
    chosen stop three full arrows (▶▶▶, up and down ⇑⇑⇑: a filled ▲ would read as a seat's
    floor), a course to another stop one small arrow on the water (≈▸≈)."""
    if chosen:
        return (pick(*_UP_DOWN[heading]) if heading in _UP_DOWN else icon(ARROW[heading])) * 3
    wave = icon("water")
    return f"{wave}{pick(*_SMALL_ARROWS[heading])}{wave}"


def fountain_glyph(direction: Dir) -> str:
    """A fountain as a thin arrow the way it points (the filled ▲ is a seat glyph and marks courses)."""
    return pick(*_FOUNTAIN_GLYPHS[direction])


@dataclass(frozen=True)
class Marks:
    """What to highlight on the map: cursor, legal targets, the held tile's ghost, previews."""

    cursor_tile: Pos | None = None
    cursor_space: Space | None = None
    target_tiles: frozenset[Pos] = frozenset()
    target_spaces: frozenset[Space] = frozenset()
    ghost: tuple[Pos, str, int, bool] | None = None
    """(position, kind, rotation, fits) of the held tile under the cursor."""
    values: dict[Space, int] = field(default_factory=dict)
    """The VP a contract would pay on each legal space (shown only to the seat that moves)."""
    course: tuple[Pos, ...] = ()
    """The boat's course to the stop under the cursor (drawn bright)."""
    other_courses: tuple[tuple[Pos, ...], ...] = ()
    """The courses to every other stop (drawn faint, so each stop shows how it is reached)."""
    mover: int | None = None
    """The seat whose boat sails (its colour draws the bright course)."""
    lifts: frozenset[Space] = frozenset()
    """Floors the boat could pick up on that course (or, after sailing, the one chosen)."""
    drop: Space | None = None
    """Where a carried floor would land."""
    placed: Pos | None = None
    first: Space | None = None
    anchor: Pos | None = None
    """The tile the map keeps in view with the cursor: where the boat's course starts (its own tile
    while the cursor is on no stop)."""


def bounds(view: TollenoView, pad: int = 1) -> tuple[int, int, int, int]:
    """(min row, min col, max row, max col) of the city, grown by `pad` positions."""
    rows = [t.pos[0] for t in view.tiles]
    cols = [t.pos[1] for t in view.tiles]
    return min(rows) - pad, min(cols) - pad, max(rows) + pad, max(cols) + pad


def grid_size(width: int, height: int) -> tuple[int, int]:
    """How many tile columns and rows fit in a map of `width` × `height` cells."""
    return max(1, (width - MARGIN - 1) // TILE_W), max(1, (height - 2) // TILE_H)


Edges = tuple[tuple[str, str] | None, tuple[str, str] | None, tuple[str, str] | None, tuple[str, str] | None]


def _edges(geom: TileGeom) -> Edges:
    """Water marks on the canal sides of a tile (N, E, S, W)."""
    water = (icon("water"), WATER)
    north, east, south, west = (water if d in geom.canals else None for d in DIRS)
    return north, east, south, west


def _dim(line: Text) -> Text:
    dim = line.copy()
    dim.stylize("dim")
    return dim


_LINES: dict[tuple[object, ...], list[Text]] = {}
"""Tiles' content lines by everything they are drawn from (read only once made)."""


class CityPainter:
    """Draws one view of the city; built once per frame with the view, the seats and the marks."""

    def __init__(self, view: TollenoView, seats: Seats, marks: Marks, pal: Palette) -> None:
        self.view, self.seats, self.marks, self.pal = view, seats, marks, pal
        self.tiles = {t.pos: t.geom for t in view.tiles}
        self.buildings: dict[Space, Building] = {(b.pos, b.corner): b for b in view.buildings}
        self.contracts: dict[Space, MapContract] = {(c.pos, c.corner): c for c in view.contracts}
        self.boats = {s.boat: i for i, s in enumerate(view.seats) if s.boat is not None}
        self.exits = _course_exits(marks.course)
        self.faint: dict[Pos, dict[Dir, Dir]] = {}
        for other in marks.other_courses:
            for pos, sides in _course_exits(other).items():
                for side, heading in sides.items():
                    self.faint.setdefault(pos, {}).setdefault(side, heading)

    def grid(self, origin: Pos, size: tuple[int, int]) -> list[Text]:
        """The map lines for a window of `size` (width, height) cells from tile `origin` (top-left)."""
        width, height = size
        ncols, nrows = grid_size(width, height)
        ruler = Text(" " * MARGIN, no_wrap=True)
        for col in range(origin[1], origin[1] + ncols):
            ruler.append(f"{col:^{TILE_W}}", style=self.pal.muted)
        rows = [[self.grid_tile((row, col)) for col in range(origin[1], origin[1] + ncols)]
                for row in range(origin[0], origin[0] + nrows)]
        block = tile_grid(rows, (TILE_W - 1, TILE_H - 1), pal=self.pal)
        lines = [ruler]
        for number, line in enumerate(block.lines):
            row, within = divmod(number, TILE_H)
            label = f"{origin[0] + row:>3} " if within == 2 and row < nrows else " " * MARGIN
            lines.append(Text(label, style=self.pal.muted, no_wrap=True) + line)
        return [fit(line, width) for line in lines[:height]]

    def covers_nothing(self, origin: Pos, cols: range, rows: range) -> bool:
        """True when none of these window positions (relative to `origin`) holds a tile or a mark."""
        marks = self.marks
        shown = {marks.cursor_tile, marks.ghost[0] if marks.ghost else None}
        shown |= marks.target_tiles | {s[0] for s in marks.target_spaces}
        for r in rows:
            for c in cols:
                pos = (origin[0] + r, origin[1] + c)
                if pos in self.tiles or pos in shown:
                    return False
        return True

    def grid_tile(self, pos: Pos) -> GridTile | None:
        """One position of the map: a placed tile, the held tile's ghost, a legal spot, or nothing."""
        marks = self.marks
        geom = self.tiles.get(pos)
        cursor = pos == marks.cursor_tile
        if geom is None:
            if marks.ghost is not None and marks.ghost[0] == pos:
                _, kind, k, fits = marks.ghost
                ghost = GEOMS[(kind, k)]
                border = self.pal.text_success if fits else self.pal.text_error
                lines = [_dim(line) for line in self.lines(pos, ghost, ghost=True)]
                return GridTile(lines, _edges(ghost), TileState.CURSOR if cursor else TileState.GHOST, border, False)
            if pos in marks.target_tiles or cursor:
                return GridTile(state=TileState.CURSOR if cursor else TileState.LEGAL, placed=False)
            return None
        state = TileState.PLAIN
        if pos in marks.target_tiles:
            state = TileState.LEGAL
        if cursor:
            state = TileState.CURSOR
        return GridTile(self.lines(pos, geom), _edges(geom), state, self.border(pos))

    def lines(self, pos: Pos, geom: TileGeom, ghost: bool = False) -> list[Text]:
        """A tile's three lines of content: its nine cells, three characters each (remembered by
        everything they depend on, so an unchanged tile is not drawn again when the cursor moves)."""
        key = self._key(pos, geom, ghost)
        found = _LINES.get(key)
        if found is None:
            if len(_LINES) > 4096:
                _LINES.clear()
            found = _LINES[key] = self._draw_lines(pos, geom, ghost)
        return found

    def _key(self, pos: Pos, geom: TileGeom, ghost: bool) -> tuple[object, ...]:
        marks = self.marks
        spaces = []
        if not ghost:
            for corner in geom.spaces:
                space = (pos, corner)
                spaces.append((
                    self.buildings.get(space), space in self.contracts, space in marks.target_spaces,
                    marks.values.get(space), space in marks.lifts, space == marks.drop, space == marks.first,
                    space == marks.cursor_space,
                ))
        exits = (tuple(sorted(self.exits.get(pos, {}).items())), tuple(sorted(self.faint.get(pos, {}).items())))
        boat = None if ghost else self.boats.get(pos)
        return (geom.kind, geom.k, ghost, tuple(spaces), exits, boat, self.marks.mover, self.seats, self.pal,
                ascii_mode())

    def _draw_lines(self, pos: Pos, geom: TileGeom, ghost: bool) -> list[Text]:
        out = []
        for r in range(3):
            plain, spans = "", []
            for c in range(3):
                text, style = self.cell(pos, geom, r, c, ghost)
                if style:
                    spans.append(Span(len(plain), len(plain) + len(text), style))
                plain += text
            out.append(Text(plain, no_wrap=True, spans=spans))
        return out

    def border(self, pos: Pos) -> str | None:
        """The frame colour of a placed tile: this turn's new tile, or one on the boat's course."""
        if pos == self.marks.placed:
            return f"bold {self.pal.accent}"
        if self.marks.course and pos in self.marks.course:
            return f"bold {self.pal.text_primary}"
        return None

    def cell(self, pos: Pos, geom: TileGeom, r: int, c: int, ghost: bool) -> tuple[str, str]:
        """Three characters and their style for cell (r, c) of the tile at `pos`."""
        ch = geom.rows[r][c]
        if ghost:
            return bare_cell(geom, r, c)
        if ch == "~":
            return self._water(pos, r, c)
        if ch.isdigit():
            return self._centre(pos, ch)
        corner = CELL_CORNER.get((r, c))
        if ch != "o" or corner is None:
            return bare_cell(geom, r, c)
        return self._space((pos, corner))

    def _water(self, pos: Pos, r: int, c: int) -> tuple[str, str]:
        wave = icon("water")
        side = _EDGE_SIDE.get((r, c))
        heading = self.exits.get(pos, {}).get(side) if side is not None else None
        if heading is not None:
            if self.marks.mover is None:
                return course_cell(heading, True), f"bold {self.pal.text_primary} on {WATER_BG}"
            colour = self.seats.colour(self.marks.mover)
            return course_cell(heading, True), f"bold {contrast_text(colour)} on {colour}"
        faint = self.faint.get(pos, {}).get(side) if side is not None else None
        if faint is not None:
            return course_cell(faint, False), f"bold {FAINT_COURSE} on {WATER_BG}"
        return wave * 3, WATER

    def _centre(self, pos: Pos, value: str) -> tuple[str, str]:
        boat = self.boats.get(pos)
        if boat is None:
            return f"[{value}]", "bold"
        colour = self.seats.colour(boat)
        return f"{icon('boat')}{value}{self.seats.glyph(boat)}", f"bold {contrast_text(colour)} on {colour}"

    def _space(self, space: Space) -> tuple[str, str]:
        marks = self.marks
        target = space in marks.target_spaces
        building = self.buildings.get(space)
        if space in self.contracts:
            text, style = f" {icon('contract')} ", f"bold {self.pal.muted}"
        elif building is not None:
            text = f"{self.seats.glyph(building.owner)}{building.height}"
            text = (text + (icon("legal") if target else " "))[:3] if len(text) < 3 else text[:3]
            colour = self.seats.colour(building.owner)
            style = f"bold {contrast_text(colour)} on {colour}"
        elif space in marks.values:
            text, style = f"+{marks.values[space]}".center(3)[:3], f"bold {self.pal.text_success}"
        elif target:
            text, style = f" {icon('legal')} ", f"bold {self.pal.text_success}"
        else:
            text, style = " o ", ""
        if space in marks.lifts:
            text = text[:2] + lift_mark()
        if space == marks.drop:
            text = text[:2] + drop_mark()
        extra = []
        if space == marks.first:
            extra.append("underline")
        if space == marks.cursor_space:
            extra.append("reverse")
        return text, " ".join([style, *extra]).strip()


def _course_exits(course: tuple[Pos, ...]) -> dict[Pos, dict[Dir, Dir]]:
    """For each tile of a course, the canal sides the boat crosses, each with its heading there."""
    out: dict[Pos, dict[Dir, Dir]] = {}
    for here, there in pairwise(course):
        for d in DIRS:
            if step(here, d) == there:
                out.setdefault(here, {})[d] = d
                out.setdefault(there, {})[d.opposite] = d
    return out


def held_tile_block(kind: str, k: int, pal: Palette) -> Block:
    """The held tile as a kit tile, turned `k` quarter turns, for the player's own panel."""
    return tile(bare_face(GEOMS[(kind, k)]), width=TILE_W + 1, height=TILE_H + 1, pal=pal)


def bare_face(geom: TileGeom) -> TileFace:
    """A tile's face with nothing on it: water, structure, fountains and empty spaces."""
    content = []
    for r in range(3):
        row: list[tuple[str, str]] = []
        for c in range(3):
            text, style = bare_cell(geom, r, c)
            row.extend((ch, style) for ch in text)
        content.append(row)
    water = (icon("water"), WATER)
    return TileFace("plain", content, tuple(water if d in geom.canals else None for d in DIRS))  # type: ignore[arg-type]


def bare_cell(geom: TileGeom, r: int, c: int) -> tuple[str, str]:
    """Three characters for cell (r, c) of an empty tile."""
    ch = geom.rows[r][c]
    if ch == "~":
        return icon("water") * 3, WATER
    if ch.isdigit():
        return f"[{ch}]", "bold"
    if ch in FOUNTAIN_DIR:
        return f" {fountain_glyph(FOUNTAIN_DIR[ch])} ", FOUNTAIN
    return (" o " if ch == "o" else "   "), ""
