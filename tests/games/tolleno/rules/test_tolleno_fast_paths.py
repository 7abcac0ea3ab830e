"""The fast paths of Tolleno's rules against plain statements of the same rules, on every state of
seeded random games: maps grown tile by tile against maps built from all tiles, boat courses and
step-3 spaces kept per map against the same questions worked out afresh, buildings sorted by key
against their own order."""

from __future__ import annotations

from functools import cache

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.boat import _paths, _paths_in, _start_of
from boardgames_tui.games.tolleno.rules.building import add_floor, second_spaces, second_spaces_in
from boardgames_tui.games.tolleno.rules.geometry import GEOMS
from boardgames_tui.games.tolleno.rules.state import PHASE, TollenoState, foreign_boats

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@cache
def _states(players: int, seed: int) -> list[TollenoState]:
    return random_states(GAME, players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_map_grown_tile_by_tile_equals_the_map_of_all_tiles(players: int, seed: int) -> None:
    """A placed tile's map and frontier are made from the map before it: the same as building the
    map and the empty positions beside it from every tile."""
    for state in _states(players, seed):
        city = {t.pos: GEOMS[(t.kind, t.k)] for t in state.tiles}
        around = {(r + dr, c + dc) for r, c in city for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
        assert state.city() == city
        assert state.frontier() == tuple(sorted(around - city.keys()))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_boat_courses_and_second_spaces_kept_per_map_equal_fresh_ones(players: int, seed: int) -> None:
    """The boat's stops (with the tiles passed) and the step-3 spaces, kept with the map, equal
    the same computed from nothing for each seat, with its own boats' blocking applied."""
    for state in _states(players, seed):
        city = state.city()
        for seat in range(state.n):
            start = _start_of(state, seat)
            allowance = state.players[seat].allowance
            assert _paths(state, seat, start) == _paths_in(city, start, allowance)
            if state.sail_from is not None:
                assert _paths(state, seat, state.sail_from) == _paths_in(city, state.sail_from, allowance)
            if state.first_build is not None and state.phase in (PHASE.SECOND, PHASE.CONTRACT):
                fresh = second_spaces_in(city, state.first_build, foreign_boats(state, seat))
                assert second_spaces(state, seat) == fresh


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_buildings_after_a_floor_keep_their_own_order(players: int, seed: int) -> None:
    """`add_floor` sorts by a key of the fields: the order of the Building values themselves."""
    for state in _states(players, seed)[::5]:
        for pos, geom in list(state.city().items())[:8]:
            for corner in geom.spaces:
                after = add_floor(state.buildings, pos, corner, state.current)
                assert list(after) == sorted(after)
                assert sum(b.height for b in after) == sum(b.height for b in state.buildings) + 1
