"""The app's one icon set: every named icon with a Unicode form and a plain-ASCII fallback.

Every Unicode form is one terminal cell wide and so is its ASCII form, so a layout measured in
one mode fits the other. ASCII is chosen automatically when the terminal cannot show Unicode
(a C or POSIX locale, an ASCII output encoding), by `BOARDGAMES_ASCII=1`, or by `set_ascii`.
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Icon:
    """One icon: its Unicode glyph, its ASCII stand-in and the word a legend uses for it."""

    unicode: str
    ascii: str
    label: str


ICONS: dict[str, Icon] = {
    # factions and people
    "knight": Icon("♞", "K", "Knights"),
    "merchant": Icon("♦", "M", "Merchants"),
    "monk": Icon("✝", "+", "Monks"),
    "envoy": Icon("✦", "E", "Envoy"),
    "supporter": Icon("♟", "s", "Supporter"),
    "chieftain": Icon("♚", "C", "chieftain"),
    "warrior": Icon("⚔", "W", "warrior"),
    "bluff": Icon("?", "?", "bluff"),
    "boy": Icon("♙", "b", "boy"),
    "daughter": Icon("♀", "d", "daughter"),
    "scout": Icon("◎", "o", "scout"),
    "guard": Icon("◉", "g", "guard"),
    "hero": Icon("☺", "h", "hero"),
    "dragon": Icon("♆", "D", "Draco"),
    # goods and pieces
    "coin": Icon("¤", "$", "coin"),
    "gold": Icon("●", "G", "gold"),
    "silver": Icon("○", "S", "silver"),
    "cow": Icon("Ѡ", "c", "cow"),
    "jewel": Icon("◆", "j", "jewel"),
    "captive": Icon("⊗", "x", "captive"),
    "tower": Icon("♜", "T", "tower"),
    "card": Icon("▯", "=", "card"),
    "pile": Icon("≣", "#", "pile"),
    "hand": Icon("◫", "H", "hand"),
    "shield": Icon("◈", "O", "shield"),
    "broken_shield": Icon("◇", "0", "broken shield"),
    "goblet": Icon("♖", "Y", "goblet"),
    "boat": Icon("◡", "b", "boat"),
    "floor": Icon("▤", "f", "floor"),
    "fountain": Icon("⊚", "F", "fountain"),
    "contract": Icon("✉", "@", "contract"),
    "door": Icon("▮", "d", "door"),
    "window": Icon("▫", "w", "window"),
    "roof": Icon("⌂", "^", "roof"),
    "peak": Icon("▲", "A", "peak"),
    "wood": Icon("≡", "=", "wood"),
    "stone": Icon("▦", "#", "stone"),
    "iron": Icon("▬", "-", "iron"),
    "carpenter": Icon("⊤", "t", "carpenter"),
    "slope_left": Icon("◢", "/", "left slope"),
    "slope_right": Icon("◣", "\\", "right slope"),
    "flat_roof": Icon("▀", "=", "flat roof"),
    "water": Icon("≈", "~", "water"),
    "star": Icon("★", "*", "unique"),
    "point": Icon("✪", "P", "points"),
    # time
    "day": Icon("☀", "d", "morning"),
    "night": Icon("☾", "n", "evening"),
    "turn": Icon("⟳", "t", "turn"),
    # marks of state (each a shape, never only a colour)
    "cursor": Icon("▶", ">", "cursor"),
    "selected": Icon("✔", "v", "selected"),
    "legal": Icon("✚", "+", "can go here"),
    "locked": Icon("⊠", "L", "locked"),
    "ghost": Icon("◌", ":", "preview"),
    "disabled": Icon("✗", "x", "not now"),
    "leader": Icon("♛", "!", "leads"),
    "tie": Icon("=", "=", "tied"),
    "hidden": Icon("▒", "?", "face down"),
    "arrow_left": Icon("◀", "<", "left"),
    "arrow_right": Icon("▶", ">", "right"),
    "arrow_up": Icon("▲", "^", "up"),
    "arrow_down": Icon("▼", "v", "down"),
    "done": Icon("✓", "v", "done"),
    "gives": Icon("→", ">", "goes to"),
    "waiting": Icon("…", ".", "still choosing"),
}

_ascii_override: bool | None = None


def terminal_lacks_unicode(environ: dict[str, str] | None = None, encoding: str | None = None) -> bool:
    """True when the locale or the output encoding cannot show Unicode (LANG=C, POSIX, ASCII)."""
    env = os.environ if environ is None else environ
    locale = env.get("LC_ALL") or env.get("LC_CTYPE") or env.get("LANG") or ""
    if locale in ("C", "POSIX"):
        return True
    if encoding is None:
        encoding = getattr(sys.__stdout__, "encoding", None) or "utf-8"
    return encoding.lower().replace("-", "").replace("_", "") in ("ascii", "usascii", "ansix3.41968", "646")


def ascii_mode() -> bool:
    """Whether icons are drawn in ASCII now: the app's switch, else the setting, else the terminal."""
    if _ascii_override is not None:
        return _ascii_override
    setting = os.environ.get("BOARDGAMES_ASCII", "").strip().lower()
    if setting in ("1", "true", "yes", "on"):
        return True
    if setting in ("0", "false", "no", "off"):
        return False
    return _terminal_lacks_unicode_now()


@functools.cache
def _terminal_lacks_unicode_now() -> bool:
    """The terminal's answer, asked once: the locale and the output do not change while running."""
    return terminal_lacks_unicode()


def set_ascii(value: bool | None) -> None:
    """The app-level switch: True or False forces a mode, None goes back to the automatic choice."""
    global _ascii_override
    _ascii_override = value


def icon(name: str) -> str:
    """The glyph of the named icon in the current mode (raises KeyError for an unknown name)."""
    entry = ICONS[name]
    return entry.ascii if ascii_mode() else entry.unicode


def pick(unicode: str, ascii: str) -> str:
    """One of two drawings of the same thing (a frame piece, a fill) by the current mode."""
    return ascii if ascii_mode() else unicode
