"""Previews (issue 17): what a choice would bring, computed from the deciding seat's view, agree
with what `legal` offers and what `apply` then does, in seeded random games and in oracle O6."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.actions import Carry, MoveBoat, PlaceContract, PlaceTile
from boardgames_tui.games.tolleno.rules.building import contract_targets
from boardgames_tui.games.tolleno.rules.geometry import DIRS, PERPENDICULAR, Dir, step
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.rules.view import (
    best_contract_value,
    boat_courses,
    carry_sources,
    city_of,
    contract_spaces,
    contract_values,
    placement_reason,
)

from .test_tolleno_boat import o6


def _states(players: int, seed: int) -> list[TollenoState]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    state = GAME.setup(["Ada", "Bruno", "Chiara", "Dario"][:players], {}, seed)
    out = [state]
    while GAME.to_act(state) is not None:
        seat = GAME.to_act(state).seats[0]  # type: ignore[union-attr]
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        out.append(state)
    return out


def _reason(state: TollenoState, seat: int, action: object) -> str | None:
    try:
        GAME.apply(state, seat, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return str(exc)
    return None


def _course_is_sailable(view: object, route: tuple[tuple[int, int], ...], allowance: int, entering: bool) -> bool:
    """Each step crosses a canal side shared by both tiles; turns within the allowance; no reversal."""
    city = city_of(view)  # type: ignore[arg-type]
    heading: Dir | None = None
    turns = 0
    for here, there in pairwise(route):
        d = next(d for d in DIRS if step(here, d) == there)
        if d not in city[here].canals or d.opposite not in city[there].canals:
            return False
        if heading is not None and d != heading:
            if d not in PERPENDICULAR[heading]:
                return False
            turns += 1
        heading = d
    return turns <= allowance and (entering or len(route) >= 2)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_previews_agree_with_legal_and_apply_in_random_games(players: int, seed: int) -> None:
    """Placement reasons, contract spaces and VP, boat stops, courses and carried floors, each
    computed from the seat's own view, match the rules' legal list and the outcome of apply."""
    rng = random.Random(seed)
    checked = {Phase.PLACE: 0, Phase.CONTRACT: 0, Phase.SECOND: 0, Phase.NAVIGATE: 0}
    for state in _states(players, seed):
        if state.phase is Phase.OVER:
            continue
        seat = state.current
        view = GAME.view(state, seat)
        legal = GAME.legal(state, seat)
        if state.phase is Phase.PLACE and rng.random() < 0.3:
            for pos in rng.sample(state.frontier(), min(6, len(state.frontier()))):
                for k in range(4):
                    assert placement_reason(view, seat, pos, k) == _reason(state, seat, PlaceTile(pos, k))
            checked[Phase.PLACE] += 1
        if state.phase in (Phase.SECOND, Phase.CONTRACT):
            assert contract_spaces(view, seat) == contract_targets(state, seat)
            checked[state.phase] += 1
        if state.phase is Phase.CONTRACT:
            chosen = state.chosen_contract
            assert chosen is not None
            for (pos, corner), vp in contract_values(view, seat, chosen).items():
                after = GAME.apply(state, seat, PlaceContract(chosen, pos, corner))
                assert after.players[seat].contracts[-1] == (chosen, vp)
        if state.phase is Phase.NAVIGATE:
            courses = boat_courses(view, seat)
            assert set(courses) == {a.dest for a in legal if isinstance(a, MoveBoat)}
            entering = view.seats[seat].boat is None
            for dest, route in courses.items():
                assert route[-1] == dest
                assert entering or route[0] == view.seats[seat].boat
                assert _course_is_sailable(view, route, view.seats[seat].allowance, entering)
                after = GAME.apply(state, seat, MoveBoat(dest))
                offered = GAME.legal(after, seat) if after.phase is Phase.CARRY and after.current == seat else []
                carried = {a.carry_from for a in offered if isinstance(a, Carry) and a.carry_from is not None}
                assert set(carry_sources(view, seat, dest)) == carried
            checked[Phase.NAVIGATE] += 1
    assert all(checked.values()), checked


def test_oracle_O6_courses_follow_the_canals_with_the_allowed_turns() -> None:
    """O6: from (1,0), one turn reaches (0,3) north then east; two turns reach (-1,3) by turning north again."""
    one = GAME.view(o6(13), 0)  # type: ignore[arg-type]
    assert boat_courses(one, 0)[(0, 3)] == ((1, 0), (0, 0), (0, 1), (0, 2), (0, 3))
    assert boat_courses(one, 0)[(0, 0)] == ((1, 0), (0, 0))
    assert (-1, 3) not in boat_courses(one, 0)
    two = GAME.view(o6(16), 0)  # type: ignore[arg-type]
    assert boat_courses(two, 0)[(-1, 3)] == ((1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (-1, 3))


def test_oracle_O6_a_moored_boat_is_passed_but_never_a_stop_and_blocks_its_floors() -> None:
    state = o6(13, boats={"B": (0, 2)}, buildings=[("A", (0, 2), "NW", 1), ("A", (0, 1), "NW", 1)])
    view = GAME.view(state, 0)  # type: ignore[arg-type]
    courses = boat_courses(view, 0)
    assert (0, 2) not in courses and (0, 2) in courses[(0, 3)]
    assert carry_sources(view, 0, (0, 3)) == [((0, 1), "NW")]


def test_boat_previews_are_empty_before_the_sixth_floor() -> None:
    view = GAME.view(o6(5), 0)  # type: ignore[arg-type]
    assert boat_courses(view, 0) == {} and carry_sources(view, 0, (0, 0)) == []


def test_contract_preview_is_empty_outside_step_three_and_best_value_is_the_maximum() -> None:
    state = GAME.setup(["Ada", "Bruno"], {}, 4)
    view = GAME.view(state, state.current)
    assert contract_spaces(view, state.current) == []
    assert best_contract_value(view, state.current, state.offer[0]) is None
    for s in _states(2, 8):
        if s.phase is Phase.SECOND and contract_targets(s, s.current):
            v = GAME.view(s, s.current)
            values = contract_values(v, s.current, s.offer[0])
            assert best_contract_value(v, s.current, s.offer[0]) == max(values.values())
            return
    raise AssertionError("no step 3 with a contract space in the game")
