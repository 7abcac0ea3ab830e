"""The match history: every finished match in the saves folder, newest first, and what adds to it.

A finished match stays where it was saved (a save file whose match is over); nothing here deletes
one. The history is the saves listing's finished matches: every file is read with the save
loader's checks and replayed once per version on disk, which also gives its result. A record
imported from elsewhere (`engine.record`) becomes a save file of its own, under a fresh id.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from uuid import uuid4

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.record import RecordError, decode_record
from boardgames_tui.engine.results import fingerprint
from boardgames_tui.engine.savefile import GameLookup, SaveError, encode_save
from boardgames_tui.engine.savefs import UnreadableFile, create_atomically, read_capped
from boardgames_tui.engine.saves import Listing, SaveStore, SaveSummary
from boardgames_tui.engine.saveschema import MAX_FILE_BYTES


def finished(listing: Listing) -> list[SaveSummary]:
    """The finished matches of a listing, newest first (the listing already sorts by date)."""
    return [summary for summary in listing.saves if summary.result is not None]


def unfinished(listing: Listing) -> list[SaveSummary]:
    """The matches that go on (the Continue list)."""
    return [summary for summary in listing.saves if summary.result is None]


def history(store: SaveStore, lookup: GameLookup) -> list[SaveSummary]:
    """Every finished match in the saves folder, newest first (each file replayed once)."""
    return finished(store.listing(lookup))


def find(store: SaveStore, lookup: GameLookup, match_id: str) -> Match:
    """The finished match `match_id` (its file name without `.json`), replayed; SaveError naming
    why not (no such match, a broken file, a match not over yet)."""
    try:
        path = store.path_for(match_id)
    except SaveError:
        raise SaveError(f"no match with the id {match_id!r}") from None
    if not path.exists() and not path.is_symlink():
        raise SaveError(f"no match with the id {match_id!r} (see `boardgames history`)")
    match = store.load(path, lookup)
    if match.outcome() is None:
        raise SaveError(f"the match {match_id} is not finished yet: it has no replay and no record "
                        "(its secrets are still live)")
    return match


def read_record_file(path: Path) -> bytes:
    """The bytes of a record file, read as a save is (a regular file, at most 1 MiB, no link followed)."""
    try:
        data, _stamp = read_capped(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        reason = str(exc).replace("a save file", "a match record").replace("be a save", "be a record")
        raise RecordError(reason) from None
    return data


def import_record(store: SaveStore, lookup: GameLookup, data: bytes) -> Match:
    """Check the record `data` as a save is checked and add its match to the history; the match.

    RecordError with a one-line reason if the record is refused (broken, hostile, unfinished, or a
    match the history already holds); nothing is written then."""
    match_id = uuid4().hex[:12]
    match = decode_record(data, lookup, match_id)
    mark = fingerprint(match.record)
    for summary in history(store, lookup):
        if summary.result is not None and summary.result.fingerprint == mark:
            raise RecordError(f"the history already holds this match (id {summary.match_id})")
    keep(store, match)
    return match


def keep(store: SaveStore, match: Match) -> Path:
    """Write the finished `match` as a save file of its own, keeping its dates (an import or an
    arena game); the path written."""
    if match.outcome() is None:
        raise SaveError("only a finished match goes into the history")
    store.root.mkdir(parents=True, exist_ok=True)
    data = encode_save(match.record, title=match.game.title, progress=match.game.progress(match.state), finished=True)
    while True:
        path = store.path_for(match.record.match_id)
        if create_atomically(path, data) is not None:
            return path
        match.record = replace(match.record, match_id=uuid4().hex[:12])


# --- the words of a history line (the picker's list and `boardgames history`) -------------------
def when(iso: str) -> str:
    """A date as the history shows it, in local time: 2026-05-01 20:14."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return iso[:16]


def seat_label(seat: SeatInfo) -> str:
    """A seat's name, with its level for a bot: "Bot 2 (hard)"."""
    return seat.name if seat.human else f"{seat.name} ({seat.level})"


def winners_label(summary: SaveSummary) -> str:
    result = summary.result
    assert result is not None
    names = [result.seats[w].name for w in result.winners]
    return " and ".join(names) + (" (shared)" if len(names) > 1 else "")


def players_label(summary: SaveSummary) -> str:
    """Each seat with its final score: "Ann 30, Bot 2 (hard) 28"."""
    result = summary.result
    assert result is not None
    return ", ".join(f"{seat_label(seat)} {total}" for seat, total in zip(result.seats, result.totals, strict=True))
