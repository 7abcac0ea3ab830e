"""What the picker shows of a game: its own small module, so that start-up loads no rules machinery.

`protocol` re-exports it; a game's package declares its `ABOUT` from here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class About:
    """What the picker shows of a game, declared in its package so the rules load only when played."""

    key: str
    title: str
    blurb: str
    """One line in our own words for the picker."""
    min_players: int
    max_players: int
