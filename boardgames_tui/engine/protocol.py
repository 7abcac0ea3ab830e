"""The contract every game implements: setup, who acts, legal actions, apply, views, outcome.

A game is a stateless object; all state lives in immutable values it returns. The engine,
the app and the simulator only ever talk to games through `Game`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from boardgames_tui.engine.about import About
from boardgames_tui.engine.errors import IllegalAction as IllegalAction  # every game's rules raise it

if TYPE_CHECKING:
    from boardgames_tui.engine.codec import Codec

Seat = int
"""A seat is its index in the match's seat list, 0-based, in clockwise order."""

Options = Mapping[str, str]
"""Chosen options: option key -> one of that option's choices."""

S = TypeVar("S")  # the game's state type
A = TypeVar("A")  # the game's action type
V = TypeVar("V")  # the game's view type


@unique
class DecisionKind(StrEnum):
    """How the next decision is taken."""

    TURN = "turn"  # exactly one seat decides
    SEALED = "sealed"  # every listed seat decides in secret; the reveal comes with the last one
    WINDOW = "window"  # any listed seat may claim; the table (seat None) may close it
    STEP = "step"  # a public resolution step (a raid, a dispute): the table (seat None) advances it


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now.

    `seats` lists the seats that may act: the single seat of a TURN, the seats of a SEALED
    decision that have not chosen yet, or every *eligible* seat of a WINDOW (whether or not it is
    able to respond, so that the list itself reveals nothing). `public` is True when the decision
    needs no private information, so the app may take it on the table view without a curtain.
    A STEP has no seats: the table advances a public resolution one step at a time (Enter), so
    the board can be followed as it changes; its only legal action is for seat None.
    """

    kind: DecisionKind
    seats: tuple[Seat, ...]
    public: bool = False
    prompt: str = ""

    @property
    def table_may_act(self) -> bool:
        return self.kind in (DecisionKind.WINDOW, DecisionKind.STEP)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A setup option (expansion, variant, promo): a key, its choices and the default."""

    key: str
    label: str
    choices: tuple[str, ...] = ("off", "on")
    default: str = "off"
    help: str = ""

    def validate(self, value: str) -> str:
        if value not in self.choices:
            raise ValueError(f"option {self.key} takes one of {', '.join(self.choices)}, not {value!r}")
        return value


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One row of the score sheet: a category and each seat's points (or a count) for it."""

    label: str
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data: the score sheet, the ranking and what decided ties."""

    lines: tuple[ScoreLine, ...]
    totals: tuple[int, ...]
    ranking: tuple[tuple[Seat, ...], ...]
    """Groups of seats from first place down; seats in one group share that place."""
    tiebreak: str = ""
    """How the winners were separated from those level on points, in words ("" if no tie)."""

    @property
    def winners(self) -> tuple[Seat, ...]:
        return self.ranking[0] if self.ranking else ()


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a game's log.

    `audience` is None for a line everyone may read, else the seats that may read it. A line
    with `step` set belongs to a public step-by-step resolution (a raid, a dispute) that the app
    plays back one line at a time.
    """

    text: str
    audience: frozenset[Seat] | None = None
    step: bool = False

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat at the table: name, colour, glyph, and whether a person or a bot plays it.

    A bot's seat has `human` False and `level` one of `engine.seating.BOT_LEVELS`; a person's
    seat has no level."""

    name: str
    colour: str
    glyph: str
    human: bool = True
    level: str | None = None


class Game(ABC, Generic[S, A, V]):
    """A game's rules over its state `S`, action `A` and view `V` types. Subclasses are stateless;
    every method is a pure function of its arguments.

    A game writes the core verbs (the abstract methods below: setup, who acts, legal, apply,
    view, outcome with its score sheet, resample) and only what differs of the rest, which comes
    with defaults in three groups: presentation (log lines, progress, colours), bot hooks (an
    estimate, the playout cut-off, the moves a search weighs) and test and bench settings.

    A game declares its identity once, in its package's `About`, and passes it to the class:
    `class Tain(Game[State, Action, View], about=ABOUT)` sets `key`, `title`, `blurb` and the
    player range. Its actions' text forms come from `codec` (see `engine.codec`).
    """

    key: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]
    """One line in our own words for the picker."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    codec: ClassVar[Codec[Any]]
    """Writes and reads the game's actions (`encode`, `decode`)."""

    def __init_subclass__(cls, about: About | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if about is not None:
            cls.key, cls.title, cls.blurb = about.key, about.title, about.blurb
            cls.min_players, cls.max_players = about.min_players, about.max_players

    # --- identity helpers -------------------------------------------------------------------
    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def check_options(self, options: Options) -> dict[str, str]:
        """Fill defaults and validate; raise ValueError naming the bad key or value."""
        specs = {o.key: o for o in self.options}
        for key in options:
            if key not in specs:
                valid = ", ".join(specs) or "none"
                raise ValueError(f"{self.key} has no option {key!r} (valid: {valid})")
        chosen = self.default_options()
        for key, value in options.items():
            chosen[key] = specs[key].validate(value)
        return chosen

    # --- the core: every game writes these ---------------------------------------------------
    @abstractmethod
    def setup(self, names: Sequence[str], options: Options, seed: int) -> S:
        """The opening state, deterministic from its arguments (one name per seat)."""

    @abstractmethod
    def to_act(self, state: S) -> Decision | None:
        """Who decides now, or None once the game is over."""

    @abstractmethod
    def legal(self, state: S, seat: Seat | None) -> list[A]:
        """Every legal action for that seat now (seat None: the table, for open windows)."""

    @abstractmethod
    def apply(self, state: S, seat: Seat | None, action: A) -> S:
        """The state after the action; raises IllegalAction with a reason if it is not legal."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> V:
        """Everything that seat may see and nothing more (None: the whole table). A value."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while play goes on; the score sheet at the end."""

    @abstractmethod
    def resample(self, state: S, seat: Seat, seed: int) -> S:
        """A state that `seat` cannot tell apart from `state`: every hidden thing that seat does
        not know redrawn at random, consistently with what it has seen. Used by leak tests and bots.

        The result depends only on what `seat` knows and on `seed`: resampling a resampled state
        with the same seed gives the very same state (shuffle the unknown pool in a fixed order,
        e.g. sorted). Bots determinize with it, and this is what makes them fair."""

    # --- actions as text (defaults: the game's codec) ----------------------------------------
    def encode(self, action: A) -> str:
        """The action as a short string for save files (inverse of `decode`)."""
        return self.codec.encode(action)

    def decode(self, text: str) -> A:
        """Parse an encoded action; raise IllegalAction if the text is malformed."""
        decoded: A = self.codec.decode(text)
        return decoded

    def reveals(self, before: S, seat: Seat | None, action: A) -> bool:
        """True if taking `action` in `before` makes anything new known to anyone: a card
        drawn, dice rolled, a secret turned face up, a sealed choice revealed. Undo is offered
        only for actions that reveal nothing. Default: every action does (no undo), the safe side."""
        return True

    def asks_twice(self, before: S, seat: Seat | None, action: A) -> bool:
        """True when the screen must first show what `action` will do and take it only on a
        second Enter or click: it cannot be taken back (default: it `reveals` something). It must
        depend only on what `seat` knows, or the preview itself would tell a secret."""
        return self.reveals(before, seat, action)

    # --- presentation ------------------------------------------------------------------------
    def progress(self, state: S) -> str:
        """Where the game stands, for the header and the saves list ("Turn 3 of 8")."""
        return ""

    def describe(self, state: S, seat: Seat | None, action: A, viewer: Seat | None) -> str:
        """A line describing `action` (about to be taken in `state`) as `viewer` may read it.
        Default: the action's text form, which a game with secrets in its actions must replace."""
        return self.encode(action)

    def log(self, state: S) -> tuple[LogEntry, ...]:
        """Every log entry so far; the app filters them with `LogEntry.visible_to`. Default: the
        state's `log` field."""
        entries: tuple[LogEntry, ...] = getattr(state, "log", ())
        return entries

    def scores(self, state: S) -> tuple[float, ...] | None:
        """Each seat's running score in `state` (points, money), for the game-over chart that
        replays the record; None if the game keeps none. Read only once the game is over, so it
        may count what was secret during play."""
        return None

    imposes_colours: ClassVar[bool] = False
    """True when the game deals the seats' colours itself (see `seat_colours`); setup then
    offers no colour choice."""

    def seat_colours(self, state: S) -> tuple[str, ...] | None:
        """Colours (hex codes) the game gives the seats, overriding the ones chosen at setup."""
        return None

    def final_reveal(self, state: S) -> V:
        """What the game-over screen shows: every seat's private information. Default: the
        table view of the final state, which games reveal fully once the game is over."""
        return self.view(state, None)

    # --- bot hooks (boardgames_tui.bots) -------------------------------------------------------
    rollout_cutoff: ClassVar[int | None] = None
    """Actions a bot's search playout takes before it stops and asks `evaluate` (None: play on to
    the end). Long games set it together with `evaluate`."""

    def evaluate(self, state: S) -> tuple[float, ...] | None:
        """Each seat's prospects in an unfinished state, in [0, 1] (higher is better), for a bot's
        search playout cut short; None if the game offers no estimate. Must read only what is in
        `state` (a bot calls it on its own redrawn states)."""
        return None

    def rollout_choice(self, state: S, seat: Seat | None, actions: Sequence[A], rng: random.Random) -> A:
        """The action a bot's search playout takes among the legal `actions`: by default the random
        player's; a game may supply a cheaper or a more sensible policy."""
        return self.random_choice(state, seat, actions, rng)

    def bot_moves(self, state: S, seat: Seat | None, actions: list[A]) -> list[A]:
        """The legal `actions` a bot's search considers (never none of them): all by default.
        A game whose rules allow endless sequences bounds them here, as for its random player;
        it reads only what everyone sees."""
        return actions

    def observation(self, state: S, seat: Seat | None, action: A, viewer: Seat) -> object:
        """What `viewer` learns of `seat` taking `action` (hashable): two actions `viewer` cannot
        tell apart must give equal values. Bots key their search tree by it. Default: the log
        line `viewer` reads."""
        return self.describe(state, seat, action, viewer)

    # --- test and bench settings ---------------------------------------------------------------
    fuzz_games: ClassVar[int] = 200
    """How many seeded random games the generic test suite plays for this game."""
    engine_target: ClassVar[int] = 30_000
    """The actions per second `boardgames bench` expects of random playouts (a figure, not a test)."""

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if `state` breaks a rule of conservation (components lost or
        duplicated, a stored score that does not match a recount). Used by fuzzing."""

    def random_choice(self, state: S, seat: Seat | None, actions: Sequence[A], rng: random.Random) -> A:
        """The action a random player (simulate, fuzz tests) takes among the legal `actions`.
        Games whose rules allow endless sequences (moving tiles back and forth) override this
        to bound them, as their spec prescribes; the rules themselves stay unchanged."""
        return rng.choice(actions)


AnyGame = Game[Any, Any, Any]
"""A game of any kind, for the generic layers (engine, bots, the app)."""


def standing_values(scores: Sequence[float]) -> tuple[float, ...]:
    """Per-seat values in [0, 1] from provisional scores (higher is better): a share of the lead,
    the place and the score between the lowest and the highest, blended like a bot's reward at
    the end of a game. A helper for games' `evaluate`."""
    n = len(scores)
    lo, hi = min(scores), max(scores)
    leaders = [s for s in scores if s == hi]
    out = []
    for value in scores:
        below = sum(1 for s in scores if s < value) + 0.5 * (sum(1 for s in scores if s == value) - 1)
        rank = below / (n - 1) if n > 1 else 1.0
        lead = 1.0 / len(leaders) if value == hi else 0.0
        spread = (value - lo) / (hi - lo) if hi > lo else 0.5
        out.append(0.6 * lead + 0.3 * rank + 0.1 * spread)
    return tuple(out)
