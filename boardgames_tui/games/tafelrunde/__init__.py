"""Die Tafelrunde: heroes jostle for places beside Draco at the round table.

Only what the picker needs is declared here; the rules and the screen are imported on first use.
"""

from boardgames_tui.engine.about import About
from boardgames_tui.games import package_getattr

ABOUT = About(
    key="tafelrunde",
    title="Die Tafelrunde",
    blurb="Shove heroes around Draco's round table, veto your rivals and grab the pay-outs.",
    min_players=3,
    max_players=4,
)
RULES = "boardgames_tui.games.tafelrunde.rules.game:Tafelrunde"
BODY = "boardgames_tui.games.tafelrunde.table.body:TafelrundeBody"
__getattr__ = package_getattr(ABOUT.key)

__all__ = ["ABOUT", "BODY", "RULES"]
