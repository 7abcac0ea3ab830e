"""Randomness as a value: a seed and a counter kept in the game state.

Games never hold a live `random.Random`; each time they need chance they rebuild one from
(seed, counter) and store the counter advanced by one. Two states that compare equal therefore
draw the same future.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RngState:
    """A reproducible source of randomness stored inside a game state."""

    seed: int
    counter: int = 0

    def draw(self) -> tuple[random.Random, RngState]:
        """A generator for one use, and the state to store for the next use."""
        return random.Random(self.seed * 1_000_003 + self.counter), RngState(self.seed, self.counter + 1)

    def shuffled(self, items: tuple[T, ...]) -> tuple[tuple[T, ...], RngState]:
        """The items in a random order, and the next state."""
        rng, nxt = self.draw()
        out = list(items)
        rng.shuffle(out)
        return tuple(out), nxt


def new_seed() -> int:
    """A fresh random seed for a match (kept secret until game over)."""
    return random.SystemRandom().randrange(1, 2**31)
