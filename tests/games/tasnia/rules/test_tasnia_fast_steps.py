"""The search's shortcuts in Tasnia's steps against the plain rules, on the states of seeded random
games: `apply_legal` against `apply`, the playout policy against the random player, and its
weighted draw against `random.choices`."""

from __future__ import annotations

import random
from functools import cache
from itertools import accumulate

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules import bot
from boardgames_tui.games.tasnia.rules.state import State

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (5, 6)]


@cache
def _states(players: int, seed: int) -> list[State]:
    return random_states(GAME, players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_search_s_apply_legal_gives_apply_s_states_for_every_legal_action(players: int, seed: int) -> None:
    """`apply_legal` (the search's moves) skips the checks of an action `legal` offered; for every
    legal action of seeded games it gives the state `apply` gives, log included."""
    checked = 0
    for state in _states(players, seed)[::7]:
        if GAME.to_act(state) is None:
            continue
        seat = state.current
        for action in GAME.legal(state, seat):
            after = GAME.apply_legal(state, seat, action)
            plain = GAME.apply(state, seat, action)
            assert after == plain, action
            assert list(after.log) == list(plain.log)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_playout_policy_draws_as_the_random_player(players: int, seed: int) -> None:
    """The search's playouts ask `rollout_choice`: the random player's choice, with the very same
    draws of the random generator."""
    for i, state in enumerate(_states(players, seed)[::5]):
        if GAME.to_act(state) is None:
            continue
        actions = GAME.legal(state, state.current)
        fast, plain = random.Random(i), random.Random(i)
        assert GAME.rollout_choice(state, state.current, actions, fast) == GAME.random_choice(
            state, state.current, actions, plain
        )
        assert fast.getstate() == plain.getstate()


def test_a_weighted_draw_is_random_choices_own() -> None:
    """`bot.weighted` picks what `random.choices` picks with the same running totals (and with the
    plain weights they sum), from one and the same draw of the generator."""
    rng = random.Random(38)
    for trial in range(2000):
        population = list(range(rng.randint(1, 12)))
        weights = [rng.choice((1, 2, 6, 12, 30, 40)) for _ in population]
        totals = list(accumulate(weights))
        fast, plain, plainer = (random.Random(trial) for _ in range(3))
        picked = bot.weighted(fast, population, totals)
        assert picked == plain.choices(population, cum_weights=totals)[0] == plainer.choices(population, weights)[0]
        assert fast.getstate() == plain.getstate() == plainer.getstate()
