"""Tasnia: buy building tiles with resource cards and raise complete, roofed buildings.

Only what the picker needs is declared here; the rules and the screen are imported on first use.
"""

from boardgames_tui.engine.about import About
from boardgames_tui.games import package_getattr

ABOUT = About(
    key="tasnia",
    title="Tasnia",
    blurb="Trade resource cards, buy tiles from the market and raise roofed houses and castles.",
    min_players=2,
    max_players=4,
)
RULES = "boardgames_tui.games.tasnia.rules.game:Tasnia"
BODY = "boardgames_tui.games.tasnia.table.body:TasniaBody"
__getattr__ = package_getattr(ABOUT.key)

__all__ = ["ABOUT", "BODY", "RULES"]
