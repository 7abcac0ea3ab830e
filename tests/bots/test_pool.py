"""Issue 38 §2: root-parallel search in worker processes (`bots.pool`).

A decision sends every worker the seat's view and a seed of its own, and adds up their root
statistics in worker order: deterministic for a seed and worker count, a pool of one decides as
`bots.choose` does, what the workers receive does not move with what the seat cannot see, each
worker honours the level's cap, and closing the pool ends its processes at once."""

from __future__ import annotations

import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from boardgames_tui import bots
from boardgames_tui.bots import LEVELS
from boardgames_tui.bots.pool import PoolClosed, SearchPool, default_workers, merge, worker_seed
from boardgames_tui.games import GAMES
from tests.bots.states import GAME_KEYS, bot_decisions, sample_states


class TickingClock:
    """A clock that moves on by `tick` each time it is read (each worker gets its own copy)."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def _decisions(key: str, per_game: int) -> list[tuple[Any, int]]:
    game = GAMES[key].game
    return [(state, seat) for _, state in sample_states(key, per_game=per_game)
            for seat, answers in bot_decisions(game, state) if answers > 1]


def _key(game: Any, action: Any) -> str:
    return "PASS" if action is bots.PASS else game.encode(action)


def test_the_default_worker_count_leaves_a_core_to_the_interface() -> None:
    assert default_workers() == max(1, (os.cpu_count() or 1) - 1)


def test_worker_seeds_are_the_decisions_own_for_the_first_and_distinct_for_the_others() -> None:
    """Worker 0 searches with the decision's seed (so a pool of one is `bots.choose`); the others'
    seeds differ from each other and from those of the neighbouring seeds, run after run."""
    seeds = [worker_seed(7, i) for i in range(8)]
    assert seeds[0] == 7
    assert len(set(seeds)) == 8
    assert not set(seeds[1:]) & {worker_seed(8, i) for i in range(1, 8)}
    assert seeds == [worker_seed(7, i) for i in range(8)]


def test_root_statistics_add_up_per_move_in_worker_order() -> None:
    """Visits and rewards are summed per move key; the mean is the summed reward over the summed
    visits; a move no worker tried has none."""
    stats = merge([(3, {"a": (2.0, 1.5), "b": (1.0, 0.0)}), (4, {"a": (1.0, 1.0), "c": (3.0, 2.4)})])
    assert stats.iterations == 7
    assert stats.totals == {"a": (3.0, 2.5), "b": (1.0, 0.0), "c": (3.0, 2.4)}
    assert stats.visits(["a", "c", "d"]) == [(3.0, 2.5 / 3), (3.0, 2.4 / 3), (0.0, 0.0)]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_pool_of_one_decides_exactly_as_choose(key: str, search_pool: SearchPool) -> None:
    """One worker with the decision's seed runs the same search as `bots.choose`: the same root
    statistics, so the same answer, at the levels that pick the best and that draw by visits."""
    game = GAMES[key].game
    for state, seat in _decisions(key, per_game=1)[:2]:
        for level in ("normal", "easy"):
            alone = bots.choose(game, state, seat, level=level, seed=4, iterations=10)
            pooled = search_pool.choose(game, state, seat, level=level, seed=4, iterations=10, workers=1)
            assert _key(game, pooled) == _key(game, alone)
        ranked = bots.ranked(game, state, seat, seed=4, iterations=10)
        stats = search_pool.root_stats(game, state, seat, seed=4, iterations=10, workers=1)
        assert stats.iterations == 10
        visits = [visits for visits, _ in stats.totals.values()]
        assert sorted(visits, reverse=True) == [m.visits for m in ranked if m.visits]


def test_two_workers_search_twice_as_much_and_agree_with_their_own_sum(search_pool: SearchPool) -> None:
    """Two workers run the given iterations each; their sum is worker 0's search (that of
    `bots.choose`) plus worker 1's, with its own seed."""
    game = GAMES["tain"].game
    state, seat = _decisions("tain", per_game=1)[0]
    both = search_pool.root_stats(game, state, seat, seed=3, iterations=12)
    assert both.iterations == 24
    assert sum(v for v, _ in both.totals.values()) == 24
    first = search_pool.root_stats(game, state, seat, seed=3, iterations=12, workers=1)
    second = search_pool.root_stats(game, state, seat, seed=worker_seed(3, 1), iterations=12, workers=1)
    assert both == merge([(12, first.totals), (12, second.totals)])


@pytest.mark.parametrize("key", GAME_KEYS)
def test_what_the_workers_receive_does_not_move_with_hidden_information(
        key: str, search_pool: SearchPool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every task sent to a worker is, byte for byte, the same for the real state and for any
    state the seat cannot tell from it: the workers see only the seat's information."""
    game = GAMES[key].game
    sent: list[bytes] = []
    submit = ProcessPoolExecutor.submit

    def spy(self: ProcessPoolExecutor, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        sent.append(pickle.dumps((fn, args, kwargs)))
        return submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", spy)
    for state, seat in _decisions(key, per_game=1)[:2]:
        sent.clear()
        search_pool.root_stats(game, state, seat, seed=6, iterations=2)
        mine = list(sent)
        assert len(mine) == 2 and mine[0] != mine[1]  # each worker its own seed
        for k in (1, 2):
            sent.clear()
            search_pool.root_stats(game, game.resample(state, seat, k), seat, seed=6, iterations=2)
            assert sent == mine


def test_each_worker_searches_under_the_levels_cap_and_easy_keeps_one(search_pool: SearchPool) -> None:
    """On a clock moving a tenth of hard's cap per reading, each of the two workers stops after
    ten iterations; easy searches in one worker only (its share), with its own small budget."""
    game = GAMES["tain"].game
    state, seat = _decisions("tain", per_game=1)[0]
    hard = search_pool.root_stats(game, state, seat, level="hard", seed=2,
                                  clock=TickingClock(LEVELS["hard"].seconds / 10))
    assert hard.iterations == 20
    assert search_pool.share("easy") == 1 and search_pool.share("hard") == 2
    easy = search_pool.root_stats(game, state, seat, level="easy", seed=2, clock=TickingClock(0.0))
    assert easy.iterations == LEVELS["easy"].iterations


def test_closing_the_pool_ends_a_search_and_every_worker_at_once() -> None:
    """A decision under way when its pool closes raises `PoolClosed` soon after, well before its
    cap; the worker processes are gone and reaped (no zombie), and a closed pool refuses to start."""
    game = GAMES["tasnia"].game
    state, seat = _decisions("tasnia", per_game=1)[0]
    pool = SearchPool(1, [game])
    pool.start()
    pids = pool.pids()
    assert len(pids) == 1
    outcome: list[object] = []

    def decide() -> None:
        try:
            outcome.append(pool.choose(game, state, seat, level="hard", iterations=10**9))
        except PoolClosed as exc:
            outcome.append(exc)

    thinking = threading.Thread(target=decide)
    thinking.start()
    time.sleep(0.3)
    started = time.monotonic()
    pool.close()
    thinking.join(30)
    assert not thinking.is_alive() and isinstance(outcome[0], PoolClosed)
    assert time.monotonic() - started < 10
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # a zombie would still be found
    with pytest.raises(PoolClosed):
        pool.start()
