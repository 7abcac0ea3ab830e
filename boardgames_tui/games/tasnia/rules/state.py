"""Tasnia's state as immutable values: the market, the piles, each player's hand and area."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from boardgames_tui.engine.evolve import Evolvable, members
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tasnia.rules.area import Area
from boardgames_tui.games.tasnia.rules.components import ALL_KINDS
from boardgames_tui.games.tasnia.rules.geometry import Cell

EMPTY_AREA = Area()
EMPTY_LOG: Journal[LogEntry] = Journal()
KIND_ORDER = {kind: i for i, kind in enumerate(ALL_KINDS)}


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=KIND_ORDER.__getitem__))


@unique
class Phase(StrEnum):
    TRADE = "trade"
    PURCHASE = "purchase"
    BUILD = "build"
    OVER = "over"


PHASE = members(Phase)
"""Phase's members as plain attributes: the rules test the phase on every step."""


@dataclass(frozen=True)
class PlayerState:
    hand: tuple[str, ...]
    """Sorted in the order of ALL_KINDS."""
    area: Area = EMPTY_AREA


@dataclass(frozen=True)
class Held:
    """A tile picked up: from the stockpile (`source` None) or from a cell of the area."""

    tile: str
    source: Cell | None = None


@dataclass(frozen=True)
class State(Evolvable):
    names: tuple[str, ...]
    specials: tuple[str, ...]
    """The special cards in this game's deck."""
    players: tuple[PlayerState, ...]
    stacks: tuple[tuple[str, ...], ...]
    """The market; index 0 of each stack is its face-up top."""
    draw: tuple[str, ...]
    """The face-down draw pile, drawn from the front."""
    discard: tuple[str, ...]
    rng: RngState
    dealer: int
    current: int
    phase: Phase = Phase.TRADE
    turn: int = 1
    build_actions: int = 0
    """Building-phase actions completed so far this phase (PLACE, MOVE, STOCK, housing or moving
    a card, Plague, Scoundrel): public, and read by the random player, never limited by the rules."""
    holding: Held | None = None
    """The tile picked up in the Building phase, waiting to be put down."""
    split: tuple[tuple[str, tuple[Cell, ...]], ...] = ()
    """After a MOVE or STOCK divided a building: its cards, each with the parts it may go to.
    Each card sits in its default part; the owner may send it to another (Keep) until the next
    action of any other kind."""
    final: bool = False
    """The end was triggered: the current seat finishes building, then the game is over."""
    log: Journal[LogEntry] = EMPTY_LOG
    """Every line so far (appending costs the same however long the log is: `engine.journal`)."""

    # Pickling (used by copies and the playout's mutation check) writes the log as plain
    # tuples: thousands of small dataclasses are otherwise the slowest part of a copy.
    def __getstate__(self) -> dict[str, Any]:
        attrs = super().__getstate__()
        attrs["log"] = tuple((e.text, e.audience, e.step) for e in self.log)
        return attrs

    def __setstate__(self, attrs: dict[str, Any]) -> None:
        super().__setstate__({**attrs, "log": Journal(tuple(LogEntry(*e) for e in attrs["log"]))})


def with_player(players: tuple[PlayerState, ...], seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players with seat `seat`'s side replaced by `player`."""
    return tuple(player if i == seat else p for i, p in enumerate(players))


def empty_stacks(state: State) -> int:
    """How many market stacks are empty."""
    return sum(1 for s in state.stacks if not s)
