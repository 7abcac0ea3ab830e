"""Log lines whose text is written only when someone reads it.

A game writes a log line on nearly every action, and some lines take more work to word than the
action itself takes to apply (a dispute's counts against every seat, the final score sheet). A
bot's search applies actions by the million and never reads a line. `later(word, *args)` is a
`LogEntry` whose `text` is `word(*args)`, called on the first read and kept: the line costs one
small object until then, and reads, compares and hashes exactly like the plain entry, and
unpickles as one.

    log(draft, later(_dispute_text, names, result, step=True))

`word` must be a plain function of its `args`, and the `args` values that do not change (tuples,
numbers, strings): the text must come out the same whenever it is first read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_tui.engine.protocol import LogEntry

_TEXT = LogEntry.__dict__["text"]  # the slot that holds a plain entry's text
_new = object.__new__


class LaterEntry(LogEntry):
    """A public `LogEntry` whose text is worded on the first read (see the module's description)."""

    __slots__ = ("_word",)

    _word: tuple[Any, ...] | None
    # Every line made here is public: the audience is the class's, not set on each line.
    audience = None
    step = False

    @property  # read-only, as the frozen field it stands for
    def text(self) -> str:
        word = self._word
        if word is not None:
            _TEXT.__set__(self, word[0](*word[1:]))
            _WORD(self, None)
        text: str = _TEXT.__get__(self, LogEntry)
        return text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogEntry):
            return (self.text, self.audience, self.step) == (other.text, other.audience, other.step)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.text, self.audience, self.step))

    def __repr__(self) -> str:
        return repr(self.plain())

    def __reduce__(self) -> tuple[Any, ...]:  # unpickled as the plain line
        return (LogEntry, (self.text, self.audience, self.step))

    def plain(self) -> LogEntry:
        """The same line as a plain `LogEntry`."""
        return LogEntry(self.text, self.audience, self.step)


class _LaterStep(LaterEntry):
    """A line of a public step-by-step resolution (`LogEntry.step`)."""

    __slots__ = ()
    step = True


def later(word: Callable[..., str], *args: Any, step: bool = False) -> LogEntry:
    """A public log line whose text is `word(*args)`, worded when first read."""
    entry = _new(_LaterStep if step else LaterEntry)
    _WORD(entry, (word, *args))
    return entry


_WORD = LaterEntry.__dict__["_word"].__set__
