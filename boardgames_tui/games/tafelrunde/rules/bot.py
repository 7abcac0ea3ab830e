"""The bots' hook: the moves a search weighs."""

from __future__ import annotations

from boardgames_tui.games.tafelrunde.rules.actions import Action, Back


def bot_moves(actions: list[Action]) -> list[Action]:
    """A bot never takes a card back: it weighed the card's answers when it chose to play it.
    With Back among its moves a search could value going back above every answer and then
    choose the same card again, over and over (Play, Back, Play … for hundreds of moves)."""
    return [a for a in actions if not isinstance(a, Back)] or actions
