"""The canal city's geometry: rotated tiles, canal lines, quays, fountains and boat paths.

Positions are `(row, col)` with rows growing south. A tile has 3x3 cells; its four corners are
the only places a space can be. Everything here is pure and works on a `City`, a read-only map
from position to the tile's precomputed geometry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum, unique

from boardgames_tui.games.tolleno.rules.components import KINDS

Pos = tuple[int, int]


@unique
class Dir(StrEnum):
    """A side of a tile and a direction of travel."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> Pos:
        return _DELTA[self]

    @property
    def opposite(self) -> Dir:
        return _OPPOSITE[self]

    @property
    def vertical(self) -> bool:
        return self in (Dir.N, Dir.S)


_DELTA = {Dir.N: (-1, 0), Dir.E: (0, 1), Dir.S: (1, 0), Dir.W: (0, -1)}
_OPPOSITE = {Dir.N: Dir.S, Dir.S: Dir.N, Dir.E: Dir.W, Dir.W: Dir.E}
DIRS: tuple[Dir, ...] = (Dir.N, Dir.E, Dir.S, Dir.W)
PERPENDICULAR: dict[Dir, tuple[Dir, Dir]] = {
    Dir.N: (Dir.E, Dir.W),
    Dir.S: (Dir.E, Dir.W),
    Dir.E: (Dir.N, Dir.S),
    Dir.W: (Dir.N, Dir.S),
}


@unique
class Corner(StrEnum):
    """A corner cell of a tile, where constructible spaces are."""

    NW = "NW"
    NE = "NE"
    SE = "SE"
    SW = "SW"


CORNERS: tuple[Corner, ...] = (Corner.NW, Corner.NE, Corner.SE, Corner.SW)
CORNER_CELL: dict[Corner, Pos] = {Corner.NW: (0, 0), Corner.NE: (0, 2), Corner.SE: (2, 2), Corner.SW: (2, 0)}
CELL_CORNER: dict[Pos, Corner] = {v: k for k, v in CORNER_CELL.items()}
CORNER_SIDES: dict[Corner, tuple[Dir, Dir]] = {
    Corner.NW: (Dir.N, Dir.W),
    Corner.NE: (Dir.N, Dir.E),
    Corner.SE: (Dir.S, Dir.E),
    Corner.SW: (Dir.S, Dir.W),
}
"""Each corner's vertical-canal side and horizontal-canal side."""
EDGE_CELL: dict[Dir, Pos] = {Dir.N: (0, 1), Dir.E: (1, 2), Dir.S: (2, 1), Dir.W: (1, 0)}
ARROWS: dict[str, Dir] = {"^": Dir.N, ">": Dir.E, "v": Dir.S, "<": Dir.W}
BIT: dict[Dir, int] = {Dir.N: 1, Dir.E: 2, Dir.S: 4, Dir.W: 8}
_NS = BIT[Dir.N] | BIT[Dir.S]
_EW = BIT[Dir.E] | BIT[Dir.W]
_ROTATE_ARROW = {"^": ">", ">": "v", "v": "<", "<": "^"}


def rotate_rows(rows: tuple[str, str, str], k: int) -> tuple[str, str, str]:
    """The cells after k quarter turns clockwise: cell (r, c) moves to (c, 2 - r)."""
    grid = [list(r) for r in rows]
    for _ in range(k % 4):
        new = [[" "] * 3 for _ in range(3)]
        for r in range(3):
            for c in range(3):
                ch = grid[r][c]
                new[c][2 - r] = _ROTATE_ARROW.get(ch, ch)
        grid = new
    return ("".join(grid[0]), "".join(grid[1]), "".join(grid[2]))


@dataclass(frozen=True, slots=True)
class TileGeom:
    """A tile kind in one orientation, with everything the rules ask of it precomputed."""

    kind: str
    k: int
    rows: tuple[str, str, str]
    value: int
    canals: frozenset[Dir]
    spaces: tuple[Corner, ...]
    fountains: tuple[tuple[Pos, Dir], ...]
    """(cell, direction) of each fountain on the tile."""
    mask: int
    """The canal sides as bits (N 1, E 2, S 4, W 8), for fast placement checks."""
    quay_v: tuple[Corner, ...]
    """The spaces on the quay of the tile's north-south canal segment."""
    quay_h: tuple[Corner, ...]
    """The spaces on the quay of the tile's east-west canal segment."""

    @property
    def has_v(self) -> bool:
        return bool(self.mask & _NS)  # a canal on the N or S side

    @property
    def has_h(self) -> bool:
        return bool(self.mask & _EW)  # a canal on the E or W side

    def has_axis(self, vertical: bool) -> bool:
        return bool(self.mask & (_NS if vertical else _EW))

    def quay(self, vertical: bool) -> tuple[Corner, ...]:
        """The spaces on the quay of this tile's vertical (or horizontal) canal segment."""
        return self.quay_v if vertical else self.quay_h


def _make_geom(kind: str, k: int) -> TileGeom:
    rows = rotate_rows(KINDS[kind].rows, k)
    canals = frozenset(d for d, (r, c) in EDGE_CELL.items() if rows[r][c] == "~")
    spaces = tuple(corner for corner, (r, c) in CORNER_CELL.items() if rows[r][c] == "o")
    fountains = tuple(((r, c), ARROWS[rows[r][c]]) for r in range(3) for c in range(3) if rows[r][c] in ARROWS)
    mask = sum(BIT[d] for d in canals)
    quay_v = tuple(c for c in spaces if CORNER_SIDES[c][0] in canals)
    quay_h = tuple(c for c in spaces if CORNER_SIDES[c][1] in canals)
    return TileGeom(kind, k, rows, int(rows[1][1]), canals, spaces, fountains, mask, quay_v, quay_h)


GEOMS: dict[tuple[str, int], TileGeom] = {(kind, k): _make_geom(kind, k) for kind in KINDS for k in range(4)}

City = Mapping[Pos, TileGeom]


def step(pos: Pos, d: Dir) -> Pos:
    dr, dc = _DELTA[d]
    return (pos[0] + dr, pos[1] + dc)


@dataclass(frozen=True, slots=True)
class Line:
    """A canal line: a maximal straight chain of joined segments on one axis."""

    vertical: bool
    tiles: tuple[Pos, ...]

    @property
    def name(self) -> str:
        first = self.tiles[0]
        return f"{'N-S' if self.vertical else 'E-W'} canal at {first[0]},{first[1]}"


def line_through(city: City, pos: Pos, vertical: bool) -> Line | None:
    """The canal line of the given axis through the tile at `pos`, if the tile has that segment."""
    geom = city[pos]
    if not geom.has_axis(vertical):
        return None
    back, fwd = (Dir.N, Dir.S) if vertical else (Dir.W, Dir.E)
    tiles = [pos]
    for d, out in ((back, tiles), (fwd, tiles)):
        cur = pos
        while d in city[cur].canals:
            nxt = step(cur, d)
            if nxt not in city:
                break
            out.append(nxt)
            cur = nxt
    return Line(vertical, tuple(sorted(tiles)))


def space_lines(city: City, pos: Pos, corner: Corner) -> list[Line]:
    """The canal lines whose quay the space is on (one or two)."""
    geom = city[pos]
    out = []
    vside, hside = CORNER_SIDES[corner]
    for vertical, side in ((True, vside), (False, hside)):
        if side in geom.canals:
            line = line_through(city, pos, vertical)
            if line is not None:
                out.append(line)
    return out


def quay_spaces(city: City, line: Line) -> Iterator[tuple[Pos, Corner]]:
    """Every space on the quay of a line, tile by tile."""
    for pos in line.tiles:
        for corner in city[pos].quay(line.vertical):
            yield pos, corner


def perpendiculars(city: City, line: Line) -> list[Line]:
    """The lines of the other axis that share a tile with `line`."""
    out: list[Line] = []
    for pos in line.tiles:
        other = line_through(city, pos, not line.vertical)
        if other is not None and other not in out:
            out.append(other)
    return out


def extended_lines(city: City, pos: Pos) -> list[Line]:
    """The canals a freshly placed tile at `pos` extends: its axes joined through a shared canal."""
    geom = city[pos]
    out: list[Line] = []
    for vertical in (True, False):
        sides = (Dir.N, Dir.S) if vertical else (Dir.E, Dir.W)
        if any(d in geom.canals and step(pos, d) in city for d in sides):
            line = line_through(city, pos, vertical)
            if line is not None:
                out.append(line)
    return out


def fountain_counts(city: City) -> dict[tuple[Pos, Corner], int]:
    """How many fountains point at each space of the city (spaces with none are left out)."""
    counts: dict[tuple[Pos, Corner], int] = {}
    for (row, col), geom in city.items():
        for (r, c), d in geom.fountains:
            dr, dc = _DELTA[d]
            gr, gc = 3 * row + r + dr, 3 * col + c + dc
            tpos = (gr // 3, gc // 3)
            target = city.get(tpos)
            if target is None:
                continue
            corner = CELL_CORNER.get((gr % 3, gc % 3))
            if corner is not None and corner in target.spaces:
                counts[(tpos, corner)] = counts.get((tpos, corner), 0) + 1
    return counts


def open_sides(city: City, pos: Pos) -> list[Dir]:
    """The canal sides of a tile that face an empty position (open canal ends)."""
    return [d for d in DIRS if d in city[pos].canals and step(pos, d) not in city]


Route = tuple[Pos, ...]
"""The tiles a boat visits in order: its start (if it was on the map), each tile passed, its stop."""

Visit = Callable[[Pos, int, Route], None]
"""Told of each arrival: the tile, the turns still allowed, and the tiles visited before it."""


def sail_courses(
    city: City, start: Pos | None, allowance: int, entries: Iterable[tuple[Pos, Dir]], visit: Visit
) -> None:
    """Walks every course a boat may sail and calls `visit` on each arrival at a tile but `start`.

    From `start` the boat leaves through any canal side; with `start` None it enters through the
    given (tile, open side) entries instead, the entry tile being the first one it reaches. It goes
    straight, may turn into a perpendicular canal at most `allowance` times, never reverses. The
    tiles before an arrival begin with `start` when the boat was on the map, and name it again if
    the course comes back through it.
    """

    def walk(pos: Pos, heading: Dir, turns: int, before: Route) -> None:
        # The boat has just arrived at `pos` moving `heading`.
        if pos != start:
            visit(pos, turns, before)
        canals = city[pos].canals
        route = (*before, pos)
        row, col = pos
        if heading in canals:
            dr, dc = _DELTA[heading]
            nxt = (row + dr, col + dc)
            if nxt in city:
                walk(nxt, heading, turns, route)
        if turns > 0:
            for d in PERPENDICULAR[heading]:
                if d in canals:
                    dr, dc = _DELTA[d]
                    nxt = (row + dr, col + dc)
                    if nxt in city:
                        walk(nxt, d, turns - 1, route)

    if start is not None:
        for d in city[start].canals:
            nxt = step(start, d)
            if nxt in city:
                walk(nxt, d, allowance, (start,))
    else:
        for pos, side in entries:
            walk(pos, side.opposite, allowance, ())


def boat_paths(
    city: City, start: Pos | None, allowance: int, entries: Iterable[tuple[Pos, Dir]] = ()
) -> dict[Pos, set[Pos]]:
    """Where a boat may end its move, each with the tiles it may pass on the way there.

    The moves are those of `sail_courses`. The result maps every reachable tile (other than
    `start`) to the union of the tiles passed before it on some path, `start` left out; stopping
    rules about boats are left to the caller.
    """
    out: dict[Pos, set[Pos]] = {}

    def visit(pos: Pos, turns: int, before: Route) -> None:
        passed = out.get(pos)
        if passed is None:
            out[pos] = set(before)
        else:
            passed.update(before)

    sail_courses(city, start, allowance, entries, visit)
    if start is not None:
        for passed in out.values():
            passed.discard(start)
    return out


def boat_routes(
    city: City, start: Pos | None, allowance: int, entries: Iterable[tuple[Pos, Dir]] = ()
) -> dict[Pos, Route]:
    """One route to every tile `boat_paths` reaches: the shortest, then the one with fewest turns.

    The same moves (those of `sail_courses`); this one keeps the course itself, for drawing it.
    Ties are broken by the order of the tiles, so the answer does not depend on the order the city
    was built in.
    """
    best: dict[Pos, tuple[int, int, Route]] = {}

    def visit(pos: Pos, turns: int, before: Route) -> None:
        route = (*before, pos)
        key = (len(route), allowance - turns, route)
        if pos not in best or key < best[pos]:
            best[pos] = key

    sail_courses(city, start, allowance, entries, visit)
    return {pos: key[2] for pos, key in best.items()}
