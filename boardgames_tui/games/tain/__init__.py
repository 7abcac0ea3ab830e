"""Tàin: Celtic cattle raids with hidden clan tokens, for 2 to 4 players."""

from boardgames_tui.games.tain.rules import TainGame

GAME = TainGame()
BODY = "boardgames_tui.games.tain.screen:TainBody"
