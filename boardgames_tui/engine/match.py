"""A match: the record that defines it (game, seats, options, seed, moves) and its replay.

The record is the save format, the log's source and the undo mechanism: the current state is
always the replay of the moves from the seeded setup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from boardgames_tui.engine.protocol import (
    AnyGame,
    Decision,
    DecisionKind,
    IllegalAction,
    LogEntry,
    Outcome,
    Seat,
    SeatInfo,
)

SEED_RANGE = (-(2**63), 2**63 - 1)
"""The seeds a match may have (a save stores them as 64-bit integers)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Move:
    """One decision in the record: who took it (None = the table) and the encoded action."""

    seat: Seat | None
    action: str


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to rebuild a match exactly."""

    game: str
    seats: tuple[SeatInfo, ...]
    options: Mapping[str, str]
    seed: int
    moves: tuple[Move, ...] = ()
    match_id: str = field(default_factory=lambda: uuid4().hex[:12])
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)
    curtains_with_one_human: bool = False
    """Setup's choice to keep the hand-off curtains when a single person plays against bots
    (by default nobody else looks at the screen then, so they are skipped)."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def human_seats(self) -> tuple[Seat, ...]:
        """The seats a person plays (the others are bots)."""
        return tuple(i for i, s in enumerate(self.seats) if s.human)


class ReplayError(ValueError):
    """A recorded move that the rules refuse on replay."""

    def __init__(self, index: int, move: Move, reason: str) -> None:
        who = "the table" if move.seat is None else f"seat {move.seat + 1}"
        super().__init__(f"move {index + 1} ({move.action!r} by {who}) is illegal: {reason}")
        self.index = index
        self.move = move
        self.reason = reason


def offered_apply(game: AnyGame, state: Any, seat: Seat | None, action: Any) -> Any:
    """`game.apply`, taking only an action that `game.legal(state, seat)` offers to that very seat.

    Every move of a match goes through here (play, and the replay of every save and record), so a
    move the rules would take but do not offer to its sender (another seat's answer, the table's
    close sent by a seat) is refused whatever a game's `apply` checks. Bots' playouts call
    `game.apply` directly: they only ever pick from `legal`.
    """
    after = game.apply(state, seat, action)
    if action not in game.legal(state, seat):
        who = "the table" if seat is None else f"seat {seat + 1}"
        raise IllegalAction(f"That action is not offered to {who} now.")
    return after


def replay(game: AnyGame, record: MatchRecord) -> list[Any]:
    """Every state of the match: the setup, then one per move. Raises ReplayError."""
    state = game.setup(record.names, game.check_options(record.options), record.seed)
    states = [state]
    for index, move in enumerate(record.moves):
        try:
            action = game.decode(move.action)
            state = offered_apply(game, state, move.seat, action)
        except IllegalAction as exc:
            raise ReplayError(index, move, str(exc)) from None
        except Exception as exc:  # a recorded move the rules cannot even read: the record is bad
            raise ReplayError(index, move, f"the rules cannot apply it ({type(exc).__name__})") from None
        states.append(state)
    return states


class Match:
    """A match in play: the record plus the states it replays to. The app's single source of truth."""

    def __init__(self, game: AnyGame, record: MatchRecord, states: list[Any] | None = None) -> None:
        self.game = game
        self.record = record
        self._states = states if states is not None else replay(game, record)

    # --- construction --------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: AnyGame,
        seats: Sequence[SeatInfo],
        options: Mapping[str, str],
        seed: int,
        *,
        curtains_with_one_human: bool = False,
    ) -> Match:
        if not game.min_players <= len(seats) <= game.max_players:
            raise ValueError(f"{game.title} takes {game.min_players}-{game.max_players} players")
        if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ValueError("The seed must lie between -2^63 and 2^63-1.")
        record = MatchRecord(game.key, tuple(seats), dict(game.check_options(options)), seed,
                             curtains_with_one_human=curtains_with_one_human)
        return cls(game, record)

    # --- reading -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """The seats as shown: with the colours the game deals, if it deals them."""
        colours = self.game.seat_colours(self.state)
        if colours is None:
            return self.record.seats
        return tuple(replace(seat, colour=colour) for seat, colour in zip(self.record.seats, colours, strict=True))

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state so far: the setup, then one after each move."""
        return tuple(self._states)

    def state_after(self, moves: int) -> Any:
        return self._states[moves]

    def decision(self) -> Decision | None:
        return self.game.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def legal(self, seat: Seat | None) -> list[Any]:
        return self.game.legal(self.state, seat)

    def log_for(self, viewer: Seat | None) -> list[LogEntry]:
        return [e for e in self.game.log(self.state) if e.visible_to(viewer)]

    # --- acting --------------------------------------------------------------------------
    def play(self, seat: Seat | None, action: Any) -> Any:
        """Apply one decision; IllegalAction leaves the match unchanged."""
        state = offered_apply(self.game, self.state, seat, action)
        move = Move(seat, self.game.encode(action))
        self.record = replace(self.record, moves=(*self.record.moves, move))
        self._states.append(state)
        return state

    def undo_refusal(self, seat: Seat | None) -> str | None:
        """Why `seat` may not take back its last decision now, or None if it may."""
        if not self.record.moves:
            return "Nothing has been played yet."
        last = self.record.moves[-1]
        if seat is None or last.seat != seat:
            return "Only the seat that made the last decision may take it back."
        before = self._states[-2]
        if self.game.reveals(before, last.seat, self.game.decode(last.action)):
            return "The last decision revealed something new, so it cannot be taken back."
        return None

    def touch(self) -> None:
        """Mark the match as played now (the saves list sorts by it)."""
        self.record = replace(self.record, updated=_now())

    def rename(self, match_id: str) -> None:
        """Give the match a new identity (the save store does this when it needs a fresh file)."""
        self.record = replace(self.record, match_id=match_id)

    def undo(self, seat: Seat | None) -> None:
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.record = replace(self.record, moves=self.record.moves[:-1])
        self._states.pop()

    def acting_seats(self) -> tuple[Seat, ...]:
        decision = self.decision()
        return decision.seats if decision is not None else ()

    def is_window(self) -> bool:
        decision = self.decision()
        return decision is not None and decision.kind is DecisionKind.WINDOW
