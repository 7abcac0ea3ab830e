"""Cards drawn with the kit: a card's name with its veto mark, a hand card, a hand on one line,
the legend of the marks, the viewer's hand (every hand at the end) and the discard pile."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tafelrunde.rules.components import CARD, Icon, Kind, card_title
from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.games.tafelrunde.table.lines import wrapped
from boardgames_tui.games.tafelrunde.table.ring import SILVER_HEX, seat_chip
from boardgames_tui.ui import kit
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Block, Count, Half, Palette
from boardgames_tui.ui.kit.icons import icon, pick

HAND_CARD_WIDTH = 16
TITLE_MARGIN = 6
"""A card's frame around its title: the corners, the rule before it and the spaces beside it."""


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

COMPACT_LEGEND = [("gold", "gold=3"), ("silver", "silver"), ("hand", "cards")]
"""The small table's marks not named by a heading of their own (the shield marks sit in the ring's corner)."""


def draw_hand(canvas: Canvas, seen: Seen, view: TableView, width: int, *, compact: bool, pal: Palette) -> bool:
    """The viewer's hand (every hand at the end); True when the legend went on its header line."""
    shown = [(s, h) for s, h in enumerate(view.hands) if h is not None]
    legend_drawn = False
    for seat, hand in shown:
        label = Text("Your hand " if not view.finished else "", style=f"bold {pal.foreground}")
        if view.finished:
            label = seat_chip(view, seen.seats, seat, pal=pal) + Text(" ")
        if compact or view.finished or not hand:
            line = label + (hand_line(hand, pal) if hand else Text("(empty)", style=pal.muted))
            if compact and not legend_drawn:  # the purses' marks, beside the hand where it leaves room
                marks = kit.legend(COMPACT_LEGEND, pal=pal)
                if line.cell_len + 2 + marks.cell_len <= width:
                    line = line + Text(" " * (width - line.cell_len - marks.cell_len)) + marks
                    legend_drawn = True
            wrapped(canvas, line, width)
            continue
        header = label + Text("  ") + kit.legend(LEGEND, pal=pal)
        canvas.add(kit.fit(header, width))
        canvas.newline()
        legend_drawn = True
        # Four cards or fewer get room for their whole names; five share the width when their
        # names fit, else they take two rows (never a name cut while a row below is free).
        card_width = max(HAND_CARD_WIDTH, min(20, (width + 1) // max(4, len(hand)) - 1))
        longest = max(len(CARD[c].name.partition(" (")[0]) for c in hand)
        card_width = max(card_width, min(20, longest + TITLE_MARGIN))
        playing = view.decl.card if view.decl is not None and view.decl.actor == seat else None
        cards = [hand_card(c, state=kit.CardState.SELECTED if c == playing else kit.CardState.NORMAL,
                           width=card_width, pal=pal) for c in hand]
        kit.draw_on(canvas, kit.flow(cards, width, gap=1))
        canvas.newline()
    if seen.viewer is not None and view.known:
        known = ", ".join(f"{view.names[s]} holds {CARD[c].name} #{c}" for c, s in view.known)
        wrapped(canvas, Text(f"You know: {known}", style=f"italic {pal.muted}"), width)
    return legend_drawn


def draw_discard(canvas: Canvas, view: TableView, width: int, pal: Palette) -> None:
    text = Text(f"Discard pile ({len(view.discard)}, top last, d hides): ", style=f"bold {pal.foreground}")
    for number, card in enumerate(view.discard):
        if number:
            text.append(", ")
        text.append_text(card_name(card, pal))
    if not view.discard:
        text.append("empty", style=pal.muted)
    wrapped(canvas, text, width)
