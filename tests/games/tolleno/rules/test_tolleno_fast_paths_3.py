"""The shortcuts of Tolleno's rules for a bot's search against the plain statements they stand
for, on every state of seeded random games: the playout estimate's totals against the final
score sheet's."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.bot import final_totals
from boardgames_tui.games.tolleno.rules.components import BOARDS, INITIAL_CONTRACTS, UNIQUE_AT
from boardgames_tui.games.tolleno.rules.scoring import final_score
from boardgames_tui.games.tolleno.rules.state import TollenoState

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (3, 4)]


@cache
def _states(players: int, seed: int) -> list[TollenoState]:
    return random_states(GAME, players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_playout_estimate_adds_up_to_the_final_score_sheet(players: int, seed: int) -> None:
    """`final_totals` equals `final_score(...).totals` on every state, under every opening
    contract, and with every seat's board scoring counted (each board, floors past the board's
    threshold and the end bonuses)."""
    for i, state in enumerate(_states(players, seed)):
        for initial in INITIAL_CONTRACTS:
            varied = evolve(state, initial=initial)
            assert final_totals(varied) == final_score(varied).totals
        board = BOARDS[i % len(BOARDS)].id
        seats = tuple(replace(p, board=board, floors=max(p.floors, UNIQUE_AT + i % 3)) for p in state.players)
        varied = replace(state, players=seats)
        assert final_totals(varied) == final_score(varied).totals
