"""The round table as a list: position 1 sits beside Draco on the goblet side, position n on the other.

Draco never occupies a position; heroes never pass him, so there is no wrap-around. Every move is
"take the hero out, put it back in at a new index", which shifts the heroes in between by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Final, NamedTuple

from boardgames_tui.games.tafelrunde.rules.components import (
    PAY_BEFORE_LAST,
    PAY_FRONT,
    PAY_LAST,
    ZORK,
    ZORK_BEFORE_LAST,
    ZORK_LAST,
    hero_kind,
)

Order = tuple[str, ...]


class Op(NamedTuple):
    """One change to the circle (a named tuple: made in one step, where a frozen dataclass sets
    each field in turn, and a card that goes through makes one or two).

    verbs: "up"/"down" (hero, by steps), "to" (hero, to a 1-based position), "back" (hero),
    "swap" (hero, other), "front"/"behind" (hero, next to other), "turn" (Draco turns over),
    "draco_goblet"/"draco_other" (Draco moves by steps toward that side).
    """

    verb: str
    hero: str = ""
    steps: int = 0
    other: str = ""


def _reinsert(order: Order, hero: str, index: int) -> Order:
    rest = list(order)
    rest.remove(hero)  # every hero is in the circle once
    rest.insert(max(0, min(index, len(rest))), hero)
    return tuple(rest)


def apply_op(order: Order, op: Op) -> Order:
    """The order after one change; steps beyond Draco are lost."""
    n = len(order)
    verb = op.verb
    if verb == "up":
        return _reinsert(order, op.hero, order.index(op.hero) - op.steps)
    if verb == "down":
        return _reinsert(order, op.hero, order.index(op.hero) + op.steps)
    if verb == "to":
        return _reinsert(order, op.hero, op.steps - 1)
    if verb == "back":
        return _reinsert(order, op.hero, n - 1)
    if verb == "swap":
        out = list(order)
        i, j = order.index(op.hero), order.index(op.other)
        out[i], out[j] = out[j], out[i]
        return tuple(out)
    if verb in ("front", "behind"):
        rest = [h for h in order if h != op.hero]
        index = rest.index(op.other) + (verb == "behind")
        rest.insert(index, op.hero)
        return tuple(rest)
    if verb == "turn":
        return order[::-1]
    if verb == "draco_goblet":
        return order[op.steps :] + order[: op.steps]
    if verb == "draco_other":
        return order[n - op.steps :] + order[: n - op.steps]
    raise ValueError(f"unknown move {verb!r}")


def apply_ops(order: Order, ops: tuple[Op, ...] | list[Op]) -> Order:
    for op in ops:
        order = apply_op(order, op)
    return order


def position(order: Order, hero: str) -> int:
    """The 1-based position of a hero."""
    return order.index(hero) + 1


_VALUES: dict[int, tuple[int, ...]] = {}


def position_values(n: int) -> tuple[int, ...]:
    """What a coloured hero earns (or costs) at each position 1..n at the pay-out."""
    values = _VALUES.get(n)
    if values is None:
        cells = [0] * n
        for i, pay in enumerate(PAY_FRONT):
            cells[i] = pay
        cells[n - 2] = PAY_BEFORE_LAST
        cells[n - 1] = PAY_LAST
        values = _VALUES[n] = tuple(cells)
    return values


@cache
def zork_values(n: int) -> tuple[int, ...]:
    """What Zork costs his owner at each position: nothing in front, double at the back."""
    cells = [0] * n
    cells[n - 2] = ZORK_BEFORE_LAST
    cells[n - 1] = ZORK_LAST
    return tuple(cells)


def zork_neighbours(order: Order) -> tuple[str, ...]:
    """The one or two heroes beside Zork (Draco stops the circle at both ends)."""
    i = order.index(ZORK)
    return tuple(order[j] for j in (i - 1, i + 1) if 0 <= j < len(order))


@lru_cache(maxsize=4096)
def runs(order: Order, kinds: tuple[str, str]) -> Mapping[str, int]:
    """Heroic deed: every hero in a run of >= 2 neighbours of the two kinds, with the run's length.

    Zork has no kind, so he breaks a run, and Draco ends one at both ends of the list. Kept per
    circle (read-only): a hand with a Heroic deed asks about the same circle on every turn."""
    out: dict[str, int] = {}
    start = 0
    n = len(order)
    while start < n:
        if hero_kind(order[start]) not in kinds:
            start += 1
            continue
        end = start
        while end + 1 < n and hero_kind(order[end + 1]) in kinds:
            end += 1
        length = end - start + 1
        if length >= 2:
            for hero in order[start : end + 1]:
                out[hero] = length
        start = end + 1
    return MappingProxyType(out)


HEROIC_MAX: Final = 4
