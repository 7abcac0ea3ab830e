"""Die Tafelrunde: heroes jostle for places beside Draco at the round table."""

from boardgames_tui.games.tafelrunde.rules import Tafelrunde

GAME = Tafelrunde()
BODY = "boardgames_tui.games.tafelrunde.screen:TafelrundeBody"

__all__ = ["BODY", "GAME"]
