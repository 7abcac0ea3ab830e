"""Tallinn's vocabulary: actions (with their short text form), phases and the immutable state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, NamedTuple, TypeVar

from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tallinn.components import FACTIONS, HALF_NAMES, Faction

# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exchange:
    """Envoy setup: put these hand cards under the draw pile (in this order) and draw as many."""

    cards: tuple[int, ...] = ()

    def encode(self) -> str:
        return "x" + ".".join(map(str, self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """Phase 1: the card and half to play, the envoy's faction and an open Supporter."""

    card: int
    half: int  # 0 = half A, 1 = half B
    faction: Faction | None = None  # only for the envoy's coin half
    supporter: Faction | None = None  # an open Supporter (way a)

    def encode(self) -> str:
        text = f"p{self.card}{HALF_NAMES[self.half].lower()}"
        if self.faction:
            text += ":" + self.faction
        if self.supporter:
            text += "+" + self.supporter
        return text


@dataclass(frozen=True, slots=True)
class OwnSupport:
    """Phase 3, before disputes: a Supporter for one's own dispute (way b), or none."""

    faction: Faction | None = None

    def encode(self) -> str:
        return "s" + (self.faction or "-")


@dataclass(frozen=True, slots=True)
class Advance:
    """The table resolves the next dispute."""

    def encode(self) -> str:
        return "n"


@unique
class TowerSource(StrEnum):
    NONE = "-"
    ROW = "r"
    HAND = "h"


# Read on every move: plain module names, not `TowerSource.X` (see the same for `Phase` below).
NO_TOWER, TOWER_FROM_ROW, TOWER_FROM_HAND = TowerSource.NONE, TowerSource.ROW, TowerSource.HAND


@dataclass(frozen=True, slots=True)
class BuildTower:
    """Phase 3, after disputes: turn a row card or a hand card into a tower, or build none."""

    source: TowerSource = TowerSource.NONE
    card: int = 0

    def encode(self) -> str:
        return "t" + self.source.value + (str(self.card) if self.source is not TowerSource.NONE else "")


@dataclass(frozen=True, slots=True)
class Remove:
    """Chronicle 'remove' scoring: the row cards to take out of the game (empty: decline)."""

    cards: tuple[int, ...] = ()

    def encode(self) -> str:
        return "r" + (".".join(map(str, self.cards)) or "-")


@dataclass(frozen=True, slots=True)
class AssignEnvoy:
    """Final scoring: the tied smallest row faction that receives the envoy symbols."""

    faction: Faction

    def encode(self) -> str:
        return "e" + self.faction


Action = Exchange | Play | OwnSupport | Advance | BuildTower | Remove | AssignEnvoy


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")) if text else ()


def _faction(text: str) -> Faction:
    if text not in FACTIONS:
        raise IllegalAction(f"unknown faction {text!r}")
    return text


def decode_action(text: str) -> Action:
    """Parse the short form written by `encode`; IllegalAction on anything malformed."""
    try:
        head, rest = text[:1], text[1:]
        if head == "x":
            return Exchange(_ints(rest))
        if head == "p":
            supporter = None
            if "+" in rest:
                rest, sup = rest.split("+", 1)
                supporter = _faction(sup)
            faction = None
            if ":" in rest:
                rest, fac = rest.split(":", 1)
                faction = _faction(fac)
            half = HALF_NAMES.index(rest[-1].upper())
            return Play(int(rest[:-1]), half, faction, supporter)
        if head == "s":
            return OwnSupport(None if rest == "-" else _faction(rest))
        if head == "n" and not rest:
            return Advance()
        if head == "t":
            source = TowerSource(rest[:1])
            if source is TowerSource.NONE:
                if rest[1:]:
                    raise ValueError(rest)
                return BuildTower()
            return BuildTower(source, int(rest[1:]))
        if head == "r":
            return Remove(() if rest == "-" else _ints(rest))
        if head == "e":
            return AssignEnvoy(_faction(rest))
    except IllegalAction:
        raise
    except (ValueError, IndexError):
        pass
    raise IllegalAction(f"not a Tallinn action: {text!r}")


# --- state -----------------------------------------------------------------------------------

T = TypeVar("T")

MEMO_KEY = "_memo"
"""Where `TallinnState.memo` keeps its values, beside the fields (a name no field takes)."""


@unique
class Phase(StrEnum):
    EXCHANGE = "exchange"  # envoy setup exchange (sealed)
    CHOOSE = "choose"  # phase 1 (sealed)
    SUPPORT = "support"  # Supporters way (b) (sealed)
    DISPUTE = "dispute"  # phase 3 disputes, one table step each
    TOWER = "tower"  # phase 3 towers (sealed, or one at a time in the variant)
    REMOVE = "remove"  # chronicle 'remove' scoring (sealed)
    ENVOY_TIE = "envoy"  # final scoring: envoy symbols on a tied smallest faction (sealed)
    OVER = "over"


# Reading a member through its Enum class goes through `EnumType.__getattr__`'s hook (Python 3.11),
# as slow as a small function call; the rules, on the path of every move, use these names instead.
EXCHANGE, CHOOSE, SUPPORT, DISPUTE, TOWER, REMOVE, ENVOY_TIE, OVER = (
    Phase.EXCHANGE,
    Phase.CHOOSE,
    Phase.SUPPORT,
    Phase.DISPUTE,
    Phase.TOWER,
    Phase.REMOVE,
    Phase.ENVOY_TIE,
    Phase.OVER,
)


class RowCard(NamedTuple):
    """A card in a faction row and the half it shows."""

    card: int
    half: int


class Tower(NamedTuple):
    """A tower: the card, whether it came from the hand (face hidden) and the half it showed
    in the row before (-1 when it came from the hand)."""

    card: int
    from_hand: bool
    shown: int


class DisputeResult(NamedTuple):
    """One resolved round dispute: every seat's count and the disputer's points against each."""

    round: int
    disputer: int
    faction: Faction
    counts: tuple[int, ...]
    points: tuple[int, ...]  # points earned against each seat (0 at the disputer's own place)
    envoy: bool  # the envoy's symbols were added
    own_support: bool  # a Supporter (way b) was added
    open_support: tuple[bool, ...] = ()  # per seat: an open Supporter (way a) of this faction was added

    @property
    def total(self) -> int:
        return sum(self.points)


@dataclass(frozen=True)  # no slots: see `evolve`
class SeatState:
    """One player's cards, tokens and score."""

    start: str
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    row: tuple[RowCard, ...] = ()
    towers: tuple[Tower, ...] = ()
    removed: tuple[RowCard, ...] = ()  # taken out of the game by a chronicle, with the half they showed
    tokens: tuple[Faction, ...] = ()  # Supporters still held
    spent: tuple[Faction, ...] = ()  # Supporters used (public)
    score: int = 0


# Ledger categories: one row of points per category, summing to every seat's score.
CATEGORIES: tuple[str, ...] = (
    "Starting score",
    "Envoy exchange",
    "Round disputes",
    "Chronicle I",
    "Chronicle II",
    "Final: Knights",
    "Final: Merchants",
    "Final: Monks",
    "Towers",
)
CAT_START, CAT_EXCHANGE, CAT_ROUND, CAT_CHRON1, CAT_CHRON2, CAT_FINAL_K, CAT_FINAL_M, CAT_FINAL_MO, CAT_TOWERS = range(
    len(CATEGORIES)
)


@dataclass(frozen=True)  # no slots: see `evolve`
class TallinnState:
    """Everything about a game of Tallinn, hidden parts included."""

    names: tuple[str, ...]
    envoy: bool
    chronicles: bool
    supporters: bool
    tower_order: bool
    phase: Phase
    round: int
    seats: tuple[SeatState, ...]
    asked: tuple[int, ...]  # seats in the current decision (in order, for the tower variant)
    pending: tuple[Action | None, ...]  # sealed commitments not yet revealed, per seat
    plays: tuple[Play | None, ...]  # the cards revealed this round
    own_support: tuple[Faction | None, ...]  # Supporters (way b) this round
    to_resolve: tuple[int, ...]  # disputers whose dispute is still to come
    disputes: tuple[DisputeResult, ...]  # resolved this round
    history: tuple[DisputeResult, ...]  # every round dispute of the game
    chronicle_cards: tuple[int, ...]  # (card I, card II), or () without the module
    chronicle_hidden: tuple[int, ...]  # card III and the unused chronicles: never seen
    chronicle_level: int  # 1 or 2 while a 'remove' chronicle is decided, else 0
    unused_starts: tuple[str, ...]  # never seen
    undealt_tokens: tuple[Faction, ...]  # never seen
    envoy_choice: tuple[Faction | None, ...]
    exchanged: tuple[int, ...]  # how many cards each seat exchanged (public)
    ledger: tuple[tuple[int, ...], ...]  # CATEGORIES x seats
    rng: RngState
    log: tuple[LogEntry, ...]

    def memo(self, key: str, compute: Callable[[TallinnState], T]) -> T:
        """`compute(self)`, kept on the state from the first use: the state never changes, so
        neither does the value (the rules keep the pending decision here). Not part of the
        state: `evolve` does not copy it, pickling leaves it out, equality ignores it."""
        attrs = self.__dict__  # the fields, and the memo beside them
        memo = attrs.get(MEMO_KEY)
        if memo is None:
            memo = attrs[MEMO_KEY] = {}
        elif key in memo:
            return memo[key]
        value = memo[key] = compute(self)
        return value

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != MEMO_KEY}

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def max_rounds(self) -> int:
        return 11 if self.envoy else 10


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed: `dataclasses.replace` without its
    per-call introspection and `__init__`, which dominated the cost of a move (values are trusted
    here). The state classes keep their fields in an instance `__dict__` (no `slots`) so that the
    copy is a dictionary copy in C; the frozen `__setattr__` is bypassed (the object is new)."""
    attrs = obj.__dict__.copy()
    attrs.pop(MEMO_KEY, None)  # computed from the old state, not valid for the new one
    attrs.update(changes)
    new = _new(type(obj))
    _set(new, "__dict__", attrs)
    return new


_new = object.__new__
_set = object.__setattr__
