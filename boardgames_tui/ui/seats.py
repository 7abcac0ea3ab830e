"""Seat colours and glyphs: a colour-blind-safe palette, each colour paired with a glyph and a letter."""

from __future__ import annotations

from boardgames_tui.engine.seating import GLYPHS, PALETTE, Colour

__all__ = ["GLYPHS", "PALETTE", "Colour", "colour_hex"]


def colour_hex(name: str) -> str:
    """The hex code of a palette colour by name; other values (hex codes, names) pass through."""
    for colour in PALETTE:
        if colour.name == name:
            return colour.hex
    return name or "#999999"
