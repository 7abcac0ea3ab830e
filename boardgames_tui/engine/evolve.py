"""The one fast copy and the one memo every game's rules use for their immutable states.

A rule never changes a state: it returns a copy with some fields changed. `dataclasses.replace`
does that, but it inspects the class and runs `__init__` on every call, and a bot's search copies
states millions of times. So a game's state classes are frozen dataclasses *without* slots: their
fields live in the instance's `__dict__`, and a copy is one dictionary copy in C.

    @dataclass(frozen=True)
    class State: ...

    new = evolve(state, turn=state.turn + 1)
    legal = memo(state, "legal", compute_legal)   # computed once per state

- `evolve(obj, **changes)`: a copy with those fields changed. Unknown field names are refused.
  Nothing derived from the old state (the memo) is carried over.
- `memo(obj, key, compute)`: `compute(obj)`, kept on the object from the first call. The value
  lives beside the fields, not among them: equality, hashing, `repr` and pickling ignore it.
- `build(cls, **fields)`: a new instance from every field, without `__init__` (for values made
  on every action, such as log lines).
- `members(SomeEnum)`: the members of an enum as slots of a plain object. In Python 3.11 reading
  `Phase.SCOUT` goes through the enum's metaclass and costs several times a plain attribute read;
  rules that test a phase on every step read `PHASE.SCOUT` from `PHASE = members(Phase)`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)

MEMO = "_memo_"
"""The key under which `memo` keeps its values in an instance's `__dict__`."""

_new = object.__new__
_set = object.__setattr__
_FIELDS: dict[type, frozenset[str]] = {}


def _fields(cls: type) -> frozenset[str]:
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__:
            raise TypeError(f"{cls.__name__} must be a dataclass without slots to be evolved")
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


def evolve(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass `obj` with `changes` made (the original is unchanged)."""
    cls = type(obj)
    names = _FIELDS.get(cls) or _fields(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    # `dict(...)`, not `.copy()`: a copy of the split-keys dict an `__init__` leaves keeps that
    # layout, and Python 3.11 reads attributes from such an instance about three times slower.
    attrs = dict(obj.__dict__)
    if MEMO in attrs:
        # What `memo` kept is derived from the old state: cleared, but set to None rather than
        # popped. A popped key leaves a deleted slot, and CPython copies such a dict entry by entry,
        # about five times slower (3.11: 2.5 against 0.5 µs for 26 fields); in a bot's playout
        # every state is a copy of one that was asked `memo`, so every copy paid that.
        attrs[MEMO] = None
    attrs.update(changes)
    new = _new(cls)
    _set(new, "__dict__", attrs)
    return new


def build(cls: type[T], /, **fields: Any) -> T:
    """An instance of the slot-less dataclass `cls` from all of its fields, without `__init__`."""
    if _fields(cls) != fields.keys():
        raise TypeError(f"{cls.__name__} needs exactly its fields {sorted(_fields(cls))}")
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new


def memo(obj: Any, key: object, compute: Callable[[Any], T]) -> T:
    """`compute(obj)`, computed on the first call for this `obj` and `key` and kept on `obj`."""
    attrs = obj.__dict__
    kept = attrs.get(MEMO)
    if kept is None:
        kept = attrs[MEMO] = {}
    elif key in kept:
        value: T = kept[key]
        return value
    value = kept[key] = compute(obj)
    return value


class Evolvable:
    """A base for state classes: pickling leaves the memo out (it is rebuilt on use)."""

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != MEMO}

    def __setstate__(self, attrs: dict[str, Any]) -> None:
        _set(self, "__dict__", dict(attrs))


def members(enum_type: type[E]) -> type[E]:
    """The members of `enum_type` as slots of a plain object (typed as the enum itself, so
    `PHASE.SCOUT` checks like `Phase.SCOUT` and is the very same member). Python 3.11 reads an
    instance's slot as fast as a global; a class attribute is slower and an enum's much slower."""
    names = tuple(enum_type.__members__)
    holder: Any = type(f"{enum_type.__name__}Members", (), {"__slots__": names})()
    for name, member in enum_type.__members__.items():
        setattr(holder, name, member)
    return holder
