"""Die Tafelrunde's state: a moment of the game, a card's declaration in progress, its dice and
the hand cards whose holder is known."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum, unique
from typing import Any, Final

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


# Each phase as a module global too, for the rules' hot paths: in Python 3.11 reading a member off
# an enum class costs several times a global (EnumType defines `__getattr__`, which sends every
# attribute lookup on the class through a slow hook), and every action checks the phase a few times.
PHASE_ACT: Final = Phase.ACT
PHASE_DECLARE: Final = Phase.DECLARE
PHASE_VETO: Final = Phase.VETO
PHASE_VETO_VETO: Final = Phase.VETO_VETO
PHASE_OVER: Final = Phase.OVER


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


@dataclass(slots=True, unsafe_hash=True)
class Decl:
    """A card being played: its answers so far, its dice, and whether the table has seen it.

    Never changed once built, like `State` (and not frozen for the same reason: one is built for
    most actions, and a frozen dataclass sets each field through `object.__setattr__`)."""

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

    # Copies with one change, spelled out: `dataclasses.replace` costs several times more.
    def answered(self, slot: str, value: str) -> Decl:
        return Decl(self.actor, self.card, (*self.answers, (slot, value)), self.rolls, self.announced,
                    self.discard_before)

    def with_rolls(self, rolls: tuple[Roll, ...]) -> Decl:
        return Decl(self.actor, self.card, self.answers, rolls, self.announced, self.discard_before)

    def shown(self) -> Decl:
        """The declaration once the table has seen the card."""
        return Decl(self.actor, self.card, self.answers, self.rolls, True, self.discard_before)


@dataclass(frozen=True, slots=True)
class Known:
    """A hand card whose holder some seats know (None: everyone), e.g. a card taken by Magical choice."""

    card: int
    holder: Seat
    audience: frozenset[Seat] | None


@dataclass(slots=True, unsafe_hash=True)
class State:
    """A moment of the game. A state never changes once built: every rule returns a changed copy
    (`evolve`) and leaves the state it was given as it was. The class is not frozen only because
    a frozen dataclass sets every field through `object.__setattr__`, several times slower than a
    plain slot assignment, and every action copies the state; equality and hashing are the same
    as a frozen dataclass's (all fields but `memo`)."""

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
    log: tuple[LogEntry, ...]
    decl: Decl | None = None
    vetoer: Seat | None = None
    polls: tuple[Seat, ...] = ()  # private veto polls: the seats still to ask, in order
    known: tuple[Known, ...] = ()
    memo: dict[object, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What the rules derive from this state alone, kept on first use: a state never changes, and
    one action asks for its decision, open question and legal actions several times. Keys:
    `DECISION`, `QUESTION`, and a seat (or None) for its legal actions. Not part of equality,
    hashing, repr or pickling; every copy starts empty."""

    def __getstate__(self) -> list[Any]:
        return [getattr(self, name) for name in _PICKLED]

    def __setstate__(self, values: list[Any]) -> None:
        for name, value in zip(_PICKLED, values, strict=True):
            setattr(self, name, value)
        self.memo = {}

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def on_turn(self) -> Seat:
        return (self.start + self.turn) % len(self.names)


_PICKLED = tuple(f.name for f in fields(State) if f.name != "memo")
DECISION = "decision"  # State.memo key: `Tafelrunde.to_act` (`decisions.decide`)
QUESTION = "question"  # State.memo key: `declare.current_question`


def _make_evolve() -> Any:
    """Build `evolve`: `dataclasses.replace` for `State`, unrolled like dataclasses' own generated
    code. Every action copies the state once or twice, and `replace` is the hot path otherwise.
    The fields are keyword-only parameters defaulting to a marker (no dict of changes to search),
    each set by a plain slot assignment."""
    names = [name for name in State.__slots__ if name != "memo"]
    lines = [f"def evolve(state, *, {', '.join(f'{name}=_KEEP' for name in names)}):", "    new = _new(State)"]
    lines += [f"    new.{name} = state.{name} if {name} is _KEEP else {name}" for name in names]
    lines.append("    new.memo = {}  # derived from the old state: the copy starts with none")
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, "State": State, "_KEEP": object()}
    exec("\n".join(lines), scope)
    return scope["evolve"]


evolve: Callable[..., State] = _make_evolve()
"""evolve(state, field=value, ...) -> a copy of the state with those fields changed."""
