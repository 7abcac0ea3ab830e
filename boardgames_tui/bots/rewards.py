"""A finished game as one reward per seat in [0, 1]: mostly winning, then place, then score."""

from __future__ import annotations

from boardgames_tui.engine.protocol import Outcome

WIN, PLACE, SCORE = 0.6, 0.3, 0.1
"""Weights of a share of the victory, of the place (first 1, last 0) and of the score between the
lowest and the highest total. The same blend as `engine.protocol.standing_values`."""


def outcome_rewards(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's reward for `outcome`: shared places count as their average."""
    totals = outcome.totals
    n = len(totals)
    place = [0.0] * n
    first = 0
    for group in outcome.ranking:
        for seat in group:
            place[seat] = first + (len(group) - 1) / 2
        first += len(group)
    winners = outcome.winners
    lo, hi = min(totals), max(totals)
    out = []
    for seat in range(n):
        win = 1.0 / len(winners) if seat in winners else 0.0
        rank = 1.0 - place[seat] / (n - 1) if n > 1 else 1.0
        spread = (totals[seat] - lo) / (hi - lo) if hi > lo else 0.5
        out.append(WIN * win + PLACE * rank + SCORE * spread)
    return tuple(out)
