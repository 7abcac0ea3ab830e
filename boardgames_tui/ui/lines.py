"""A widget drawn as one Rich Text, handed to Textual line by line.

Textual turns a widget's `render()` into its own content format and then into lines, twice per
change: once to measure the height and once to paint. For a whole game table that is the
costliest part of a move (about 22 ms for Die Tafelrunde's table, against 8 ms for Rich's own
rendering of the same Text on the same machine). A `LineDrawn` widget renders its Text with Rich
once per drawing and width, and gives Textual those lines through the line API (`render_line`,
as the log does) and their count as its height.
"""

from __future__ import annotations

from typing import cast

from rich.console import RenderableType
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.ui.literal import literal


class LineDrawn(Widget):
    """A widget whose `render()` returns a Rich Text, the very same object while nothing changed
    (a game body's `drawn_once` sees to that, Tolleno's city map keeps its drawing until the next
    refresh): a new object makes the lines again, so a widget that drew a new Text on every call
    would be drawn once per line."""

    _lines: tuple[object, int, object, list[Strip]] | None = None
    """The last lines made: (the Text, the width, the widget's base style, the lines)."""

    _pass_style: Style | None = None
    """The widget's base style while Textual asks for its lines (`render_lines`)."""

    _pass_lines: list[Strip] | None = None
    """The drawing's lines while Textual asks for them (`render_lines`)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual asks for every line of the crop in turn; the base style walks all the widget's
        # ancestors (a quarter of a millisecond), and finding the drawing (`render`) looks up the
        # widget's size and what it is drawn from, so both are worked out once for them all.
        self._pass_style = self.rich_style
        self._pass_lines = self.drawn_lines(self.size.width)
        try:
            return super().render_lines(crop)
        finally:
            self._pass_style = self._pass_lines = None

    def drawn_lines(self, width: int) -> list[Strip]:
        """The drawing's lines at `width`, in the widget's base style (colours, background)."""
        text = cast(RenderableType, self.render())  # a Rich Text, by this class's contract
        style = self.rich_style if self._pass_style is None else self._pass_style
        made = self._lines
        if made is not None and made[0] is text and made[1] == width and made[2] == style:
            return made[3]
        console = self.app.console
        options = console.options.update(width=width, height=None)  # as many lines as the Text has
        if isinstance(text, str):
            text = literal(text)
        rows = console.render_lines(text, options, pad=True) if width > 0 else []  # not markup
        lines = [Strip(row, width).apply_style(style) for row in rows]
        self._lines = (text, width, style, lines)
        return lines

    def render_line(self, y: int) -> Strip:
        lines = self._pass_lines if self._pass_lines is not None else self.drawn_lines(self.size.width)
        return lines[y] if 0 <= y < len(lines) else Strip.blank(self.size.width, self.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.drawn_lines(width))
