"""The body's per-seat view state as one value: the drawing reads it, a new seat starts afresh."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    cursor: int = 0
    """Which card of the hand is highlighted."""
    focused: bool = False
    """Whether the body has the keys (the highlight is drawn stronger)."""
