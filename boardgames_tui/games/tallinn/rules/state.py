"""Tallinn's state: phases, the faction rows, towers, disputes and the immutable game state, with
the small helpers every phase module uses to change a draft of it (see `update`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from boardgames_tui.engine.copier import copier
from boardgames_tui.engine.evolve import Evolvable, members
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tallinn.rules.actions import Action, Play
from boardgames_tui.games.tallinn.rules.components import BASE_DECK, ENVOY_DECK, Faction

T = TypeVar("T")


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


PHASE = members(Phase)
"""The phases as plain class attributes, read on every move (see `engine.evolve.members`)."""


class RowCard(NamedTuple):
    """A card in a faction row and the half it shows."""

    card: int
    half: int


ROW_CARD: dict[tuple[int, int], RowCard] = {
    (card, half): RowCard(card, half) for card in (*BASE_DECK, *ENVOY_DECK) for half in (0, 1)
}
"""Every row card, made once: row cards are values, and building a NamedTuple costs a Python call."""


class Tower(NamedTuple):
    """A tower: the card, whether it came from the hand (face hidden) and the half it showed
    in the row before (-1 when it came from the hand)."""

    card: int
    from_hand: bool
    shown: int


TOWER: dict[tuple[int, bool, int], Tower] = {
    (card, from_hand, shown): Tower(card, from_hand, shown)
    for card in (*BASE_DECK, *ENVOY_DECK)
    for from_hand, shown in ((True, -1), (False, 0), (False, 1))
}
"""Every tower, made once (as `ROW_CARD`)."""


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


@dataclass(frozen=True)  # no slots: see `engine.evolve`
class SeatState(Evolvable):
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


@dataclass(frozen=True)  # no slots: see `engine.evolve`
class TallinnState(Evolvable):
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
    log: Journal[LogEntry]  # appending costs the same however long the log is (`engine.journal`)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def max_rounds(self) -> int:
        return 11 if self.envoy else 10


def deck_of(state: TallinnState) -> tuple[int, ...]:
    """Every player's own deck of influence cards in this game."""
    return ENVOY_DECK if state.envoy else BASE_DECK


# --- log lines ---------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def public(text: str, step: bool = False) -> LogEntry:
    """A log line for everyone (log entries are values, so equal lines may be shared)."""
    return LogEntry(text, None, step)


@lru_cache(maxsize=4096)
def private(seat: int, text: str) -> LogEntry:
    """A log line only `seat` may read."""
    return LogEntry(text, frozenset((seat,)))


# --- tuples --------------------------------------------------------------------------------------


def with_seat(seats: tuple[SeatState, ...], index: int, seat: SeatState) -> tuple[SeatState, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])


def tuple_add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])


def without(items: tuple[int, ...], remove: Sequence[int]) -> tuple[int, ...]:
    gone = set(remove)
    return tuple(i for i in items if i not in gone)


def drop(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The items without the first occurrence of `item` (which must be there)."""
    k = items.index(item)
    return (*items[:k], *items[k + 1 :])


# --- drafts --------------------------------------------------------------------------------------
# `rounds.apply_action` copies the state once (`engine.evolve`) and every step after that (a
# reveal, the disputes, the draws, a new round, the final scoring) changes that copy in place: the
# *draft*. Nobody holds the draft until `apply_action` returns it, so the state passed in is never
# touched and every state anyone sees stays immutable, yet a move that runs through many steps
# costs one copy of the state instead of one per step. Functions taking a `draft` change it and
# return it.


def update(draft: TallinnState, **changes: Any) -> TallinnState:
    """Set fields of a draft (the frozen `__setattr__` guards the states others hold)."""
    draft.__dict__.update(changes)
    return draft


def log(draft: TallinnState, *entries: LogEntry) -> TallinnState:
    attrs = draft.__dict__  # `update` without its keyword dictionary: most steps write a line
    attrs["log"] = attrs["log"] + entries
    return draft


def add_points(draft: TallinnState, seat: int, category: int, points: int) -> TallinnState:
    """Score points for a seat, booked in one ledger category."""
    if not points:
        return draft
    s = draft.seats[seat]
    ledger = draft.ledger
    row = tuple_add(ledger[category], seat, points)
    return update(
        draft,
        seats=with_seat(draft.seats, seat, with_score(s, s.score + points)),
        ledger=(*ledger[:category], row, *ledger[category + 1 :]),
    )


# The copies of a seat that the steps of every round make (`engine.copier`: as `evolve`, cheaper).
with_score = copier(SeatState, "score")
with_hand_row = copier(SeatState, "hand", "row")  # a card played
with_hand_pile = copier(SeatState, "hand", "pile")  # a card drawn
with_row_towers = copier(SeatState, "row", "towers")  # a tower from the row
with_hand_towers = copier(SeatState, "hand", "towers")  # a tower from the hand
