"""Command line: `boardgames` starts the app; `simulate`, `arena` and `bench` run headless; `history`,
`replay`, `stats`, `export` and `import` look at and add to the match history."""

from __future__ import annotations

import sys

try:  # Ctrl-C while these load (the `boardgames` script imports this module first): quietly, status 130
    import argparse
    import gc
    from collections.abc import Sequence

    from boardgames_tui import __version__
    from boardgames_tui.commands.output import EXIT_INTERRUPTED, run_quietly
except KeyboardInterrupt:
    raise SystemExit(130) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardgames", description="Board games for one laptop passed around the table."
    )
    parser.add_argument("--version", action="version", version=f"boardgames {__version__}")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play seeded random games headless and check invariants")
    sim.add_argument("game", help="game key (e.g. tain)")
    sim.add_argument("--players", type=int, help="player count (default: every count in turn)")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=seed_argument, default=1, help="seed of the first game (default 1)")
    sim.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option (repeatable)"
    )
    sim.add_argument("--no-checks", action="store_true", help="skip invariant checks (speed only)")

    sim.add_argument("--bot", metavar="LEVEL", help="bots of this level play every seat (random, easy, normal, hard)")

    arena = sub.add_parser("arena", help="bots against each other, seats rotating; win shares and time per decision")
    arena.add_argument("game", help="game key (e.g. tain)")
    arena.add_argument("--seats", required=True, metavar="LEVEL,LEVEL[,...]", help="one bot level per seat")
    arena.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    arena.add_argument("--seed", type=seed_argument, default=1, help="seed of the first game (default 1)")
    arena.add_argument(
        "--cpu-clock", action="store_true",
        help="count the levels' time caps and the time per decision in this process's CPU time, not wall time",
    )
    arena.add_argument("--progress", action="store_true", help="a line on stderr after each game")
    arena.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option (repeatable)"
    )
    arena.add_argument("--keep", action="store_true", help="keep every game in the match history (to watch replays)")

    bench = sub.add_parser("bench", help="measure start-up, key latency, engine speed and load time")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    bench.add_argument("--bots", action="store_true",
                       help="only the bots' search: iterations per CPU second, and per wall second in worker processes")
    bench.add_argument("--workers", type=int, metavar="N",
                       help="worker processes for --bots (default: the machine's cores less one, at least one)")

    listed = sub.add_parser("history", help="list the finished matches, newest first, with the ids the others take")
    replay = sub.add_parser("replay", help="open the replay of a finished match")
    replay.add_argument("id", help="the match's id (see `boardgames history`)")
    stats = sub.add_parser("stats", help="statistics per player: played, wins, scores, results against bots")
    stats.add_argument("--game", help="only this game (a game key, e.g. tain)")
    stats.add_argument("--player", help="only this player (the name exactly as written)")
    export = sub.add_parser("export", help="write a finished match as a portable record (JSON)")
    export.add_argument("id", help="the match's id (see `boardgames history`)")
    export.add_argument("file", nargs="?", help="the file to write (default: the standard output)")
    imp = sub.add_parser("import", help="add a match record to the history, after the save checks")
    imp.add_argument("file", help="a record written by `boardgames export`")
    for command in (listed, replay, stats, export, imp):
        command.set_defaults(usage=command)  # a bad argument is told with this command's own usage line

    gallery = sub.add_parser("gallery", help="show every element of the table kit, for review")
    gallery.add_argument("--ascii", action="store_true", help="draw the icons in plain ASCII")
    gallery.add_argument("--theme", help="a Textual theme name (e.g. textual-light)")
    return parser


SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
"""The seeds a match may have (`engine.match.SEED_RANGE`, not imported: the app starts without the engine)."""


def seed_argument(text: str) -> int:
    """A `--seed` value: an integer a match can have (a save stores it in 64 bits)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not SEED_MIN <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{text} is outside the seeds a match can have (-2^63 to 2^63-1)")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """The `boardgames` command; its exit status. Ctrl-C from the moment it starts ends it quietly (130)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from boardgames_tui.commands.simulate import run_simulate

        return run_quietly(lambda: run_simulate(parser, args))
    if args.command == "arena":
        from boardgames_tui.commands.arena import run_arena

        return run_quietly(lambda: run_arena(parser, args))
    if args.command == "bench" and args.bots:
        from boardgames_tui.commands.bench_bots import run_bots_bench

        if args.workers is not None and args.workers < 1:
            parser.error("--workers must be at least 1")
        return run_quietly(lambda: run_bots_bench(quick=args.quick, workers=args.workers))
    if args.command == "bench":
        if args.workers is not None:
            parser.error("--workers goes with --bots")
        from boardgames_tui.commands.bench import run_bench

        return run_quietly(lambda: run_bench(quick=args.quick))
    if args.command in HISTORY_COMMANDS:
        return _history_command(parser, args)
    if args.command == "gallery":
        from boardgames_tui.devtools.gallery import run_gallery

        return run_gallery(theme=args.theme, ascii=True if args.ascii else None)
    # No garbage collection until the picker is painted: start-up allocates tens of thousands of
    # long-lived objects (modules, classes, styles), and the collections they trigger are about a
    # tenth of the time to the first paint. The app resumes collecting once it is ready.
    gc.disable()
    from boardgames_tui.ui.app import run_app

    return run_app(resume_collection=True)


HISTORY_COMMANDS = ("history", "replay", "stats", "export", "import")


def _history_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from boardgames_tui.commands import history

    if args.command == "history":
        return run_quietly(history.run_history)
    if args.command == "stats":
        return run_quietly(lambda: history.run_stats(args.usage, args))
    if args.command == "export":
        return run_quietly(lambda: history.run_export(args.usage, args))
    if args.command == "import":
        return history.run_import(args.usage, args)
    from boardgames_tui.ui.app import run_app

    return run_app(replay=history.replay_target(args.usage, args.id))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
