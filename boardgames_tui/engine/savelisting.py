"""What the saves list shows of each file in the saves folder: a summary of a save that replays,
or the reason a file cannot be used."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.results import MatchResult, result_of


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """A line of the saves list: a save that replays, with what the list shows of it."""

    path: Path
    match_id: str
    game: str
    title: str
    players: tuple[str, ...]
    progress: str
    updated: str
    finished: bool
    to_act: tuple[str, ...] = ()
    """The names of the seats the match waits for (empty: the table, or the match is over)."""
    result: MatchResult | None = None
    """Who won and the totals, once the match is over (the history lists it then)."""


def _waiting_for(match: Match) -> tuple[str, ...]:
    """The names of the seats whose decision the match waits for (all of them for a sealed choice)."""
    decision = match.decision()
    if decision is None:
        return ()
    return tuple(match.seats[seat].name for seat in decision.seats)


@dataclass(frozen=True, slots=True)
class BrokenSave:
    """A file in the saves folder that could not be used, with the one-line reason."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class Listing:
    """What the saves folder holds: playable saves newest first, unusable files, or why it cannot be read."""

    saves: list[SaveSummary] = field(default_factory=list)
    broken: list[BrokenSave] = field(default_factory=list)
    problem: str | None = None
    pending: list[Path] = field(default_factory=list)
    """Files not checked yet (only when listed without replay)."""


def summary_of(path: Path, match: Match) -> SaveSummary:
    """How the saves list shows `match`, saved in `path`, as it stands now."""
    return SaveSummary(
        path=path,
        match_id=match.record.match_id,
        game=match.game.key,
        title=match.game.title,
        players=match.record.names,
        progress=match.game.progress(match.state),
        updated=match.record.updated,
        finished=match.outcome() is not None,
        to_act=_waiting_for(match),
        result=result_of(match),
    )
