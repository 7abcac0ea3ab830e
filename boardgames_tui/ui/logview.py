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
        self._following = True
        """Whether the reader is on the newest line (and so stays there as lines come and the pane
        changes height). Kept from where the reader scrolled, never inferred in the middle of a
        layout, when the lines may be new and the pane's height still the old one."""
        self._opening: str | None = None
        """The marker a new reader's view opens at, placed by the next layout (see `open_at`)."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def set_entries(self, entries: tuple[LogLine, ...]) -> None:
        """Show these lines; keeps to the newest one if the reader was there."""
        if entries == self.entries:
            return
        self.entries = entries
        self._rewrap()  # a new height in lines: the layout that follows keeps a follower at the end

    def open_at(self, marker: str) -> None:
        """Open for a new reader: at the line `marker` (e.g. "since your last turn"), or at the
        newest line when there is no such line or everything after it fits; nothing of the
        previous reader's scrolling stays.

        The place is chosen by the next layout, not now: now the pane has the height the previous
        reader's screen gave it (its action list open or not) and, behind a curtain, the scroll
        bar of the old lines, with which Textual refuses a scroll. Chosen now, the new reader's
        first picture would depend on what the previous one did."""
        self._opening = marker
        self.refresh(layout=True)

    def _opening_row(self, marker: str) -> int:
        """The first wrapped row of the line `marker`, or the last row if there is none."""
        row = 0
        for text, style in self.entries:
            if text == marker:
                return row
            row += len(self._wrap(text, style, self._width))
        return self.max_scroll_y

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """Places the view once the pane has its size for this frame: a new reader's at its
        opening line, a reader on the newest line still there (lines set while the pane was tall
        fit without scrolling; when it then shrinks Textual keeps the top in view, which would
        drop the newest move out of sight). Done in the layout itself, before the frame is
        drawn: scrolling from a later event came a frame late, or not at all while a curtain
        covered the pane."""
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if self._opening is not None and self._width > 0 and self.scrollable_content_region.width == self._width:
            row = self._opening_row(self._opening)  # (lines wrapped for another width wait for `on_resize`)
            self._opening = None
            self._place(self.max_scroll_y if row >= self.max_scroll_y else row)
        elif self._following and self._opening is None:
            self._place(self.max_scroll_y)
        return resized

    def _place(self, row: int) -> None:
        self.scroll_target_y = row
        self.scroll_y = row
        self._following = self.scroll_y >= self.max_scroll_y

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._width:
            self._rewrap()  # its new height in lines brings a layout, which places the view
            self._following = self._opening is None  # a reader who had scrolled starts at the end again

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
