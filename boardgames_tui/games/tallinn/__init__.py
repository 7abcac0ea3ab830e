"""Tallinn: one half of a card a round, disputes over three factions, towers for the end.

Only what the picker needs is declared here; the rules and the screen are imported on first use.
"""

from boardgames_tui.engine.about import About
from boardgames_tui.games import package_getattr

ABOUT = About(
    key="tallinn",
    title="Tallinn",
    blurb="Play one half of a card each round, win disputes over factions, build towers in secret.",
    min_players=2,
    max_players=4,
)
RULES = "boardgames_tui.games.tallinn.rules.game:Tallinn"
BODY = "boardgames_tui.games.tallinn.table.body:TallinnBody"
__getattr__ = package_getattr(ABOUT.key)

__all__ = ["ABOUT", "BODY", "RULES"]
