"""What a seat may be called and look like: the name rule and the palette of colours and glyphs.

Pure data and checks, shared by setup (which refuses a bad name with a message) and by the save
loader (which refuses a file carrying one), so both apply the same rule.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

NAME_MAX = 16
"""The longest name a seat may have, in characters."""


@dataclass(frozen=True, slots=True)
class Colour:
    name: str
    hex: str


# Okabe-Ito palette: distinguishable under the common forms of colour blindness.
PALETTE: tuple[Colour, ...] = (
    Colour("orange", "#E69F00"),
    Colour("sky blue", "#56B4E9"),
    Colour("green", "#009E73"),
    Colour("yellow", "#F0E442"),
    Colour("blue", "#0072B2"),
    Colour("vermilion", "#D55E00"),
    Colour("purple", "#CC79A7"),
    Colour("grey", "#999999"),
)
GLYPHS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "✚", "♥", "♣")
COLOUR_NAMES: frozenset[str] = frozenset(c.name for c in PALETTE)

BOT_LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""The levels a bot seat may play at, weakest first (the names of `bots.LEVELS`; a test keeps
them equal). Kept here so that setup and the save loader check a seat without importing bots."""
BOT_LEVEL_MAX = 16
"""The longest level name a save may carry (longer text is refused before it is looked at)."""


def seat_kind_problem(human: bool, level: str | None) -> str | None:
    """Why a seat cannot be played as stated (a person, or a bot of `level`), or None if it can.

    A person's seat has no level; a bot's has one of `BOT_LEVELS`."""
    if human:
        return None if level is None else "it is marked as a person's seat but names a bot level"
    if level is None:
        return "it is marked as a bot's seat but names no level"
    if level not in BOT_LEVELS:
        return f"its bot level is none of {', '.join(BOT_LEVELS)}"
    return None


NAME_RULE = (
    "A name has 1–16 printable characters, at least one of them visible; no control, format or "
    "invisible characters, no escape sequence (nor the ^[ or ^] a terminal pastes in its place) "
    "and no space at either end."
)
"""The name rule in words: the README says it in these words, and setup shows it with a refusal."""
ESCAPE_FORMS = ("^[", "^]")
"""What a pasted escape sequence arrives as when the terminal shows its ESC in caret form (CSI, OSC)."""
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that draw nothing (the Hangul fillers, the blank Braille cell)."""
_ZERO_WIDTH_JAMO = (("\u1160", "\u11ff"), ("\ud7b0", "\ud7ff"))
"""Hangul vowels and finals that draw nothing on their own (they join the letter before them)."""


def is_visible(char: str) -> bool:
    """Whether `char` draws something on its own: not a mark, a space, a control, format or filler."""
    if char in FILLERS or any(low <= char <= high for low, high in _ZERO_WIDTH_JAMO):
        return False
    return unicodedata.category(char)[0] not in "MZC"


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a seat, or None if it can (`NAME_RULE`).

    Combining marks, right-to-left letters and wide characters are fine next to a visible
    character: they are shown literally like everything else a player types.
    """
    if not isinstance(name, str):
        return "A name must be text."
    if not name:
        return "A name cannot be empty."
    if name != name.strip():
        return "A name cannot start or end with a space."
    problem = characters_problem(name)
    if problem is not None:
        return problem
    if any(c in FILLERS for c in name):
        return "A name cannot hold invisible characters (a filler such as U+3164 draws nothing)."
    if not any(is_visible(c) for c in name):
        return "A name needs at least one visible character (not only marks, fillers or zero-width characters)."
    if any(form in name for form in ESCAPE_FORMS):
        return "A name cannot hold an escape sequence (^[ or ^] is how a terminal pastes one)."
    return None


def characters_problem(text: str) -> str | None:
    """Why no name could be `text`, however it went on: too long, or a character that is not printable.

    The part of the name rule that holds for a name still being typed: setup checks every edit
    of a name field with it, so a pasted escape sequence is refused the moment it arrives.
    """
    if len(text) > NAME_MAX:
        return f"A name has at most {NAME_MAX} characters (this one has {len(text)})."
    if not text.isprintable():
        return "A name may hold only printable characters (no control or invisible characters)."
    return None
