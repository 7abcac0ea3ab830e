"""`LazyLog`, the log whose lines may be written when read, reads exactly like the tuple of the
same lines (length, indexing, slices, iteration, equality, hashing, pickling), whatever was read
from it before; a recipe runs only when a read needs its lines."""

from __future__ import annotations

import pickle
import random

from boardgames_tui.engine.lazylog import LazyLog


def _words(*entries: int) -> tuple[int, ...]:
    return entries


def _grown(seed: int) -> list[tuple[LazyLog[int], tuple[int, ...]]]:
    """Logs grown by random appends of lines and of recipes (some empty), each with the tuple it
    stands for; some read on the way so that later ones start from a joined log and others from a
    chain, and some branching off an earlier log."""
    rng = random.Random(seed)
    log: LazyLog[int] = LazyLog((1, 2))
    plain: tuple[int, ...] = (1, 2)
    out = [(log, plain)]
    for _ in range(80):
        if rng.random() < 0.1:
            log, plain = out[rng.randrange(len(out))]  # a branch: the same log extended two ways
        entries = tuple(rng.randrange(100) for _ in range(rng.randrange(4)))
        log = log + entries if rng.random() < 0.5 else log.later(_words, *entries)
        plain = plain + entries
        if rng.random() < 0.2:
            assert log.flat == plain
        out.append((log, plain))
    return out


def test_a_lazy_log_reads_as_the_tuple_of_its_lines() -> None:
    for seed in range(5):
        for log, plain in _grown(seed):
            assert len(log) == len(plain)
            for i in range(-len(plain), len(plain)):
                assert log[i] == plain[i]
            assert log[3:] == plain[3:] and log[:-2] == plain[:-2] and log[::2] == plain[::2]
            assert tuple(log) == plain and list(reversed(log)) == list(reversed(plain))
            assert log == plain and plain == log and log == LazyLog(plain)
            assert hash(log) == hash(LazyLog(plain))
            assert log != (*plain, -1)


def test_a_recipe_runs_only_when_its_lines_are_read_and_then_once() -> None:
    calls: list[str] = []

    def words(name: str) -> tuple[str]:
        calls.append(name)
        return (f"{name} draws a card.",)

    before: LazyLog[str] = LazyLog(("Day 1.",))
    after = before.later(words, "Ada").later(words, "Bea")
    assert calls == [] and before == ("Day 1.",)
    assert after[-1] == "Bea draws a card." and calls == ["Ada", "Bea"]
    assert len(after) == 3 and list(after) == ["Day 1.", "Ada draws a card.", "Bea draws a card."]
    assert calls == ["Ada", "Bea"]  # joined once, then kept


def test_a_read_log_keeps_nothing_before_it_alive() -> None:
    """Reading joins the lines and drops the links and recipes (with the states they name)."""
    more = (2,)
    log = LazyLog((0,)).later(_words, 1) + more
    assert log.flat == (0, 1, 2)
    assert log._before is None and log._make is None and log._args == ()


def test_a_pickle_does_not_depend_on_what_was_read_before() -> None:
    for log, plain in _grown(7):
        fresh = pickle.dumps(log)
        _ = log[0], tuple(log)
        assert pickle.dumps(log) == fresh
        assert pickle.loads(fresh) == plain
