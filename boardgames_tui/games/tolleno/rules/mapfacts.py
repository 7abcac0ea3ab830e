"""What a map of Tolleno determines, worked out once per map and kept with it: the tiles by
position, the empty positions beside them with the sides they would meet, the canal lines through
every tile with the spaces on their quays, and values asked of the map again and again.

A placed tile's facts are grown from the map before it (one tile more: the lines through it
joined, the empty positions around it changed) rather than made from every tile again. The plain
definitions these stand for are those of `geometry` (`line_through`, `quay_spaces`); a test
compares the two on every state of seeded games.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from boardgames_tui.games.tolleno.rules.geometry import (
    BIT,
    DIRS,
    GEOMS,
    City,
    Corner,
    Dir,
    Line,
    Pos,
    line_through,
    step,
)

Space = tuple[Pos, Corner]
"""A constructible space: a tile's position and one of its corners."""
Axis = tuple[Pos, bool]
"""A tile's position and an axis of its canal (True: north-south)."""

_AROUND = tuple((d.delta[0], d.delta[1], BIT[d], BIT[d.opposite]) for d in DIRS)
"""Each side as (row step, column step, its bit, the bit of the facing side)."""


class MapFacts:
    """The facts of one map (shared and read-only: never change them)."""

    __slots__ = ("around", "city", "frontier", "kept", "lines", "quays")

    city: dict[Pos, Any]
    frontier: tuple[Pos, ...]
    """The empty positions beside the city, sorted."""
    around: dict[Pos, int]
    """Each empty position beside the city: 16 x (its sides that touch a tile, as bits) + (its
    sides facing a canal, as bits); see `placement.FITS`."""
    lines: dict[Axis, Line]
    """The canal line of that axis through that tile (tiles without the axis are left out)."""
    quays: dict[Axis, tuple[Space, ...]]
    """The spaces on the quay of that line, tile by tile (`geometry.quay_spaces`)."""
    kept: dict[object, Any]
    """Values asked of this map, by question (`TollenoState.map_memo`)."""

    def grown(self, pos: Pos, kind: str, k: int) -> MapFacts:
        """The facts of this map with one more tile, at an empty position beside it."""
        geom = GEOMS[(kind, k)]
        new = _new(MapFacts)
        city = new.city = {**self.city, pos: geom}
        around = new.around = dict(self.around)
        frontier = list(self.frontier)
        if around.pop(pos, None) is not None:
            frontier.remove(pos)
        r, c = pos
        for dr, dc, _, _ in _AROUND:
            near = (r + dr, c + dc)
            if near not in city:
                if near not in around:
                    insort(frontier, near)
                around[near] = _sides(city, near)
        new.frontier = tuple(frontier)
        lines = new.lines = dict(self.lines)
        quays = new.quays = dict(self.quays)
        for vertical, back, ahead in _AXES:
            if not geom.has_axis(vertical):
                continue
            # The line through the new tile: itself between the lines it joins on either side.
            before, after = self._joined(city, pos, back, vertical), self._joined(city, pos, ahead, vertical)
            if before is None or after is None:  # a neighbour whose canal does not meet this one
                _add_line(city, lines, quays, line_through(city, pos, vertical))
                continue
            line = Line(vertical, (*before[0], pos, *after[0]))
            quay = (*before[1], *((pos, corner) for corner in geom.quay(vertical)), *after[1])
            for p in line.tiles:
                lines[(p, vertical)] = line
                quays[(p, vertical)] = quay
        new.kept = {}
        return new

    def _joined(
        self, city: City, pos: Pos, d: Dir, vertical: bool
    ) -> tuple[tuple[Pos, ...], tuple[Space, ...]] | None:
        """The tiles and quay of the line that the tile at `pos` joins on its side `d` (empty if
        none), or None if the neighbour there has no line of that axis."""
        if d not in city[pos].canals:
            return (), ()
        near = step(pos, d)
        if near not in city:
            return (), ()
        line = self.lines.get((near, vertical))
        return None if line is None else (line.tiles, self.quays[(near, vertical)])


_AXES = ((True, Dir.N, Dir.S), (False, Dir.W, Dir.E))
"""Each axis with the side it comes from (toward lower rows or columns) and the side it goes on to."""


def _sides(city: City, pos: Pos) -> int:
    r, c = pos
    present = facing = 0
    for dr, dc, bit, back in _AROUND:
        other = city.get((r + dr, c + dc))
        if other is not None:
            present |= bit
            if other.mask & back:
                facing |= bit
    return 16 * present + facing


def _add_line(city: City, lines: dict[Axis, Line], quays: dict[Axis, tuple[Space, ...]], line: Line | None) -> None:
    assert line is not None
    vertical = line.vertical
    quay = tuple((p, corner) for p in line.tiles for corner in city[p].quay(vertical))
    for p in line.tiles:
        lines[(p, vertical)] = line
        quays[(p, vertical)] = quay


def facts_from(city: dict[Pos, Any]) -> MapFacts:
    """The facts of a map made from all its tiles."""
    new = _new(MapFacts)
    new.city = city
    edge = {(r + dr, c + dc) for r, c in city for dr, dc, _, _ in _AROUND}.difference(city)
    new.around = {p: _sides(city, p) for p in edge}
    new.frontier = tuple(sorted(edge))
    new.lines = {}
    new.quays = {}
    for pos, geom in city.items():
        for vertical in (True, False):
            if geom.has_axis(vertical) and (pos, vertical) not in new.lines:
                _add_line(city, new.lines, new.quays, line_through(city, pos, vertical))
    new.kept = {}
    return new


_new = object.__new__


Visit = tuple[tuple[Pos, ...], tuple[Pos, ...], int]
"""How a boat reached a tile on one course: (the tiles before the leg it came by, the leg's
tiles, the tile's place in the leg); the tiles it passed are the first and `leg[:place]`."""


def boat_stops(facts: MapFacts, start: Pos | None, allowance: int) -> dict[Pos, list[Visit]]:
    """Every tile `geometry.sail_courses` reaches (entering through every open canal end when
    `start` is None), with each course that reaches it (`passed_on_way` gives the tiles passed,
    as `geometry.boat_paths` does). Walked along the lines kept with the map: a boat goes on
    along a line while it continues and may turn into the line across it at any tile it reaches,
    so each leg of a course is a slice of a line."""
    lines = facts.lines
    out: dict[Pos, list[Visit]] = {}

    def leg(ahead: tuple[Pos, ...], vertical: bool, turns: int, before: tuple[Pos, ...]) -> None:
        # The boat reaches the tiles `ahead` in turn, along a line of the `vertical` axis.
        for place, pos in enumerate(ahead):
            if pos != start:
                visits = out.get(pos)
                if visits is None:
                    out[pos] = [(before, ahead, place)]
                else:
                    visits.append((before, ahead, place))
            if turns:
                across = lines.get((pos, not vertical))
                if across is not None and len(across.tiles) > 1:  # a line of one tile goes nowhere
                    leave(across, pos, turns - 1, (*before, *ahead[: place + 1]))

    def leave(line: Line, pos: Pos, turns: int, route: tuple[Pos, ...]) -> None:
        # The boat sets off from `pos` both ways along `line`, where the line goes on.
        tiles = line.tiles
        i = tiles.index(pos)
        if i + 1 < len(tiles):
            leg(tiles[i + 1 :], line.vertical, turns, route)
        if i:
            leg(tiles[i - 1 :: -1], line.vertical, turns, route)

    if start is not None:
        for vertical in (True, False):
            line = lines.get((start, vertical))
            if line is not None:
                leave(line, start, allowance, (start,))
        return out
    for (pos, vertical), line in lines.items():
        # An open canal end: a line's end tile whose canal goes on out of the city.
        tiles = line.tiles
        back, ahead = _AXES[0 if vertical else 1][1:]
        if pos == tiles[0] and back in facts.city[pos].canals:
            leg(tiles, vertical, allowance, ())
        if pos == tiles[-1] and ahead in facts.city[pos].canals:
            leg(tiles[::-1], vertical, allowance, ())
    return out


def passed_on_way(visits: list[Visit], start: Pos | None) -> set[Pos]:
    """The tiles passed on some course to a stop, its start left out (`geometry.boat_paths`)."""
    passed: set[Pos] = set()
    for before, ahead, place in visits:
        passed.update(before)
        passed.update(ahead[:place])
    if start is not None:
        passed.discard(start)
    return passed
