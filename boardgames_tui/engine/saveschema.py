"""The shape of a save file, as strict types: every field, its type and its bounds.

Decoding with these types (msgspec) refuses unknown fields, wrong types, integers beyond 64
bits and over-long strings or lists in one pass, without building anything unbounded first.
What the types cannot say (the name rule, the palette, the game's own ranges) is checked in
`savefile`.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from boardgames_tui.engine.match import SEED_RANGE
from boardgames_tui.engine.seating import BOT_LEVEL_MAX

MAX_FILE_BYTES = 1 << 20
"""The largest save file read at all (1 MiB; a long finished game takes a few kilobytes)."""
MAX_RECORD_BYTES = 4 << 20
"""The largest the encoded seed-and-moves record may grow to once unpacked."""
MAX_SEATS = 8
MAX_MOVES = 20_000
"""Far more than any game takes (the longest random games take about a thousand moves)."""
MAX_ACTION_CHARS = 200
MAX_OPTIONS = 32
SEED_MIN, SEED_MAX = SEED_RANGE

_Short = Annotated[str, Meta(max_length=64)]
_Line = Annotated[str, Meta(max_length=200)]
_Date = Annotated[str, Meta(max_length=40)]
_Action = Annotated[str, Meta(max_length=MAX_ACTION_CHARS)]
_Seed = Annotated[int, Meta(ge=SEED_MIN, le=SEED_MAX)]
_SeatIndex = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]
MoveItem = tuple[_SeatIndex | None, _Action]
_Moves = Annotated[list[MoveItem], Meta(max_length=MAX_MOVES)]
_Options = Annotated[dict[_Short, _Short], Meta(max_length=MAX_OPTIONS)]


class Head(Struct):
    """The two fields read first, to choose the schema of the rest."""

    format: _Short = ""
    version: Annotated[int, Meta(ge=0, le=1_000_000)] = 0


class SeatEntry(Struct, forbid_unknown_fields=True):
    """One seat as stored. Names are bounded here (a little above the name rule, whose message
    is clearer) so that a huge name is refused before anything else looks at it.

    `level` names a bot seat's level (`human` is then false); files written before bots existed
    have no `level`, and their seats are people's."""

    name: Annotated[str, Meta(max_length=64)]
    colour: _Short
    glyph: Annotated[str, Meta(max_length=8)]
    human: bool = True
    level: Annotated[str, Meta(max_length=BOT_LEVEL_MAX)] | None = None


_Seats = Annotated[list[SeatEntry], Meta(min_length=1, max_length=MAX_SEATS)]


class SaveV1(Struct, forbid_unknown_fields=True):
    """Version 1: the seed and the moves in clear; an `id` field, read and ignored."""

    format: _Short
    version: int
    id: _Short
    game: _Short
    title: _Line
    seats: _Seats
    options: _Options
    seed: _Seed
    moves: _Moves
    created: _Date
    updated: _Date
    progress: _Line = ""
    finished: bool = False


class SaveV2(Struct, forbid_unknown_fields=True):
    """Version 2: the seed and the moves packed into `record`, the whole file checksummed."""

    format: _Short
    version: int
    game: _Short
    title: _Line
    seats: _Seats
    options: _Options
    created: _Date
    updated: _Date
    progress: _Line
    finished: bool
    record: Annotated[str, Meta(max_length=MAX_FILE_BYTES)]
    check: Annotated[str, Meta(pattern="^[0-9a-f]{32}$")]
    curtains_with_one_human: bool = False
    """Added after version 2 first shipped: absent in older files (false)."""


LATER_DEFAULTS: dict[str, object] = {"curtains_with_one_human": False}
"""Version-2 fields added since the version first shipped, with the value an older file means.
The checksum leaves a field out while it has that value, so older files keep their checksum."""
LATER_SEAT_DEFAULTS: dict[str, object] = {"level": None}
"""The same for the fields of a seat."""


class Packed(Struct, array_like=True, forbid_unknown_fields=True):
    """What `record` unpacks to: the seed and the moves, as a JSON array."""

    seed: _Seed
    moves: _Moves
