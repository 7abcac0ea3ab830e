"""The match screen's panels around the body: the header, the prompt and action list, the status line.

Each takes what the hot-seat controller says (a `View`) and draws it; the action list tells
what a picked row stands for.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Decision, DecisionKind, Seat
from boardgames_tui.ui.flow.steps import View
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.logview import QuietScrolling
from boardgames_tui.ui.match_text import header_text, seat_label

BACK = "__back__"
RESPOND = "__respond__:"


class TextPanel(Static):
    """A line of the screen shown literally, and drawn again only when its content changed."""

    _said: object = None

    def say(self, content: Text | str) -> None:
        key = (content.plain, tuple(content.spans), str(content.style)) if isinstance(content, Text) else content
        if self._said != key:
            self._said = key
            self.update(literal(content))


class MatchHeader(TextPanel):
    """The state line: game, progress, who is to act (`match_text.header_text`)."""

    def fit(self, match: Match, decision: Decision | None, *, status: Text | None, held: bool,
            private: bool) -> None:
        """Show the line whole: where the full line would be cut, fewer words around the names
        first (`tight`), then without the game's name, and only then the waiting seats by glyph
        alone (the game's name back)."""
        width = (self.size.width or self.app.size.width) - 2  # the header's padding
        for tight, titled, short in ((False, True, False), (True, True, False), (True, False, False),
                                     (True, True, True)):
            text = header_text(match, decision, status=status, held=held, private=private, short=short,
                               tight=tight, titled=titled)
            if text.cell_len <= width:
                break
        self.say(text)


class StatusLine(TextPanel):
    """The line under the board: what a move waiting for its second press will do."""

    def show_text(self, text: Text | None) -> None:
        self.display = text is not None
        self.say(text or "")


class ActionList(OptionList, QuietScrolling):
    """The list of every legal action beside the board (and, during an open window, the claims)."""

    actions: list[Any]
    """The actions behind the numbered rows, in order."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.actions = []
        self._rows: tuple[object, ...] = ()

    def offer(self, view: View, match: Match) -> tuple[Text | str, bool]:
        """Hold the rows of `view`; returns the prompt and whether there is any row at all."""
        decision = view.decision
        self.actions = list(view.actions)
        rows: list[tuple[str, Text | str]] = []
        prompt: Text | str = ""
        if decision is not None:
            prompt = Text(decision.prompt or "Choose an action", style="bold")
            is_window = decision.kind is DecisionKind.WINDOW
            if is_window and view.responding is None:
                rows += [(f"{RESPOND}{seat}", Text.assemble("Respond as ", seat_label(match.seats[seat])))
                         for seat in view.claimants]
            elif is_window:
                rows.append((BACK, "Back: do not respond"))
            rows += [(str(i), view.labels.get(action, str(action))) for i, action in enumerate(view.actions)]
            if is_window and view.responding is not None and not view.actions:
                prompt = Text("You have nothing you can do here. Choose Back.", style="bold")
        signature = tuple((row_id, label.markup if isinstance(label, Text) else label) for row_id, label in rows)
        if signature != self._rows:
            # Rebuilding the list is the costly part of a redraw: only when its rows changed.
            self._rows = signature
            self.set_options(Option(literal(label), id=row_id) for row_id, label in rows)
        if decision is not None and self.option_count:
            self.highlighted = 0
        return prompt, bool(self.option_count)

    def _update_lines(self) -> None:
        """Textual's list wraps its rows, then learns from their number whether its scroll bar shows;
        when the bar came or went meanwhile, the rows are wrapped again for the room now left.
        Otherwise they are painted wrapped to the old width, and put right only in later frames
        (on the Resize message: the rows wrapped again, then the bar's new length), so a move that
        changed the rows was painted three times with a frame's wait between each."""
        width = self._text_width()
        super()._update_lines()
        if self._text_width() != width and self.option_count:
            self._clear_caches()
            super()._update_lines()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """The same when a layout gives the list a size that shows or hides its scroll bar: the rows
        are wrapped again for the frame this layout makes."""
        width = self._text_width()
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if self._text_width() != width and self.option_count:
            self._clear_caches()
            self._update_lines()
        return resized

    def _text_width(self) -> int:
        """The width the rows are wrapped in: the list's own size less its padding, border and
        scroll bar (the width of its `scrollable_content_region`, without looking up its place)."""
        return max(0, self.outer_size.width - self.gutter.width)

    def _move_page(self, direction: Any) -> None:
        """PageUp/PageDown, guarded: Textual's own (8.2.8) looks the highlight up in the map of laid-out
        lines, empty until the list has a size, and raised KeyError for a page key read together
        with the `m` that showed the list. A list not laid out yet has no page to move by."""
        if self.highlighted is not None and self.highlighted not in self._index_to_line:
            return
        super()._move_page(direction)

    def meaning(self, option_id: str) -> tuple[str, Any] | None:
        """What the row `option_id` stands for: ("action", action), ("respond", seat) or
        ("back", None); None for a row of an older offer."""
        if option_id.startswith(RESPOND):
            seat: Seat = int(option_id[len(RESPOND):])
            return ("respond", seat)
        if option_id == BACK:
            return ("back", None)
        if option_id.isdigit() and int(option_id) < len(self.actions):
            return ("action", self.actions[int(option_id)])
        return None
