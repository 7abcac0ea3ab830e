"""A drawing surface for game bodies: lines of Rich text plus where each clickable piece sits."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

Hit = tuple[int, int, int, Any]
"""A clickable span: (line, first column, end column, target)."""


class Canvas:
    """Text drawn line by line; `add` with a target records a span that `hit` finds again."""

    def __init__(self) -> None:
        self.lines: list[Text] = [Text()]
        self.hits: list[Hit] = []
        self.marks: dict[str, int] = {}
        """Named lines (e.g. where the cursor is), for scrolling them into view."""

    @property
    def row(self) -> int:
        """The line being drawn."""
        return len(self.lines) - 1

    def add(self, text: str | Text, style: str | Style = "", target: Any = None) -> None:
        line = self.lines[-1]
        start = line.cell_len
        if isinstance(text, Text):
            line.append_text(text)
        else:
            line.append(text, style)
        if target is not None:
            self.hits.append((self.row, start, line.cell_len, target))

    def newline(self) -> None:
        self.lines.append(Text())

    def mark(self, name: str) -> None:
        self.marks[name] = self.row

    def hit(self, line: int, column: int) -> Any:
        """The target drawn at (line, column), or None."""
        for row, start, end, target in self.hits:
            if row == line and start <= column < end:
                return target
        return None

    def text(self, *, crop: bool = False) -> Text:
        """All lines as one Text; `crop` keeps one drawn line per row, so click rows match."""
        text = Text("\n").join(self.lines)
        if crop:
            text.no_wrap = True
            text.overflow = "crop"
        return text
