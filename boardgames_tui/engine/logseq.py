"""What every lazily built game log shares: it reads exactly like the tuple of its lines.

The engine builds logs three ways to spare a bot's playouts the cost of them (`journal.Journal`
appends without copying, `deferred.later` words a step's lines on first read, `lazylog.LazyLog`
appends recipes of unknown length). Each says how it makes its lines into one tuple (`flat`);
`LogSeq` gives them all the same reading of that tuple: length, indexing, slices, iteration,
equality with tuples and with each other, hashing, and pickles that hold the tuple alone (so a
pickle never depends on what was read before, nor on how the log was built).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class LogSeq(Sequence[T]):
    """A sequence that reads as its `flat` tuple (see the module's description)."""

    __slots__ = ()

    @property
    def flat(self) -> tuple[T, ...]:
        """Every entry, as one tuple."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self.flat)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self.flat[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self.flat)

    def __reversed__(self) -> Iterator[T]:
        return reversed(self.flat)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogSeq):
            return len(self) == len(other) and self.flat == other.flat
        if isinstance(other, tuple):
            return self.flat == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.flat)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.flat!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.flat,))
