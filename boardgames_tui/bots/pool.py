"""Root-parallel search: one decision searched at once in several worker processes.

A `SearchPool` holds worker processes, started once (for a match in the app, for a run of the
bench) and reused for every decision. A decision sends each of its workers the same thing: the
seat's view (the first redrawn state, `Search.determinization(0)`, which depends only on what the
seat may know), the seat, a seed of the worker's own, and the level's budget and cap. Each worker
runs an independent `Search` from that view, its iterations redrawn from its own seed, and sends
back only its root statistics: visits and summed reward per move key of the bot's moves. The
decision adds them up per key in worker order and picks as `bots.choose` does.

So a worker never holds more than the seat's information (the same guarantee as the one-process
search, which reads the state only through `resample`), and a decision is deterministic for its
seed and worker count: worker 0 searches with the decision's own seed, so a pool of one decides
exactly as `bots.choose` does. With a time cap each worker searches under the same cap, counted
from when its search begins in the worker: a decision takes as long as in one process and does
about as many times more iterations as it has workers.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import random
import signal
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from boardgames_tui.bots import level_named, pick, root_moves, unsearched
from boardgames_tui.bots.search import WALL_CLOCK, Clock, Search
from boardgames_tui.engine.protocol import AnyGame, Seat

START_METHOD = "spawn"
"""How worker processes start. Not "fork": a forked worker would begin as a copy of the whole
parent, which in the app holds the match's real state with every seat's secrets, and Textual's
threads, whose locks a forked child may inherit held (a hang that fork cannot rule out). Not
"forkserver": it exists only on some platforms. "spawn" starts a fresh interpreter on every
platform, which receives only what is sent to it; its start-up (a second or so per worker) is
paid once per pool, never inside a decision's time cap."""

START_TIMEOUT = 120.0
"""Seconds the workers wait for each other at start-up before searching anyway."""


class PoolClosed(RuntimeError):
    """The pool was closed (its match left, the app quitting) before the decision was made."""


def default_workers() -> int:
    """The machine's cores less one for the interface, at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def worker_seed(seed: int, index: int) -> int:
    """The seed worker `index` searches with: the decision's own for worker 0, else one drawn from
    (seed, index) (string seeding is the same in every process and on every run)."""
    if index == 0:
        return seed
    return random.Random(f"root-parallel/{seed}/{index}").randrange(2**31)


def game_path(game: AnyGame) -> str:
    """Where a worker finds the game: "module:Class" of its rules (a registered game's rules are
    built without arguments), so no game object, closure or cache crosses to the worker."""
    cls = type(game)
    return f"{cls.__module__}:{cls.__qualname__}"


@dataclass(frozen=True, slots=True)
class RootStats:
    """The root statistics of a decision's searches, added up over its workers."""

    totals: dict[str, tuple[float, float]]
    """(visits, summed reward) per move key."""
    iterations: int
    """Iterations run by all the workers together."""

    def visits(self, keys: Sequence[str]) -> list[tuple[float, float]]:
        """(visits, mean reward) of each key, as `Search.visits` gives them."""
        out = []
        for key in keys:
            visits, reward = self.totals.get(key, (0.0, 0.0))
            out.append((visits, reward / visits) if visits else (0.0, 0.0))
        return out


def merge(results: Sequence[tuple[int, dict[str, tuple[float, float]]]]) -> RootStats:
    """Add up the workers' (iterations, root totals), in worker order (floating-point sums are
    then the same on every run)."""
    totals: dict[str, tuple[float, float]] = {}
    done = 0
    for iterations, root in results:
        done += iterations
        for key, (visits, reward) in root.items():
            before = totals.get(key, (0.0, 0.0))
            totals[key] = (before[0] + visits, before[1] + reward)
    return RootStats(totals, done)


# --- in the worker processes -------------------------------------------------------------------
_GAMES: dict[str, AnyGame] = {}


def _game(path: str) -> AnyGame:
    game = _GAMES.get(path)
    if game is None:
        module, _, name = path.partition(":")
        found: Any = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        game = _GAMES[path] = found()
    return game


def _start_worker(paths: tuple[str, ...], gate: Any) -> None:
    """A worker's start: leave Ctrl-C to the parent (which closes the pool), import the games'
    rules, then wait until every worker of the pool has done the same."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for path in paths:
        _game(path)
    with contextlib.suppress(threading.BrokenBarrierError):
        gate.wait(START_TIMEOUT)


def _pid() -> int:
    return os.getpid()


def search_root(
    path: str, view: Any, seat: Seat, seed: int, iterations: int, seconds: float | None, clock: Clock
) -> tuple[int, dict[str, tuple[float, float]]]:
    """One worker's search (runs in the worker): its iterations and root totals."""
    search = Search(_game(path), view, seat, seed)
    search.run(iterations, seconds, clock)
    return search.iterations, search.root_totals()


# --- in the parent ---------------------------------------------------------------------------
def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (the helper process that "spawn" needs on POSIX)
    if it is not running. It hands `sys.stderr`'s file to its process, and under a full-screen
    app `sys.stderr` is a capture without a file (its fileno is -1), which the start refuses: so
    it is started with the process's own stderr for that instant."""
    if os.name != "posix":
        return
    from multiprocessing import resource_tracker

    stderr = sys.stderr
    try:
        usable = stderr is not None and stderr.fileno() >= 0
    except (OSError, ValueError, AttributeError):
        usable = True  # no fileno at all: the tracker leaves stderr out by itself
    if not usable:
        sys.stderr = sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = stderr


class SearchPool:
    """Worker processes for root-parallel search, started once and reused for every decision.

    Thread-safe: the app starts it in one thread and decides in another. `close` ends the
    workers at once, even in the middle of a search; a decision waiting then raises `PoolClosed`.
    """

    def __init__(self, workers: int, games: Sequence[AnyGame] = ()) -> None:
        self.workers = max(1, workers)
        self._paths = tuple(game_path(game) for game in games)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False

    # --- life ------------------------------------------------------------------------------
    def start(self) -> None:
        """Start every worker and wait until each has imported the games' rules (seconds; call it
        before the first decision, outside any time cap). Does nothing once started."""
        with self._lock:
            if self._closed:
                raise PoolClosed("the search pool is closed")
            if self._executor is not None:
                return
            _start_resource_tracker()
            context = multiprocessing.get_context(START_METHOD)
            gate = context.Barrier(self.workers)
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_start_worker, initargs=(self._paths, gate))
            # The executor starts a process for each task submitted while none is idle, and none is
            # idle before all have passed the gate: one task each starts them all.
            ready = [self._executor.submit(_pid) for _ in range(self.workers)]
        self._results(ready)

    @property
    def started(self) -> bool:
        return self._executor is not None and not self._closed

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and the bench)."""
        executor = self._executor
        return sorted(executor._processes) if executor is not None else []

    def close(self) -> None:
        """End the workers now: pending searches are dropped, running ones stopped, and every
        process is waited for (no zombie is left, and the interpreter's exit waits on nothing)."""
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list(executor._processes.values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(5.0)
        executor.shutdown(wait=True)

    def __enter__(self) -> SearchPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- decisions -------------------------------------------------------------------------
    def share(self, level: str, workers: int | None = None) -> int:
        """How many workers a decision at `level` searches in: the level's share of the pool, and
        at most `workers` if given."""
        share = self.workers if workers is None else max(1, min(workers, self.workers))
        limit = level_named(level).workers
        return share if limit is None else min(limit, share)

    def root_stats(
        self,
        game: AnyGame,
        state: Any,
        seat: Seat,
        *,
        level: str = "normal",
        seed: int = 0,
        iterations: int | None = None,
        clock: Clock = WALL_CLOCK,
        workers: int | None = None,
    ) -> RootStats:
        """The summed root statistics of the level's share of workers (at most `workers`)
        searching `seat`'s decision, each with `iterations` if given, else with the level's budget
        and cap on `clock`."""
        view = Search(game, state, seat, seed).determinization(0)
        return self._search(game, view, seat, level, seed, iterations, clock, workers)

    @staticmethod
    def tasks(
        game: AnyGame, view: Any, seat: Seat, seed: int, workers: int, budget: int, seconds: float | None, clock: Clock
    ) -> list[tuple[Any, ...]]:
        """What each worker is sent: the arguments of `search_root`, the same view for all."""
        path = game_path(game)
        return [(path, view, seat, worker_seed(seed, i), budget, seconds, clock) for i in range(workers)]

    def choose(
        self,
        game: AnyGame,
        state: Any,
        seat: Seat,
        *,
        level: str = "normal",
        seed: int = 0,
        iterations: int | None = None,
        clock: Clock = WALL_CLOCK,
        workers: int | None = None,
    ) -> Any:
        """`bots.choose` searched in the level's share of the workers, at most `workers` of them
        (`iterations`, if given, is each worker's). Raises `PoolClosed` if the pool is closed
        meanwhile."""
        chosen = level_named(level)
        view = Search(game, state, seat, seed).determinization(0)
        moves, keys = root_moves(game, view, seat)
        if len(moves) == 1 or chosen.iterations == 0:
            return unsearched(game, view, seat, moves, seed)
        stats = self._search(game, view, seat, level, seed, iterations, clock, workers)
        return moves[pick(stats.visits(keys), chosen, seed)]

    def _search(
        self, game: AnyGame, view: Any, seat: Seat, level: str, seed: int, iterations: int | None, clock: Clock,
        workers: int | None,
    ) -> RootStats:
        chosen = level_named(level)
        budget = max(1, chosen.iterations if iterations is None else iterations)
        seconds = None if iterations is not None else chosen.seconds
        tasks = self.tasks(game, view, seat, seed, self.share(level, workers), budget, seconds, clock)
        self.start()
        with self._lock:
            executor = self._executor
            if executor is None:
                raise PoolClosed("the search pool is closed")
            try:
                futures = [executor.submit(search_root, *task) for task in tasks]
            except RuntimeError as exc:  # shut down between the two looks
                raise PoolClosed("the search pool is closed") from exc
        return merge(self._results(futures))

    def _results(self, futures: list[Future[Any]]) -> list[Any]:
        try:
            return [future.result() for future in futures]
        except (CancelledError, BrokenProcessPool) as exc:
            if not self._closed:
                raise  # a worker died on its own: that is an error, not a match left
            raise PoolClosed("the search pool was closed during a search") from exc
