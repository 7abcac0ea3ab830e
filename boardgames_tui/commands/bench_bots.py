"""`boardgames bench --bots`: how fast the bots' search runs, per CPU second and per wall second.

Two figures per game, from the same seeded decisions (states spread along seeded random games of
every player count, each a bot decision with at least two answers):

- iterations per CPU second: `Search.run` with a fixed budget in this process, timed on the CPU
  clock, so the figure says what the engine and the search cost, whatever else the machine runs;
- iterations per wall second per decision: the same decisions searched root-parallel in a pool
  of worker processes (the app's default count unless `--workers` says otherwise), each worker
  with the same fixed budget, timed on the wall clock from asking to the merged answer. With
  free cores it approaches the first figure times the workers; on a busy machine it shows that.

Nothing here is a pass/fail test.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import time
from typing import Any

from boardgames_tui.bots.pool import SearchPool, default_workers
from boardgames_tui.bots.search import Search, window_open
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, Seat
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games import GAMES

VOLUMES = {False: (400, 24), True: (100, 8)}
"""(iterations per search, decisions per game), for a full run and for `--quick`."""
FIRST_SEED = 500
"""The seed of the random games the decisions are taken from."""


def bot_decisions(game: AnyGame, count: int) -> list[tuple[Any, Seat]]:
    """About `count` (state, seat) bot decisions with two or more answers, spread evenly along one
    seeded random game of each player count."""
    counts = range(game.min_players, game.max_players + 1)
    each = max(1, -(-count // len(counts)))
    found: list[tuple[Any, Seat]] = []
    for players in counts:
        here = [(state, seat) for state in random_states(game, players, FIRST_SEED + players)
                if (seat := _asked(game, state)) is not None]
        step = max(1, len(here) // each)
        found.extend(here[step // 2 :: step][:each])
    return found[:count]


def _asked(game: AnyGame, state: Any) -> Seat | None:
    """The first seat a bot would be asked for in `state` with two answers or more, if any."""
    decision = game.to_act(state)
    if decision is None or decision.kind is DecisionKind.STEP:
        return None
    may_pass = window_open(game, state, decision)
    for seat in decision.seats if decision.kind is not DecisionKind.TURN else decision.seats[:1]:
        if len(game.legal(state, seat)) + may_pass > 1:
            return seat
    return None


def cpu_rate(game: AnyGame, decisions: list[tuple[Any, Seat]], budget: int) -> float:
    """Iterations per CPU second of the one-process search over `decisions`."""
    gc.collect()
    iterations, seconds = 0, 0.0
    for number, (state, seat) in enumerate(decisions):
        search = Search(game, state, seat, number)
        started = time.process_time()
        search.run(budget, None)
        seconds += time.process_time() - started
        iterations += search.iterations
    return iterations / seconds if seconds > 0 else 0.0


def wall_rate(pool: SearchPool, game: AnyGame, decisions: list[tuple[Any, Seat]], budget: int) -> float:
    """Iterations per wall second of root-parallel decisions in `pool` (all its workers, each
    with `budget` iterations), from asking to the merged statistics."""
    gc.collect()
    iterations, seconds = 0, 0.0
    for number, (state, seat) in enumerate(decisions):
        started = time.perf_counter()
        stats = pool.root_stats(game, state, seat, level="hard", seed=number, iterations=budget)
        seconds += time.perf_counter() - started
        iterations += stats.iterations
    return iterations / seconds if seconds > 0 else 0.0


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except (OSError, AttributeError):
        return "load average unknown"
    return f"load average {one:.1f} (5 min {five:.1f})"


def run_bots_bench(quick: bool = False, workers: int | None = None) -> int:
    budget, count = VOLUMES[quick]
    workers = default_workers() if workers is None else workers
    games = {key: entry.game for key, entry in GAMES.items()}
    print(f"boardgames bench --bots on {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; {_load()}")
    decisions = {key: bot_decisions(game, count) for key, game in games.items()}

    print(f"\nBot search, iterations per CPU second (one process, {budget} iterations from each of "
          f"{count} seeded decisions per game):")
    per_cpu: dict[str, float] = {}
    for key, game in games.items():
        per_cpu[key] = cpu_rate(game, decisions[key], budget)
        print(f"  {game.title:<16} {per_cpu[key]:>10,.0f} iterations/s")

    plural = "es" if workers != 1 else ""
    started = time.perf_counter()
    with SearchPool(workers, list(games.values())) as pool:
        pool.start()
        print(f"\nBot search, iterations per wall second per decision ({workers} worker process{plural}, "
              f"{budget} iterations each; started in {time.perf_counter() - started:.1f} s, once per match):")
        per_wall: dict[str, float] = {}
        for key, game in games.items():
            per_wall[key] = wall_rate(pool, game, decisions[key], budget)
            ratio = per_wall[key] / per_cpu[key] if per_cpu[key] else 0.0
            print(f"  {game.title:<16} {per_wall[key]:>10,.0f} iterations/s   "
                  f"({ratio:.2f}× one process per CPU second)")
    print(f"\n{_load()} at the end")
    summary = {"bots_iterations_per_s": per_cpu, "bots_wall_iterations_per_s": per_wall, "bots_workers": workers,
               "bots_budget": budget, "bots_decisions": count}
    print(json.dumps(summary, ensure_ascii=False))
    return 0
