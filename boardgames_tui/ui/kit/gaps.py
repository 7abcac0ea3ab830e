"""Text whose style runs never start with a space, so pictures of the screen keep every gap.

Textual's SVG screenshot writes one text element per run of equally styled cells, and librsvg
(`rsvg-convert`, used to look at screenshots as PNG) drops the spaces that open an element: a
run " is choosing" after "Lilo" is drawn one cell early, and the picture reads "Lilois choosing".
A terminal draws both the same. `keep_gaps` gives the spaces that open a run their own style,
the same but for bold, which a space never shows, so each run of words starts on a letter and
is placed by its own column.
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text

_CONSOLE = Console(width=1000, color_system=None, force_terminal=False)


def _variants(style: Style) -> tuple[Style, Style]:
    """`style` with bold flipped, and with italic flipped: each the same on a space, yet a
    different run."""
    return style + Style(bold=not style.bold), style + Style(italic=not style.italic)


def _pieces(text: Text) -> list[tuple[str, Style]]:
    """`text` as (characters, style) pieces with every line break a piece of its own."""
    pieces: list[tuple[str, Style]] = []
    for segment in text.render(_CONSOLE):
        style = segment.style or Style()
        for number, piece in enumerate(segment.text.split("\n")):
            if number:
                pieces.append(("\n", Style()))
            if piece:
                pieces.append((piece, style))
    return pieces


def keep_gaps(text: Text) -> Text:
    """`text` (same characters, same look) with the spaces that open each style run restyled."""
    out = Text(end=text.end, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap)
    pieces = _pieces(text)
    for index, (chars, style) in enumerate(pieces):
        if chars == "\n":
            out.append(chars)
            continue
        words = chars.lstrip(" ")
        lead = len(chars) - len(words)
        if lead:
            # The spaces must not join the run that follows them, which would then open with them.
            after = style if words else pieces[index + 1][1] if index + 1 < len(pieces) else None
            bold, italic = _variants(style)
            out.append(" " * lead, bold if bold != after else italic)
        if words:
            out.append(words, style)
    return out
