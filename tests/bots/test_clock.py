"""Issue 18 §5: arena's `--cpu-clock` — the levels' time caps counted on a clock the caller gives."""

from __future__ import annotations

import inspect
import json
import time

import pytest

from boardgames_tui import bots
from boardgames_tui.bots import LEVELS, choose
from boardgames_tui.bots.search import Search
from boardgames_tui.bots.table import Timings, bot_move
from boardgames_tui.cli import main
from boardgames_tui.commands.arena import play_game, run_games
from boardgames_tui.games import GAMES
from tests.bots.states import bot_decisions, sample_states


class FakeClock:
    """A clock that moves on by `tick` seconds each time it is read."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def _tain_decision() -> tuple[object, object, int]:
    game = GAMES["tain"].game
    _, state = next(sample_states("tain", per_game=1))
    return game, state, bot_decisions(game, state)[0][0]


def test_the_time_cap_is_counted_on_the_given_clock() -> None:
    """A cap of 1.0 s on a clock that moves 0.25 s per reading stops after 4 iterations (one
    reading at the start, one after each iteration), far below the iteration budget."""
    game, state, seat = _tain_decision()
    search = Search(game, state, seat, 1)  # type: ignore[arg-type]
    clock = FakeClock(0.25)
    search.run(6_000, 1.0, clock)
    assert search.iterations == 4
    assert clock.reads == 5


def test_a_level_honours_its_cap_on_the_given_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """`choose` at hard stops when hard's cap has passed on the clock it is given: a clock
    moving a tenth of the cap per reading allows ten iterations, whatever the wall clock says."""
    seen: list[int] = []
    real_run = Search.run

    def spy(self: Search, iterations: int, seconds: float | None, clock: bots.Clock = bots.WALL_CLOCK) -> None:
        real_run(self, iterations, seconds, clock)
        seen.append(self.iterations)

    monkeypatch.setattr(Search, "run", spy)
    game, state, seat = _tain_decision()
    choose(game, state, seat, level="hard", seed=2, clock=FakeClock(LEVELS["hard"].seconds / 10))  # type: ignore[arg-type]
    assert seen == [10]


def test_fixed_iterations_never_read_the_clock() -> None:
    """With `iterations` given there is no cap: the clock is not read and the choice is the
    same as with the default clock."""
    game, state, seat = _tain_decision()
    clock = FakeClock(100.0)
    first = choose(game, state, seat, seed=5, iterations=12, clock=clock)  # type: ignore[arg-type]
    again = choose(game, state, seat, seed=5, iterations=12)  # type: ignore[arg-type]
    assert clock.reads == 0
    assert game.encode(first) == game.encode(again)  # type: ignore[attr-defined]


def test_the_default_clock_is_wall_time_everywhere() -> None:
    """Without a clock, the app's path (`choose`), the table and arena count wall time as before."""
    assert bots.WALL_CLOCK is time.perf_counter
    for func in (choose, Search.run, bot_move, play_game, run_games):
        assert inspect.signature(func).parameters["clock"].default is time.perf_counter


def test_timings_are_read_on_the_given_clock() -> None:
    """The time per decision the table records is the given clock's: with a clock moving 1 s
    per reading and fixed iterations (no cap, no reading inside the search), each timed
    decision took exactly 1 s."""
    game, state, _ = _tain_decision()
    timings = Timings()
    bot_move(game, state, ["easy", "easy"], 3, iterations=2, timings=timings, clock=FakeClock(1.0))  # type: ignore[arg-type]
    recorded = [s for seconds in timings.seconds.values() for s in seconds]
    assert recorded == [1.0]


def test_arena_cpu_clock_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """`arena --cpu-clock` says so in its header and its JSON line; the default says wall."""
    assert main(["arena", "tallinn", "--seats", "easy,random", "--games", "1", "--cpu-clock", "--progress"]) == 0
    out = capsys.readouterr()
    assert "on the CPU clock" in out.out
    assert json.loads(out.out.strip().splitlines()[-1])["clock"] == "cpu"
    assert "game 1/1: won by entry" in out.err
    assert main(["arena", "tallinn", "--seats", "random,random", "--games", "1"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["clock"] == "wall"
