"""Die Tafelrunde's one list of choices drawn: the prompt, then the rows (`look.build_choices`).

Rows wrap to the width, and every line of a wrapped row clicks to that row. Two runs of rows
share lines so the list stays short (the cards to lay out, what the rules refuse now), and many
short answers stand in columns.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games.tafelrunde.rules.actions import Answer, Discard, Play, Veto
from boardgames_tui.games.tafelrunde.rules.components import card_title
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.games.tafelrunde.table.cards import card_icon
from boardgames_tui.games.tafelrunde.table.lines import wrapped
from boardgames_tui.games.tafelrunde.table.look import Choice, Look
from boardgames_tui.games.tafelrunde.table.ring import seat_chip
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette
from boardgames_tui.ui.kit.icons import icon, pick


def draw_list(canvas: Canvas, seen: Seen, view: TableView, look: Look, focused: bool, width: int, *, compact: bool,
              pal: Palette) -> int:
    """The prompt and the rows; a waiting line when the viewer has nothing to decide."""
    decision = seen.decision
    if decision is None or view.finished:
        return canvas.row
    is_window = decision.kind is DecisionKind.WINDOW
    if not look.choices:
        names = ", ".join(view.names[s] for s in decision.seats)
        wrapped(canvas, Text(f"Waiting for {names}.", style=f"italic {pal.muted}"), width)
        return canvas.row
    if is_window:
        prompt = window_prompt(seen, view)
    elif view.decl is not None and view.decl.prompt and view.phase is Phase.DECLARE:
        prompt = view.decl.prompt
        if compact and not view.decl.announced and not view.decl.rolls:
            prompt = f"{view.decl.text}{pick(' · ', ' - ')}{prompt}"
    else:
        prompt = decision.prompt or "Choose"
    wrapped(canvas, Text(prompt, style=f"bold {pal.foreground}"), width)
    return draw_choices(canvas, look.choices, look.cursor, focused, width, seen, pal)


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


def draw_choices(canvas: Canvas, choices: tuple[Choice, ...], cursor: int, focused: bool, width: int,
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


def _run(choices: tuple[Choice, ...], start: int, test: Any) -> list[int]:
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


def _draw_items(canvas: Canvas, heading: str, run: list[int], choices: tuple[Choice, ...], cursor: int, focused: bool,
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


def _column_width(run: list[int], choices: tuple[Choice, ...]) -> int:
    return max(cell_len(_item(i, choices[i].label, False, False)[0]) for i in run) + GRID_GAP


def _draw_grid(canvas: Canvas, run: list[int], choices: tuple[Choice, ...], cursor: int, focused: bool,
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
