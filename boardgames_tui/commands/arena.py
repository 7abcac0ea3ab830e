"""`boardgames arena`: bots against each other, seats rotating so that position bias cancels."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from boardgames_tui.bots import LEVELS, WALL_CLOCK, Clock
from boardgames_tui.bots.table import Timings, bot_move
from boardgames_tui.commands.output import check_output_open
from boardgames_tui.commands.simulate import parse_options
from boardgames_tui.engine.history import keep
from boardgames_tui.engine.match import SEED_RANGE, Match, MatchRecord, Move
from boardgames_tui.engine.protocol import AnyGame, Outcome, SeatInfo
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.engine.simulate import MAX_ACTIONS, default_seats
from boardgames_tui.games import GAMES


@dataclass(slots=True)
class Entry:
    """One entry of `--seats` (a level) and what it achieved over the games."""

    level: str
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def ms_per_decision(self) -> float:
        return 1000 * statistics.median(self.seconds) if self.seconds else 0.0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def play_game(game: AnyGame, levels: Sequence[str], options: dict[str, str], seed: int,
              timings: Timings | None = None, iterations: int | None = None, clock: Clock = WALL_CLOCK,
              moves: list[Move] | None = None) -> Outcome:
    """One game with seat i played by a bot of `levels[i]`, to its end (time caps on `clock`);
    each move is added to `moves` if given."""
    state = game.setup([s.name for s in default_seats(len(levels))], options, seed)
    for step in range(MAX_ACTIONS):
        if game.to_act(state) is None:
            outcome = game.outcome(state)
            assert outcome is not None
            return outcome
        seat, action = bot_move(game, state, levels, seed * 100_000 + step, timings=timings, iterations=iterations,
                                clock=clock)
        state = game.apply(state, seat, action)
        if moves is not None:
            moves.append(Move(seat, game.encode(action)))
    raise RuntimeError(f"{game.key} seed {seed}: no end after {MAX_ACTIONS} actions")


Keeper = Callable[[Sequence[int], int, list[Move]], object]
"""What keeps a finished arena game: given the entry at each seat, the seed and the moves."""


def run_games(game: AnyGame, levels: Sequence[str], options: dict[str, str], games: int, seed: int,
              iterations: int | None = None, clock: Clock = WALL_CLOCK, progress: bool = False,
              keep: Keeper | None = None) -> list[Entry]:
    """Play `games` games, the entries moving one seat on each game, and gather their results
    (the levels' time caps and the timings counted on `clock`); with `progress`, one line per
    finished game on stderr; with `keep`, each game is handed to it once over."""
    n = len(levels)
    entries = [Entry(level) for level in levels]
    for g in range(games):
        shift = g % n
        seated = [levels[(s + shift) % n] for s in range(n)]  # seat s holds entry (s + shift) % n
        timings = Timings()
        check_output_open()  # nobody reads the results any more (`| head -1`): stop now, not after every game
        moves: list[Move] | None = [] if keep is not None else None
        outcome = play_game(game, seated, options, seed + g, timings, iterations, clock, moves)
        if keep is not None and moves is not None:
            keep([(s + shift) % n for s in range(n)], seed + g, moves)
        for s in range(n):
            entry = entries[(s + shift) % n]
            entry.scores.append(outcome.totals[s])
            entry.seconds.extend(timings.seconds.get(s, ()))
            if s in outcome.winners:
                entry.wins += 1 / len(outcome.winners)
        if progress:
            won = ", ".join(str((w + shift) % n + 1) for w in outcome.winners)
            print(f"game {g + 1}/{games}: won by entry {won}; {time.process_time():.0f} s CPU so far",
                  file=sys.stderr, flush=True)
    return entries


def _levels(parser: argparse.ArgumentParser, game: AnyGame, text: str) -> list[str]:
    levels = [part.strip() for part in text.split(",")]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"no bot level {level!r} (valid: {', '.join(LEVELS)})")
    if not game.min_players <= len(levels) <= game.max_players:
        parser.error(f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(levels)}")
    return levels


def arena_seat(level: str, entry: int) -> SeatInfo:
    """The seat of entry `entry` (0-based) in the history: one name, colour and glyph per entry."""
    return SeatInfo(f"{level.capitalize()} bot {entry + 1}", PALETTE[entry].name, GLYPHS[entry], False, level)


def keeper(game: AnyGame, levels: Sequence[str], options: dict[str, str], store: SaveStore | None = None) -> Keeper:
    """Keeps each arena game in the history of `store` (default: the saves folder)."""
    folder = store or SaveStore()

    def keep_game(entries: Sequence[int], seed: int, moves: list[Move]) -> None:
        seats = tuple(arena_seat(levels[e], e) for e in entries)
        record = MatchRecord(game.key, seats, dict(options), seed, tuple(moves))
        keep(folder, Match(game, record))

    return keep_game


def run_arena(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    entry = GAMES.get(args.game)
    if entry is None:
        parser.error(f"unknown game {args.game!r} (valid: {', '.join(sorted(GAMES))})")
    game = entry.game
    levels = _levels(parser, game, args.seats)
    try:
        options = game.check_options(parse_options(parser, args.option))
    except ValueError as exc:
        parser.error(str(exc))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed + args.games - 1 > SEED_RANGE[1]:
        parser.error("--seed plus --games runs past the largest seed a match can have (2^63-1)")
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
    clock, clock_name = (time.process_time, "CPU") if args.cpu_clock else (WALL_CLOCK, "wall")
    print(f"{game.title}: {', '.join(levels)}; {args.games} games, seeds from {args.seed}, seats rotate; "
          f"options: {shown}; time caps on the {clock_name} clock")
    sys.stdout.flush()
    keep = keeper(game, levels, options) if args.keep else None
    entries = run_games(game, levels, options, args.games, args.seed, clock=clock, progress=args.progress, keep=keep)
    print("  entry  level    win share   95% interval     mean score   median ms per decision")
    for i, e in enumerate(entries):
        low, high = wilson(e.wins, args.games)
        print(f"  {i + 1:>5}  {e.level:<7}  {e.wins / args.games:9.3f}   [{low:.3f}, {high:.3f}]   "
              f"{statistics.fmean(e.scores):10.2f}   {e.ms_per_decision():10.1f}")
    summary = {
        "game": game.key,
        "seats": levels,
        "games": args.games,
        "win_share": [round(e.wins / args.games, 4) for e in entries],
        "win_interval": [[round(x, 4) for x in wilson(e.wins, args.games)] for e in entries],
        "mean_score": [round(statistics.fmean(e.scores), 2) for e in entries],
        "ms_per_decision": [round(e.ms_per_decision(), 1) for e in entries],
        "clock": "cpu" if args.cpu_clock else "wall",
    }
    print(json.dumps(summary))
    return 0
