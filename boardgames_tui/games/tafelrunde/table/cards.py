"""Cards drawn with the kit: a card's name with its veto mark, a hand card, a hand on one line,
and the legend of the marks."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tafelrunde.rules.components import CARD, Icon, Kind, card_title
from boardgames_tui.games.tafelrunde.table.ring import SILVER_HEX
from boardgames_tui.ui import kit
from boardgames_tui.ui.kit import Block, Count, Half, Palette
from boardgames_tui.ui.kit.icons import icon, pick

HAND_CARD_WIDTH = 16


def card_name(card: int, pal: Palette) -> Text:
    """A card's title and number with its veto icon: `Minor intrigue #28 ◈`."""
    text = Text(card_title(card), style=f"bold {pal.foreground}")
    mark = card_icon(card)
    if mark:
        text.append(" " + icon(mark), style=f"bold {pal.text_warning}")
    return text


def card_icon(card: int) -> str:
    """The kit icon name of a card's veto mark, "" when it has none."""
    mark = CARD[card].icon
    return "shield" if mark is Icon.SHIELD else "broken_shield" if mark is Icon.BROKEN else ""


_MOVES = {  # a card's moves as arrows with their distance: what the box shows at a glance
    Kind.FAVOURITE: ("arrow_up",),
    Kind.MAJOR_INTRIGUE: ("arrow_down",),
    Kind.MINOR_INTRIGUE: ("arrow_down",),
    Kind.CONFUSION: ("arrow_down", "arrow_down"),
    Kind.DIPLOMACY: ("arrow_up", "arrow_down"),
    Kind.OLD_FRIENDS: ("arrow_up", "arrow_up"),
    Kind.RUMOURS: ("arrow_up", "arrow_down"),
    Kind.VENAL: ("arrow_up", "arrow_down"),
    Kind.BACKWARDS: ("arrow_down",),
    Kind.DUBIOUS_DEAL_GIFT: ("arrow_up",),
}


def hand_card(card: int, *, state: kit.CardState = kit.CardState.NORMAL, width: int = HAND_CARD_WIDTH,
              pal: Palette) -> Block:
    """A hand card: its name on top, its number in the corner, its cost and veto mark inside."""
    data = CARD[card]
    row = [Count(arrow, data.param if isinstance(data.param, int) else None) for arrow in _MOVES.get(data.kind, ())]
    mark = card_icon(card)
    if mark:
        row.append(Count(mark, None, pal.text_warning))
    if data.cost:
        row.append(Count("silver", data.cost, SILVER_HEX))
    name, _, variant = data.name.partition(" (")
    note = f"{variant.rstrip(')')} #{card}" if variant else f"#{card}"
    if isinstance(data.param, tuple):  # a Heroic deed names the two kinds of its run
        note = "+".join(k[:3] for k in data.param) + f" #{card}"
    return kit.card(name, [Half([row], note=note)], state=state, width=width,
                    pal=pal)


def hand_line(hand: Sequence[int], pal: Palette) -> Text:
    """A hand on one line for small screens: `Venal #40 ◇ · Favourite #19`."""
    text = Text()
    for number, card in enumerate(hand):
        if number:
            text.append(pick(" · ", " - "), style=pal.muted)
        text.append_text(card_name(card, pal))
    return text


LEGEND = [
    ("goblet", "pays this side"),
    ("shield", "veto"),
    ("broken_shield", "overrule"),
    ("gold", "gold=3"),
    ("silver", "silver"),
    ("ghost", "would move"),
]
