"""The match log panel: wrapped once per width, only the visible lines drawn.

A Static in a scrolling pane would re-wrap the whole log on every layout and, since its height
follows its text, ask for a second layout each time the log grows. This view knows its own
height in lines, so a new line costs one repaint, and it stays on the newest line unless the
reader has scrolled up.
"""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.ui.literal import literal

LogLine = tuple[str, str]
"""One entry of the log: its words and a Rich style ("" for none)."""


class QuietScrollBar(ScrollBar):
    """A scroll bar whose own change of size asks for no second layout.

    Textual gives a scroll bar the size of its new place during a layout and, because a widget's
    virtual size is a layout-changing value, then lays the whole screen out again at the next
    frame only to draw the same bar once more. The log's height changes whenever the prompt or
    the action list above it does, so this happened after most moves and hand-offs. A scroll bar
    holds no children, so nothing depends on that second layout: the bar is drawn at its new
    size with the first one. The action list's bar, whose height follows its rows, is one too."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class QuietScrolling(Widget):
    """A scrolling widget whose vertical scroll bar is a `QuietScrollBar`."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The scroll bar, made the way Textual makes its own."""
        if self._vertical_scrollbar is None:
            bar = QuietScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar


class LogView(QuietScrolling, ScrollView, can_focus=True):
    """A read-only, scrollable list of log lines."""

    DEFAULT_CSS = """
    LogView {
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;  /* lines are wrapped to a width the scrollbar never takes from */
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: tuple[LogLine, ...] = ()
        self._strips: list[Strip] = []
        self._wrapped: dict[tuple[str, str, int], list[Strip]] = {}
        """Each entry's wrapped lines by width: entries repeat across redraws for other viewers."""
        self._width = 0

    def set_entries(self, entries: tuple[LogLine, ...]) -> None:
        """Show these lines; keeps to the newest one if the reader was there."""
        if entries == self.entries:
            return
        at_end = self.scroll_y >= self.max_scroll_y
        self.entries = entries
        self._rewrap()
        if at_end:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def open_at(self, marker: str) -> None:
        """Scroll for a new reader: to the line `marker` (e.g. "since your last turn"), or to the
        newest line when there is no such line or everything after it fits; nothing of the
        previous reader's scrolling stays."""
        row = 0
        width = self._width
        for text, style in self.entries:
            if text == marker:
                break
            row += len(self._wrap(text, style, width)) if width > 0 else 1
        else:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
            return
        if row >= self.max_scroll_y:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
        else:
            self.scroll_to(y=row, animate=False, immediate=False)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """Keeps a reader who was at the newest line there when the pane's height changes.

        Lines set while the pane was tall fit without scrolling; when the pane then shrinks
        (the board or the action list above it takes rows), Textual keeps the top in view, so
        the newest move would drop out of sight. This is done in the layout itself, before the
        frame is drawn: scrolling from the resize event came a frame late and, on a busy
        machine, after a picture had been taken."""
        at_end = self.scroll_y >= self.max_scroll_y
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if at_end and self.scroll_y < self.max_scroll_y:
            self.scroll_target_y = self.scroll_y = self.max_scroll_y
        return resized

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._width:
            self._rewrap()
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._wrapped.clear()
            self._width = width
        strips: list[Strip] = []
        if width > 0:
            for text, style in self.entries:
                strips += self._wrap(text, style, width)
        self._strips = strips
        self.virtual_size = Size(width, len(strips))
        self.refresh()

    def _wrap(self, text: str, style: str, width: int) -> list[Strip]:
        key = (text, style, width)
        lines = self._wrapped.get(key)
        if lines is None:
            console = self.app.console
            segments = console.render(literal(text, style), console.options.update_width(width))
            lines = [Strip(line).adjust_cell_length(width) for line in Segment.split_lines(segments)]
            self._wrapped[key] = lines
        return lines

    def render_line(self, y: int) -> Strip:
        return self._row(y + self.scroll_offset.y, self.scrollable_content_region.width)

    def _row(self, index: int, width: int) -> Strip:
        """Wrapped line `index` of the log, `width` cells wide (blank past the end)."""
        if index >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[index].crop_extend(0, width, self.rich_style).apply_style(self.rich_style)


class NewsStrip(LogView, can_focus=False):
    """The newest log lines in the rows the board leaves free under it, while the log pane is
    hidden (a narrow terminal): what the others just did stays in view without pressing `l`.

    It takes only what is left below the board (`height: 1fr` under a board sized to its content)
    and draws nothing at all in fewer than `MIN_ROWS` rows. Its top row is a rule with its title,
    drawn as a line of its own rather than a CSS border, so that a strip with no room shows no
    rule either. Its lines are the log pane's, told for the same viewer. It never scrolls away
    from the newest line and never takes the focus, so the board keeps the keys."""

    COMPONENT_CLASSES = {"news-strip--rule"}

    DEFAULT_CSS = """
    NewsStrip {
        height: 1fr;
        padding: 0 1;
        overflow-y: hidden;  /* a strip of the newest lines: the whole log, with its bar, is `l` */
        scrollbar-gutter: auto;
    }
    NewsStrip > .news-strip--rule {
        color: $text-muted;
    }
    """

    MIN_ROWS = 3
    """The fewest rows (the rule and two lines) worth drawing."""

    TITLE = "─ Recent · l shows the whole log "

    def render_line(self, y: int) -> Strip:
        """The rule, then the newest lines that fit below it; all blank below `MIN_ROWS` rows."""
        region = self.scrollable_content_region
        if region.height < self.MIN_ROWS:
            return Strip.blank(region.width, self.rich_style)
        if y == 0:
            rule = self.TITLE[: region.width].ljust(region.width, "─")
            return Strip([Segment(rule, self.rich_style + self.get_component_rich_style("news-strip--rule"))])
        return self._row(max(0, len(self._strips) - (region.height - 1)) + y - 1, region.width)
