"""The seat chip: a seat's glyph in its colour and its name, always as literal text."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.icons import ascii_mode, icon
from boardgames_tui.ui.kit.palette import DARK, Palette
from boardgames_tui.ui.seats import colour_hex

SEAT_GLYPH_ASCII = {"●": "o", "▲": "A", "■": "#", "◆": "%", "★": "*", "✚": "+", "♥": "v", "♣": "&"}
"""The ASCII stand-in of each seat glyph of the palette (distinct, one cell each)."""


def seat_glyph(seat: SeatInfo) -> str:
    """The seat's glyph in the current icon mode."""
    if ascii_mode():
        return SEAT_GLYPH_ASCII.get(seat.glyph, seat.glyph if seat.glyph.isascii() else "@")
    return seat.glyph


def seat_colour(seat: SeatInfo) -> str:
    """The seat's colour as a hex code."""
    return colour_hex(seat.colour)


def chip(
    seat: SeatInfo,
    *,
    width: int | None = None,
    active: bool = False,
    pal: Palette = DARK,
) -> Text:
    """Glyph and name, e.g. `● Ann`; `active` adds a pointer before it (the seat to act).

    The name is appended as plain text, never parsed as markup. With `width` the chip is cut
    (ending in …) or padded to exactly that many cells; it takes 2 + len(name) (+2 when active).
    """
    text = Text(no_wrap=True)
    if active:
        text.append(icon("cursor") + " ", style=f"bold {pal.text_primary}")
    text.append(seat_glyph(seat), style=f"bold {seat_colour(seat)}")
    text.append(" ")
    text.append(seat.name, style=f"bold {pal.foreground}" if active else pal.foreground)
    return fit(text, width) if width is not None else text


def compact_chip(seat: SeatInfo, *, pal: Palette = DARK) -> Text:
    """The glyph and the name's first three characters (5 cells at most), for tight rows."""
    return chip(seat, pal=pal, width=min(5, 2 + len(seat.name)))
