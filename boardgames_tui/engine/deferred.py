"""Log lines worded only when the log is read: for rules whose lines cost more to write than the
step they describe costs to play.

A bot's random playouts apply hundreds of actions whose log nobody reads. Where a step's lines
take real work to word (a reveal that describes every slot of every board), that work can wait:
`later(log, count, words, *args)` appends `count` lines that `words(*args)` writes on the first
read that needs them (a screen, a save, an equality test), then keeps. The arguments must be
immutable values (a state before the step), so the lines read the same whenever they are written.

    log = later(state.log, 3, reveal_lines, state)   # nothing worded yet; len(log) is known
    log[-1]                                          # words the three lines, keeps them
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.logseq import LogSeq

T = TypeVar("T")


class Later(LogSeq[T]):
    """`count` entries that `words(*args)` makes on the first read (see the module's description);
    its length is known before, and it reads as the tuple of the entries (`LogSeq`)."""

    __slots__ = ("_args", "_count", "_entries", "_words")

    def __init__(self, count: int, words: Callable[..., Iterable[T]], *args: Any) -> None:
        self._count = count
        self._words: Callable[..., Iterable[T]] | None = words
        self._args = args
        self._entries: tuple[T, ...] | None = None

    @property
    def flat(self) -> tuple[T, ...]:
        entries = self._entries
        if entries is None:
            assert self._words is not None
            entries = self._entries = tuple(self._words(*self._args))
            if len(entries) != self._count:
                raise AssertionError(f"{len(entries)} lines worded where {self._count} were announced")
            self._words, self._args = None, ()  # let the arguments go
        return entries

    def __len__(self) -> int:
        return self._count

    def __reduce__(self) -> tuple[Any, ...]:  # on its own (not inside a `Journal`), as its tuple
        return (tuple, (self.flat,))


_new = object.__new__
_set = object.__setattr__


def later(log: Journal[T], count: int, words: Callable[..., Iterable[T]], *args: Any) -> Journal[T]:
    """`log` with `count` lines appended that `words(*args)` writes when first read.

    The new journal link holds the unworded lines where `Journal + entries` would hold a tuple
    (`Journal` only ever indexes, measures and iterates that part), so appending costs one small
    object and no wording."""
    if not count:
        return log
    new: Journal[T] = _new(Journal)
    _set(new, "_before", log)
    _set(new, "_last", Later(count, words, *args))
    _set(new, "_len", len(log) + count)
    _set(new, "_flat", None)
    return new
