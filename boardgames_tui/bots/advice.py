"""An honest hint: a search that runs until its advice rests on enough playouts to mean something.

`ranked` searches a level's fixed budget, which on a slow game can be a handful of playouts, and
its best move then changes from one press to the next. `advise` runs the same search (the same
tree, the same seeded redraws of what the seat may not know) in fixed chunks, and stops once the
best move has at least `MIN_PLAYOUTS` playouts and either a clear margin over the next best, or
the next best has as many and the two stay within noise ("too close to call"); or at the
iteration cap. The stopping test looks only at the search's own counts, so the same state and
seed give the same advice. The time cap is a safety for a slow machine: it returns the advice
kept at the last of a few fixed checkpoints, and the hint says it was cut short.

With many root moves that differ only by where they go (Tàin's scouting: a token kind on any of a
dozen slots) the hint's search weighs groups of them first (`_Grouped`); the bots' own search is
left as it is.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from boardgames_tui.bots.search import EXPLORE, PASS, PASS_KEY, Search, bot_moves, window_open
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
GROUP_FROM = 24
"""From this many root moves on, the search weighs groups of like moves first (see `_Grouped`)."""


def group_of(code: str) -> str:
    """The group of a move by its text form: the same move but for its numbers (where it goes,
    which one): Tàin's "cg0.3" and "cg1.4" are both a chieftain guarding, "cg#.#"."""
    return re.sub(r"[0-9]+", "#", code)


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
    timed_out: bool = False
    """The time cap cut the search short (the advice is that of its last checkpoint)."""

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


class _Grouped:
    """The game as the hint's search sees it, with move groups at the root (Childs, Brodeur and
    Kocsis, 2008): each iteration the root offers the moves of one group, the group chosen by UCB
    over its moves' summed statistics (an untried group first, in order), and the search picks
    among them as usual. Playouts then go first to the kinds of move that do well, and the
    near-alike placements within a kind share the rest. Deterministic: no draw of its own.
    Everywhere below the root it is the game itself."""

    def __init__(self, game: AnyGame, seat: Seat, groups: dict[str, str]) -> None:
        self.game, self.seat, self.groups = game, seat, groups
        self.root: Any = None
        self.stats: dict[tuple[Seat, str], list[float]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def resample(self, state: Any, seat: Seat, seed: int) -> Any:
        self.root = self.game.resample(state, seat, seed)
        return self.root

    def rollout_choice(self, state: Any, seat: Seat | None, actions: Any, rng: Any) -> Any:
        return self.game.rollout_choice(state, seat, actions, rng)

    def random_choice(self, state: Any, seat: Seat | None, actions: Any, rng: Any) -> Any:
        return self.game.random_choice(state, seat, actions, rng)

    def bot_moves(self, state: Any, seat: Seat | None, actions: list[Any]) -> list[Any]:
        moves = self.game.bot_moves(state, seat, actions) or actions
        if state is not self.root or seat != self.seat:
            return moves
        by_group: dict[str, list[Any]] = {}
        totals: dict[str, list[float]] = {}
        for move in moves:
            key = self.game.encode(move)
            group = self.groups.get(key, key)
            by_group.setdefault(group, []).append(move)
            entry = self.stats.get((self.seat, key))
            total = totals.setdefault(group, [0.0, 0.0])
            if entry is not None:
                total[0] += entry[0]
                total[1] += entry[2]
        played = sum(t[0] for t in totals.values())
        best, best_score = next(iter(by_group)), -1.0
        for group, (visits, reward) in totals.items():
            if visits == 0:
                return by_group[group]
            score = reward / visits + EXPLORE * math.sqrt(math.log(played) / visits)
            if score > best_score:
                best, best_score = group, score
        return by_group[best]


def _groups(game: AnyGame, options: list[Any]) -> dict[str, str] | None:
    """Each root move's group when grouping pays: many moves falling into clearly fewer groups."""
    if len(options) < GROUP_FROM:
        return None
    groups = {code: group_of(code) for code in (game.encode(a) for a in options)}
    count = len(set(groups.values()))
    return groups if 1 < count <= len(options) // 3 else None


def advise(
    game: AnyGame,
    state: Any,
    seat: Seat,
    *,
    seed: int = 0,
    seconds: float = SECONDS,
    max_iterations: int = MAX_ITERATIONS,
    clock: Callable[[], float] = time.monotonic,
    grouped: bool = True,
) -> Advice:
    """The search's advice for `seat` now (see the module docstring). Raises ValueError if the
    seat has no decision to take."""
    view = Search(game, state, seat, seed).determinization(0)
    decision = game.to_act(view)
    if decision is None or seat not in decision.seats or decision.kind is DecisionKind.STEP:
        raise ValueError(f"seat {seat} has no decision to take now")
    options = bot_moves(game, view, seat)
    groups = _groups(game, options) if grouped else None
    if groups is None:
        search = Search(game, state, seat, seed)
    else:
        searched = _Grouped(game, seat, groups)
        search = Search(searched, state, seat, seed)  # type: ignore[arg-type]
        searched.stats = search.root.stats
    may_pass = decision.kind is DecisionKind.WINDOW and window_open(game, view, decision)
    actions: list[Any] = [*options, *([PASS] if may_pass else [])]
    keys = [game.encode(a) for a in options] + ([PASS_KEY] if may_pass else [])
    if not actions:
        raise ValueError(f"seat {seat} has no legal action now")
    if len(actions) == 1:
        return Advice((Considered(actions[0], 0, 0.0),), close=False, settled=True, iterations=0)
    deadline = clock() + seconds
    kept: Advice | None = None  # the advice at the last checkpoint passed (see `_checkpoint`)
    while True:
        search.run(min(search.iterations + CHUNK, max_iterations), None)
        stats = search.visits(keys)
        order = sorted(range(len(actions)), key=lambda i: stats[i], reverse=True)
        moves = [Considered(actions[i], int(stats[i][0]), stats[i][1]) for i in order]
        advice = Advice(tuple(moves), within_noise(moves[0], moves[1]), _settled(moves), search.iterations)
        if advice.settled or search.iterations >= max_iterations:
            return advice
        if _checkpoint(search.iterations):
            kept = advice
        if clock() >= deadline:  # the safety cap: the advice of the last checkpoint, cut short
            return replace(kept or advice, timed_out=True)


def _checkpoint(iterations: int) -> bool:
    """Whether the search keeps its advice at this count, should the time cap cut in before it is
    settled: at CHUNK, 2 CHUNK, 4 CHUNK, … iterations. A cut-short hint is then one of a few
    fixed ones, however far the search got past the last checkpoint."""
    chunks = iterations // CHUNK
    return iterations % CHUNK == 0 and chunks & (chunks - 1) == 0
