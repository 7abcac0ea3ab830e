"""What Tàin draws under the boards: the Pass and Next-step buttons, the captive choice, this
step's story, the note on the last key, and every screen revealed at the end. Nothing here
decides a rule: it draws the view and the actions the body was given."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from boardgames_tui.games.tain.rules.components import KINDS, Kind
from boardgames_tui.games.tain.rules.state import Phase
from boardgames_tui.games.tain.rules.view import TainView
from boardgames_tui.games.tain.table.legend import ICON, KEY
from boardgames_tui.games.tain.table.look import PASS_CELL
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import chip, icon
from boardgames_tui.ui.kit.wrap import no_lone_word
from boardgames_tui.ui.literal import literal


@dataclass(frozen=True, slots=True)
class Controls:
    """What the body is doing now, as the controls under the boards depend on it."""

    scouting: bool
    """The viewer places a token or passes."""
    stepping: bool
    """The table takes the next raid step."""
    choosing: bool
    """The raider chooses which captive to free."""
    at_pass: bool
    """The slot cursor stands on the Pass button."""
    kind: Kind | None
    note: str
    """Why the last key did nothing (empty when it did something)."""


def draw_controls(canvas: Canvas, seen: Seen, now: Controls, width: int, room: int = 99) -> None:
    """The Pass and Next buttons, the captive choice, this step's story and the note."""
    view: TainView = seen.view
    if now.scouting:
        _draw_placing(canvas, view, now)
    if now.note:
        canvas.add(now.note, "bold")
        canvas.newline()
    canvas.mark("news")
    if view.over and view.news:
        canvas.add(f"What the last raid brought home (turn {view.turn}):", "bold")
        canvas.newline()
    _draw_story(canvas, view, width, room - (1 if now.stepping or now.choosing else 0))
    if now.stepping:
        canvas.add("[ Next step (Enter) ]", "bold reverse", ("step",))
        canvas.add(f"  next: {view.prompt}", "dim")
        canvas.newline()
    elif now.choosing:
        _draw_frees(canvas, seen.actions)
    elif view.phase is Phase.CHOOSE:
        wrapped(canvas, view.prompt, "italic", width)
    if view.over:
        draw_revealed(canvas, seen, view)


def _draw_placing(canvas: Canvas, view: TainView, now: Controls) -> None:
    """The Pass button, the kind being placed, and the keys (or why only guarding is left)."""
    if now.at_pass:
        canvas.mark("cursor")
    style = "bold reverse" if now.at_pass else "bold"
    canvas.add("[ Pass (p) ]", style, ("cell", PASS_CELL))
    if now.kind is not None:
        canvas.add(f"  placing {icon(ICON[now.kind])} {now.kind.label}", "bold")
    if view.guards_only:
        canvas.add("  only guard slots left: place more, or pass", "italic")
    else:
        canvas.add("  arrows slot · Enter place · c w b d x kind", "dim")
    canvas.newline()


def _draw_story(canvas: Canvas, view: TainView, width: int, room: int) -> None:
    """This step's sentences, cut to the rows left (the boards show the rest, the log keeps it);
    at the end, the last raid's homecoming in full, each clan's line indented under its heading."""
    if view.over:
        for sentence in view.news:
            wrapped(canvas, "  " + sentence, "", width)
        return
    story = [line for sentence in view.news for line in story_lines(sentence, width)]
    if len(story) > max(room, 1):
        story = [*story[: max(room, 2) - 1], "… the rest of this step is in the log (l)"]
    for line in story:
        canvas.add(literal(line, "italic"))
        canvas.newline()


def story_lines(sentence: str, width: int) -> list[str]:
    """`sentence` broken between words into lines of at most `width`, as `textwrap.wrap` breaks
    it, except that its last word never stands alone on a line of its own (`no_lone_word`)."""
    return no_lone_word(lambda w: textwrap.wrap(sentence, w), width, str)


def _draw_frees(canvas: Canvas, actions: tuple[Any, ...]) -> None:
    """One button per captive kind the raider may free (the actions are `Free` values)."""
    for action in actions:
        kind = action.kind
        canvas.add(f"[ Free your {kind.label} ({KEY[kind]}) ]", "bold reverse", ("free", kind))
        canvas.add(" ")
    canvas.newline()


def draw_revealed(canvas: Canvas, seen: Seen, view: TainView) -> None:
    """At the end every screen and discard pile is shown by kind."""
    canvas.add("Every screen, revealed:", "bold")
    for clan in view.clans:
        canvas.newline()
        canvas.add("  ")
        canvas.add(chip(seen.seats[clan.seat]))
        canvas.add(": ")
        if clan.screen is not None:
            shown = [f"{icon(ICON[k])}{clan.screen[k]}" for k in KINDS if clan.screen[k]]
            canvas.add(" ".join(shown) or "empty")
        if clan.discard is not None:
            canvas.add(f"   discard {sum(clan.discard)}", "dim")
    canvas.newline()


def wrapped(canvas: Canvas, sentence: str, style: str, width: int) -> None:
    """Add a sentence as lines that fit the width, so each drawn line is one screen row
    (clicks are mapped by row). Names in it are players' text: added literally."""
    for line in textwrap.wrap(sentence, width) or [""]:
        canvas.add(literal(line, style))
        canvas.newline()
