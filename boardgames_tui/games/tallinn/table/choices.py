"""Tallinn's short decision lists drawn with the kit: a choice as its list row (a tower choice with
the card's halves), and the removal choice: what the chronicle asks and pays, what the marked cards
add up to, and each card that may go as a line that reads marked or kept without colour.

Which cards may go and which sets are enough come from the legal actions, never from a rule here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from rich.text import Text

from boardgames_tui.games.tallinn.rules.actions import BuildTower, Remove, TowerSource
from boardgames_tui.games.tallinn.rules.components import CHRONICLES, FACTION_INDEX, FACTION_NAMES, INFLUENCE, Faction
from boardgames_tui.games.tallinn.rules.text import count_text
from boardgames_tui.games.tallinn.rules.view import RowCardView, TallinnView
from boardgames_tui.games.tallinn.table.cards import faction_count, half_row
from boardgames_tui.ui.kit import Half, Palette, compact_card, counters, icon
from boardgames_tui.ui.kit.icons import pick


def option_label(action: Any, label: str, pal: Palette) -> Text:
    """A choice as its list row: a tower choice shows the card's two halves drawn, the rest their words."""
    if isinstance(action, BuildTower) and action.card:
        a, b = INFLUENCE[action.card].halves
        where = "row" if action.source is TowerSource.ROW else "hand"
        text = Text(f"{icon('tower')} Tower from {where} card {action.card:<2}  ")  # the cards line up
        text.append_text(compact_card([Half([half_row(a)], "A"), Half([half_row(b)], "B")], pal=pal))
        return text
    return Text(label)


def removal_note(view: TallinnView, marked: Sequence[int], actions: Collection[object], pal: Palette) -> Text:
    """What the chronicle being scored asks of a row and pays, what the marked cards show of its
    faction, and whether r would take them (a set the legal actions hold)."""
    level = view.chronicle_level
    if not level or not view.chronicle_cards:
        return Text()
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    players = len(view.seats)
    text = Text(f"Chronicle {'I' * level}: ", style="bold")
    text.append(f"{half.text()}, a coin is {players} points.\n")
    shown = _shown(view, marked, half.faction)
    text.append("Marked: ")
    text.append_text(counters([faction_count(half.faction, shown)], pal=pal))
    if not marked:
        text.append(" none yet", style=pal.muted)
    elif Remove(tuple(marked)) in actions:
        gain = half.coins * players
        text.append(
            f"  r removes {count_text(len(marked), 'card')} for {count_text(gain, 'point')}",
            style=f"bold {pal.text_success}",
        )
    else:
        text.append(f"  not enough: {half.need}+ needed", style=pal.text_warning)
    text.append("  (Space marks a card)", style="italic")
    return text


def _shown(view: TallinnView, marked: Sequence[int], faction: str) -> int:
    """How many symbols of `faction` the marked cards of the viewer's row show."""
    if view.viewer is None:
        return 0
    fi = FACTION_INDEX[faction]
    return sum(e.face.symbols[fi] for e in view.seats[view.viewer].row if e.card in marked)


def removable_cards(actions: Collection[object]) -> set[int]:
    """The cards some legal removal takes: the only ones worth marking."""
    return {card for action in actions if isinstance(action, Remove) for card in action.cards}


def removal_label(entry: RowCardView, marked: bool, pal: Palette) -> Text:
    """A row card in the removal list: its mark in words (✔ remove / · keep), its number and the
    half it shows, drawn."""
    if marked:
        text = Text(f"{icon('selected')} remove  ", style="bold")
    else:
        text = Text(f"{pick('·', '.')}  keep    ", style="bold")
    text.append(f"card {entry.card:<2} ", style="bold")
    text.append_text(compact_card([Half([half_row(entry.face, entry.disputed)])], pal=pal))
    return text


def removal_title(view: TallinnView) -> str:
    """The removal list's frame title: which cards are listed."""
    level = view.chronicle_level
    if not level or not view.chronicle_cards:
        return ""
    faction: Faction = CHRONICLES[view.chronicle_cards[level - 1]][level - 1].faction
    return f"Row cards showing {FACTION_NAMES[faction]}"
