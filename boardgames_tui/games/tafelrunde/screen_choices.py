"""Die Tafelrunde's one list of choices: what each row says, what it sends, and how it is drawn.

Every row the player can take is here, worded for the moment: the seat on turn's cards (those
the rules refuse are listed dimmed with the reason given on Enter), a card's questions, and the
veto calls as one list (Let it pass / <seat>: veto, then behind that seat's curtain Veto with
<card> / Back). Rows wrap to the width, and every line of a wrapped row clicks to that row.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.games.tafelrunde.circle import Order
from boardgames_tui.games.tafelrunde.components import CARD, card_text, card_title
from boardgames_tui.games.tafelrunde.model import Answer, Discard, Draw, Phase, Play, Veto
from boardgames_tui.games.tafelrunde.screen_table import card_icon, seat_chip
from boardgames_tui.games.tafelrunde.views import TableView
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette
from boardgames_tui.ui.kit.icons import icon

HERO_SLOTS = ("hero", "other", "theirs", "first", "w1", "w2", "w3")


@dataclass(frozen=True)
class Claim:
    """Not a rules action: `seat` claims the open veto call (None: back, no claim after all)."""

    seat: Seat | None


@dataclass(frozen=True)
class Choice:
    """A row of the list: what it says, what it sends, whether the rules allow it, its preview."""

    label: str
    action: Any
    legal: bool
    preview: Order | None = None
    nets: tuple[int, ...] | None = None
    seat: Seat | None = None
    """The seat a claim row names (drawn as its chip)."""

    @property
    def hero(self) -> str | None:
        """The hero this row names, if it answers a question about a hero."""
        action = self.action
        if isinstance(action, Answer) and action.slot in HERO_SLOTS:
            return str(action.value)
        return None


def build_choices(seen: Seen) -> list[Choice]:
    """Every row for this viewer now (empty when the viewer has nothing to decide)."""
    view: TableView = seen.view
    decision = seen.decision
    if decision is not None and decision.kind is DecisionKind.WINDOW:
        return _window_choices(seen, view)
    actions = list(seen.actions)
    if not actions:
        return []
    labels = seen.labels
    decl = view.decl
    previews: dict[Any, tuple[Order | None, tuple[int, ...] | None]] = {}
    if decl is not None and decl.previews:
        nets = decl.preview_nets or (None,) * len(decl.previews)
        for option, preview, net in zip(decl.options, decl.previews, nets, strict=False):
            previews[Answer(decl.slot, option)] = (preview, net)
    out = [Choice(labels.get(a, str(a)), a, True, *previews.get(a, (None, None))) for a in actions]
    viewer = seen.viewer
    if view.phase is Phase.ACT and viewer is not None and viewer == view.on_turn:
        out += _refused(view, viewer, actions)
    return out


def _refused(view: TableView, viewer: Seat, actions: list[Any]) -> list[Choice]:
    """The turn's actions the rules refuse now, listed dimmed so nobody wonders where they went."""
    hand = view.hands[viewer] or ()
    extra = [Choice(f"Play {card_title(c)}: {card_text(CARD[c])}", Play(c), False)
             for c in hand if Play(c) not in actions]
    if Draw() not in actions:
        extra.append(Choice("Draw a card", Draw(), False))
    if hand and not any(isinstance(a, Discard) for a in actions):
        extra.append(Choice("Lay out a card for 1 silver", Discard(hand[0]), False))
    return extra


def _window_choices(seen: Seen, view: TableView) -> list[Choice]:
    """The open veto call as one list: for the table, Let it pass and a claim per seat; for the
    seat that claimed (behind its curtain), each card it may spend and Back."""
    decision = seen.decision
    assert decision is not None
    veto = view.phase is Phase.VETO
    if seen.viewer is None:
        out = [Choice(seen.labels.get(a, str(a)), a, True) for a in seen.actions]
        verb = "I veto" if veto else "I overrule the veto"
        out += [Choice(f": {verb}", Claim(seat), True, seat=seat) for seat in decision.seats]
        return out
    out = [Choice(seen.labels.get(a, str(a)), a, True) for a in seen.actions]
    back = "Back: I do not veto after all" if veto else "Back: I do not overrule after all"
    if not seen.actions:
        back = "Back to the table"
    out.append(Choice(back, Claim(None), True))
    return out


def window_prompt(seen: Seen, view: TableView) -> str:
    """The question of the veto call, worded for who is looking."""
    decl = view.decl
    what = f"{view.names[decl.actor]}'s {card_title(decl.card)}" if decl is not None else "this card"
    veto = view.phase is Phase.VETO
    if seen.viewer is None:
        if veto:
            return f"Veto against {what}? Whoever holds a shield {icon('shield')} may pick their name."
        # The line above the list already says who vetoed with which card.
        return f"Overrule the veto? Whoever holds a broken shield {icon('broken_shield')} may pick their name."
    if not seen.actions:
        kind = f"shield {icon('shield')}" if veto else f"broken shield {icon('broken_shield')}"
        return f"You hold no {kind} card: nothing to spend. Go back to the table."
    return f"Spend which card against {what}?" if veto else "Spend which broken shield to overrule the veto?"


def draw_choices(canvas: Canvas, choices: list[Choice], cursor: int, focused: bool, width: int,
                 seen: Seen, pal: Palette) -> int:
    """The rows, wrapped to `width`; returns the canvas line of the cursor's row."""
    cursor_row = canvas.row
    for index, choice in enumerate(choices):
        if index == cursor:
            cursor_row = canvas.row
        _draw_row(canvas, index, choice, index == cursor, focused, width, seen, pal)
    return cursor_row


def _draw_row(canvas: Canvas, index: int, choice: Choice, lit: bool, focused: bool, width: int, seen: Seen,
              pal: Palette) -> None:
    style = "reverse" if lit and focused else "bold" if lit else ""
    if not choice.legal:
        style += " dim"
    key = str(index + 1) if index < 9 else " "
    head = f"{icon('cursor') if lit else ' '}{key} "
    target = ("choice", index)
    if choice.seat is not None:
        line = Text(head, style=style.strip())
        line.append_text(seat_chip(seen.view, seen.seats, choice.seat, pal=pal))
        line.append(choice.label, style=style.strip())
        canvas.add(_cut(line, width), target=target)
        canvas.newline()
        return
    mark = ""
    if isinstance(choice.action, (Play, Veto)) and card_icon(choice.action.card):
        mark = icon(card_icon(choice.action.card)) + " "
    note = "" if choice.legal else f"  {icon('disabled')} not now"
    body = mark + choice.label + note
    lines = textwrap.wrap(body, max(10, width - len(head)), break_long_words=True) or [""]
    for number, part in enumerate(lines):
        lead = head if number == 0 else " " * len(head)
        canvas.add(lead + part, style.strip(), target)
        canvas.newline()


def _cut(line: Text, width: int) -> Text:
    line.truncate(width, overflow="ellipsis")
    return line
