"""`engine.lazyline.later`: a log line worded on its first read reads, compares, hashes and prints
exactly like the plain `LogEntry` of the same text, unpickles as one, and is worded once."""

from __future__ import annotations

import pickle

from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.lazyline import LaterEntry, later
from boardgames_tui.engine.protocol import LogEntry

calls: list[tuple[str, int]] = []


def _word(name: str, points: int) -> str:
    calls.append((name, points))
    return f"{name} scores {points}."


def test_a_later_line_is_worded_on_its_first_read_only() -> None:
    calls.clear()
    entry = later(_word, "Ada", 3)
    assert calls == []
    assert entry.text == "Ada scores 3." and entry.text == "Ada scores 3."
    assert calls == [("Ada", 3)]


def test_a_later_line_reads_like_the_plain_line() -> None:
    for step in (False, True):
        plain = LogEntry("Ada scores 3.", None, step)
        entry = later(_word, "Ada", 3, step=step)
        assert isinstance(entry, LogEntry)
        assert (entry.text, entry.audience, entry.step) == (plain.text, plain.audience, plain.step)
        assert entry == plain and plain == entry
        assert (entry != plain) is False
        assert hash(entry) == hash(plain)
        assert repr(entry) == repr(plain)
        assert entry.visible_to(None) and entry.visible_to(2)
        assert entry != LogEntry("Ada scores 3.", frozenset((0,)), step)
        assert later(_word, "Ada", 3, step=not step) != plain


def test_a_later_line_unpickles_as_the_plain_line_read_or_not() -> None:
    plain = LogEntry("Bram scores 1.", None, True)
    read = later(_word, "Bram", 1, step=True)
    assert read.text == plain.text
    for entry in (later(_word, "Bram", 1, step=True), read):
        back = pickle.loads(pickle.dumps(entry))
        assert type(back) is LogEntry and back == plain
        assert pickle.dumps(back) == pickle.dumps(plain)


def test_a_journal_of_later_lines_equals_one_of_plain_lines() -> None:
    lines = Journal[LogEntry]().add(later(_word, "Ada", 3)).add(LogEntry("Round 2."), later(_word, "Cleo", 0))
    assert lines == (LogEntry("Ada scores 3."), LogEntry("Round 2."), LogEntry("Cleo scores 0."))
    assert [e.text for e in lines] == ["Ada scores 3.", "Round 2.", "Cleo scores 0."]
    assert isinstance(lines[0], LaterEntry)
    assert pickle.loads(pickle.dumps(lines)) == lines
