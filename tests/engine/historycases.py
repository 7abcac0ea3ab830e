"""Finished matches of every game, played quickly by seeded random moves through the engine."""

from __future__ import annotations

import functools
import random

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES

GAME_KEYS = tuple(GAMES)
SEATS = (
    SeatInfo("Ann", "orange", "●"),
    SeatInfo("Bot 2", "sky blue", "▲", False, "hard"),
    SeatInfo("Cleo", "green", "■"),
)


@functools.cache
def finished(key: str, seed: int = 5) -> Match:
    """A finished three-seat match of `key` (Ann, a hard bot, Cleo) by seeded random play (cached:
    tests must not change it)."""
    game = GAMES[key].game
    match = Match.new(game, SEATS, game.default_options(), seed)
    rng = random.Random(seed)
    while game.to_act(match.state) is not None:
        match.play(*choose(game, match.state, rng))
    return match


def fresh(key: str, seed: int = 5) -> Match:
    """A copy of `finished(key, seed)` that a test may save or rename."""
    match = finished(key, seed)
    return Match(match.game, match.record, list(match.states))
