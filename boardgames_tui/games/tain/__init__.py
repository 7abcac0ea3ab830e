"""Tàin: Celtic cattle raids with hidden clan tokens, for 2 to 4 players.

Only what the picker needs is declared here; the rules and the screen are imported on first use.
"""

from boardgames_tui.engine.about import About
from boardgames_tui.games import package_getattr

ABOUT = About(
    key="tain",
    title="Tàin",
    blurb="Celtic cattle raids with face-down clansmen and bluffs, for 2 to 4 clans.",
    min_players=2,
    max_players=4,
)
RULES = "boardgames_tui.games.tain.rules.game:TainGame"
BODY = "boardgames_tui.games.tain.table.body:TainBody"
__getattr__ = package_getattr(ABOUT.key)

__all__ = ["ABOUT", "BODY", "RULES"]
