"""Tàin's game state: immutable values only (frozen dataclasses and tuples), copied with
`engine.evolve` (`evolve(state, turn=2)`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, TypeVar

from boardgames_tui.engine.evolve import MEMO, Evolvable, members
from boardgames_tui.engine.field_memo import without_field_memos
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tain.rules.components import (
    ENTRANCES,
    FK_SLOTS,
    KINDS,
    MAX_PLAYERS,
    Kind,
)

T = TypeVar("T")
_new = object.__new__

Token = tuple[int, Kind]
"""A placed or captive token: (owner seat, kind)."""

Slots = tuple[Token | None, ...]

Matchup = tuple[int, int, Token | None, Token | None, str, Token | None]
"""One resolved match-up of the latest raid step, for screens to draw on the boards:
(board, entrance, scout, guard, result, prize). For the foreign kingdom the board is -1, the
entrance is the raid slot and the guard None. `result` is one of RESULTS; `prize` is the captive
taken or freed, when there is one."""
RESULTS = ("cow", "jewel", "freed", "choose", "captured", "kidnapped", "fail", "empty", "beaten", "bluff")


@unique
class Phase(StrEnum):
    SCOUT = "scout"  # seats place tokens face down, one at a time
    REVEAL = "reveal"  # every seat has passed; the table turns the tokens face up
    RAID = "raid"  # public resolution, one step at a time
    CHOOSE = "choose"  # a raider picks which of their captives to free
    OVER = "over"


PHASE = members(Phase)
"""The phases as plain attributes (`PHASE.SCOUT`), for the rules' hot paths: every playout step
tests the phase several times (see `engine.evolve.members`)."""


@dataclass(frozen=True)
class Clan(Evolvable):
    """One seat's belongings. Counts per kind are indexed by `Kind`."""

    screen: tuple[int, ...]
    """Unused tokens behind the screen, by kind (private to the owner)."""
    discard: tuple[int, ...]
    """Used tokens lying face down, by kind (private to the owner)."""
    cows: int
    jewels: int
    captives: tuple[Token, ...] = ()
    """Other clans' tokens held in this clan's house, sorted."""
    loot_cows: int = 0
    loot_jewels: int = 0
    loot_captives: tuple[Token, ...] = ()
    """Plunder won this turn, lying beside the board until the resolution phase."""
    passed: bool = False

    @property
    def screen_total(self) -> int:
        return sum(self.screen)

    @property
    def discard_total(self) -> int:
        return sum(self.discard)


@dataclass(frozen=True)
class TainState(Evolvable):
    names: tuple[str, ...]
    clans: tuple[Clan, ...]
    guards: tuple[Slots, ...]
    """Per board, the inside slot of each entrance (pasture 1-3, house 1-2)."""
    scouts: tuple[Slots, ...]
    """Per board, the outside slot of each entrance."""
    fk: Slots
    """The foreign kingdom's raid slots."""
    fk_cows: int
    turn: int
    active: int
    phase: Phase
    current: int
    """The seat to act while scouting; the choosing raider in CHOOSE."""
    choice_board: int
    """In CHOOSE: the board whose house is being raided; else -1."""
    log: Journal[LogEntry]
    """Every line so far (appending costs the same however long the log is: `engine.journal`)."""
    rng: RngState
    jewels_in_box: int
    news_from: int = 0
    """Where the lines of the latest raid step start in the log (for screens to replay them)."""
    last: tuple[Matchup, ...] = ()
    """The match-ups the latest raid step resolved (empty outside the raid), public."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the facts kept beside the slots (`openings`; worked out again on use)."""
        return without_field_memos(super().__getstate__())

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def revealed(self) -> bool:
        """True once the placed tokens are face up (from the raid to the end of the turn)."""
        return self.phase in (PHASE.RAID, PHASE.CHOOSE, PHASE.OVER)

    def seat_order(self) -> tuple[int, ...]:
        """Every seat clockwise from the active player."""
        return SEAT_ORDERS[len(self.names)][self.active]


def add_kind(counts: tuple[int, ...], kind: Kind, amount: int = 1) -> tuple[int, ...]:
    out = list(counts)
    out[kind] += amount
    return tuple(out)


def add_counts(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


SEAT_ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(MAX_PLAYERS + 1)
)
"""SEAT_ORDERS[n][first]: the n seats clockwise from `first`."""
NO_TOKENS: tuple[int, ...] = tuple(0 for _ in KINDS)
EMPTY_BOARD: Slots = tuple(None for _ in range(ENTRANCES))
EMPTY_FK: Slots = tuple(None for _ in range(FK_SLOTS))


def placed(state: TainState) -> list[tuple[str, int, int, Token]]:
    """Every token on a board or in the kingdom: (area "r", "g" or "s", board, slot index, token)."""
    out = [("r", -1, i, t) for i, t in enumerate(state.fk) if t is not None]
    for board in range(state.players):
        out += [("g", board, e, t) for e, t in enumerate(state.guards[board]) if t is not None]
        out += [("s", board, e, t) for e, t in enumerate(state.scouts[board]) if t is not None]
    return out


def set_slot(slots: tuple[Slots, ...], board: int, entrance: int, token: Token | None) -> tuple[Slots, ...]:
    row = list(slots[board])
    row[entrance] = token
    out = list(slots)
    out[board] = tuple(row)
    return tuple(out)


def draft(value: T) -> tuple[T, dict[str, Any]]:
    """A fresh copy of a state or a clan, and the dictionary of its fields, for the rule that
    made it to fill in before it returns it (the pattern of Tallinn's drafts: nobody else holds the
    copy yet, so every value anyone sees stays unchanged). What it buys over `evolve` with the
    changes as keywords: one copy however many fields change, each set by a plain store, with no
    keyword dictionary built and checked per call (raid steps change up to seven fields). The copy
    is `evolve`'s, without its checks of the keywords (the memo cleared as `evolve` clears it),
    with one difference: the fields are copied into the new instance's own dictionary
    (`new.__dict__.update(...)`), which costs about a quarter less than making a dictionary and
    setting it with `object.__setattr__(new, "__dict__", ...)` when the state is itself such a copy,
    as in a playout (0.41 against 0.54 µs); attributes read as fast from either."""
    new = _new(type(value))
    attrs = new.__dict__
    attrs.update(value.__dict__)
    if MEMO in attrs:
        attrs[MEMO] = None  # cleared as `evolve` clears it (a popped key would slow every later copy)
    return new, attrs


def with_item(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """The tuple with the item at `index` replaced (through a list: about twice as fast as
    joining slices, `(*items[:index], item, *items[index + 1 :])`)."""
    out = list(items)
    out[index] = item
    return tuple(out)


def discard_token(clan: Clan, kind: Kind) -> Clan:
    new, fields = draft(clan)
    fields["discard"] = add_kind(clan.discard, kind)
    return new


_AUDIENCES = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))


_PUBLIC_LINES: tuple[dict[str, LogEntry], dict[str, LogEntry]] = ({}, {})
"""Public log lines met so far, by text, apart from and within raid steps."""


def public(text: str, step: bool = False) -> LogEntry:
    """A line everyone may read. Log lines are immutable values, so equal ones are shared: random
    playouts write the same lines again and again, and building a new one costs several times a
    lookup."""
    lines = _PUBLIC_LINES[step]
    entry = lines.get(text)
    if entry is None:
        if len(lines) >= 20_000:
            lines.clear()
        entry = lines[text] = LogEntry(text, None, step)
    return entry


def private(text: str, seat: int) -> LogEntry:
    return LogEntry(text, _AUDIENCES[seat] if 0 <= seat < MAX_PLAYERS else frozenset({seat}), False)
