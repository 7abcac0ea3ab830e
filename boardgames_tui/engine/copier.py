"""Copies that change a fixed set of fields, for the few a game's rules make on every step.

`engine.evolve.evolve(obj, **changes)` checks the names of the changed fields and gathers them in
a dictionary on every call; for a seat copied on every card played, that is about a third of the
copy's cost. `copier(cls, *names)` checks the names once, when the rules are imported, and gives
a function taking the new values in that order:

    _draw = copier(SeatState, "hand", "pile")
    seat = _draw(seat, hand, pile)       # as evolve(seat, hand=hand, pile=pile), a third cheaper

The copy is `evolve`'s: one dictionary copy, what `memo` kept cleared (set to None, see `evolve`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from boardgames_tui.engine.evolve import MEMO, evolve

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def copier(cls: type[T], *names: str) -> Callable[..., T]:
    """A function `(obj, *values) -> copy of obj with the fields `names` set to `values``, for
    instances of the slot-less dataclass `cls` (no name is checked again on a call)."""
    evolve(_new(cls), **dict.fromkeys(names))  # refuses a name that is not a field of `cls`
    # One and two fields (nearly every copy the rules make) are written out without a loop or
    # `zip`: that is most of what this module saves over `evolve`, so the three bodies repeat.
    if len(names) == 1:
        (a,) = names

        def copy1(obj: T, x: Any) -> T:
            attrs = dict(obj.__dict__)  # `dict(...)`: see `engine.evolve`
            if MEMO in attrs:
                attrs[MEMO] = None
            attrs[a] = x
            new = _new(cls)
            _set(new, "__dict__", attrs)
            return new

        return copy1
    if len(names) == 2:
        a, b = names

        def copy2(obj: T, x: Any, y: Any) -> T:
            attrs = dict(obj.__dict__)
            if MEMO in attrs:
                attrs[MEMO] = None
            attrs[a] = x
            attrs[b] = y
            new = _new(cls)
            _set(new, "__dict__", attrs)
            return new

        return copy2

    def copy(obj: T, *values: Any) -> T:
        attrs = dict(obj.__dict__)
        if MEMO in attrs:
            attrs[MEMO] = None
        attrs.update(zip(names, values, strict=True))
        new = _new(cls)
        _set(new, "__dict__", attrs)
        return new

    return copy
