"""Tokens and counters: an icon with a count, and face-down backs in the owner's colour."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.chip import seat_colour, seat_glyph
from boardgames_tui.ui.kit.icons import icon, pick
from boardgames_tui.ui.kit.palette import DARK, Palette, contrast_text


@dataclass(frozen=True, slots=True)
class Count:
    """An icon (by name) with how many; `colour` is the component's own colour, if it has one."""

    icon: str
    count: int | None = None
    colour: str | None = None


def counter(item: Count, *, pal: Palette = DARK, times: bool = False) -> Text:
    """`Ѡ3` (or `Ѡ×3` with `times`); a count of None draws the icon alone. Width: 1 + digits (+1)."""
    text = Text(no_wrap=True)
    text.append(icon(item.icon), style=f"bold {item.colour or pal.foreground}")
    if item.count is not None:
        if times:
            text.append(pick("×", "x"), style=pal.muted)
        text.append(str(item.count), style=f"bold {pal.foreground}")
    return text


def counters(items: Sequence[Count], *, pal: Palette = DARK, gap: int = 1) -> Text:
    """Several counters on one line, zero counts left out."""
    text = Text(no_wrap=True)
    for item in items:
        if item.count == 0:
            continue
        if text:
            text.append(" " * gap)
        text.append_text(counter(item, pal=pal))
    return text


def token(item: Count, owner: SeatInfo | None = None, *, pal: Palette = DARK) -> Text:
    """A face-up token: its icon (and count) in a small chip, owned ones on the owner's colour.

    Three cells for a single token: ` Ѡ ` with count: ` Ѡ3 `. The owner's glyph is not added: the
    place the token sits on (a board, a captive row) names the owner where it matters.
    """
    if owner is not None:
        back = seat_colour(owner)
        style = f"bold {contrast_text(back)} on {back}"
        count = "" if item.count is None else str(item.count)
        return Text(f" {icon(item.icon)}{count} ", style=style, no_wrap=True)
    text = Text(" ", no_wrap=True)
    text.append_text(counter(item, pal=pal))
    text.append(" ")
    return text


def token_back(owner: SeatInfo, count: int | None = None) -> Text:
    """A face-down token: the owner's glyph on the owner's colour with a hidden mark, ` ●▒ `.

    The glyph says whose it is without colour; the ▒ (ASCII `?`) says it is face down.
    Width: 4 cells, plus the digits of `count` when given (a stack of face-down tokens).
    """
    back = seat_colour(owner)
    ink = contrast_text(back)
    style = f"bold {ink} on {back}"
    text = Text(" " + seat_glyph(owner) + icon("hidden"), style=style, no_wrap=True)
    if count is not None:
        text.append(str(count), style=style)
    text.append(" ", style=style)
    return text


def token_face(owner: SeatInfo, name: str) -> Text:
    """A face-up token that names its owner without colour: ` ●♚ ` (glyph and icon) on the owner's colour.

    The same 4 cells as `token_back`, so a slot keeps its width when its token is turned over.
    """
    back = seat_colour(owner)
    style = f"bold {contrast_text(back)} on {back}"
    return Text(" " + seat_glyph(owner) + icon(name) + " ", style=style, no_wrap=True)
