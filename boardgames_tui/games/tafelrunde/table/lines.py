"""Text drawn on the body's canvas, wrapped to the width."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit.wrap import no_lone_word


def wrapped(canvas: Canvas, text: Text, width: int) -> None:
    """`text` on as many lines as it needs at `width` (the body crops, so nothing is lost), its
    last word never alone on a line (`no_lone_word`: as many lines as a plain wrap)."""
    for line in no_lone_word(lambda w: list(text.wrap(CONSOLE, w)), max(10, width), lambda t: t.plain):
        line.rstrip()
        canvas.add(line)
        canvas.newline()


CONSOLE = Console(width=200, color_system=None, force_terminal=False)
