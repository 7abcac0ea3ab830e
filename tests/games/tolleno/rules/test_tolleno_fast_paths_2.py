"""The map facts and legal-move listings of Tolleno's rules against plain statements of the same
rules, on every state of seeded random games: canal lines and quays grown tile by tile against
lines walked from each tile, placements from the sides kept per empty position against
`placement_problem` for every candidate, step-3 targets against their definition, floors added in
order against a full sort, the index of buildings carried from state to state against a fresh
one, and an action handed out by `legal` applied without its checks against the same action
applied through them."""

from __future__ import annotations

import pickle
from dataclasses import replace
from functools import cache

import pytest

from boardgames_tui.engine.field_memo import PREFIX
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.building import (
    add_floor,
    by_space,
    contract_targets,
    floor_ok,
    occupants,
    second_floor_targets,
    second_spaces_in,
)
from boardgames_tui.games.tolleno.rules.components import KINDS
from boardgames_tui.games.tolleno.rules.geometry import (
    BIT,
    DIRS,
    Corner,
    Pos,
    extended_lines,
    line_through,
    quay_spaces,
    step,
)
from boardgames_tui.games.tolleno.rules.placement import extended_by, placement_problem, placements
from boardgames_tui.games.tolleno.rules.state import PHASE, Building, TollenoState, foreign_boats
from boardgames_tui.games.tolleno.rules.turn import play

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (3, 4)]


@cache
def _states(players: int, seed: int) -> list[TollenoState]:
    return random_states(GAME, players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_lines_quays_and_sides_kept_with_the_map_equal_those_worked_out_afresh(players: int, seed: int) -> None:
    """Every tile's canal line of each axis (and its quay) as `line_through` walks it, and every
    empty position's sides as the tiles around it show them."""
    for state in _states(players, seed):
        facts = state.facts()
        city = state.city()
        for pos in city:
            for vertical in (True, False):
                line = line_through(city, pos, vertical)
                assert facts.lines.get((pos, vertical)) == line
                if line is not None:
                    assert facts.quays[(pos, vertical)] == tuple(quay_spaces(city, line))
        for pos in state.frontier():
            present = facing = 0
            for d in DIRS:
                other = city.get(step(pos, d))
                if other is not None:
                    present |= BIT[d]
                    facing |= BIT[d] if d.opposite in other.canals else 0
            assert facts.around[pos] == 16 * present + facing
        if state.placed_at is not None:
            assert extended_by(facts, state.placed_at) == tuple(extended_lines(city, state.placed_at))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_placements_equal_the_candidates_placement_problem_accepts(players: int, seed: int) -> None:
    """Each kind's placements for the current seat: the positions beside the city and rotations, in
    order, that `placement_problem` finds nothing against (every fifth state, every kind)."""
    for state in _states(players, seed)[::5]:
        city = state.city()
        seat = state.current
        blocked = foreign_boats(state, seat)
        for kind in KINDS:
            plain = [
                (pos, k)
                for pos in state.frontier()
                for k in range(4)
                if placement_problem(city, kind, pos, k, blocked) is None
            ]
            assert placements(state, seat, kind) == plain
            assert placements(state, seat, kind, first_only=True) == plain[:1]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_step_three_targets_equal_their_definition(players: int, seed: int) -> None:
    """Second floors: the sorted step-3 spaces with room for the seat's floor; contracts: the sorted
    empty ones (none without a face-up contract)."""
    for state in _states(players, seed):
        if state.first_build is None or state.phase not in (PHASE.SECOND, PHASE.CONTRACT):
            continue
        for seat in range(state.n):
            spaces = second_spaces_in(state.city(), state.first_build, foreign_boats(state, seat))
            buildings = {(b.pos, b.corner): b for b in state.buildings}
            laid = {(c.pos, c.corner): c for c in state.contracts}
            floors = sorted(s for s in spaces if floor_ok(s, seat, buildings, laid))
            assert second_floor_targets(state, seat) == (floors if state.players[seat].floors_left > 0 else [])
            empty = sorted(s for s in spaces if s not in buildings and s not in laid)
            assert contract_targets(state, seat) == (empty if state.offer else [])


def _add_floor_sorting_all(
    buildings: tuple[Building, ...], pos: Pos, corner: Corner, seat: int
) -> tuple[Building, ...]:
    """The plain statement: the floor added, then every building sorted."""
    here = [b for b in buildings if (b.pos, b.corner) == (pos, corner)]
    out = [b for b in buildings if (b.pos, b.corner) != (pos, corner)]
    out.append(Building(pos, corner, here[0].owner, here[0].height + 1) if here else Building(pos, corner, seat, 1))
    return tuple(sorted(out))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_floor_added_in_place_equals_a_full_sort_and_the_carried_index_a_fresh_one(players: int, seed: int) -> None:
    """`add_floor` inserts in order; the buildings and contracts by space carried from state to
    state equal those indexed afresh; the carried values never reach a pickle."""
    for state in _states(players, seed)[::3]:
        assert occupants(state) == (by_space(state.buildings), by_space(state.contracts))
        assert not any(key.startswith(PREFIX) for key in pickle.loads(pickle.dumps(state)).__dict__)
        for pos, geom in list(state.city().items())[:6]:
            for corner in geom.spaces:
                plain = _add_floor_sorting_all(state.buildings, pos, corner, state.current)
                assert add_floor(state.buildings, pos, corner, state.current) == plain


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_an_action_from_legal_applied_without_checks_equals_it_applied_through_them(players: int, seed: int) -> None:
    """Every legal action of every tenth state, applied as handed out (no checks) and as an equal
    action made anew (checked): the same state and log; the map facts grown on the way equal those
    of the new tiles made from nothing."""
    for state in _states(players, seed)[::10]:
        decision = GAME.to_act(state)
        if decision is None:
            continue
        seat = decision.seats[0]
        for action in GAME.legal(state, seat):
            fast = play(state, seat, action)
            checked = play(state, seat, replace(action))
            assert fast == checked
            assert tuple(fast.log) == tuple(checked.log)
            afresh = replace(fast)  # a new instance: nothing carried
            assert afresh.facts() is not fast.facts()
            assert (afresh.city(), afresh.frontier()) == (fast.city(), fast.frontier())
            assert (afresh.facts().lines, afresh.facts().quays) == (fast.facts().lines, fast.facts().quays)
