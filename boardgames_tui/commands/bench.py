"""`boardgames bench`: the performance figures quoted in the README.

Everything is a median over repetitions on this machine; nothing here is a pass/fail test.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.simulate import choose, default_seats, playout
from boardgames_tui.games import GAMES

_MINIMAL_APP = """
import time, sys
from textual.app import App
from textual.widgets import Footer, Header, ListItem, ListView, Label
class Minimal(App):
    def compose(self):
        yield Header()
        yield ListView(*[ListItem(Label(f"Item {i}")) for i in range(5)])
        yield Footer()
    def on_ready(self):
        print(time.time())
        self.exit()
Minimal().run(headless=True, size=(100, 30))
"""

_PICKER_APP = """
import gc, time
gc.disable()  # as `boardgames` starts (cli.main): no collection until the app is ready
from boardgames_tui.ui.app import BoardgamesApp
class Timed(BoardgamesApp):
    resume_collection = True
    def on_ready(self):
        print(time.time())
        self.exit()
Timed().run(headless=True, size=(100, 30))
"""


def _start_time(code: str, env: dict[str, str]) -> float:
    """Seconds from launching the process to its first painted screen (the app prints the clock then)."""
    started = time.time()
    done = subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True)
    return float(done.stdout.split()[-1]) - started


def bench_startup(repeats: int, data_dir: str | None = None) -> tuple[float, float]:
    """Median seconds from process start to the first painted screen, and the same for a minimal app.

    Both start from compiled bytecode, as an installed app does from its second start on: Python
    may write it (whatever PYTHONDONTWRITEBYTECODE says here), and each app starts once unmeasured.
    Otherwise the picker would pay for compiling its own modules on every start while Textual's
    come compiled from its install."""
    env = {**os.environ, "BOARDGAMES_DATA_DIR": data_dir or tempfile.mkdtemp(prefix="bench-")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    _start_time(_MINIMAL_APP, env)
    _start_time(_PICKER_APP, env)
    picker, minimal = [], []
    for _ in range(repeats):
        minimal.append(_start_time(_MINIMAL_APP, env))
        picker.append(_start_time(_PICKER_APP, env))
    return statistics.median(picker), statistics.median(minimal)


def saves_folder(count: int) -> str:
    """A data folder holding `count` saved matches of every game, each at a random point of its game."""
    folder = tempfile.mkdtemp(prefix="bench-saves-")
    store = SaveStore(Path(folder))
    games = list(GAMES.values())
    for number in range(count):
        game = games[number % len(games)].game
        match = Match.new(game, default_seats(game.max_players), game.default_options(), number)
        rng = random.Random(number)
        for _ in range(rng.randrange(400)):
            if game.to_act(match.state) is None:
                break
            match.play(*choose(game, match.state, rng))
        store.save(match)
    return folder


def bench_listing(folder: str, repeats: int) -> float:
    """Median seconds to check (read, validate, replay) every save of `folder`, as a fresh app does."""
    lookup = lambda key: GAMES[key].game if key in GAMES else None  # noqa: E731
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        SaveStore(Path(folder)).listing(lookup)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def bench_engine(seconds: float) -> dict[str, float]:
    """Actions per second of seeded random playouts (no invariant checks), one core, per game."""
    rates: dict[str, float] = {}
    for key, entry in GAMES.items():
        game = entry.game
        gc.collect()  # garbage left by earlier measurements would be collected on this game's time
        samples: list[float] = []
        seed = 1
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline or len(samples) < 3:
            players = game.min_players + seed % (game.max_players - game.min_players + 1)
            result = playout(game, players, seed, check=False)
            samples.append(result.actions / result.seconds)
            seed += 1
        rates[key] = statistics.median(samples)
    return rates


def bench_load(repeats: int) -> dict[str, float]:
    """Median seconds to load (read, validate, replay) a saved finished game, per game."""
    times: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        store = SaveStore(Path(folder))
        for key, entry in GAMES.items():
            game = entry.game
            match = Match.new(game, default_seats(game.max_players), game.default_options(), 3)
            rng = random.Random(3)
            while game.to_act(match.state) is not None:
                seat, action = choose(game, match.state, rng)
                match.play(seat, action)
            path = store.save(match)
            samples = []
            for _ in range(repeats):
                started = time.perf_counter()
                store.load(path, lambda k: GAMES[k].game if k in GAMES else None)
                samples.append(time.perf_counter() - started)
            times[key] = statistics.median(samples)
    return times


def bench_keys(presses: int) -> dict[str, dict[str, list[float]]]:
    """Key-to-paint latency per game: from sending a key to the end of the screen update showing
    its effect, over a scripted match of every game (`presses` shared among them)."""
    from boardgames_tui.devtools.keylatency import measure_key_latency

    each = max(presses // len(GAMES), 30)
    return {key: asyncio.run(measure_key_latency(each, key)) for key in GAMES}


def pooled(by_game: dict[str, dict[str, list[float]]]) -> dict[str, list[float]]:
    """Every game's samples of each kind of key, together."""
    kinds: dict[str, list[float]] = {}
    for samples in by_game.values():
        for kind, values in samples.items():
            kinds.setdefault(kind, []).extend(values)
    return kinds


def keys_summary(keys: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Median and p95 in milliseconds per kind of key, for the JSON line."""
    return {kind: {"median": statistics.median(v) * 1000, "p95": _p95(v) * 1000} for kind, v in keys.items() if v}


def _ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run_bench(quick: bool = False) -> int:
    repeats = 3 if quick else 7
    print(f"boardgames bench on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    picker, minimal = bench_startup(repeats)
    print("\nStart-up, process start to first painted screen and exit (median):")
    print(f"  minimal Textual app        {_ms(minimal)}")
    print(f"  boardgames picker          {_ms(picker)}   ratio {picker / minimal:.2f}× (target ≤ 1.1×)")
    folder = saves_folder(100)
    full, minimal_again = bench_startup(repeats, folder)
    print(f"  picker, 100 saves          {_ms(full)}   ratio {full / minimal_again:.2f}×"
          "   (the saves are checked after the first paint)")
    listing = bench_listing(folder, 3)
    print(f"  checking the 100 saves     {_ms(listing)}   (after the paint, one file per event-loop turn)")

    # The engine runs before the key test, which leaves a Textual app's objects on the heap.
    rates = bench_engine(1.0 if quick else 3.0)
    print("\nEngine, random playouts without checks, one core (median of per-game rates):")
    for key, rate in rates.items():
        floor = GAMES[key].game.engine_target
        print(f"  {GAMES[key].game.title:<16} {rate:>10,.0f} actions/s   (target ≥ {floor:,})")

    by_game = bench_keys(150 if quick else 1000)
    keys = pooled(by_game)
    print("\nKey-to-paint latency over a scripted match of every game (headless):")
    for kind, target in (
        ("cursor", "target median ≤ 16.7 ms, p95 ≤ 33 ms"),
        ("commit", "target median ≤ 33 ms"),
        ("handoff", "curtain lifted, whole private view drawn; target median ≤ 50 ms"),
        ("rules", "rules page opened; target median ≤ 100 ms"),
    ):
        values = keys.get(kind, [])
        if values:
            print(f"  {kind:<8} {len(values):>4} presses   median {_ms(statistics.median(values))}"
                  f"   p95 {_ms(_p95(values))}   ({target})")
    for key, samples in by_game.items():
        medians = "   ".join(f"{kind} {_ms(statistics.median(v))}" for kind, v in samples.items() if v)
        print(f"  {GAMES[key].game.title:<16} {medians}")

    loads = bench_load(5 if quick else 15)
    print("\nLoading a saved finished game (read, validate, replay), median:")
    for key, seconds in loads.items():
        print(f"  {GAMES[key].game.title:<16} {_ms(seconds)}   (target ≤ 50 ms)")
    summary = {"startup_ratio": picker / minimal, "startup_ratio_100_saves": full / minimal_again,
               "listing_100_saves_ms": listing * 1000, "keys_ms": keys_summary(keys),
               "keys_ms_by_game": {key: keys_summary(samples) for key, samples in by_game.items()},
               "engine": rates,
               "load_ms": {k: v * 1000 for k, v in loads.items()}}
    print("\n" + json.dumps(summary, ensure_ascii=False))
    return 0
