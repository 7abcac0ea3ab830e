"""The score sheet at the end: one line, rounds won, and the ranking (ties share a place)."""

from __future__ import annotations

from boardgames_tui.engine.protocol import Outcome, ScoreLine
from examples.high_card.rules.components import ROUNDS
from examples.high_card.rules.state import State


def outcome(state: State) -> Outcome | None:
    if state.round <= ROUNDS:
        return None
    groups: dict[int, list[int]] = {}
    for seat, score in enumerate(state.scores):
        groups.setdefault(score, []).append(seat)
    ranking = tuple(tuple(groups[k]) for k in sorted(groups, reverse=True))
    return Outcome((ScoreLine("Rounds won", state.scores),), state.scores, ranking)
