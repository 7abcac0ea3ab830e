"""The save format: a match record to bytes and back, with every check made before anything is used.

`decode_save` is the one loader. It takes the bytes of a file and either returns the replayed
match or raises `SaveError` with a one-line reason; nothing else escapes it, whatever the bytes.
The checks run in order: the JSON itself (msgspec: strict types, bounded strings and lists,
integers within 64 bits, nesting refused past the interpreter's recursion limit), the format
and its version, the checksum (version 2), the packed record, the game and its ranges (seat
count, the name rule, the palette, each seat's kind — a person, or a bot of a known level —, the
game's options, the dates), and last the replay of every move by the rules.

Version 2 stores the seed and the moves packed (zlib, then base64) and puts a checksum over the
whole file, so a glance at it shows neither the seed nor a sealed choice, and a damaged file is
caught before its replay. Version 1 (the seed and moves in clear) is still read, with the same
checks apart from the checksum it never had, and is written back as version 2 at the next save.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import zlib
from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from boardgames_tui.engine.match import Match, MatchRecord, Move, ReplayError
from boardgames_tui.engine.protocol import AnyGame, SeatInfo
from boardgames_tui.engine.saveschema import (
    LATER_DEFAULTS,
    LATER_SEAT_DEFAULTS,
    MAX_RECORD_BYTES,
    Head,
    Packed,
    SaveV1,
    SaveV2,
    SeatEntry,
)
from boardgames_tui.engine.seating import COLOUR_NAMES, GLYPHS, name_problem, seat_kind_problem

FORMAT_NAME = "boardgames-tui/match"
FORMAT_VERSION = 2
READ_VERSIONS = (1, 2)
YEARS = (2000, 9000)
"""The years a save's dates may name: any real save lies well inside."""

GameLookup = Callable[[str], "AnyGame | None"]


class SaveError(ValueError):
    """A save file that cannot be used; the message is a one-line reason."""


# --- writing --------------------------------------------------------------------------------
def _checksum(save: SaveV2) -> str:
    """A checksum over every field but `check` itself, in a canonical order."""
    fields = msgspec.to_builtins(save)
    del fields["check"]
    _drop_defaults(fields, LATER_DEFAULTS)
    for seat in fields["seats"]:
        _drop_defaults(seat, LATER_SEAT_DEFAULTS)
    return hashlib.blake2b(msgspec.json.encode(fields, order="sorted"), digest_size=16).hexdigest()


def _drop_defaults(fields: dict[str, Any], defaults: dict[str, object]) -> None:
    """Leave out of `fields` each later-added field that holds the value older files mean."""
    for key, absent in defaults.items():
        if key in fields and fields[key] == absent:
            del fields[key]


def pack_record(seed: int, moves: tuple[Move, ...]) -> str:
    """The seed and the moves as one opaque line of text (zlib-compressed JSON, base64)."""
    raw = msgspec.json.encode(Packed(seed, [(m.seat, m.action) for m in moves]))
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii")


def encode_save(record: MatchRecord, *, title: str, progress: str, finished: bool) -> bytes:
    """The bytes of a version-2 save file for `record` (the file name is its identity, so no id)."""
    save = SaveV2(
        format=FORMAT_NAME,
        version=FORMAT_VERSION,
        game=record.game,
        title=title,
        seats=[SeatEntry(s.name, s.colour, s.glyph, s.human, s.level) for s in record.seats],
        options=dict(record.options),
        created=record.created,
        updated=record.updated,
        progress=progress[:200],
        finished=finished,
        record=pack_record(record.seed, record.moves),
        check="",
        curtains_with_one_human=record.curtains_with_one_human,
    )
    save.check = _checksum(save)
    return msgspec.json.encode(save)


# --- reading: the JSON and the schema -------------------------------------------------------
def _decode_json(data: bytes, kind: type[Any], what: str) -> Any:
    """`data` decoded as `kind`; SaveError naming the first problem."""
    try:
        return msgspec.json.decode(data, type=kind, strict=True)
    except msgspec.ValidationError as exc:
        raise SaveError(f"{what}: {_one_line(str(exc))}") from None
    except msgspec.DecodeError as exc:
        text = str(exc)
        if "truncated" in text:
            raise SaveError(f"{what}: truncated or not valid text (the data ends too early)") from None
        raise SaveError(f"{what}: not valid JSON ({_one_line(text)})") from None
    except RecursionError:
        raise SaveError(f"{what}: nested too deeply to be a save") from None


def _one_line(text: str) -> str:
    """A message on one line and of bounded length, whatever the file put into it."""
    flat = " ".join(text.split())
    return flat if len(flat) <= 160 else flat[:157] + "..."


def _header(data: bytes) -> int:
    """The format version of a save file, after checking it is one this version reads."""
    try:
        head = _decode_json(data, Head, "not a boardgames save file")
    except SaveError as exc:
        if "not valid JSON" in str(exc) or "truncated" in str(exc) or "nested" in str(exc):
            raise SaveError(str(exc).removeprefix("not a boardgames save file: ")) from None
        raise SaveError("not a boardgames save file") from None
    if head.format != FORMAT_NAME:
        raise SaveError("not a boardgames save file")
    if head.version not in READ_VERSIONS:
        raise SaveError(f"unknown save format version {head.version} (this version reads 1 and 2)")
    return int(head.version)


def _unpack_record(text: str) -> Packed:
    """The seed and moves from a version-2 `record` field."""
    try:
        compressed = base64.urlsafe_b64decode(text.encode("ascii"))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_RECORD_BYTES)
    except (binascii.Error, zlib.error, UnicodeEncodeError, ValueError):
        raise SaveError("damaged save: the packed record cannot be unpacked") from None
    if inflater.unconsumed_tail or not inflater.eof:
        raise SaveError("damaged save: the packed record is too large or cut short")
    packed: Packed = _decode_json(raw, Packed, "damaged save: the packed record")
    return packed


def _schema(data: bytes) -> tuple[SaveV1 | SaveV2, int, list[tuple[int | None, str]]]:
    """The file decoded by its version's schema, its seed and its moves."""
    if _header(data) == 1:
        v1: SaveV1 = _decode_json(data, SaveV1, "damaged save")
        return v1, v1.seed, v1.moves
    v2: SaveV2 = _decode_json(data, SaveV2, "damaged save")
    if _checksum(v2) != v2.check:
        raise SaveError("damaged save: the checksum does not match (the file was changed or corrupted)")
    packed = _unpack_record(v2.record)
    return v2, packed.seed, packed.moves


# --- reading: the meaning -------------------------------------------------------------------
def _check_seats(game: AnyGame, seats: list[SeatEntry]) -> None:
    if not game.min_players <= len(seats) <= game.max_players:
        raise SaveError(f"damaged save: {len(seats)} seats, but {game.title} takes "
                        f"{game.min_players}-{game.max_players}")
    for number, seat in enumerate(seats, start=1):
        problem = name_problem(seat.name)
        if problem is not None:
            raise SaveError(f"damaged save: the name of seat {number} breaks the name rule ({problem})")
        if seat.colour not in COLOUR_NAMES:
            raise SaveError(f"damaged save: seat {number} has a colour outside the palette")
        if seat.glyph not in GLYPHS:
            raise SaveError(f"damaged save: seat {number} has a glyph outside the palette")
        problem = seat_kind_problem(seat.human, seat.level)
        if problem is not None:
            raise SaveError(f"damaged save: seat {number} cannot be played: {problem}")


def _check_date(label: str, text: str) -> None:
    if not (text.isascii() and text.isprintable()):  # fromisoformat lets a trailing NUL through
        raise SaveError(f"damaged save: the {label} date is not a date")
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise SaveError(f"damaged save: the {label} date is not a date") from None
    if when.tzinfo is None or not YEARS[0] <= when.year <= YEARS[1]:
        raise SaveError(f"damaged save: the {label} date is out of range")


def _check_moves(moves: list[tuple[int | None, str]], seats: int) -> tuple[Move, ...]:
    for number, (seat, _action) in enumerate(moves, start=1):
        if seat is not None and seat >= seats:
            raise SaveError(f"damaged save: move {number} is by seat {seat + 1} of a {seats}-seat match")
    return tuple(Move(seat, action) for seat, action in moves)


def _record(game: AnyGame, save: SaveV1 | SaveV2, seed: int, moves: list[Any], match_id: str) -> MatchRecord:
    """The validated record of a decoded file."""
    _check_seats(game, save.seats)
    try:
        options = game.check_options(save.options)
    except ValueError as exc:
        raise SaveError(f"damaged save: {_one_line(str(exc))}") from None
    _check_date("created", save.created)
    _check_date("updated", save.updated)
    return MatchRecord(
        game=game.key,
        seats=tuple(SeatInfo(s.name, s.colour, s.glyph, s.human, s.level) for s in save.seats),
        options=options,
        seed=seed,
        moves=_check_moves(moves, len(save.seats)),
        match_id=match_id,
        created=save.created,
        updated=save.updated,
        curtains_with_one_human=isinstance(save, SaveV2) and save.curtains_with_one_human,
    )


def decode_save(data: bytes, lookup: GameLookup, match_id: str) -> Match:
    """The match saved in `data`, replayed; SaveError with a one-line reason on any problem.

    `match_id` is the file's name without `.json`: a save's identity is its file name, never a
    field inside it.
    """
    save, seed, moves = _schema(data)
    game = lookup(save.game)
    if game is None:
        raise SaveError(f"unknown game {_one_line(repr(save.game))}")
    record = _record(game, save, seed, moves, match_id)
    try:
        return Match(game, record)
    except ReplayError as exc:
        raise SaveError(_one_line(str(exc))) from None
    except Exception as exc:  # the rules' setup on a hostile record: report, never crash
        raise SaveError(f"cannot set the match up again ({type(exc).__name__})") from None
