"""Statistics over the history: per player name, per game and overall, and against each bot level.

A player is a name exactly as written in setup (no merging of spellings); a bot seat counts under
its name and level, apart from any person of that name. A shared win (several seats first) is a
win for each of them, and also counted as shared.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.saves import SaveSummary


@dataclass(slots=True)
class Tally:
    """Games played, wins (shared ones included), shared wins, and every final score."""

    played: int = 0
    wins: int = 0
    shared: int = 0
    scores: list[int] = field(default_factory=list)

    def add(self, won: bool, shared: bool, score: int | None) -> None:
        self.played += 1
        self.wins += won
        self.shared += won and shared
        if score is not None:
            self.scores.append(score)

    @property
    def mean(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def share(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(slots=True)
class PlayerStats:
    """One player's record: overall, per game (by key), against each bot level, and over time."""

    name: str
    level: str | None
    """The bot level for a bot's seat, None for a person."""
    seat: SeatInfo
    """The seat as last seen (its colour and glyph draw the player in charts)."""
    overall: Tally = field(default_factory=Tally)
    games: dict[str, Tally] = field(default_factory=dict)
    against: dict[str, Tally] = field(default_factory=dict)
    """Per bot level met at the table (other seats), the games against it and the wins."""
    timeline: list[tuple[str, bool]] = field(default_factory=list)
    """(date, won) of every match, oldest first."""

    @property
    def label(self) -> str:
        return self.name if self.level is None else f"{self.name} ({self.level} bot)"

    def share_over_time(self) -> list[float]:
        """The share of games won so far (in %), after each match in date order."""
        wins, out = 0, []
        for count, (_date, won) in enumerate(self.timeline, start=1):
            wins += won
            out.append(round(100 * wins / count, 1))
        return out


def statistics(matches: Iterable[SaveSummary]) -> list[PlayerStats]:
    """Every player's statistics over the finished `matches`, most games first, then by name."""
    players: dict[tuple[str, str | None], PlayerStats] = {}
    for summary in sorted(matches, key=lambda s: s.updated):
        result = summary.result
        if result is None:
            continue
        shared = len(result.winners) > 1
        for index, seat in enumerate(result.seats):
            key = (seat.name, None if seat.human else seat.level)
            stats = players.get(key)
            if stats is None:
                stats = players[key] = PlayerStats(seat.name, key[1], seat)
            stats.seat = seat
            won = result.won(index)
            score = result.totals[index] if index < len(result.totals) else None
            stats.overall.add(won, shared, score)
            stats.games.setdefault(summary.game, Tally()).add(won, shared, score)
            levels = {other.level for i, other in enumerate(result.seats) if i != index and not other.human}
            for level in sorted(level for level in levels if level is not None):
                stats.against.setdefault(level, Tally()).add(won, shared, None)
            stats.timeline.append((summary.updated, won))
    return sorted(players.values(), key=lambda p: (-p.overall.played, p.level is not None, p.name, p.level or ""))
