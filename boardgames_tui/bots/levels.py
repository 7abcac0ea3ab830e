"""The bot levels: an iteration budget and a time cap each, and how the final move is picked."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """How hard a bot thinks.

    `iterations` caps the search; `seconds` caps it in time (a turn of many small decisions must
    not keep the table waiting). `sharpness` None plays the most visited move; a number picks a
    move at random with weights visits ** sharpness, so that a beginner plays one of the better
    moves, not always the best. `iterations` 0 plays a random legal move.

    `workers` is the level's share of a search pool (`bots.pool`): the most worker processes
    one decision searches in at once, each with the level's budget and cap (None: every worker
    the pool has). Easy keeps one, so its deliberately short search stays as weak on any machine.
    """

    name: str
    iterations: int
    seconds: float
    sharpness: float | None = None
    workers: int | None = None


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("random", 0, 0.0),
        Level("easy", 40, 0.12, sharpness=2.0, workers=1),
        Level("normal", 1_000, 0.4),
        Level("hard", 6_000, 1.25),
    )
}
"""Every level by name, weakest first."""


def level_named(name: str) -> Level:
    """The level called `name`; ValueError naming the valid ones otherwise."""
    level = LEVELS.get(name)
    if level is None:
        raise ValueError(f"no bot level {name!r} (valid: {', '.join(LEVELS)})")
    return level
