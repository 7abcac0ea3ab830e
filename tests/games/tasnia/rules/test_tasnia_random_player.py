"""The random player of `simulate` and the fuzz tests (spec ruling 20): a few Building-phase actions
per turn, then the end of building; it always puts a picked-up tile somewhere."""

from __future__ import annotations

import random

from boardgames_tui.engine.simulate import choose, playout
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.actions import Cancel, EndBuilding, Lift, Put, Stock, Take
from boardgames_tui.games.tasnia.rules.bot import RANDOM_BUILD_ACTIONS
from boardgames_tui.games.tasnia.rules.state import Phase, State
from tests.games.tasnia.tasnia_helpers import area, me, play, scenario


def building(stock: tuple[str, ...], *pictures: str) -> State:
    return scenario(phase=Phase.BUILD, areas={0: area(*pictures, stock=stock)})


def test_ruling_20_random_player_ends_building_after_a_few_actions() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        state = building(("W", "W", "W", "D", "^", "=", "S"), "WW")
        done = 0
        while True:
            seat, action = choose(GAME, state, rng)
            if isinstance(action, EndBuilding):
                break
            state = GAME.apply(state, seat, action)
            if not isinstance(action, Take | Lift):
                done += 1
                assert state.build_actions == done
        assert done <= RANDOM_BUILD_ACTIONS
        if done == RANDOM_BUILD_ACTIONS:
            assert any(not isinstance(a, EndBuilding) for a in GAME.legal(state, 0)), "the rules still allow more"


def test_random_player_never_lets_go_of_a_picked_up_tile() -> None:
    held = play(building(("W",), "WW"), Take("W"))
    lifted = play(building((), "WW"), Lift((1, 0)))
    for state in (held, lifted):
        assert Cancel() in GAME.legal(state, 0)
        for seed in range(30):
            _, action = choose(GAME, state, random.Random(seed))
            assert isinstance(action, Put | Stock)


def test_random_player_prefers_capping_a_column_with_a_roof() -> None:
    state = play(building(("^",), "D"), Take("^"))
    picks = [choose(GAME, state, random.Random(seed))[1] for seed in range(40)]
    assert sum(p == Put((0, 1)) for p in picks) > 20


def test_random_games_end_and_complete_buildings() -> None:
    completed = 0
    for seed in range(3):
        result = playout(GAME, 2, seed, check=False)
        final = GAME.view(result.final_state, None)
        completed += sum(1 for seat in final.seats if any(b.complete for b in seat.buildings))
        assert all(len(me(result.final_state, s).area.tiles) > 0 for s in range(2))
    assert completed >= 3
