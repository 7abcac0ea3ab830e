"""An append-only sequence whose append costs the same however long it has grown: for game logs.

A state's log is a field like any other, so every action that writes a line used to copy the
whole tuple of lines (`state.log + (line,)`): a bot's random playouts run hundreds of actions
deep, with logs of several hundred lines, and that copy cost as much as copying the state itself.

`Journal` keeps the lines written by one action beside a link to the journal before it, so
appending is one small object. It reads like the tuple it stands for (length, indexing, slices,
iteration, equality with tuples and other journals); the first read that needs every line joins
them into one tuple, kept on that journal (a screen reads a state's log once, a playout never).
Pickling writes that tuple, so a pickle does not depend on what was read before.

    log = Journal()              # empty
    log = log + (line_a, line_b) # a new journal; `log` before it is unchanged
    log = log.add(line_c)        # the same as log + (line_c,)
    log[-1], len(log), log[3:]   # as with a tuple
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar, overload

from boardgames_tui.engine.logseq import LogSeq

T = TypeVar("T")

_new = object.__new__


class Journal(LogSeq[T], Generic[T]):
    """An immutable sequence built by appending (see the module's description); it reads as the
    tuple of its entries (`LogSeq`)."""

    __slots__ = ("_before", "_flat", "_last", "_len")

    _before: Journal[T] | None
    _last: tuple[T, ...]
    _len: int
    _flat: tuple[T, ...] | None

    def __init__(self, entries: Sequence[T] = ()) -> None:
        flat = tuple(entries)
        self._before = None
        self._last = flat
        self._len = len(flat)
        self._flat = flat

    def __add__(self, entries: Sequence[T]) -> Journal[T]:
        """This journal with `entries` appended (this one unchanged)."""
        if not entries:
            return self
        if type(entries) is not tuple:  # `type`, not `isinstance`: Sequence's check is slow
            entries = tuple(entries)
        new: Journal[T] = _new(Journal)
        new._before = self
        new._last = entries
        new._len = self._len + len(entries)
        new._flat = None
        return new

    def add(self, *entries: T) -> Journal[T]:
        """This journal with `entries` appended (as `journal + entries`)."""
        return self + entries

    @property
    def flat(self) -> tuple[T, ...]:
        """Every entry, as one tuple (joined on the first call, then kept)."""
        flat = self._flat
        if flat is not None:
            return flat
        parts: list[tuple[T, ...]] = []
        node: Journal[T] | None = self
        while node is not None and node._flat is None:
            parts.append(node._last)
            node = node._before
        joined: list[T] = list(node._flat) if node is not None and node._flat is not None else []
        for part in reversed(parts):
            joined += part
        flat = self._flat = tuple(joined)
        return flat

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, int) and -len(self._last) <= index < 0:
            return self._last[index]  # the latest lines, read without joining
        return self.flat[index]
