"""The game-over picture: each seat's score across the match, one sparkline per seat beside its chip
(or as lines on one chart), or, for a game that scores most of its points at the end, where each
seat's points came from: one bar per seat cut into the score sheet's categories.

Computed only once the match is over, from the states its record replays to (`Match.state_after`),
so a score that was secret during play is shown only when every secret is revealed anyway.
"""

from __future__ import annotations

from itertools import combinations

from rich.text import Text
from textual.widgets import Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import ScoreLine, SeatInfo
from boardgames_tui.ui.kit.bars import Stack, numbered_legend, stacked_bars
from boardgames_tui.ui.kit.chip import chip, seat_colour
from boardgames_tui.ui.kit.palette import palette_of
from boardgames_tui.ui.kit.spark import score_lines, score_plot
from boardgames_tui.ui.literal import literal

Series = list[tuple[SeatInfo, list[float]]]
CATEGORIES_TITLE = Text("Where the points came from:", style="bold")
"""The category chart's title, its key following on the same line."""


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


def score_categories(match: Match) -> list[ScoreLine] | None:
    """The score sheet's lines that are points: all of them when they add up to every seat's total,
    else all but the one or two that do not count (a tie-break's count). None while the match goes
    on, or when no such lines add up."""
    outcome = match.outcome()
    if outcome is None:
        return None
    lines = list(outcome.lines)
    for left_out in (0, 1, 2):
        for skipped in combinations(range(len(lines)), left_out):
            kept = [line for index, line in enumerate(lines) if index not in skipped]
            sums = tuple(sum(line.values[seat] for line in kept) for seat in range(len(match.seats)))
            if sums == tuple(outcome.totals):
                return kept
    return None


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
        self.seats = match.seats
        self.categories = score_categories(match) if getattr(match.game, "score_chart_categories", False) else None
        """The score sheet's categories, for a game that asks for them (`score_chart_categories`: most
        of its points are scored at the end, so every line over the game would be flat till then)."""
        self.series = None if self.categories else score_history(match)
        self.as_lines = bool(getattr(match.game, "score_chart_lines", False))
        """Whether the game asks for its scores as lines on one chart scaled from the lowest score
        reached (`score_chart_lines`, for a game where every seat starts high, so sparklines from
        0 would all look flat)."""

    def on_mount(self) -> None:
        self.display = bool(self.series or self.categories)
        self._draw()

    def lines_needed(self, width: int) -> int:
        """The rows the chart takes at `width` columns (its padding line included)."""
        if self.categories:
            names = [line.label for line in self.categories]
            return 1 + len(self.seats) + len(numbered_legend(names, self._width(width), lead=CATEGORIES_TITLE))
        if self.series:
            return 2 + (8 if self.as_lines else len(self.series))
        return 0

    @staticmethod
    def _width(width: int) -> int:
        return max(min(width or 60, 90), 24)

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width, pal = self._width(self.size.width), palette_of(self.app)
        if self.categories:
            rows = [Stack(chip(seat, pal=pal), [line.values[index] for line in self.categories], seat_colour(seat))
                    for index, seat in enumerate(self.seats)]
            bars = stacked_bars(rows, width=width, pal=pal).lines
            legend = numbered_legend([line.label for line in self.categories], width, pal, lead=CATEGORIES_TITLE)
            self.update(literal(Text("\n").join([*legend, *bars])))
            return
        if not self.series:
            return
        title = Text("Scores across the game", style="bold")
        if self.as_lines:
            names = Text("  ").join(chip(seat, pal=pal) for seat, _ in self.series)
            plot = score_plot(self.series, width=width, height=8, pal=pal).lines
            self.update(literal(Text("\n").join([title + Text("  ") + names, *plot])))
            return
        lines = score_lines(self.series, width=width, pal=pal).lines
        self.update(literal(Text("\n").join([title, *lines])))
