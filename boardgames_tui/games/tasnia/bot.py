"""What a bot's search needs of Tasnia beyond the rules: an estimate of an unfinished game."""

from __future__ import annotations

from boardgames_tui.engine.protocol import standing_values
from boardgames_tui.games.tasnia.scoring import board_score, card_score
from boardgames_tui.games.tasnia.state import Action, EndBuilding, Lift, MoveCard, Phase, State

BOT_BUILD_ACTIONS = 8
"""Building-phase actions a bot takes per turn before it ends building (the rules set no bound)."""

ROLLOUT_CUTOFF = 40
"""Actions of a search playout before it is scored as it stands (a random game is about 700)."""


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's prospects: its area and hand scored as if the game ended now."""
    return standing_values([board_score(p.area).total + card_score(p.hand) for p in state.players])


def bot_moves(state: State, actions: list[Action]) -> list[Action]:
    """The moves a bot considers: never a tile lifted or a card moved back and forth (the rules
    allow it endlessly), and past `BOT_BUILD_ACTIONS` building actions only the end of building."""
    if state.phase is Phase.BUILD and state.holding is None and state.build_actions >= BOT_BUILD_ACTIONS:
        return [a for a in actions if isinstance(a, EndBuilding)]
    return [a for a in actions if not isinstance(a, Lift | MoveCard)]
