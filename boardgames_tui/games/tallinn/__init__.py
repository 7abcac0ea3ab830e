"""Tallinn: one half of a card a round, disputes over three factions, towers for the end."""

from boardgames_tui.games.tallinn.rules import Tallinn

GAME = Tallinn()
BODY = "boardgames_tui.games.tallinn.screen:TallinnBody"

__all__ = ["BODY", "GAME"]
