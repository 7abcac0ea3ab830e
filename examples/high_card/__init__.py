"""High Card: the example game that a new game is copied from (see "Adding a game" in the README).

Each seat is dealt three private cards from 1 to 9; each round every seat secretly plays one (a
sealed decision), then the table reveals them one step at a time; the highest card scores a
point. Two rounds. Small as it is, it has what the real games have: a sealed decision, a public
step-by-step resolution, private log lines, hidden information to resample, and an option.

Only what the picker needs is declared here; the rules and the table are imported on first use.
"""

from boardgames_tui.engine.about import About

ABOUT = About(
    key="toy",
    title="High Card",
    blurb="Everyone plays a secret card; the highest scores.",
    min_players=2,
    max_players=3,
)
RULES = "examples.high_card.rules.game:HighCard"
BODY = "examples.high_card.table.body:HighCardBody"

__all__ = ["ABOUT", "BODY", "RULES"]
