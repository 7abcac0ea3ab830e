"""A table of bots: who acts next and with what when every seat is a bot (arena, simulate --bot).

The driver, not the bot, looks at the real state here: it plays the table's part (steps, closing
a window nobody claims) and asks each bot seat for its own decision through `choose`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.bots import PASS, choose, level_named
from boardgames_tui.bots.search import WALL_CLOCK, Clock, window_open
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, Seat


@dataclass(slots=True)
class Timings:
    """Seconds each seat spent on its decisions that had more than one possible answer (on the
    clock the bots were given)."""

    seconds: dict[Seat, list[float]] = field(default_factory=dict)

    def add(self, seat: Seat, seconds: float) -> None:
        self.seconds.setdefault(seat, []).append(seconds)


def _answers(game: AnyGame, state: Any, seat: Seat, may_pass: bool) -> int:
    return len(game.legal(state, seat)) + may_pass


def bot_move(
    game: AnyGame,
    state: Any,
    levels: Sequence[str] | str,
    seed: int,
    *,
    iterations: int | None = None,
    timings: Timings | None = None,
    clock: Clock = WALL_CLOCK,
) -> tuple[Seat | None, Any]:
    """The next (seat, action) when seat i is a bot of `levels[i]` (or of `levels` if it is one
    level for every seat); seat None is the table.

    A window is put to the listed seats in turn; the first that claims it acts, and the table
    closes it when none does. `clock` counts the levels' time caps and the `timings`."""
    decision = game.to_act(state)
    if decision is None:
        raise ValueError("the game is over")
    if decision.kind is DecisionKind.STEP:
        actions = game.legal(state, None)
        return None, game.random_choice(state, None, actions, random.Random(seed))
    may_pass = decision.kind is DecisionKind.WINDOW and window_open(game, state, decision)
    asked = decision.seats if may_pass else decision.seats[:1]
    for seat in asked:
        started = clock()
        level = levels if isinstance(levels, str) else levels[seat]
        action = choose(game, state, seat, level=level, seed=seed * 31 + seat, iterations=iterations, clock=clock)
        if timings is not None and _answers(game, state, seat, may_pass) > 1:
            timings.add(seat, clock() - started)
        if action is not PASS:
            return seat, action
    return None, game.legal(state, None)[0]


def table_chooser(level: str) -> Callable[[AnyGame, Any, random.Random], tuple[Seat | None, Any]]:
    """A chooser for `engine.simulate.playout` with a bot of `level` at every seat (ValueError
    for an unknown level)."""
    level_named(level)

    def pick(game: AnyGame, state: Any, rng: random.Random) -> tuple[Seat | None, Any]:
        return bot_move(game, state, level, rng.randrange(2**31))

    return pick
