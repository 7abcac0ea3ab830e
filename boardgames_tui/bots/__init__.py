"""Bots: a seat played by an information-set Monte Carlo tree search, at a chosen level.

Pure and game-agnostic: a bot sees a game only through the protocol, and its seat's state only
through `game.resample(state, seat, …)`, so it cannot decide on what its seat may not know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from boardgames_tui.bots.levels import LEVELS, Level, level_named
from boardgames_tui.bots.search import PASS, PASS_KEY, WALL_CLOCK, Clock, Search, bot_moves, window_open
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, Seat

__all__ = ["LEVELS", "PASS", "WALL_CLOCK", "Clock", "Level", "RankedMove", "choose", "level_named", "ranked"]


def choose(
    game: AnyGame,
    state: Any,
    seat: Seat,
    *,
    level: str = "normal",
    seed: int = 0,
    iterations: int | None = None,
    clock: Clock = WALL_CLOCK,
) -> Any:
    """The action the bot at `seat` takes now, or `PASS` when it lets an open window go by.

    With `iterations` given the search runs exactly that many iterations with no time cap, and
    the result depends only on the arguments (and, through `resample`, only on what `seat` may
    know); otherwise the level's budget and time cap apply, the cap counted on `clock` (wall time
    by default; `time.process_time` makes it independent of machine load). Raises ValueError if `seat` has no
    decision to take. A single possible answer returns at once.
    """
    chosen = level_named(level)
    search = Search(game, state, seat, seed)
    view = search.determinization(0)
    moves, keys = root_moves(game, view, seat)
    if len(moves) == 1 or chosen.iterations == 0:
        return unsearched(game, view, seat, moves, seed)
    budget = chosen.iterations if iterations is None else iterations
    search.run(max(1, budget), None if iterations is not None else chosen.seconds, clock)
    return moves[pick(search.visits(keys), chosen, seed)]


def root_moves(game: AnyGame, view: Any, seat: Seat) -> tuple[list[Any], list[str]]:
    """The bot's possible answers in a redrawn state (`PASS` last where it may let a window go
    by), and their move keys. ValueError if the seat has no decision, or no answer, now."""
    options, may_pass = _root_options(game, view, seat)
    moves: list[Any] = [*options, *([PASS] if may_pass else [])]
    keys = [game.encode(a) for a in options] + ([PASS_KEY] if may_pass else [])
    return moves, keys


def unsearched(game: AnyGame, view: Any, seat: Seat, moves: list[Any], seed: int) -> Any:
    """The answer without a search: the only one there is, or the random level's."""
    if len(moves) == 1:
        return moves[0]
    may_pass = moves[-1] is PASS
    return _random_move(game, view, seat, moves[:-1] if may_pass else moves, may_pass, seed)


def pick(stats: list[tuple[float, float]], level: Level, seed: int) -> int:
    """The index of the move the level plays, given each move's (visits, mean reward)."""
    return _pick(stats, level, random.Random(seed))


@dataclass(frozen=True, slots=True)
class RankedMove:
    """One of the bot's possible answers with what its search found: how often it tried the
    answer at the root, and the mean reward it brought the bot's seat (0 to 1, see `rewards`)."""

    action: Any
    """The action, or `PASS`."""
    visits: int
    mean: float


def ranked(
    game: AnyGame,
    state: Any,
    seat: Seat,
    *,
    level: str = "normal",
    seed: int = 0,
    iterations: int | None = None,
) -> list[RankedMove]:
    """Every answer the bot at `seat` considers now, best first, with its root statistics.

    The same search as `choose` (only what `seat` may know enters it); the first entry is the
    move `choose` plays at a level without `sharpness`. A single possible answer, or the random
    level, is not searched: its entries then have no visits.
    """
    chosen = level_named(level)
    search = Search(game, state, seat, seed)
    moves, keys = root_moves(game, search.determinization(0), seat)
    if len(moves) > 1 and chosen.iterations:
        budget = chosen.iterations if iterations is None else iterations
        search.run(max(1, budget), None if iterations is not None else chosen.seconds)
    stats = search.visits(keys)
    # Stable, so ties keep the order `choose` breaks them in (its `max` takes the first).
    order = sorted(range(len(moves)), key=lambda i: stats[i], reverse=True)
    return [RankedMove(moves[i], int(stats[i][0]), stats[i][1]) for i in order]


def _root_options(game: AnyGame, view: Any, seat: Seat) -> tuple[list[Any], bool]:
    """The bot's legal moves in a redrawn state, and whether it may let a window pass."""
    decision = game.to_act(view)
    if decision is None or seat not in decision.seats or decision.kind is DecisionKind.STEP:
        raise ValueError(f"seat {seat} has no decision to take now")
    options = bot_moves(game, view, seat)
    may_pass = decision.kind is DecisionKind.WINDOW and window_open(game, view, decision)
    if not options and not may_pass:
        raise ValueError(f"seat {seat} has no legal action now")
    return options, may_pass


def _random_move(game: AnyGame, view: Any, seat: Seat, options: list[Any], may_pass: bool, seed: int) -> Any:
    """The random level: the game's random player, which lets a window pass half the time."""
    rng = random.Random(seed)
    if may_pass and (not options or rng.random() < 0.5):
        return PASS
    return game.random_choice(view, seat, options, rng)


def _pick(stats: list[tuple[float, float]], level: Level, rng: random.Random) -> int:
    """The index of the move to play: the most visited (ties: the better mean), or for a level
    with `sharpness` a draw weighted by visits ** sharpness."""
    if level.sharpness is None:
        return max(range(len(stats)), key=lambda i: stats[i])
    weights = [visits**level.sharpness for visits, _ in stats]
    if not any(weights):
        return rng.randrange(len(stats))
    return rng.choices(range(len(stats)), weights)[0]
