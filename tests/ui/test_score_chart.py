"""Issue 12 §3: game over adds a picture of each seat's score across the game, computed by replay
and shown only at the end: one sparkline per seat beside its chip; for a game that scores most of
its points at the end (issue 37), one bar per seat cut into the score sheet's categories."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from boardgames_tui.engine.match import Match
from boardgames_tui.games import GAMES
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.kit.bars import Stack, stacked_bars
from boardgames_tui.ui.score_chart import ScoreChart, score_categories, score_history
from tests.ui.bot_helpers import until
from tests.ui.helpers import make_app
from tests.ui.test_gameover_screen import finished_match


@pytest.mark.parametrize("key", list(GAMES))
def test_score_history_replays_every_move_and_ends_on_the_final_totals(key: str) -> None:
    """One series per seat, a value after every move, ending on the outcome's totals; nothing
    before the match is over."""
    game = GAMES[key].game
    match = finished_match(key, game.min_players, 4)
    history = score_history(match)
    assert history is not None and [seat for seat, _ in history] == list(match.seats)
    outcome = match.outcome()
    assert outcome is not None
    for (_, values), total in zip(history, outcome.totals, strict=True):
        assert len(values) >= len(match.record.moves) + 1 and values[-1] == total
    unfinished = Match.new(game, match.seats, dict(match.record.options), 4)
    assert score_history(unfinished) is None


@pytest.mark.parametrize("key", list(GAMES))
async def test_game_over_shows_a_score_line_per_seat_with_its_chip(tmp_path: Path, key: str) -> None:
    """The chart is on the game-over screen at 80×24: a title and one line per seat naming it."""
    game = GAMES[key].game
    match = finished_match(key, game.max_players, 4)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        # The game-over screen is pushed at once, and composed and drawn a little later (on a
        # busy machine, after more than one pause).
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, GameOverScreen)
                and bool(app.screen.query(ScoreChart))
                and bool(app.screen.query_one(ScoreChart).render().plain)
            ),
            "the game-over screen with its chart",
        )
        chart = app.screen.query_one(ScoreChart)
        assert chart.display
        lines = chart.render().plain.splitlines()  # type: ignore[union-attr]
        if getattr(game, "score_chart_lines", False):  # one chart of lines, the seats named in its title
            assert lines[0].startswith("Scores across the game") and len(lines) == 1 + 8
            assert all(seat.name in lines[0] for seat in match.seats)
            return
        if getattr(game, "score_chart_categories", False):  # where the points came from, by category
            categories = score_categories(match)
            assert categories is not None
            assert lines[0].startswith("Where the points came from:")
            legend = " ".join(lines[: -len(match.seats)])
            assert all(f"{n} {line.label}" in legend for n, line in enumerate(categories, start=1)), legend
        else:
            assert lines[0] == "Scores across the game" and len(lines) == 1 + len(match.seats)
        for seat, line in zip(match.seats, lines[-len(match.seats) :], strict=True):
            assert seat.name in line


def test_tain_draws_its_scores_as_lines_that_climb_and_fall() -> None:
    """Issue 37: Tàin's chart said nothing (every clan starts on 19 points, so sparklines from 0
    were nearly flat bars): it draws the scores as lines on one chart from the lowest score
    reached to the highest, the winner's line ending on the top row and the last's on the
    bottom row, each with its glyph and final score; the other games keep their sparklines."""
    from boardgames_tui.ui.kit.spark import score_plot

    match = finished_match("tain", 3, 4)
    history = score_history(match)
    assert history is not None
    assert [key for key in GAMES if getattr(GAMES[key].game, "score_chart_lines", False)] == ["tain"]
    lines = [line.plain for line in score_plot(history, width=70, height=8).lines]
    finals = sorted((values[-1], seat) for seat, values in history)
    (low_total, last), (top_total, first) = finals[0], finals[-1]
    assert len(lines) == 8
    assert lines[0].lstrip().startswith(f"{max(max(v) for _, v in history):g}")
    assert lines[0].rstrip().endswith(f"{first.glyph}{top_total:g}") or top_total < max(max(v) for _, v in history)
    assert lines[-1].rstrip().endswith(f"{last.glyph}{low_total:g}") or low_total > min(min(v) for _, v in history)
    drawn_rows = [row for row, line in enumerate(lines) if "━" in line]
    assert len(drawn_rows) >= 4, lines


@pytest.mark.parametrize("width", [40, 76, 90])
def test_line_chart_stays_within_its_width_when_finals_share_a_row(width: int) -> None:
    """Review of issue 37 at 80x24: Tàin's 37 and 35 ended on the top row together and the second
    label wrapped onto a line of its own under the chart; the plot gives up the cells that row's
    labels take."""
    from boardgames_tui.engine.protocol import SeatInfo
    from boardgames_tui.ui.kit.spark import score_plot

    seats = [SeatInfo(name, colour, glyph) for name, colour, glyph in
             (("Ada", "orange", "●"), ("Bruno", "sky blue", "▲"), ("Chiara", "green", "■"), ("Dirk", "yellow", "◆"))]
    series = [(seats[0], [19.0, 12, 4]), (seats[1], [19.0, 30, 37]), (seats[2], [19.0, 25, 36]),
              (seats[3], [19.0, 33, 35])]
    lines = score_plot(series, width=width, height=8).lines
    assert all(line.cell_len <= width for line in lines), [line.plain for line in lines]
    assert lines[0].plain.rstrip().endswith("◆35 ■36 ▲37"), lines[0].plain


def test_categories_are_the_sheet_lines_that_add_up_to_the_totals() -> None:
    """Issue 37, picture review: Tallinn's and Tolleno's lines over the game stayed flat until the
    final scoring; their chart shows the score sheet's categories instead. The categories are the
    lines that add up to every seat's total: Tallinn's count of tower symbols (a tie-break, not
    points) is left out, a category that took points away (Monks, -1) is kept."""
    for key in ("tallinn", "tolleno"):
        match = finished_match(key, 4, 4)
        outcome = match.outcome()
        assert outcome is not None and getattr(match.game, "score_chart_categories", False)
        categories = score_categories(match)
        assert categories is not None
        for seat, total in enumerate(outcome.totals):
            assert sum(line.values[seat] for line in categories) == total
        if key == "tallinn":
            assert [line.label for line in outcome.lines if line not in categories] == [
                "Tower symbols (tie-break, not points)"
            ]
    assert score_categories(Match.new(match.game, match.seats, dict(match.record.options), 4)) is None


def test_stacked_bars_cut_each_seat_into_numbered_parts_scaled_to_the_largest_total() -> None:
    """Each part is as long as its points (the largest total fills the bar), starts with its
    category's number, and a category that took points away is written after the total."""
    rows = [Stack(Text("Ada"), [4, 8, 0, 12], "#E69F00"), Stack(Text("Bo"), [4, 4, -2, 4], "#56B4E9")]
    block = stacked_bars(rows, label_width=4, width=4 + 24 + 6 + 5)
    ada, bo = (line.plain for line in block.lines)
    bar = 24
    assert ada[5:].startswith("1") and ada[5 + bar * 4 // 24] == "2" and ada[5 + bar * 12 // 24] == "4"
    assert ada.rstrip().endswith("24") and "3" not in ada[5 : 5 + bar]
    assert bo[5 + bar * 8 // 24] == "4" and bo[5 + bar * 12 // 24 :].startswith(" ")
    assert bo.rstrip().endswith("10 3:-2")
