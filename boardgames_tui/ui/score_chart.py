"""The game-over picture: each seat's score across the match, one sparkline per seat beside its chip.

Computed only once the match is over, from the states its record replays to (`Match.state_after`),
so a score that was secret during play is shown only when every secret is revealed anyway.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.chip import chip
from boardgames_tui.ui.kit.palette import palette_of
from boardgames_tui.ui.kit.spark import score_lines, score_plot
from boardgames_tui.ui.literal import literal

Series = list[tuple[SeatInfo, list[float]]]


def score_history(match: Match) -> Series | None:
    """Each seat's running score after every move of the finished `match`, ending on its final
    totals; None while the match goes on or when the game keeps no running score."""
    outcome = match.outcome()
    if outcome is None:
        return None
    game = match.game
    per_state = [game.scores(match.state_after(moves)) for moves in range(len(match.record.moves) + 1)]
    if any(scores is None for scores in per_state):
        return None
    rows = [list(scores) for scores in per_state if scores is not None]
    final = [float(total) for total in outcome.totals]
    if rows[-1] != final:
        rows.append(final)  # end-of-game scoring, counted by the outcome after the last move
    return [(seat, [row[index] for row in rows]) for index, seat in enumerate(match.seats)]


class ScoreChart(Static):
    """The score sparklines of a finished match (nothing shown when the game keeps no score)."""

    DEFAULT_CSS = """
    ScoreChart {
        height: auto;
        padding: 1 0 0 0;
    }
    """

    def __init__(self, match: Match, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series = score_history(match)
        self.as_lines = bool(getattr(match.game, "score_chart_lines", False))
        """Whether the game asks for its scores as lines on one chart scaled from the lowest score
        reached (`score_chart_lines`, for a game where every seat starts high, so sparklines from
        0 would all look flat)."""

    def on_mount(self) -> None:
        self.display = bool(self.series)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self.series:
            return
        width = max(min(self.size.width or 60, 90), 24)
        title = Text("Scores across the game", style="bold")
        pal = palette_of(self.app)
        if self.as_lines:
            names = Text("  ").join(chip(seat, pal=pal) for seat, _ in self.series)
            plot = score_plot(self.series, width=width, height=8, pal=pal).lines
            self.update(literal(Text("\n").join([title + Text("  ") + names, *plot])))
            return
        lines = score_lines(self.series, width=width, pal=pal).lines
        self.update(literal(Text("\n").join([title, *lines])))
