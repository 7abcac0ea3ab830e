"""Box frames for cards and tiles, one line style per state so states differ without colour.

plain: rounded thin; selected: double; cursor: heavy; disabled: dashed; ghost: dotted;
legal: corners only (an open outline); locked: thin with a lock in the top-left corner.
The ASCII forms keep the differences: `+-|`, `#=#`, `*`, `.`, `:` and bare corners.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from rich.style import Style
from rich.text import Text

from boardgames_tui.ui.kit.block import Block, fit
from boardgames_tui.ui.kit.icons import ascii_mode


class Line(Enum):
    """How a frame is drawn."""

    PLAIN = "plain"
    SELECTED = "selected"
    CURSOR = "cursor"
    DISABLED = "disabled"
    GHOST = "ghost"
    LEGAL = "legal"
    BACK = "back"


# top-left, horizontal, top-right, vertical, bottom-left, bottom-right, tee-left, tee-right
_UNICODE = {
    Line.PLAIN: "╭─╮│╰╯├┤",
    Line.SELECTED: "╔═╗║╚╝╠╣",
    Line.CURSOR: "┏━┓┃┗┛┣┫",
    Line.DISABLED: "┌╌┐╎└┘├┤",
    Line.GHOST: "┌┈┐┊└┘├┤",
    Line.LEGAL: "┌ ┐ └┘  ",
    Line.BACK: "┌─┐│└┘├┤",
}
_ASCII = {
    Line.PLAIN: "+-+|++++",
    Line.SELECTED: "#=#H##HH",
    Line.CURSOR: "********",
    Line.DISABLED: "...:..::",
    Line.GHOST: ":.:::.::",
    Line.LEGAL: "+ + ++  ",
    Line.BACK: "+-+|++++",
}


def pieces(line: Line) -> str:
    """The eight frame characters of `line` in the current icon mode."""
    return (_ASCII if ascii_mode() else _UNICODE)[line][:8]


def framed(
    inner: Sequence[Text],
    width: int,
    line: Line,
    border: str | Style = "",
    *,
    title: Text | None = None,
    corner: Text | None = None,
    foot: Text | None = None,
    dividers: Sequence[int] = (),
    inner_style: str | Style = "",
) -> Block:
    """A frame `width` cells wide around `inner` (each fitted to width − 2).

    `title` sits in the top edge from the left, `corner` in the top edge at the right, `foot`
    in the bottom edge; `dividers` are inner line numbers replaced by a divider across the frame.
    """
    tl, h, tr, v, bl, br, tee_l, tee_r = tuple(pieces(line))
    span = width - 2
    lines = [_edge(tl, h, tr, span, border, title, corner)]
    for index, row in enumerate(inner):
        if index in dividers:
            divider_char = "┈" if not ascii_mode() else "-"
            lines.append(Text(tee_l + divider_char * span + tee_r, style=border))
            continue
        text = Text(v, style=border)
        body = fit(row, span)
        if inner_style:
            body.stylize(inner_style)
        text.append_text(body)
        text.append(v, style=border)
        lines.append(text)
    lines.append(_edge(bl, h, br, span, border, foot, None))
    return Block(lines, width)


def _edge(left: str, h: str, right: str, span: int, style: str | Style, start: Text | None, end: Text | None) -> Text:
    """One top or bottom edge with optional words set into it."""
    middle = Text(h * span, style=style)
    if start is not None and span > 2:
        words = fit(start, min(start.cell_len, span - 2))
        middle = Text(h, style=style) + words + Text(h * (span - 1 - words.cell_len), style=style)
    if end is not None and span > 2:
        room = span - 1 - (start.cell_len + 1 if start is not None else 0)
        if room >= end.cell_len:
            cut = middle[: span - 1 - end.cell_len]
            middle = cut + end + Text(h, style=style)
    return Text(left, style=style) + middle + Text(right, style=style)
