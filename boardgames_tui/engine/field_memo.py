"""A value worked out from one field of an immutable state, kept on the state and carried by
`evolve` to every copy that leaves that field as it was.

`engine.evolve.memo` keeps a value on one state and drops it on every copy. Some facts depend on
one field alone (a map on its tiles, an index of buildings by space on the buildings), and most
actions copy the state without touching that field: a memo would work the fact out again for
every state. `field_memo` keeps the value in the instance's `__dict__` beside the field it came
from; `evolve` copies the `__dict__`, so the value travels with the field, and every read checks
that the field is still the very object the value was worked out from (a copy that changed the
field works it out again). Nothing is global: a value lives as long as the states that hold it.

    facts = field_memo(state, "tiles", map_facts)           # worked out once for these tiles
    keep_field_memo(new_state, "tiles", facts.grown(tile))  # made another way (it must equal
                                                            # map_facts(new_state.tiles))

The classes must be slot-less dataclasses (as for `evolve`). Like a memo, the values are not part
of the state: equality, hashing and `repr` ignore them, and a class that pickles its instances
leaves them out with `without_field_memos` (they are worked out again on use).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V")

PREFIX = "_field_memo_"
"""The keys under which the values live in an instance's `__dict__`: this prefix and the field."""


def field_memo(obj: Any, field: str, compute: Callable[[Any], V]) -> V:
    """`compute(obj.<field>)`, kept on `obj` and on the copies that keep the field unchanged."""
    attrs = obj.__dict__
    source = attrs[field]
    kept = attrs.get(PREFIX + field)
    if kept is not None and kept[0] is source:
        value: V = kept[1]
        return value
    value = compute(source)
    attrs[PREFIX + field] = (source, value)
    return value


def keep_field_memo(obj: Any, field: str, value: object) -> None:
    """Keep `value` as `obj`'s value for `field` (it must equal what the compute would give)."""
    attrs = obj.__dict__
    attrs[PREFIX + field] = (attrs[field], value)


def without_field_memos(attrs: dict[str, Any]) -> dict[str, Any]:
    """An instance's `__dict__` without the kept values (for pickling)."""
    return {k: v for k, v in attrs.items() if not k.startswith(PREFIX)}
