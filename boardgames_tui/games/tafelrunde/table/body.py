"""Die Tafelrunde's body: the round table as a ring around Draco, the purses in its middle, the
day track, the card in play, one list of choices, and your hand as cards.

Keyboard: Up/Down (or 1-9) pick a row, Enter takes it, p flips the ring between now and "if it
goes through" (the highlighted choice's outcome), d shows the discard pile. Mouse: click a row
(any line of it), or a hero plate on the ring when the question asks for a hero. The veto call
is in the same list: Let it pass, or a seat's name to claim (that seat's curtain comes next).
Rows the rules refuse are dimmed; taking one shows the rules' reason. The widget renders
`Seen.view` and offers `Seen.actions`; it never decides a rule itself. What it shows besides the
view (the rows, the highlight, the two toggles) is one `Look`, replaced on every change and read
by the drawing functions of layout.py.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import OptionList

from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.games.tafelrunde.table.layout import active_preview, draw_table
from boardgames_tui.games.tafelrunde.table.look import Choice, Claim, Look
from boardgames_tui.ui.body import GameBody, Seen, room_height
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.kit.gaps import gapped_segments
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal

KEPT_STRIPS = 200
"""Lines kept drawn (about five drawings of the table), the least recently drawn let go first."""


class TafelrundeBody(LineDrawn, GameBody, can_focus=True):
    """The round table for one viewer (or the whole table)."""

    uses_action_menu = False
    offers_window = True

    DEFAULT_CSS = """
    TafelrundeBody {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    TafelrundeBody:focus {
        background: $boost;
    }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "confirm", "Choose"),
        Binding("p", "flip_preview", "Preview"),
        Binding("d", "toggle_discard", "Pile"),
        *(Binding(str(i), f"jump({i - 1})", show=False) for i in range(1, 10)),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.look = Look()
        self._canvas = Canvas()
        self._cursor_row = 0
        self._strips: dict[tuple[object, ...], Strip] = {}
        """The strips of the last drawings' lines, by what each line shows (see `drawn_lines`)."""

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The rows of the list on show."""
        return self.look.choices

    @property
    def cursor(self) -> int:
        """The highlighted row."""
        return self.look.cursor

    @cursor.setter
    def cursor(self, index: int) -> None:
        self.look = replace(self.look, cursor=index)

    # --- data in -------------------------------------------------------------------------
    @property
    def view(self) -> TableView | None:
        return self.seen.view if self.seen is not None else None

    def show(self, seen: Seen) -> None:
        old = self.seen
        same_moment = old is not None and old.viewer == seen.viewer and old.view == seen.view
        self.seen = seen
        self.look = self.look.showing(seen, same_moment)
        self.refresh(layout=True)
        self.refresh_bindings()  # the key bar repaints only if the keys on offer changed
        self.call_after_refresh(self._after_show)

    # --- focus and scrolling -------------------------------------------------------------
    def _after_show(self) -> None:
        focused = self.screen.focused
        menu_open = isinstance(focused, OptionList) and focused.display
        if self.choices and not menu_open and not self.has_focus:
            self.focus()
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        pane = self.parent
        if isinstance(pane, ScrollableContainer) and self.choices:
            top = self.region.y - pane.region.y + int(pane.scroll_y)
            pane.scroll_to_region(Region(0, top + self._cursor_row - 1, 1, 3), animate=False)

    # --- drawing -------------------------------------------------------------------------
    def render(self) -> Text:
        width = self.size.width if self.size.width else 80
        height = room_height(self)
        # Everything the table is drawn from: `show` replaces the seen moment and the choices.
        key = (self.seen, self.look, self.has_focus, width, height)
        return self.drawn_once(key, lambda: self._render_table(width, height))  # made by literal()

    def _render_table(self, width: int, height: int) -> Text:
        canvas = Canvas()
        if self.seen is not None:
            pal = palette_of(self.app)
            self._cursor_row = draw_table(canvas, self.seen, self.look, self.has_focus, width, height, pal=pal)
        self._canvas = canvas
        return literal(canvas.text(crop=True))

    def drawn_lines(self, width: int) -> list[Strip]:
        """The table's lines for the screen, each line made once while it stays the same.

        A move changes a few lines of the table (the ring's plates that moved, the purses, the
        list); the day track, the hand, the legend and most of the ring stay as they were. Each
        canvas line is styled for pictures (`gapped_segments`) and rendered on its own, and a line
        drawn the same as on one of the last drawings (by this body, or the one it replaced for a
        new turn) reuses the strip made then: the same cells as rendering the whole table at once,
        at a fraction of the cost. A preview flipped on and off, or a cursor moved down and back,
        draws nothing new."""
        text = self.render()
        style = self.rich_style if self._pass_style is None else self._pass_style
        made = self._lines
        if made is not None and made[0] is text and made[1] == width and made[2] == style:
            return made[3]
        strips = self._strips
        console = self.app.console
        lines = []
        for line in self._canvas.lines if width > 0 else ():
            key: tuple[object, ...] = (line.plain, tuple(line.spans), line.style, width, style)
            strip = strips.pop(key, None)
            if strip is None:
                # Styled for pictures on the widget's own colours, so a gap is never told apart
                # only by a colour the widget gives it anyway (a space after a name would then
                # join the bold word after it and vanish from the picture).
                shown = literal(line).copy()  # the lines drawn are these, not the joined text
                shown.style = style + console.get_style(line.style) if line.style else style
                cells = Strip(gapped_segments(shown, console)).crop(0, width)
                strip = cells.extend_cell_length(width).apply_style(style)
            strips[key] = strip  # the newest last: the oldest go first
            lines.append(strip)
        for stale in list(itertools.islice(strips, max(0, len(strips) - KEPT_STRIPS))):
            del strips[stale]
        self._lines = (text, width, style, lines)
        return lines

    def carry_over(self, old: GameBody) -> None:
        """The lines drawn for the last owner: a new turn's table shares most of them. A strip is
        only ever shown for a line this body draws itself, the very same text and style, so what
        the last owner saw alone stays unseen."""
        if isinstance(old, TafelrundeBody):
            self._strips = dict(old._strips)

    # --- input ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "jump", "confirm"):
            return bool(self.choices)
        if action == "flip_preview":
            return self.seen is not None and self._has_preview()
        return True

    def _has_preview(self) -> bool:
        assert self.seen is not None
        return active_preview(self.seen.view, self.look) is not None

    def action_move(self, step: int) -> None:
        if self.choices:
            self._set_cursor((self.cursor + step) % len(self.choices))

    def action_jump(self, index: int) -> None:
        if not self.choices:
            return
        if index < 0:
            index = len(self.choices) - 1
        if index < len(self.choices):
            self._set_cursor(index)

    def _set_cursor(self, index: int) -> None:
        self.cursor = index
        self.refresh_bindings()
        self.refresh()
        self.call_after_refresh(self._scroll_to_cursor)

    def action_confirm(self) -> None:
        if self.choices and 0 <= self.cursor < len(self.choices):
            self._take(self.choices[self.cursor])

    def _take(self, choice: Choice) -> None:
        if isinstance(choice.action, Claim):
            self.respond(choice.action.seat)
        else:
            self.choose(choice.action)

    def action_toggle_discard(self) -> None:
        self.look = replace(self.look, show_discard=not self.look.show_discard)
        self.refresh(layout=True)

    def action_flip_preview(self) -> None:
        self.look = replace(self.look, show_current=not self.look.show_current)
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        target = self._hit(event.y, event.x - 1)
        if target is None:
            return
        event.stop()
        kind, value = target
        if kind == "choice":
            self.cursor = value
            self.refresh()  # the highlight and the preview follow the click
            self._take(self.choices[value])
        elif kind == "hero":
            for index, choice in enumerate(self.choices):
                if choice.hero == value and choice.legal:
                    self.cursor = index
                    self.refresh()
                    self._take(choice)
                    return

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Hovering a row highlights it, so its preview shows on the ring."""
        target = self._hit(event.y, event.x - 1)
        if target is not None and target[0] == "choice" and target[1] != self.cursor:
            self.cursor = target[1]
            self.refresh()

    def _hit(self, y: int, x: int) -> Any:
        return self._canvas.hit(y, x)
