"""Tolleno: grow a canal city and raise the tallest buildings on its quays."""

from boardgames_tui.games.tolleno.rules import Tolleno

GAME = Tolleno()
BODY = "boardgames_tui.games.tolleno.screen:TollenoBody"
