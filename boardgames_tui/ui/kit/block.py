"""A fixed-size rectangle of styled text with click spans, and ways to lay blocks out.

Every kit element that is more than one line is a `Block`: its `width` and `height` are known
before it is drawn, so a screen can plan its layout at 80×24 and at 120×40. A Block is a Rich
renderable (usable in a Static), and `draw_on` copies it onto a game's `Canvas`, keeping the
block's click spans and optionally making the whole block one click target.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from boardgames_tui.ui.canvas import Canvas, Hit
from boardgames_tui.ui.kit.icons import ascii_mode


def fit(text: Text | str, width: int) -> Text:
    """`text` cut or padded with spaces to exactly `width` cells (cut text ends with … or ASCII ~)."""
    line = text.copy() if isinstance(text, Text) else Text(text)
    line.no_wrap = True
    if line.cell_len > width:
        if ascii_mode() and width > 0:
            line.truncate(width - 1, overflow="crop")
            line.append("~")
        else:
            line.truncate(width, overflow="ellipsis")
    if line.cell_len < width:
        line.append(" " * (width - line.cell_len))
    return line


@dataclass
class Block:
    """Lines of equal width; `hits` are (line, first column, end column, target) inside the block.

    Treat a block as a value: build a new one rather than changing its lines in place (cards and
    tiles are cached, so the same lines may be shared by every identical card on screen).
    """

    lines: list[Text]
    width: int
    hits: list[Hit] = field(default_factory=list)

    @classmethod
    def of(cls, lines: Iterable[Text | str], width: int | None = None) -> Block:
        """A block from lines, each fitted to `width` (default: the widest line)."""
        texts = [line if isinstance(line, Text) else Text(line) for line in lines]
        if width is None:
            width = max((t.cell_len for t in texts), default=0)
        return cls([fit(t, width) for t in texts], width)

    @property
    def height(self) -> int:
        return len(self.lines)

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in cells."""
        return self.width, self.height

    def plain(self) -> str:
        """The block's characters without styles, one line per row (for tests and logs)."""
        return "\n".join(line.plain for line in self.lines)

    def target(self, value: Any) -> Block:
        """The same block with every cell clicking to `value` (spans already inside win)."""
        whole = [(row, 0, self.width, value) for row in range(self.height)]
        return Block(self.lines, self.width, [*self.hits, *whole])

    def hit(self, line: int, column: int) -> Any:
        """The target at (line, column) inside the block, or None."""
        for row, start, end, value in self.hits:
            if row == line and start <= column < end:
                return value
        return None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)


def beside(blocks: Sequence[Block], gap: int = 1) -> Block:
    """Blocks side by side, tops aligned; shorter ones are padded below with blank lines."""
    height = max((b.height for b in blocks), default=0)
    width = sum(b.width for b in blocks) + gap * max(len(blocks) - 1, 0)
    lines = [Text() for _ in range(height)]
    hits: list[Hit] = []
    column = 0
    for index, block in enumerate(blocks):
        if index:
            for line in lines:
                line.append(" " * gap)
            column += gap
        for row in range(height):
            lines[row].append_text(block.lines[row] if row < block.height else Text(" " * block.width))
        hits.extend((row, start + column, end + column, value) for row, start, end, value in block.hits)
        column += block.width
    return Block(lines, width, hits)


def stack(blocks: Sequence[Block], gap: int = 0) -> Block:
    """Blocks one under another, left aligned, padded to the widest."""
    width = max((b.width for b in blocks), default=0)
    lines: list[Text] = []
    hits: list[Hit] = []
    for index, block in enumerate(blocks):
        if index:
            lines.extend(Text(" " * width) for _ in range(gap))
        top = len(lines)
        lines.extend(fit(line, width) for line in block.lines)
        hits.extend((row + top, start, end, value) for row, start, end, value in block.hits)
    return Block(lines, width, hits)


def flow(blocks: Sequence[Block], width: int, gap: int = 1, row_gap: int = 0) -> Block:
    """Blocks left to right, starting a new row whenever the next would pass `width` cells."""
    rows: list[list[Block]] = [[]]
    used = 0
    for block in blocks:
        need = block.width + (gap if rows[-1] else 0)
        if rows[-1] and used + need > width:
            rows.append([])
            used, need = 0, block.width
        rows[-1].append(block)
        used += need
    return stack([beside(row, gap) for row in rows if row], gap=row_gap)


def draw_on(canvas: Canvas, block: Block, target: Any = None) -> None:
    """Copy `block` onto `canvas` from the current column; the canvas ends on the block's last line.

    Lines after the first start at the same column (padded with spaces), so a block drawn after
    some text stays a rectangle. With `target`, every cell of the block clicks to it.
    """
    if target is not None:
        block = block.target(target)
    column = canvas.lines[-1].cell_len
    top = canvas.row
    for row, line in enumerate(block.lines):
        if row:
            canvas.newline()
            canvas.add(" " * column)
        canvas.add(line)
    canvas.hits.extend((row + top, start + column, end + column, value) for row, start, end, value in block.hits)


class BlockCache:
    """Recently drawn blocks by a hashable key (the drawing's arguments and the icon mode)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.blocks: dict[Hashable, Block] = {}

    def get(self, key: Hashable, draw: Callable[[], Block]) -> Block:
        """The block drawn for `key`, drawing it with `draw` the first time."""
        full_key = (key, ascii_mode())
        found = self.blocks.get(full_key)
        if found is None:
            if len(self.blocks) >= self.size:
                self.blocks.clear()
            found = self.blocks[full_key] = draw()
        return Block(found.lines, found.width, list(found.hits))
