"""The one canal walker behind `boat_paths` and `boat_routes` gives exactly what the two separate
walks it replaced gave, on states of seeded random games (every boat, entering and sailing, every
allowance from none to three turns).

The two reference walks below are the earlier code, kept verbatim as the oracle.
BOARDGAMES_FUZZ=1 walks more games.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.geometry import (
    PERPENDICULAR,
    City,
    Dir,
    Pos,
    Route,
    boat_paths,
    boat_routes,
    open_sides,
    step,
)

SEEDS = range(40 if os.environ.get("BOARDGAMES_FUZZ") == "1" else 4)


def reference_paths(
    city: City, start: Pos | None, allowance: int, entries: Iterable[tuple[Pos, Dir]] = ()
) -> dict[Pos, set[Pos]]:
    """The former `boat_paths`: each stop with the union of the tiles passed on the way."""
    out: dict[Pos, set[Pos]] = {}

    def walk(pos: Pos, heading: Dir, turns: int, passed: tuple[Pos, ...]) -> None:
        if pos != start:
            out.setdefault(pos, set()).update(passed)
        geom = city[pos]
        options = [(heading, turns)]
        if turns > 0:
            options += [(d, turns - 1) for d in PERPENDICULAR[heading]]
        for d, left in options:
            if d in geom.canals:
                nxt = step(pos, d)
                if nxt in city:
                    walk(nxt, d, left, (*passed, pos) if pos != start else passed)

    if start is not None:
        for d in city[start].canals:
            nxt = step(start, d)
            if nxt in city:
                walk(nxt, d, allowance, ())
    else:
        for pos, side in entries:
            walk(pos, side.opposite, allowance, ())
    return out


def reference_routes(
    city: City, start: Pos | None, allowance: int, entries: Iterable[tuple[Pos, Dir]] = ()
) -> dict[Pos, Route]:
    """The former `boat_routes`: one course to each stop, shortest then fewest turns."""
    best: dict[Pos, tuple[int, int, Route]] = {}

    def walk(pos: Pos, heading: Dir, turns: int, route: Route) -> None:
        route = (*route, pos)
        if pos != start:
            key = (len(route), allowance - turns, route)
            if pos not in best or key < best[pos]:
                best[pos] = key
        geom = city[pos]
        options = [(heading, turns)]
        if turns > 0:
            options += [(d, turns - 1) for d in PERPENDICULAR[heading]]
        for d, left in options:
            if d in geom.canals:
                nxt = step(pos, d)
                if nxt in city:
                    walk(nxt, d, left, route)

    if start is not None:
        for d in city[start].canals:
            nxt = step(start, d)
            if nxt in city:
                walk(nxt, d, allowance, (start,))
    else:
        for pos, side in entries:
            walk(pos, side.opposite, allowance, ())
    return {pos: key[2] for pos, key in best.items()}


def voyages() -> Iterator[tuple[City, Pos | None, int, list[tuple[Pos, Dir]]]]:
    """(city, start, allowance, entries) for every boat and the entry, along seeded random games."""
    for players in (2, 4):
        for seed in SEEDS:
            for state in random_states(GAME, players, 900 + seed)[::3]:
                city = state.city()
                entries = [(p, d) for p in sorted(city) for d in open_sides(city, p)]
                boats = {p.boat for p in state.players if p.boat is not None}
                for allowance in range(4):
                    yield city, None, allowance, entries
                    for boat in sorted(boats):
                        yield city, boat, allowance, []


def test_merged_walker_equals_both_former_walks_on_random_games() -> None:
    """Same stops, same passed tiles and the same chosen course as the two former walks."""
    checked = 0
    for city, start, allowance, entries in voyages():
        assert boat_paths(city, start, allowance, entries) == reference_paths(city, start, allowance, entries)
        assert boat_routes(city, start, allowance, entries) == reference_routes(city, start, allowance, entries)
        checked += 1
    assert checked > 200, "too few voyages to compare"


@pytest.mark.parametrize("allowance", [0, 2])
def test_courses_reach_exactly_the_stops_with_passed_tiles(allowance: int) -> None:
    """Each course starts on the boat's tile, ends on its stop, and every tile between is one the
    paths say may be passed on the way there."""
    for city, start, _, entries in voyages():
        paths = boat_paths(city, start, allowance, entries)
        routes = boat_routes(city, start, allowance, entries)
        assert set(routes) == set(paths)
        for dest, route in routes.items():
            assert route[-1] == dest
            assert start is None or route[0] == start
            assert set(route[1:-1]) - {start} <= paths[dest]
