"""Die Tafelrunde's bots never take a card back (`bot_moves` drops Back).

Reproduction: in an arena game (seats random, random, random, hard; seed 18) the hard bot played a
card, answered its question, took it back and played it again for more than a thousand moves:
its search valued going back above every answer, then chose the same card again. Before the fix
a search of 150 iterations chose Back in 169 of 733 states of seeded random games that offer it.
"""

from __future__ import annotations

import itertools

from boardgames_tui import bots
from boardgames_tui.bots.search import bot_moves
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Back


def _states_offering_back(players: int, seed: int, count: int):  # type: ignore[no-untyped-def]
    """The first `count` (state, seat) of a seeded random game where the seat may take a card back."""
    found = ((state, seat) for state in random_states(GAME, players, seed)
             for seat in range(players)
             if any(isinstance(a, Back) for a in GAME.legal(state, seat)))
    return list(itertools.islice(found, count))


def test_a_bot_keeps_every_answer_but_never_considers_back() -> None:
    cases = _states_offering_back(4, 905, 12)
    assert len(cases) == 12
    for state, seat in cases:
        legal = GAME.legal(state, seat)
        considered = bot_moves(GAME, state, seat)
        assert considered == [a for a in legal if not isinstance(a, Back)]
        assert considered  # a card being declared always has an answer


def test_a_bot_that_played_a_card_answers_it_instead_of_taking_it_back() -> None:
    for state, seat in _states_offering_back(4, 905, 12):
        for seed in (1, 2, 3):
            action = bots.choose(GAME, state, seat, iterations=60, seed=seed)
            assert not isinstance(action, Back), (state.day, seed)
