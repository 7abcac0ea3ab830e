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


def news_paragraphs(match: Match, seat: Seat) -> list[str]:
    """The public news since `seat` last decided, told turn by turn: one paragraph for each run of
    moves by one seat (with the table's own steps that follow them), its lines joined into
    sentences. Every word comes from the public lines of `public_news_for`, in the same order."""
    game, moves = match.game, match.record.moves
    own = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), -1)  # its last move
    mark = len(game.log(match.state_after(own + 1))) if own >= 0 else 0  # as `last_turn_mark`
    final = game.log(match.state)
    runs: list[tuple[Seat | None, list[str]]] = []
    start = mark
    for index in range(own, len(moves)):
        # Entries [start, end) of the final log were added by move `index` (-1: before any move); a
        # move that folded the line before it into its own (see `new_entries`) ends no earlier.
        end = len(final) if index == len(moves) - 1 else max(start, len(game.log(match.state_after(index + 1))))
        lines = [e.text for e in final[start:end] if e.audience is None]
        start = end
        actor = moves[index].seat if index >= 0 else None
        if not lines:
            continue
        if runs and (actor is None or runs[-1][0] == actor):
            runs[-1][1].extend(lines)  # the same seat again, or the table's step after it
        else:
            runs.append((actor, lines))
    names = [info.name for info in match.seats]
    return [told(names[actor] if actor is not None else None, lines, names) for actor, lines in runs]


def told(name: str | None, lines: Sequence[str], names: Sequence[str]) -> str:
    """`lines` as one paragraph: the lines that begin with `name` (the seat whose turn it was) say
    it once for each run of them, their clauses joined by semicolons; other lines stay sentences.
    ("Ada builds floor 3.", "Ada draws a tile." -> "Ada builds floor 3; draws a tile.")"""
    sentences: list[str] = []
    clauses: list[str] = []

    def close() -> None:
        if clauses:
            sentences.append(f"{name} {'; '.join(clauses)}.")
            clauses.clear()

    for line in lines:
        text = line.strip()
        if name is not None and _said_by(text, name, names) and not text.endswith(("?", "!")):
            clauses.append(text[len(name) + 1:].removesuffix("."))
            continue
        close()
        sentences.append(text if text.endswith((".", "?", "!", ":")) else f"{text}.")
    close()
    return " ".join(sentences)


def _said_by(text: str, name: str, names: Sequence[str]) -> bool:
    """True when `text` begins with `name` as its subject ("Ada builds…"), not with a longer name
    that starts the same way ("Ada Lovelace builds…") nor with "Ada's…"."""
    if not text.startswith(f"{name} ") or not text[len(name) + 1:].strip():
        return False
    return not any(other != name and len(other) > len(name) and text.startswith(other) for other in names)


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
    """The public news since `seat` last decided, a paragraph per turn (`news_paragraphs`)."""
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
    return Handoff(seat, note, news_paragraphs(match, seat), last, undo_label)
