"""What each seat may read of the log: its lines, the news since its last turn, and what a
hand-off curtain says (every word of it public). Built from the match alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import LogEntry, Seat

LOG_LINES = 200
"""How many of the newest log lines the log pane keeps."""
SINCE_LAST_TURN = "── since your last turn ──"


def last_turn_mark(match: Match, viewer: Seat | None) -> int | None:
    """How many log entries existed right after the viewer's last decision (None: it has not
    decided yet, or the viewer is the table)."""
    if viewer is None:
        return None
    moves = match.record.moves
    for index in range(len(moves) - 1, -1, -1):
        if moves[index].seat == viewer:
            return len(match.game.log(match.state_after(index + 1)))
    return None


def log_lines(match: Match, viewer: Seat | None) -> tuple[tuple[str, str], ...]:
    """The newest `LOG_LINES` log lines `viewer` may read, each with its style (private lines in
    italics), and a divider where the lines since the viewer's last decision begin."""
    entries = match.game.log(match.state)
    mark = last_turn_mark(match, viewer)
    lines: list[tuple[str, str]] = []
    visible = [(i, e) for i, e in enumerate(entries) if e.visible_to(viewer)][-LOG_LINES:]
    divider_done = False
    for index, entry in visible:
        if mark is not None and index >= mark and not divider_done:
            lines.append((SINCE_LAST_TURN, "bold"))
            divider_done = True
        lines.append((entry.text, "italic" if entry.audience is not None else ""))
    return tuple(lines)


def public_news_for(match: Match, seat: Seat) -> list[str]:
    """The public log lines since `seat` last decided: safe to show on its curtain."""
    mark = last_turn_mark(match, seat)
    entries = match.game.log(match.state)
    return [e.text for e in entries[mark or 0:] if e.audience is None]


def new_entries(before: Sequence[LogEntry], after: Sequence[LogEntry]) -> Sequence[LogEntry]:
    """The entries of `after` that a move added to the log `before`. Mostly the entries past the
    old end; but a move may also fold the newest line into its own (Die Tafelrunde's veto call
    closed with nobody vetoing), so what it kept of `before` is found from the end back."""
    kept = min(len(before), len(after))
    while kept and before[kept - 1] != after[kept - 1]:
        kept -= 1
    return after[kept:]


def private_lines_since(match: Match, seat: Seat, before: Sequence[LogEntry]) -> list[str]:
    """The lines added since the log was `before` that only `seat` may read (what it alone just learnt)."""
    return [e.text for e in new_entries(before, match.game.log(match.state)) if e.audience == frozenset({seat})]


@dataclass(frozen=True)
class Handoff:
    """What the curtain before `seat`'s private view says, every word of it public."""

    seat: Seat
    note: str
    """The prompt of the decision waiting behind the curtain."""
    news: list[str]
    """The public log lines since `seat` last decided."""
    last: Seat | None
    """The seat that made the last move (None: no move yet, or the table's)."""
    undo_label: str | None
    """The offer to `last` to take its move back (None: `last` is `seat`, or it may not)."""


def handoff(match: Match, seat: Seat, undo_refusal: Callable[[Seat], str | None]) -> Handoff:
    """The curtain's texts for a hand-off to `seat`. `undo_refusal` says why a seat may not
    take its last move back (None: it may): the match's rule and the bots' together."""
    last = match.record.moves[-1].seat if match.record.moves else None
    undo_label = None
    if last is not None and last != seat and undo_refusal(last) is None:
        undo_label = f"{match.seats[last].name}: take back your last move (u)"
    decision = match.decision()
    note = decision.prompt if decision is not None else ""
    return Handoff(seat, note, public_news_for(match, seat), last, undo_label)
