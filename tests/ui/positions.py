"""Seeded matches played on at random until a person faces a chosen kind of decision, for the
Pilot tests that reproduce what a player met there."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES


def match_where(key: str, seats: Sequence[SeatInfo], options: dict[str, str], wanted: Callable[[Match, Any], bool],
                seeds: range = range(1, 40), limit: int = 600) -> Match:
    """A match of `key` played at random from a seeded start until `wanted(match, decision)` holds
    for a decision a person takes (the first seed where it comes up)."""
    game = GAMES[key].game
    for seed in seeds:
        match = Match.new(game, tuple(seats), options, seed)
        rng = random.Random(seed)
        for _ in range(limit):
            decision = match.decision()
            if decision is None:
                break
            if decision.seats and seats[decision.seats[0]].human and wanted(match, decision):
                return match
            match.play(*choose(game, match.state, rng))
    raise AssertionError(f"{key}: no such decision in the seeds tried")
