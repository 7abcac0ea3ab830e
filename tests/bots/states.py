"""Seeded states along random games of every registered game, for the bot tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from boardgames_tui.bots.search import window_open
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, Seat
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games import GAMES

GAME_KEYS = sorted(GAMES)
VOLUME = int(os.environ.get("BOARDGAMES_BOT_TESTS", "1"))
"""How many seeded games per game and player count the bot tests walk (raise it for a deep run)."""
Decide = Callable[..., Any]
"""A bot's decision: (game, state, seat, *, seed, iterations) -> its answer (the `decide` fixture)."""


def bot_decisions(game: AnyGame, state: Any) -> list[tuple[Seat, int]]:
    """Every (seat, number of possible answers) a bot may be asked for in `state`."""
    decision = game.to_act(state)
    if decision is None or decision.kind is DecisionKind.STEP:
        return []
    may_pass = window_open(game, state, decision)
    seats = decision.seats if decision.kind is not DecisionKind.TURN else decision.seats[:1]
    return [(seat, len(game.legal(state, seat)) + may_pass) for seat in seats]


def sample_states(key: str, per_game: int, seeds: int = VOLUME) -> Iterator[tuple[int, Any]]:
    """About `per_game` states spread along seeded random games of each player count, each with
    at least one bot decision of two or more answers: (players, state)."""
    game = GAMES[key].game
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(seeds):
            states = [s for s in random_states(game, players, 500 + seed)
                      if any(n > 1 for _, n in bot_decisions(game, s))]
            step = max(1, len(states) // per_game)
            for state in states[step // 2 :: step][:per_game]:
                yield players, state
