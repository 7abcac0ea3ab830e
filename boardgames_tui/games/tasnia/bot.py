"""What a bot's search needs of Tasnia beyond the rules: an estimate of an unfinished game."""

from __future__ import annotations

from boardgames_tui.engine.protocol import standing_values
from boardgames_tui.games.tasnia.scoring import board_score, card_score
from boardgames_tui.games.tasnia.state import State

ROLLOUT_CUTOFF = 40
"""Actions of a search playout before it is scored as it stands (a random game is about 700)."""


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's prospects: its area and hand scored as if the game ended now."""
    return standing_values([board_score(p.area).total + card_score(p.hand) for p in state.players])
