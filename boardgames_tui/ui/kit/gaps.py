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
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text

_CONSOLE = Console(width=1000, color_system=None, force_terminal=False)
_PLAIN = Style()


def _pieces(text: Text) -> list[tuple[int, int, Style]]:
    """`text` as (start, end, style) pieces, each of one style, every line break a piece of
    its own (with the plain style)."""
    pieces: list[tuple[int, int, Style]] = []
    offset = 0
    for segment in text.render(_CONSOLE):
        style = segment.style or _PLAIN
        for number, piece in enumerate(segment.text.split("\n")):
            if number:
                pieces.append((offset, offset + 1, _PLAIN))
                offset += 1
            if piece:
                pieces.append((offset, offset + len(piece), style))
                offset += len(piece)
    return pieces


def keep_gaps(text: Text) -> Text:
    """`text` (same characters, same look) with the spaces that open each style run restyled.

    The original spans stay; each run of opening spaces gets one more span on top that flips
    bold (or italic, where flipping bold would make the spaces the style of what follows)."""
    out = text.copy()
    plain = text.plain
    pieces = _pieces(text)
    for index, (start, end, style) in enumerate(pieces):
        if plain[start] != " ":
            continue
        chars = plain[start:end]
        words = chars.lstrip(" ")
        lead = len(chars) - len(words)
        # The spaces must not join the run that follows them, which would then open with them.
        after = style if words else pieces[index + 1][2] if index + 1 < len(pieces) else None
        flip = Style(bold=not style.bold)
        if style + flip == after:
            flip = Style(italic=not style.italic)
        out.spans.append(Span(start, start + lead, flip))
    return out


def gapped_segments(text: Text, console: Console) -> list[Segment]:
    """The segments of the one-line `text` as `console` draws it, with the spaces that open each
    style run restyled as `keep_gaps` does: the same look, the text rendered once instead of
    twice (once to find its runs, once to draw them)."""
    # Rich's `Text.render` leaves out the text's own style when it has no spans.
    segments = list(text.render(console)) if text.spans else [Segment(text.plain, console.get_style(text.style))]
    out: list[Segment] = []
    for index, segment in enumerate(segments):
        chars = segment.text
        if not chars.startswith(" "):
            if chars:
                out.append(segment)
            continue
        style = segment.style or _PLAIN
        words = chars.lstrip(" ")
        # The spaces must not join the run that follows them, which would then open with them.
        after = style if words else (segments[index + 1].style or _PLAIN) if index + 1 < len(segments) else None
        flip = Style(bold=not style.bold)
        if style + flip == after:
            flip = Style(italic=not style.italic)
        out.append(Segment(chars[: len(chars) - len(words)], style + flip))
        if words:
            out.append(Segment(words, style))
    return out
