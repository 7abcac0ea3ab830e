"""What a bot's search needs of Tallinn beyond the rules: an estimate of an unfinished game.

A playout is cut short after `ROLLOUT_CUTOFF` actions and scored by `evaluate`: every seat's
score so far, plus the final disputes and the tower valuation as they would come out if each card
still in hand or pile ended in the row showing the mean of its two halves.
"""

from __future__ import annotations

from boardgames_tui.engine.protocol import standing_values
from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.components import HALF_SYMBOLS, INFLUENCE
from boardgames_tui.games.tallinn.rules.state import SeatState, TallinnState

ROLLOUT_CUTOFF = 15
"""Actions of a search playout before it is scored as it stands: about three rounds at three
players (a whole game is 35 actions at two players, 50 at three, 67 at four)."""


def _mean(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[float, float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2)


_MEAN_HALF: dict[int, tuple[float, float, float]] = {
    card: _mean(HALF_SYMBOLS[(card, 0)], HALF_SYMBOLS[(card, 1)]) for card in INFLUENCE
}
"""Per card: the symbols it shows in a row, on average over its two halves."""


def projected_row(seat: SeatState) -> tuple[float, float, float]:
    """The seat's row counts if every card it still holds or will draw ended in the row, each
    showing the mean of its halves (envoy symbols on the smallest faction, as at final scoring)."""
    now = scoring.final_row_counts(seat, None)
    k, m, mo = float(now[0]), float(now[1]), float(now[2])
    for cards in (seat.hand, seat.pile):  # the hand, then the pile (no tuple joined for it)
        for card in cards:
            dk, dm, dmo = _MEAN_HALF[card]
            k += dk
            m += dm
            mo += dmo
    return (k, m, mo)


def estimated_scores(state: TallinnState) -> list[float]:
    """Every seat's score so far plus its projected final disputes and tower valuation."""
    seats = state.seats
    final = scoring.final_points([projected_row(s) for s in seats], [scoring.tower_strength(s.towers) for s in seats])
    return [float(s.score + points) for s, points in zip(seats, final, strict=True)]


def evaluate(state: TallinnState) -> tuple[float, ...]:
    """Each seat's prospects in [0, 1], from `estimated_scores`, blended like a finished game's."""
    return standing_values(estimated_scores(state))
