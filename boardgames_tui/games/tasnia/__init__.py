"""Tasnia: buy building tiles with resource cards and raise complete, roofed buildings."""

from boardgames_tui.games.tasnia.rules import Tasnia

GAME = Tasnia()
BODY = "boardgames_tui.games.tasnia.screen:TasniaBody"

__all__ = ["BODY", "GAME"]
