"""Die Tafelrunde's state: a moment of the game, a card's declaration in progress, its dice and
the hand cards whose holder is known."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, Final, NamedTuple

from boardgames_tui.engine.evolve import MEMO, Evolvable, members
from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.circle import Order


@unique
class Phase(StrEnum):
    ACT = "act"  # the seat on turn picks play / draw / discard
    DECLARE = "declare"  # a card's choices are being declared (and dice rolled)
    VETO = "veto"  # the call for a veto against the declared card
    VETO_VETO = "veto_veto"  # after a veto: the call for a veto against the veto
    OVER = "over"


PHASE: Final = members(Phase)
"""The phases for the rules' hot paths (`PHASE.ACT` is `Phase.ACT`, read without the enum class's
slow attribute hook: every action checks the phase a few times)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Two dice, the lower counts; the roller may roll both again once, and that result stands."""

    roller: Seat
    hero: str  # the wrestler who rolls, "" for other cards
    first: tuple[int, int]
    second: tuple[int, int] | None = None
    settled: bool = False

    @property
    def dice(self) -> tuple[int, int]:
        return self.second if self.second is not None else self.first

    @property
    def value(self) -> int:
        return min(self.dice)


class Decl(NamedTuple):
    """A card being played: its answers so far, its dice, and whether the table has seen it.

    A new one is made for most actions of a declaration, so it is a named tuple: made in one
    step, where a frozen dataclass sets each field in turn."""

    actor: Seat
    card: int
    answers: tuple[tuple[str, str], ...] = ()
    rolls: tuple[Roll, ...] = ()
    announced: bool = False
    discard_before: tuple[int, ...] = ()  # Magical choice picks from the pile as it was before

    def get(self, slot: str) -> str | None:
        for key, value in self.answers:
            if key == slot:
                return value
        return None

    def has(self, slot: str) -> bool:
        return self.get(slot) is not None  # answers are strings, never None

    def answered(self, slot: str, value: str) -> Decl:
        actor, card, answers, rolls, announced, before = self
        return Decl(actor, card, (*answers, (slot, value)), rolls, announced, before)

    def with_rolls(self, rolls: tuple[Roll, ...]) -> Decl:
        actor, card, answers, _, announced, before = self
        return Decl(actor, card, answers, rolls, announced, before)

    def shown(self) -> Decl:
        """The declaration once the table has seen the card."""
        actor, card, answers, rolls, _, before = self
        return Decl(actor, card, answers, rolls, True, before)


@dataclass(frozen=True, slots=True)
class Known:
    """A hand card whose holder some seats know (None: everyone), e.g. a card taken by Magical choice."""

    card: int
    holder: Seat
    audience: frozenset[Seat] | None


@dataclass(frozen=True)
class State(Evolvable):
    """A moment of the game. A state never changes once built: every rule returns a changed copy
    (`engine.evolve.evolve`) and leaves the state it was given as it was. The open question of a
    declaration, which the decision, the legal actions and `apply` all ask for, is kept on it with
    `engine.evolve.memo` under the key below."""

    names: tuple[str, ...]
    colours: tuple[str, ...]  # each seat's castle colour
    private_polls: bool
    order: Order  # heroes from position 1 (beside Draco, goblet side) to n
    goblet_left: bool  # only for drawing the table
    money: tuple[int, ...]  # in silver
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]  # face down; the last card is on top
    discard: tuple[int, ...]  # face up; the last card is on top
    in_front: tuple[int | None, ...]  # the card each seat laid out with today's discard action
    day: int  # 1..12
    part: int  # 0 = first action round (Herold: day side), 1 = second (night side)
    start: Seat
    turn: int  # how many seats have acted in this action round
    phase: Phase
    rng: RngState
    log: LazyLog[LogEntry]  # lines put into words only when read (`engine.lazylog`)
    decl: Decl | None = None
    vetoer: Seat | None = None
    polls: tuple[Seat, ...] = ()  # private veto polls: the seats still to ask, in order
    known: tuple[Known, ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def on_turn(self) -> Seat:
        return (self.start + self.turn) % len(self.names)


QUESTION = "question"  # memo key: `declare.current_question`
READ_LOG = "read_log"  # memo key: the log as the table reads it (`text.folded_calls`)


_new = object.__new__
_set = object.__setattr__


def remade(state: State, changes: dict[str, Any], kept: dict[str, Any] | None = None) -> State:
    """`engine.evolve.evolve(state, **changes)` for the steps a bot's playout takes on nearly every
    action (a card declared, a turn ended): the changes come as the dictionary the step gathered,
    and `kept` starts the new state's memo (the question the step has already worked out, see
    `QUESTION`). It saves `evolve`'s keyword arguments, packed and unpacked again, and its check
    of the names: the callers, all in this package, name fields of `State` only."""
    attrs = dict(state.__dict__)  # `dict(...)`: see `engine.evolve`
    attrs.update(changes)
    attrs[MEMO] = kept  # nothing kept for the old state holds for the new one
    new = _new(State)
    _set(new, "__dict__", attrs)
    return new
