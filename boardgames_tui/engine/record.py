"""The portable match record: one finished match as a documented, versioned JSON file.

Like a chess game's PGN: the game, its options, the seats (names, colours, glyphs, bot levels),
the seed, every action in its text form (the game's codec) and the final result. Written by
`boardgames export`, read by `boardgames import`. The format is described in docs/MATCH_RECORD.md.

`decode_record` reads a record with the save loader's own checks: the JSON is decoded by strict
types with the same bounds as a save file, then the record is handed to `decode_save` itself
(the name rule, the palette, seat kinds, the game's options, the dates, the replay of every
move), and last the match must be over with the result the record states. Only `RecordError`
with a one-line reason comes out, whatever the bytes.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from boardgames_tui.engine.match import Match, MatchRecord, Move
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.results import MatchResult, result_of
from boardgames_tui.engine.savefile import GameLookup, SaveError, _decode_json, _one_line, decode_save, encode_save
from boardgames_tui.engine.saveschema import (
    MAX_ACTION_CHARS,
    MAX_MOVES,
    MAX_OPTIONS,
    MAX_SEATS,
    SEED_MAX,
    SEED_MIN,
    SeatEntry,
)

RECORD_FORMAT = "boardgames-tui/record"
RECORD_VERSION = 1
READ_VERSIONS = (1,)

_Short = Annotated[str, Meta(max_length=64)]
_Line = Annotated[str, Meta(max_length=200)]
_Date = Annotated[str, Meta(max_length=40)]
_Score = Annotated[int, Meta(ge=-(2**31), le=2**31)]
_SeatIndex = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]


class RecordError(SaveError):
    """A record that cannot be imported (or a match that cannot be exported); a one-line reason."""


class RecordHead(Struct):
    format: _Short = ""
    version: Annotated[int, Meta(ge=0, le=1_000_000)] = 0


class RecordMove(Struct, forbid_unknown_fields=True):
    seat: _SeatIndex | None
    action: Annotated[str, Meta(max_length=MAX_ACTION_CHARS)]


class RecordResult(Struct, forbid_unknown_fields=True):
    totals: Annotated[list[_Score], Meta(max_length=MAX_SEATS)]
    winners: Annotated[list[_SeatIndex], Meta(max_length=MAX_SEATS)]


class RecordV1(Struct, forbid_unknown_fields=True):
    format: _Short
    version: int
    game: _Short
    title: _Line
    options: Annotated[dict[_Short, _Short], Meta(max_length=MAX_OPTIONS)]
    seats: Annotated[list[SeatEntry], Meta(min_length=1, max_length=MAX_SEATS)]
    seed: Annotated[int, Meta(ge=SEED_MIN, le=SEED_MAX)]
    moves: Annotated[list[RecordMove], Meta(max_length=MAX_MOVES)]
    result: RecordResult
    created: _Date
    finished: _Date


def encode_record(match: Match) -> bytes:
    """The record of the finished `match`, as indented JSON (RecordError if it is not over: an
    unfinished match's moves hold live secrets)."""
    result = result_of(match)
    if result is None:
        raise RecordError("this match is not finished: only a finished match has a record")
    record = match.record
    body = RecordV1(
        format=RECORD_FORMAT,
        version=RECORD_VERSION,
        game=record.game,
        title=match.game.title,
        options=dict(record.options),
        seats=[SeatEntry(s.name, s.colour, s.glyph, s.human, s.level) for s in record.seats],
        seed=record.seed,
        moves=[RecordMove(m.seat, m.action) for m in record.moves],
        result=RecordResult(list(result.totals), list(result.winners)),
        created=record.created,
        finished=record.updated,
    )
    return _layout(body)


def _layout(body: RecordV1) -> bytes:
    """The record as JSON a person can read: one field per line, one move per line."""
    fields = msgspec.to_builtins(body)
    lines = []
    for key, value in fields.items():
        if key == "moves":
            moves = ",\n".join(f"  {msgspec.json.encode(move).decode()}" for move in value)
            lines.append(f' "moves": [\n{moves}\n ]' if value else ' "moves": []')
        else:
            lines.append(f" {msgspec.json.encode(key).decode()}: {msgspec.json.encode(value).decode()}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def _header(data: bytes) -> None:
    try:
        head: RecordHead = _decode_json(data, RecordHead, "not a match record")
    except SaveError as exc:
        text = str(exc)
        if "not valid JSON" in text or "truncated" in text or "nested" in text:
            raise RecordError(text.removeprefix("not a match record: ")) from None
        raise RecordError("not a match record") from None
    if head.format != RECORD_FORMAT:
        raise RecordError("not a match record (its format is not boardgames-tui/record)")
    if head.version not in READ_VERSIONS:
        raise RecordError(f"unknown match record version {head.version} (this version reads 1)")


def decode_record(data: bytes, lookup: GameLookup, match_id: str) -> Match:
    """The finished match in the record `data`, replayed and checked as a save is; RecordError else."""
    _header(data)
    try:
        body: RecordV1 = _decode_json(data, RecordV1, "damaged record")
    except SaveError as exc:
        raise RecordError(str(exc)) from None
    record = MatchRecord(
        game=body.game,
        seats=tuple(SeatInfo(s.name, s.colour, s.glyph, s.human, s.level) for s in body.seats),
        options=body.options,
        seed=body.seed,
        moves=tuple(Move(m.seat, m.action) for m in body.moves),
        match_id=match_id,
        created=body.created,
        updated=body.finished,
    )
    # The save loader's checks, every one of them: the record goes through it as a save file would.
    as_save = encode_save(record, title=body.title, progress="", finished=True)
    try:
        match = decode_save(as_save, lookup, match_id)
    except SaveError as exc:
        raise RecordError(str(exc).replace("damaged save", "damaged record")) from None
    _check_result(match, body.result)
    return match


def _check_result(match: Match, stated: RecordResult) -> MatchResult:
    result = result_of(match)
    if result is None:
        raise RecordError(f"the match is not finished after its {len(match.record.moves)} moves")
    if list(result.totals) != stated.totals or list(result.winners) != stated.winners:
        raise RecordError(_one_line(
            f"the result in the record ({stated.totals}, winners {stated.winners}) is not what its moves "
            f"give ({list(result.totals)}, winners {list(result.winners)})"))
    return result
