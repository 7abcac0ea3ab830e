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

from rich.cells import cell_len
from rich.text import Text

from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.games.tafelrunde.rules.actions import Answer, Discard, Draw, Play, Veto
from boardgames_tui.games.tafelrunde.rules.components import CARD, card_text, card_title
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.rules.view import Forecast, TableView
from boardgames_tui.games.tafelrunde.table.cards import card_icon
from boardgames_tui.games.tafelrunde.table.ring import seat_chip
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
    forecast: Forecast | None = None
    """The table if this row's answer completes the card and the card goes through."""
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
    forecasts: dict[Any, Forecast | None] = {}
    if decl is not None:
        forecasts = {Answer(decl.slot, o): f for o, f in zip(decl.options, decl.forecasts, strict=False)}
    out = [Choice(labels.get(a, str(a)), a, True, forecasts.get(a)) for a in actions]
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
    """The open veto call as one list: for the table, Let it pass and a claim per listed seat a
    person plays; for the seat that claimed (behind its curtain), each card it may spend and Back."""
    veto = view.phase is Phase.VETO
    if seen.viewer is None:
        out = [Choice(seen.labels.get(a, str(a)), a, True) for a in seen.actions]
        verb = "I veto" if veto else "I overrule the veto"
        out += [Choice(f": {verb}", Claim(seat), True, seat=seat) for seat in seen.claimants()]
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


GRID_MIN = 7
"""A question with at least this many answers, each short, lays them out in columns."""
GRID_GAP = 2
ITEM_INDENT = 3
"""Where the items of a shared line continue on its next lines."""


def draw_choices(canvas: Canvas, choices: list[Choice], cursor: int, focused: bool, width: int,
                 seen: Seen, pal: Palette) -> int:
    """The rows, wrapped to `width`; returns the canvas line of the cursor's row.

    Two runs of rows share lines so the list stays short: the cards to lay out for a silver sit
    on one line after "Lay out for 1 silver:", and many short answers to a question (heroes,
    cards of the discard pile) stand in columns, numbered down each column."""
    cursor_row = canvas.row
    index = 0
    while index < len(choices):
        laid = _run(choices, index, lambda c: c.legal and isinstance(c.action, Discard))
        refused = _run(choices, index, lambda c: not c.legal)
        grid = _run(choices, index, lambda c: isinstance(c.action, Answer))
        if len(laid) > 1:
            row = _draw_items(canvas, "Lay out for 1 silver:", laid, choices, cursor, focused, width)
            index += len(laid)
        elif len(refused) > 1:
            row = _draw_items(canvas, f"Not now {icon('disabled')}:", refused, choices, cursor, focused, width)
            index += len(refused)
        elif len(grid) >= GRID_MIN and _column_width(grid, choices) * 2 <= width:
            row = _draw_grid(canvas, grid, choices, cursor, focused, width)
            index += len(grid)
        else:
            row = canvas.row if index == cursor else None
            _draw_row(canvas, index, choices[index], index == cursor, focused, width, seen, pal)
            index += 1
        cursor_row = row if row is not None else cursor_row
    return cursor_row


def _run(choices: list[Choice], start: int, test: Any) -> list[int]:
    """The indices of the rows from `start` on that pass `test`, up to the first that does not."""
    end = start
    while end < len(choices) and test(choices[end]):
        end += 1
    return list(range(start, end))


def _item(index: int, label: str, lit: bool, focused: bool, legal: bool = True) -> tuple[str, str]:
    """One row drawn as an item of a shared line: its key and label, and its style."""
    style = "reverse" if lit and focused else "bold" if lit else ""
    if not legal:
        style += " dim"
    key = str(index + 1) if index < 9 else " "
    return f"{icon('cursor') if lit else ' '}{key} {label}", style.strip()


def _draw_items(canvas: Canvas, heading: str, run: list[int], choices: list[Choice], cursor: int, focused: bool,
                width: int) -> int | None:
    """`heading` and then each row of `run` as a short item, wrapped under the heading: the cards
    to lay out for a silver, or what the rules refuse now (dimmed; Enter on one says why)."""
    heading = " " * ITEM_INDENT + heading
    canvas.add(heading)
    used, fresh = len(heading), True
    row = None
    for index in run:
        choice = choices[index]
        text, style = _item(index, _short(choice), index == cursor, focused, choice.legal)
        if used + 1 + cell_len(text) > width and not fresh:
            canvas.newline()
            canvas.add(" " * ITEM_INDENT)
            used = ITEM_INDENT
        canvas.add(" ")
        piece = Text(text, style=style)
        piece.truncate(max(1, width - used - 1), overflow="ellipsis")
        canvas.add(piece, target=("choice", index))
        used, fresh = used + 1 + piece.cell_len, False
        row = canvas.row if index == cursor else row
    canvas.newline()
    return row


def _short(choice: Choice) -> str:
    """A row's label as an item of a shared line: the card's name for a card, else the label."""
    action = choice.action
    if isinstance(action, Discard) and choice.legal:
        return card_title(action.card) + _mark(action.card)
    if isinstance(action, Play):
        return f"Play {card_title(action.card)}{_mark(action.card)}"
    return choice.label


def _mark(card: int) -> str:
    """A card's veto mark after its name (" ◈"), "" when it has none."""
    mark = card_icon(card)
    return " " + icon(mark) if mark else ""


def _column_width(run: list[int], choices: list[Choice]) -> int:
    return max(cell_len(_item(i, choices[i].label, False, False)[0]) for i in run) + GRID_GAP


def _draw_grid(canvas: Canvas, run: list[int], choices: list[Choice], cursor: int, focused: bool,
               width: int) -> int | None:
    """The answers in as many columns as fit (at most four), numbered down each column."""
    column = _column_width(run, choices)
    columns = max(1, min(4, width // column))
    rows = -(-len(run) // columns)
    cursor_row = None
    for line in range(rows):
        for number in range(line, len(run), rows):
            index = run[number]
            text, style = _item(index, choices[index].label, index == cursor, focused, choices[index].legal)
            canvas.add(text, style, ("choice", index))
            canvas.add(" " * (column - cell_len(text)) if number + rows < len(run) else "")
            cursor_row = canvas.row if index == cursor else cursor_row
        canvas.newline()
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
