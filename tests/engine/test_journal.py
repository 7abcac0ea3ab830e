"""`Journal`, the append-only log, reads exactly like the tuple of the same entries (length,
indexing, slices, iteration, equality, hashing, pickling), whatever was read from it before."""

from __future__ import annotations

import pickle
import random

from boardgames_tui.engine.journal import Journal


def _grown(seed: int) -> list[tuple[Journal[int], tuple[int, ...]]]:
    """Journals grown by random appends (some empty), each with the tuple it stands for; some read
    on the way so that later ones start from a joined journal and others from a chain."""
    rng = random.Random(seed)
    journal: Journal[int] = Journal((1, 2))
    plain: tuple[int, ...] = (1, 2)
    out = [(journal, plain)]
    for step in range(60):
        entries = tuple(rng.randrange(100) for _ in range(rng.randrange(4)))
        journal = journal + entries if step % 3 else journal.add(*entries)
        plain = plain + entries
        if rng.random() < 0.2:
            assert journal.flat == plain
        out.append((journal, plain))
    return out


def test_a_journal_reads_as_the_tuple_of_its_entries() -> None:
    for seed in range(5):
        for journal, plain in _grown(seed):
            assert len(journal) == len(plain)
            for i in range(-len(plain), len(plain)):
                assert journal[i] == plain[i]
            assert journal[3:] == plain[3:] and journal[:-2] == plain[:-2] and journal[::2] == plain[::2]
            assert tuple(journal) == plain and list(reversed(journal)) == list(reversed(plain))
            assert journal == plain and plain == journal and journal == Journal(plain)
            assert hash(journal) == hash(Journal(plain))
            assert journal != (*plain, -1)


def test_appending_leaves_the_journal_before_unchanged() -> None:
    before: Journal[str] = Journal(("a",))
    more = ("b", "c")
    after = before + more
    assert before == ("a",) and after == ("a", "b", "c")
    assert before.add() is before and before.add("b", "c") == after


def test_a_pickle_does_not_depend_on_what_was_read_before() -> None:
    for journal, plain in _grown(7):
        fresh = pickle.dumps(journal)
        _ = journal[0], tuple(journal)
        assert pickle.dumps(journal) == fresh
        assert pickle.loads(fresh) == plain
