"""Literal text for the screen: the one way a string from a player, a game or a file is shown.

Textual parses a plain `str` handed to a Static, Label, Button, Option or DataTable cell as
markup, so a player named `[/]` would crash the app and `[reverse]A` would draw in reverse
video. A `rich.text.Text` is never parsed: `literal` wraps a string in one.

It is also the second line of defence against control characters (the first is the name rule,
applied by setup and by the save loader): neither Rich nor Textual removes ESC, so a name
carrying an escape sequence would reach the terminal raw and could retitle or clear it. Every
control character (but the line break), lone surrogate and bidirectional override becomes a
visible replacement mark, one character for one, so styles laid over the text keep their places.
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
"""What an unsafe character is shown as."""

UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f"  # C0 controls but the line break, DEL, C1 controls (CSI, OSC...)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # marks and overrides of the bidirectional order
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff]"  # lone surrogates, which cannot even be written to the terminal
)
"""Characters that must never reach the terminal as they are."""


def clean(text: str) -> str:
    """`text` with every unsafe character replaced by a visible mark (same length)."""
    if UNSAFE.search(text) is None:
        return text
    return UNSAFE.sub(REPLACEMENT, text)


def literal(text: str | Text, style: str | Style = "") -> Text:
    """`text` as a Rich Text that is shown exactly as written: never markup, never a control code.

    A str becomes a Text in `style`; a Text (already literal: Rich never parses it) is returned
    as it is when clean, or as a cleaned copy with the same styles.
    """
    if isinstance(text, str):
        return Text(clean(text), style=style)
    plain = text.plain
    if UNSAFE.search(plain) is None:
        return text
    copy = text.copy()
    copy.plain = clean(plain)
    return copy
