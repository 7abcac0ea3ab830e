"""Tolleno: grow a canal city and raise the tallest buildings on its quays.

Only what the picker needs is declared here; the rules and the screen are imported on first use.
"""

from boardgames_tui.engine.about import About
from boardgames_tui.games import package_getattr

ABOUT = About(
    key="tolleno",
    title="Tolleno",
    blurb="Grow a canal city tile by tile and raise the tallest buildings on its quays.",
    min_players=2,
    max_players=4,
)
RULES = "boardgames_tui.games.tolleno.rules.game:Tolleno"
BODY = "boardgames_tui.games.tolleno.table.body:TollenoBody"
__getattr__ = package_getattr(ABOUT.key)

__all__ = ["ABOUT", "BODY", "RULES"]
