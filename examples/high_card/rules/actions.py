"""The actions and their text forms (the one codec derives them from the fields)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boardgames_tui.engine.codec import Codec


@dataclass(frozen=True)
class Play:
    """Play one card of your hand, face down."""

    card: int


@dataclass(frozen=True)
class Reveal:
    """The table turns the next played card face up."""

    FORM: ClassVar[str] = "reveal"


Action = Play | Reveal
REVEAL = Reveal()
CODEC: Codec[Action] = Codec("High Card", [Play, Reveal], shared=[REVEAL])
"""Writes `Play(3)` as "play 3" and `Reveal()` as "reveal", and reads them back strictly."""
