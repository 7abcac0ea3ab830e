"""An honest hint: a search that runs until its advice rests on enough playouts to mean something.

`ranked` searches a level's fixed budget, which on a slow game can be a handful of playouts, and
its best move then changes from one press to the next. `advise` runs the same search (the same
tree, the same seeded redraws of what the seat may not know) in chunks, and stops once the best
move has at least `MIN_PLAYOUTS` playouts and either a clear margin over the next best, or the
next best has as many and the two stay within noise ("too close to call"); or when the time cap
or the iteration cap is reached. The stopping test looks only at the search's own numbers, so the
same state and seed give the same advice (unless the time cap cuts a very slow search short).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardgames_tui.bots.search import PASS, PASS_KEY, Search, bot_moves, window_open
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, Seat

MIN_PLAYOUTS = 200
"""Playouts the best move needs before the advice may stop."""
SECONDS = 3.0
"""The time cap: a slower search gives the advice it has then, and says on how little."""
MAX_ITERATIONS = 40_000
CHUNK = 50
"""Iterations between two looks at the numbers (the looks fall at the same counts every time)."""
NOISE = 2.0
"""How many standard errors apart two means must be to call one better."""


@dataclass(frozen=True, slots=True)
class Considered:
    """A move the search tried at the root: its playouts and mean reward (0 to 1)."""

    action: Any
    """The action, or `PASS`."""
    playouts: int
    mean: float


@dataclass(frozen=True, slots=True)
class Advice:
    """What the search found: the moves best first, and whether the top two are told apart."""

    moves: tuple[Considered, ...]
    close: bool
    """The two best moves are within noise of each other: too close to call."""
    settled: bool
    """The stopping rule was met (False: a cap cut the search short)."""
    iterations: int

    @property
    def best(self) -> Considered:
        return self.moves[0]


def _standard_error(move: Considered) -> float:
    """The standard error of a move's mean reward (rewards lie in [0, 1]; at least a floor, so a
    handful of equal rewards does not look certain)."""
    if move.playouts == 0:
        return 1.0
    spread = max(move.mean * (1.0 - move.mean), 0.05)
    return math.sqrt(spread / move.playouts)


def within_noise(a: Considered, b: Considered) -> bool:
    """Whether the two means differ by no more than `NOISE` standard errors of their difference."""
    gap = abs(a.mean - b.mean)
    return gap <= NOISE * math.hypot(_standard_error(a), _standard_error(b))


def _settled(moves: list[Considered]) -> bool:
    best, second = moves[0], moves[1]
    if best.playouts < MIN_PLAYOUTS:
        return False
    return not within_noise(best, second) or second.playouts >= MIN_PLAYOUTS


def advise(
    game: AnyGame,
    state: Any,
    seat: Seat,
    *,
    seed: int = 0,
    seconds: float = SECONDS,
    max_iterations: int = MAX_ITERATIONS,
    clock: Callable[[], float] = time.monotonic,
) -> Advice:
    """The search's advice for `seat` now (see the module docstring). Raises ValueError if the
    seat has no decision to take."""
    search = Search(game, state, seat, seed)
    view = search.determinization(0)
    decision = game.to_act(view)
    if decision is None or seat not in decision.seats or decision.kind is DecisionKind.STEP:
        raise ValueError(f"seat {seat} has no decision to take now")
    options = bot_moves(game, view, seat)
    may_pass = decision.kind is DecisionKind.WINDOW and window_open(game, view, decision)
    actions: list[Any] = [*options, *([PASS] if may_pass else [])]
    keys = [game.encode(a) for a in options] + ([PASS_KEY] if may_pass else [])
    if not actions:
        raise ValueError(f"seat {seat} has no legal action now")
    if len(actions) == 1:
        return Advice((Considered(actions[0], 0, 0.0),), close=False, settled=True, iterations=0)
    deadline = clock() + seconds
    while True:
        search.run(min(search.iterations + CHUNK, max_iterations), None)
        stats = search.visits(keys)
        order = sorted(range(len(actions)), key=lambda i: stats[i], reverse=True)
        moves = [Considered(actions[i], int(stats[i][0]), stats[i][1]) for i in order]
        settled = _settled(moves)
        if settled or search.iterations >= max_iterations or clock() >= deadline:
            break
    close = within_noise(moves[0], moves[1])
    return Advice(tuple(moves), close=close, settled=settled, iterations=search.iterations)
