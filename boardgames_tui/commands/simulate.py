"""`boardgames simulate`: seeded random games with invariant checks and statistics."""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from boardgames_tui.commands.output import check_output_open
from boardgames_tui.engine.match import SEED_RANGE
from boardgames_tui.engine.simulate import InvariantError, playout
from boardgames_tui.games import GAMES

CHECK_OUTPUT_EVERY = 50  # games between two looks at whether anyone still reads the output


def parse_options(parser: argparse.ArgumentParser, pairs: list[str]) -> dict[str, str]:
    """The `--option KEY=VALUE` pairs of a headless command (simulate, arena) as a dict."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            parser.error(f"--option takes KEY=VALUE, not {pair!r}")
        options[key] = value
    return options


def run_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    entry = GAMES.get(args.game)
    if entry is None:
        parser.error(f"unknown game {args.game!r} (valid: {', '.join(sorted(GAMES))})")
    game = entry.game
    try:
        options = game.check_options(parse_options(parser, args.option))
    except ValueError as exc:
        valid = "; ".join(f"{o.key}={'|'.join(o.choices)}" for o in game.options) or "none"
        parser.error(f"{exc} — options of {game.key}: {valid}")
    if args.players is not None and not game.min_players <= args.players <= game.max_players:
        parser.error(f"{game.title} takes {game.min_players} to {game.max_players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.seed + args.games - 1 > SEED_RANGE[1]:
        parser.error("--seed plus --games runs past the largest seed a match can have (2^63-1)")
    counts = [args.players] if args.players else list(range(game.min_players, game.max_players + 1))
    chooser = None
    if getattr(args, "bot", None):
        from boardgames_tui.bots.table import table_chooser

        try:
            chooser = table_chooser(args.bot)
        except ValueError as exc:
            parser.error(str(exc))

    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
    print(f"{game.title}: {args.games} games per player count {counts}, seeds from {args.seed}, options: {shown}")
    failed = False
    for players in counts:
        totals: list[list[int]] = [[] for _ in range(players)]
        wins: Counter[int] = Counter()
        actions = 0
        started = time.perf_counter()
        for seed in range(args.seed, args.seed + args.games):
            if seed % CHECK_OUTPUT_EVERY == 0:
                check_output_open()
            try:
                result = playout(game, players, seed, options, check=not args.no_checks, chooser=chooser)
            except InvariantError as exc:
                print(f"FAILED: {exc}")
                print(f"  reproduce: boardgames simulate {game.key} --players {players} --games 1 --seed {seed}"
                      + "".join(f" --option {k}={v}" for k, v in options.items()))
                failed = True
                break
            actions += result.actions
            for seat, score in enumerate(result.outcome.totals):
                totals[seat].append(score)
            for seat in result.outcome.winners:
                wins[seat] += 1
        elapsed = time.perf_counter() - started
        played = len(totals[0])
        if not played:
            continue
        print(f"\n{players} players: {played} games in {elapsed:.2f} s — {played / elapsed:.1f} games/s, "
              f"{actions / elapsed:,.0f} actions/s, {actions / played:.1f} actions a game")
        print("  seat   mean score   wins (shared wins count for each winner)")
        for seat in range(players):
            share = 100 * wins[seat] / played
            print(f"  {seat + 1:>4}   {statistics.fmean(totals[seat]):>10.2f}   {share:5.1f} %")
    return 1 if failed else 0
