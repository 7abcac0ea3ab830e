"""Text drawn on the body's canvas, wrapped to the width."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from boardgames_tui.ui.canvas import Canvas


def wrapped(canvas: Canvas, text: Text, width: int) -> None:
    """`text` on as many lines as it needs at `width` (the body crops, so nothing is lost)."""
    for line in text.wrap(CONSOLE, max(10, width)):
        line.rstrip()
        canvas.add(line)
        canvas.newline()


CONSOLE = Console(width=200, color_system=None, force_terminal=False)
