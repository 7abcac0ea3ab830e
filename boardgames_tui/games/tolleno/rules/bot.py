"""What a bot's search needs of Tolleno beyond the rules: an estimate of an unfinished game."""

from __future__ import annotations

from boardgames_tui.engine.protocol import standing_values
from boardgames_tui.games.tolleno.rules.scoring import final_score
from boardgames_tui.games.tolleno.rules.state import TollenoState

ROLLOUT_CUTOFF = 30
"""Actions of a search playout before it is scored as it stands (a whole game is 100-200)."""


def evaluate(state: TollenoState) -> tuple[float, ...]:
    """Each seat's prospects: the final score sheet applied to the city as it stands now."""
    return standing_values(final_score(state).totals)
