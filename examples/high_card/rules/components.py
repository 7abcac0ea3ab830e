"""The components: the cards and how many rounds are played."""

from __future__ import annotations

CARDS: tuple[int, ...] = tuple(range(1, 10)) * 2
"""The deck: two of each card from 1 to 9."""
HAND = 3
ROUNDS = 2
