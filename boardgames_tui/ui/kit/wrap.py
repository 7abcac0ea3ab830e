"""Breaking a sentence into lines without leaving its last word alone on a line of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Line = TypeVar("Line")


def no_lone_word(wrap: Callable[[int], list[Line]], width: int, plain: Callable[[Line], str]) -> list[Line]:
    """`wrap(width)`'s lines, unless the last holds a single word: then the lines of a slightly
    narrower `wrap`, on as many lines, whose last holds two words or more and which breaks no
    word in two (if there is one down to half the width). `plain` reads a line's characters. The
    number of lines never changes, so a layout that counted `wrap`'s lines still holds."""
    lines = wrap(width)
    if len(lines) < 2 or " " in plain(lines[-1]).strip():
        return lines
    words = _words(lines, plain)
    for narrower in range(width - 1, width // 2, -1):
        again = wrap(narrower)
        if len(again) > len(lines) or _words(again, plain) != words:
            break
        if " " in plain(again[-1]).strip():
            return again
    return lines


def _words(lines: list[Line], plain: Callable[[Line], str]) -> list[str]:
    return " ".join(plain(line) for line in lines).split()
