"""A finished match taken move by move: the state after each move, its log lines, its rounds.

Every state is rebuilt once from the seed and the recorded actions (`Match` keeps them all), so
stepping back is as quick as stepping forward. Only a finished match is replayed: while a match
goes on its secrets are live.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Seat

EVERYTHING: Literal["everything"] = "everything"
"""The viewer that sees what every seat saw (only in a replay: the game is over)."""
Viewer = Seat | None | Literal["everything"]

_ROUND = re.compile(r"^\s*([^\d,·:;]*\d+)")
"""The round or turn a progress text names: "Round 2" of "Round 2 of 10", "Day 3" of "Day 3 of 12, dusk"."""


class NotFinished(ValueError):
    """A match that goes on has no replay."""


class Replay:
    """The states and log of a finished match, by move number (0: the setup, n: after move n)."""

    def __init__(self, match: Match) -> None:
        if match.outcome() is None:
            raise NotFinished("a match that goes on has no replay (its secrets are live)")
        self.match = match
        self.game = match.game
        self.states = match.states
        self.moves = match.record.moves
        self._logs = [self.game.log(state) for state in self.states]
        self.round_starts = self._round_starts()

    @property
    def last(self) -> int:
        return len(self.moves)

    def state(self, index: int) -> Any:
        return self.states[index]

    def viewers(self) -> list[Viewer]:
        """The views a replay offers, in the order `v` steps through them: the table, each seat, everything."""
        return [None, *range(len(self.match.record.seats)), EVERYTHING]

    def view_name(self, viewer: Viewer) -> str:
        if viewer is None:
            return "the table"
        if viewer == EVERYTHING:
            return "everything (every seat's view)"
        return f"{self.match.record.seats[viewer].name}'s view"

    def mover(self, index: int) -> str:
        """Who took move `index` (1-based)."""
        seat = self.moves[index - 1].seat
        return "the table" if seat is None else self.match.record.seats[seat].name

    def lines(self, index: int, viewer: Viewer) -> list[str]:
        """The log lines move `index` wrote that `viewer` may read (everything: all of them);
        when it wrote none they may read, the move as the game describes it to them."""
        if index == 0:
            return ["The match is set up."]
        before, after = self._logs[index - 1], self._logs[index]
        new = after[len(before):] if after[: len(before)] == before else after[-1:]
        seats = self.match.record.seats
        shown = [
            e.text if e.audience is None or viewer != EVERYTHING
            else f"{', '.join(seats[s].name for s in sorted(e.audience))} only: {e.text}"
            for e in new if viewer == EVERYTHING or e.visible_to(viewer)
        ]
        if shown:
            return shown
        move = self.moves[index - 1]
        looking = move.seat if viewer == EVERYTHING else viewer
        action = self.game.decode(move.action)
        who = self.mover(index)
        return [f"{who[:1].upper()}{who[1:]}: {self.game.describe(self.states[index - 1], move.seat, action, looking)}"]

    def progress(self, index: int) -> str:
        return self.game.progress(self.states[index])

    def _round_starts(self) -> list[int]:
        """The moves after which a new round or turn begins (by the game's progress text), with 0."""
        starts, current = [0], self._round(0)
        for index in range(1, len(self.states)):
            label = self._round(index)
            if label != current:
                starts.append(index)
                current = label
        return starts

    def _round(self, index: int) -> str:
        found = _ROUND.match(self.progress(index))
        return found.group(1) if found else self.progress(index)

    def next_round(self, index: int) -> int:
        return next((start for start in self.round_starts if start > index), self.last)

    def previous_round(self, index: int) -> int:
        return next((start for start in reversed(self.round_starts) if start < index), 0)
