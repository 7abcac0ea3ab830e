"""The result of a finished match as the history shows it: who sat where, who won, the totals.

Taken from a replayed match once (the saves list replays every file anyway), so the history, its
statistics and the portable record read the result without replaying again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgspec

from boardgames_tui.engine.match import Match, MatchRecord
from boardgames_tui.engine.protocol import Seat, SeatInfo


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match's seats (names, bot levels), winners (several for a shared win) and totals."""

    seats: tuple[SeatInfo, ...]
    winners: tuple[Seat, ...]
    totals: tuple[int, ...]
    moves: int
    fingerprint: str
    """The same for two records of the same match (game, options, seats, seed and moves)."""

    def won(self, seat: Seat) -> bool:
        return seat in self.winners


def fingerprint(record: MatchRecord) -> str:
    """What identifies a match whatever file holds it: a digest of everything its replay depends on
    and of who played it (never of its dates or file name)."""
    fields = {
        "game": record.game,
        "options": dict(sorted(record.options.items())),
        "seats": [[s.name, s.colour, s.glyph, s.human, s.level] for s in record.seats],
        "seed": record.seed,
        "moves": [[m.seat, m.action] for m in record.moves],
    }
    return hashlib.blake2b(msgspec.json.encode(fields), digest_size=12).hexdigest()


def result_of(match: Match) -> MatchResult | None:
    """The result of `match`, or None while it goes on."""
    outcome = match.outcome()
    if outcome is None:
        return None
    return MatchResult(
        seats=match.record.seats,
        winners=tuple(outcome.winners),
        totals=tuple(outcome.totals),
        moves=len(match.record.moves),
        fingerprint=fingerprint(match.record),
    )
