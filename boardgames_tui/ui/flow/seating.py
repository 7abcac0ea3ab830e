"""Who sits where: people and bots, how bots play (their pacing), and a bot's question.

A bot is a strategy the hot-seat controller calls: the controller hands out a `BotRequest` for
the state it was asked about, and takes the answer back only while that state is still current.
The app answers requests in a worker thread; tests answer them inline.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from boardgames_tui import bots
from boardgames_tui.engine.match import Match, Move
from boardgames_tui.engine.protocol import AnyGame, Seat
from boardgames_tui.ui.flow.pacing import DEFAULT_PACING, HINT_LEVEL, BotPacing, Think

if TYPE_CHECKING:
    from boardgames_tui.bots.pool import SearchPool

__all__ = ["DEFAULT_PACING", "HINT_LEVEL", "BotPacing", "BotRequest", "Seating", "Think"]

@dataclass(frozen=True, eq=False)
class BotRequest:
    """A bot asked to decide: which seat, on which state (the record's moves then), and how.

    Compared by identity: an answer counts only for the very request the controller still waits on."""

    game: AnyGame
    state: Any
    seat: Seat
    moves: tuple[Move, ...]
    level: str
    seed: int
    iterations: int | None
    think: Think = field(repr=False)
    floor: float = 0.0
    """Seconds the answer should take at least (see `BotPacing.even_time`)."""

    def answer(self, pool: SearchPool | None = None) -> Any:
        """The bot's action, or `bots.PASS` (may take seconds: the app runs it in a worker thread,
        the search itself in `pool`'s processes when it is given)."""
        return self.think(self.game, self.state, self.seat, self.level, self.seed, self.iterations, pool)


class Seating:
    """The people and bots of one match, and the rules that follow from who is a person."""

    def __init__(self, match: Match, pacing: BotPacing = DEFAULT_PACING) -> None:
        self.match = match
        self.pacing = pacing
        self._hint_salt = random.SystemRandom().randrange(2**31)
        """Drawn once for this sitting: the hints' seeds derive from it (see `hint_seed`)."""

    def is_bot(self, seat: Seat | None) -> bool:
        return seat is not None and not self.match.record.seats[seat].human

    def has_bots(self) -> bool:
        return len(self.match.record.human_seats) < len(self.match.record.seats)

    def people(self) -> tuple[Seat, ...]:
        return self.match.record.human_seats

    def alone(self) -> Seat | None:
        """The one person at the table, if exactly one plays (nobody else looks at the screen)."""
        people = self.people()
        return people[0] if len(people) == 1 else None

    def skips_curtain(self, seat: Seat) -> bool:
        """True when `seat` is the only person at the table and setup did not ask for curtains."""
        return self.alone() == seat and not self.match.record.curtains_with_one_human

    def name(self, seat: Seat | None) -> str:
        return "The table" if seat is None else self.match.seats[seat].name

    def undo_refusal(self, seat: Seat | None) -> str | None:
        """Why a bot's move may not be taken back (a person's may, by the usual rule)."""
        return f"{self.name(seat)} is a bot: its moves are not taken back." if self.is_bot(seat) else None

    def response_refusal(self, seat: Seat | None) -> str | None:
        """Why nobody may answer an open window in a bot's name."""
        if not self.is_bot(seat):
            return None
        return f"{self.name(seat)} is a bot and answers for itself: it has let this pass."

    def level(self, seat: Seat) -> str:
        """The level the bot at `seat` plays at."""
        return self.pacing.level or self.match.record.seats[seat].level or HINT_LEVEL

    def searches(self) -> bool:
        """True when some bot of this match searches at its level's budget and cap: then the
        match's worker processes are worth starting (never for a fixed budget or random bots)."""
        if self.pacing.iterations is not None:
            return False
        return any(bots.level_named(self.level(seat)).iterations
                   for seat, info in enumerate(self.match.record.seats) if not info.human)

    def seed(self, seat: Seat) -> int:
        """The search seed for `seat` now: derived from the pacing's seed and the moves so far,
        or fresh randomness when the pacing fixes none."""
        base = self.pacing.seed
        if base is None:
            return random.SystemRandom().randrange(2**31)
        return (base * 1_000_003 + len(self.match.record.moves) * 31 + seat) % 2**31

    def hint_seed(self, seat: Seat) -> int:
        """The hint's search seed for `seat` now: the pacing's own when it fixes one, else one drawn
        once for this sitting, with the moves so far; the same state then gets the same hint, however
        often `h` is pressed (and nothing in it comes from the match's secret seed)."""
        base = self.pacing.seed if self.pacing.seed is not None else self._hint_salt
        return (base * 1_000_003 + len(self.match.record.moves) * 31 + seat) % 2**31

    def request(self, seat: Seat) -> BotRequest:
        """The question for the bot at `seat` about the match as it stands."""
        match, pacing = self.match, self.pacing
        level = self.level(seat)
        floor = bots.level_named(level).seconds if pacing.even_time else 0.0
        return BotRequest(match.game, match.state, seat, match.record.moves, level, self.seed(seat),
                          pacing.iterations, pacing.think, floor)
