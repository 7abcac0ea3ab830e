"""A game log whose lines may be written only when someone reads them: for logs that a bot's
playouts extend on every action and never read.

A bot's random playouts apply hundreds of actions per iteration, and each action used to put its
log lines into words (names, card titles, positions, money) and copy the whole tuple of lines.
Nobody reads those words: a playout's states are dropped as soon as it is scored. `LazyLog` keeps,
per action, a link to the log before it and either the lines themselves or a recipe for them (a
pure function and its arguments, all immutable values such as the state before the action);
the recipe runs on the first read that needs every line, and the joined lines are kept.

    log = LazyLog((line_a,))             # from finished lines
    log = log + (line_b,)                # lines appended (the old log unchanged)
    log = log.later(words, state, card)  # the lines `words(state, card)` returns, made when read
    log[-1], len(log), log[3:], list(log), log == (line_a, ...)   # as with a tuple

Reading joins the lines once and then forgets the links and recipes behind that log, so a state
that has been read keeps nothing of the states before it alive. Equality, hashing and pickling
go by the lines (a pickle holds the joined tuple).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from boardgames_tui.engine.logseq import LogSeq

T = TypeVar("T")

_new = object.__new__


class LazyLog(LogSeq[T], Generic[T]):
    """An immutable sequence of log lines built by appending lines or recipes for lines; it reads as
    the tuple of its lines (`LogSeq`)."""

    __slots__ = ("_args", "_before", "_flat", "_make")

    _before: LazyLog[T] | None
    _make: Callable[..., Iterable[T]] | None  # None: `_args` are the lines themselves
    _args: tuple[Any, ...]
    _flat: tuple[T, ...] | None

    def __init__(self, entries: Iterable[T] = ()) -> None:
        flat = tuple(entries)
        self._before = None
        self._make = None
        self._args = ()
        self._flat = flat

    def _link(self, make: Callable[..., Iterable[T]] | None, args: tuple[Any, ...]) -> LazyLog[T]:
        new: LazyLog[T] = _new(LazyLog)
        new._before = self
        new._make = make
        new._args = args
        new._flat = None
        return new

    def __add__(self, entries: Sequence[T]) -> LazyLog[T]:
        """This log with `entries` appended (this one unchanged)."""
        if not entries:
            return self
        return self._link(None, tuple(entries))

    def later(self, make: Callable[..., Iterable[T]], *args: Any) -> LazyLog[T]:
        """This log with the lines `make(*args)` appended, made on the first read. `make` must be a
        pure function of immutable `args`: it may run long after this call, or never."""
        return self._link(make, args)

    @property
    def flat(self) -> tuple[T, ...]:
        """Every line, as one tuple (made and joined on the first call, then kept)."""
        flat = self._flat
        if flat is not None:
            return flat
        parts: list[LazyLog[T]] = []
        node: LazyLog[T] | None = self
        while node is not None and node._flat is None:
            parts.append(node)
            node = node._before
        joined: list[T] = list(node._flat) if node is not None and node._flat is not None else []
        for part in reversed(parts):
            joined += part._args if part._make is None else part._make(*part._args)
        flat = self._flat = tuple(joined)
        self._before, self._make, self._args = None, None, ()  # nothing before this log kept alive
        return flat
