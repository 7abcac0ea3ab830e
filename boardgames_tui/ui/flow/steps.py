"""What the hot-seat controller says comes next, and what it answers to a choice: plain values.

A screen interprets them; a test reads them. None of them carries anything a seat other than
the one named may not see: a `View` holds one viewer's view, a `Curtain` only public words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.protocol import Decision, Seat
from boardgames_tui.ui.flow.news import Handoff
from boardgames_tui.ui.flow.seating import BotRequest


@dataclass(frozen=True, eq=False)
class View:
    """Draw `viewer`'s view (None: the table's) with what it may do now.

    `actions` are the choices offered on this view, for `acting` (None: the table's); empty while
    the viewer is not deciding or a bot holds the table. `labels` describe them as `viewer` reads them."""

    viewer: Seat | None
    view: Any
    decision: Decision | None
    acting: Seat | None
    responding: Seat | None
    actions: tuple[Any, ...] = ()
    labels: dict[Any, str] = field(default_factory=dict)
    claimants: tuple[Seat, ...] = ()
    """During an unclaimed open window: the listed seats a person may claim it for."""
    state: Any = None
    """The state this view was drawn from (compared by identity, to skip drawing it twice)."""


@dataclass(frozen=True)
class Curtain:
    """A different person must look now: raise the curtain for `seat` (its words in `texts`)."""

    seat: Seat
    texts: Handoff


@dataclass(frozen=True)
class BotThinking:
    """A bot decides: show the table with nothing to choose and get `request` answered."""

    request: BotRequest


@dataclass(frozen=True)
class MoveShown:
    """A move taken without a person choosing it (a bot's, the table's at a table of bots, or a
    lone person's only answer) stays on show for a pause: `seat` made it, `line` says what it was."""

    seat: Seat | None
    line: str


@dataclass(frozen=True)
class PrivateNews:
    """Before the hand-off, `seat` reads what only it learnt by its move (the cards it drew)."""

    seat: Seat
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Held:
    """The results of "show all steps" stay on the table view until Enter."""


@dataclass(frozen=True)
class GameOver:
    """The match is over: show the game-over screen."""


Step = View | Curtain | BotThinking | MoveShown | PrivateNews | Held | GameOver


@dataclass(frozen=True)
class Played:
    """The choice was taken."""


@dataclass(frozen=True)
class AskAgain:
    """The choice cannot be taken back: it was only shown (`label`), and waits for a second press."""

    label: str


@dataclass(frozen=True)
class Refused:
    """The choice was not taken; `reason` says why ("" when nothing is offered now)."""

    reason: str


Answer = Played | AskAgain | Refused
