"""Seat colours and glyphs: a colour-blind-safe palette, each colour paired with a glyph and a letter."""

from __future__ import annotations

from dataclasses import dataclass


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


def colour_hex(name: str) -> str:
    """The hex code of a palette colour by name; other values (hex codes, names) pass through."""
    for colour in PALETTE:
        if colour.name == name:
            return colour.hex
    return name or "#999999"
