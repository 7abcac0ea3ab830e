"""`bots.ranked`: the root statistics behind a bot's choice, which the app's hint (`h`) reads.

Issue 18 §3: the hint says what a normal bot would do for the seat on screen, using only that
seat's information, and why (its expected result against the alternatives)."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui import bots
from boardgames_tui.games import GAMES
from tests.bots.states import GAME_KEYS, bot_decisions, sample_states

ITERATIONS = 12


def _key(game: Any, action: Any) -> str:
    return "PASS" if action is bots.PASS else game.encode(action)


def _cases(key: str, per_game: int = 3) -> list[tuple[Any, int]]:
    game = GAMES[key].game
    return [(state, seat) for _, state in sample_states(key, per_game=per_game)
            for seat, answers in bot_decisions(game, state) if answers > 1]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_first_ranked_answer_is_the_one_choose_plays(key: str) -> None:
    """Same seed and budget: `ranked`'s best is `choose`'s move (normal and hard pick the most visited)."""
    game = GAMES[key].game
    for state, seat in _cases(key):
        for level in ("normal", "hard"):
            best = bots.ranked(game, state, seat, level=level, seed=3, iterations=ITERATIONS)[0]
            played = bots.choose(game, state, seat, level=level, seed=3, iterations=ITERATIONS)
            assert _key(game, best.action) == _key(game, played)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_ranked_lists_every_answer_once_best_first_with_one_visit_per_iteration(key: str) -> None:
    game = GAMES[key].game
    for state, seat in _cases(key):
        answers = dict(bot_decisions(game, state))[seat]
        rows = bots.ranked(game, state, seat, seed=1, iterations=ITERATIONS)
        assert len({_key(game, r.action) for r in rows}) == len(rows) <= answers
        # A game may narrow the answers its bots consider (`bot_moves`) down to one: then no search.
        assert sum(r.visits for r in rows) == (ITERATIONS if len(rows) > 1 else 0)
        assert all(0.0 <= r.mean <= 1.0 for r in rows)
        assert [(r.visits, r.mean) for r in rows] == sorted(((r.visits, r.mean) for r in rows), reverse=True)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_ranked_statistics_do_not_move_with_hidden_information(key: str) -> None:
    """The hint is fair like the bot: redrawing what the seat cannot know changes nothing in it."""
    game = GAMES[key].game
    for state, seat in _cases(key, per_game=2):
        mine = [(_key(game, r.action), r.visits, r.mean) for r in bots.ranked(game, state, seat, seed=4,
                                                                                iterations=ITERATIONS)]
        for k in (1, 2):
            other = game.resample(state, seat, k)
            theirs = [(_key(game, r.action), r.visits, r.mean)
                      for r in bots.ranked(game, other, seat, seed=4, iterations=ITERATIONS)]
            assert theirs == mine


def test_a_single_answer_or_the_random_level_is_not_searched() -> None:
    game = GAMES["tain"].game
    state, seat = _cases("tain", per_game=1)[0]
    rows = bots.ranked(game, state, seat, level="random", seed=1)
    assert rows and all(r.visits == 0 for r in rows)
