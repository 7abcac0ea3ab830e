"""Tallinn's card faces drawn with the kit: a half as icons, a faction's name and colour, hand cards.

A card's id is drawn only where the view gives it (the viewer's own hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tallinn.rules.components import ANY, FACTION_NAMES, FACTIONS, INFLUENCE
from boardgames_tui.games.tallinn.rules.components import Half as CardHalf
from boardgames_tui.ui.kit import (
    Block,
    CardState,
    Count,
    Half,
    Palette,
    beside,
    card,
    icon,
    stack,
)

FACTION_ICON = {"K": "knight", "M": "merchant", "Mo": "monk"}
FACTION_COLOUR = {"K": "#D55E00", "M": "#E69F00", "Mo": "#56B4E9"}
ENVOY_COLOUR = "#CC79A7"
TRACK_END = 60
HALF_LETTER = "AB"


def faction_count(faction: str, n: int | None = None) -> Count:
    """A faction's icon in its colour, with a count."""
    return Count(FACTION_ICON[faction], n, FACTION_COLOUR[faction])


def half_row(face: CardHalf, disputed: str | None = None) -> list[Count]:
    """One half as icons: its symbols, envoy symbols, and the coin (with the envoy's named faction)."""
    row = [faction_count(f, n) for f, n in zip(FACTIONS, face.symbols, strict=True) if n]
    if face.envoy:
        row.append(Count("envoy", face.envoy, ENVOY_COLOUR))
    if face.coin:
        row.append(Count("coin", None, "bold"))
        if face.coin == ANY and disputed:
            row.append(faction_count(disputed))
        elif face.coin == ANY:
            row.append(Count("bluff"))
    return row


def faction_text(faction: str) -> Text:
    """A faction's icon and name."""
    return Text(f"{icon(FACTION_ICON[faction])} {FACTION_NAMES[faction]}", style=f"bold {FACTION_COLOUR[faction]}")


# --- the hand ------------------------------------------------------------------------------------


def hand_card(card_id: int, *, lit: int | None, chosen: bool, faction: str | None, pal: Palette) -> Block:
    """One hand card with both halves; the half to play lit, the envoy in its own colour."""
    halves = INFLUENCE[card_id].halves
    drawn = [
        Half([half_row(face, faction if lit == h else None)], note=HALF_LETTER[h]) for h, face in enumerate(halves)
    ]
    envoy = any(face.coin == ANY for face in halves)
    return card(
        "Envoy" if envoy else "",
        drawn,
        state=CardState.SELECTED if chosen else CardState.NORMAL,
        lit=lit,
        card_id=str(card_id),
        colour=ENVOY_COLOUR if envoy else None,
        pal=pal,
    )


def hand_cards(cards: Sequence[int], index: int | None, half: int, faction: str | None, pal: Palette) -> Block:
    """The viewer's hand side by side; each half is a click target (card index, half)."""
    blocks = []
    for i, card_id in enumerate(cards):
        chosen = i == index
        block = hand_card(card_id, lit=half if chosen else None, chosen=chosen, faction=faction, pal=pal)
        top = Block(block.lines[:3], block.width).target((i, 0))
        rest = Block(block.lines[3:], block.width).target((i, 1))
        blocks.append(stack([top, rest]))
    return beside(blocks)
