"""Short Rich texts for Tallinn's choice lists: a half as coloured counts, and the removal note.

Factions always carry their letter (K, M, Mo) as well as a colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tallinn.components import CHRONICLES, FACTIONS, Half
from boardgames_tui.games.tallinn.view import TallinnView

FACTION_STYLE = {"K": "bold #D55E00", "M": "bold #E69F00", "Mo": "bold #56B4E9", "E": "bold #CC79A7"}


def symbols(counts: Sequence[int], envoy: int = 0, coin: str | None = None) -> Text:
    """Counts as coloured letters, e.g. 2K 1Mo, then envoy symbols and a coin ($K, $?)."""
    text = Text()
    for f, n in zip(FACTIONS, counts, strict=True):
        if n:
            if text:
                text.append(" ")
            text.append(f"{n}{f}", style=FACTION_STYLE[f])
    if envoy:
        text.append(f"{' ' if text else ''}{envoy}E", style=FACTION_STYLE["E"])
    if coin:
        text.append(" $", style="bold")
        text.append("?" if coin == "any" else coin, style="bold reverse")
    return text


def half_text(half: Half) -> Text:
    return symbols(half.symbols, half.envoy, half.coin)


def removal_note(view: TallinnView) -> Text:
    """What the chronicle being scored asks of a row, and what it pays."""
    level = view.chronicle_level
    if not level or not view.chronicle_cards:
        return Text()
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    players = len(view.seats)
    text = Text(f"Chronicle {'I' * level}: ", style="bold")
    text.append(f"{half.text()} (a coin is {players} points).\n")
    text.append("Mark row cards with Space, then r to remove them or n for nothing.", style="italic")
    return text
