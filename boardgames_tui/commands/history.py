"""`boardgames history`, `stats`, `export` and `import`: the match history in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boardgames_tui.engine.history import (
    find,
    history,
    import_record,
    players_label,
    read_record_file,
    seat_label,
    when,
    winners_label,
)
from boardgames_tui.engine.protocol import AnyGame
from boardgames_tui.engine.record import RecordError, encode_record
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.stats import PlayerStats, Tally, statistics
from boardgames_tui.games import GAMES


def lookup(key: str) -> AnyGame | None:
    entry = GAMES.get(key)
    return entry.game if entry else None


def run_history(store: SaveStore | None = None) -> int:
    store = store or SaveStore()
    listing = store.listing(lookup)
    matches = [s for s in listing.saves if s.result is not None]
    if listing.problem:
        print(listing.problem, file=sys.stderr)
    if not matches:
        print("No finished matches yet.")
    else:
        print(f"{'id':<14}{'finished':<18}{'game':<16}{'winner':<24}players and scores")
        for s in matches:
            print(f"{s.match_id:<14}{when(s.updated):<18}{s.title:<16}{winners_label(s):<24}{players_label(s)}")
    if listing.broken:
        print(f"({len(listing.broken)} unreadable save file(s) left out: the picker lists them with their reasons)",
              file=sys.stderr)
    return 0


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}".removesuffix(".0")


def tally_line(label: str, tally: Tally) -> str:
    shared = f" ({tally.shared} shared)" if tally.shared else ""
    return (f"  {label:<18}{tally.played:>6} played {tally.wins:>5} won{shared:<12} {100 * tally.share:5.1f}%"
            f"   mean {_number(tally.mean):>6}   best {_number(tally.best):>5}")


def stats_lines(players: list[PlayerStats]) -> list[str]:
    lines: list[str] = []
    for player in players:
        lines.append(player.label)
        lines.append(tally_line("all games", player.overall))
        for key, tally in sorted(player.games.items()):
            lines.append(tally_line(GAMES[key].about.title if key in GAMES else key, tally))
        for level, tally in player.against.items():
            lines.append(f"  against {level} bots: {tally.wins} won of {tally.played}")
    return lines


def run_stats(parser: argparse.ArgumentParser, args: argparse.Namespace, store: SaveStore | None = None) -> int:
    store = store or SaveStore()
    matches = history(store, lookup)
    if args.game is not None:
        if args.game not in GAMES:
            parser.error(f"unknown game {args.game!r} (valid: {', '.join(sorted(GAMES))})")
        matches = [m for m in matches if m.game == args.game]
    players = statistics(matches)
    if args.player is not None:
        players = [p for p in players if p.name == args.player]
        if not players:
            parser.error(f"no player named {args.player!r} in the history (names are matched exactly)")
    if not players:
        print("No finished matches yet.")
        return 0
    print(f"{len(matches)} finished match{'es' if len(matches) != 1 else ''}")
    print("\n".join(stats_lines(players)))
    return 0


def run_export(parser: argparse.ArgumentParser, args: argparse.Namespace, store: SaveStore | None = None) -> int:
    store = store or SaveStore()
    target = None if args.file in (None, "-") else Path(args.file)
    if target is not None and (target.exists() or target.is_symlink()):
        parser.error(f"{args.file} exists already (export never writes over a file)")
    try:
        data = encode_record(find(store, lookup, args.id))
    except SaveError as exc:
        parser.error(str(exc))
    if target is None:
        sys.stdout.buffer.write(data)
        return 0
    try:
        with open(target, "xb") as handle:
            handle.write(data)
    except OSError as exc:
        print(f"boardgames export: cannot write {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"Wrote the record of match {args.id} to {args.file}.")
    return 0


def run_import(parser: argparse.ArgumentParser, args: argparse.Namespace, store: SaveStore | None = None) -> int:
    store = store or SaveStore()
    path = Path(args.file)
    if not path.exists() and not path.is_symlink():
        parser.error(f"no file {args.file}")
    try:
        match = import_record(store, lookup, read_record_file(path))
    except RecordError as exc:
        print(f"boardgames import: {args.file} refused: {exc}", file=sys.stderr)
        return 1
    names = ", ".join(seat_label(s) for s in match.record.seats)
    print(f"Imported a {match.game.title} match of {names} as {match.record.match_id}.")
    return 0


def replay_target(parser: argparse.ArgumentParser, match_id: str, store: SaveStore | None = None) -> str:
    """Check that `match_id` names a finished match before the app opens its replay."""
    try:
        find(store or SaveStore(), lookup, match_id)
    except SaveError as exc:
        parser.error(str(exc))
    return match_id
