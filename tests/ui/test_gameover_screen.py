"""Issue 12 §3: the game-over screen opens at its top with the winner in view, at 80×24 too."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import choose, default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.gameover import GameOverScreen
from tests.ui.helpers import make_app


def finished_match(key: str, players: int, seed: int) -> Match:
    """A seeded random match of `key` played to its end."""
    game = GAMES[key].game
    match = Match.new(game, default_seats(players), game.default_options(), seed)
    rng = random.Random(seed)
    while match.decision() is not None:
        match.play(*choose(game, match.state, rng))
    return match


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", list(GAMES))
async def test_game_over_opens_at_the_top_with_the_winner_in_view(
    tmp_path: Path, key: str, size: tuple[int, int]
) -> None:
    """Reproduction: a finished match opens its game-over screen scrolled to the top, the
    winners line drawn inside the screen."""
    game = GAMES[key].game
    match = finished_match(key, game.max_players, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        assert screen.query_one("#gameover").scroll_y == 0
        winners = screen.query_one("#winners").region
        assert winners.height > 0 and winners.y >= 0 and winners.bottom <= size[1] - 1
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "Winner" in shown or "Shared victory" in shown


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_tallinn_game_over_with_every_module_shows_every_seat_in_the_chart_at_80x24(
    tmp_path: Path, players: int
) -> None:
    """Issue 37 §1: at 80×24 Tallinn's eleven-line score sheet pushed the chart's last seats below
    the screen (2 of 3 shown); the blank lines between the parts go on a short terminal, so the
    chart's line of every seat, and the key to its categories, is drawn above the key bar."""
    game = GAMES["tallinn"].game
    options = {"envoy": "on", "chronicles": "on", "supporters": "on"}
    match = Match.new(game, default_seats(players), options, 2)
    rng = random.Random(2)
    while match.decision() is not None:
        match.play(*choose(game, match.state, rng))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        chart = screen.query_one("#score-chart")
        drawn = len(chart.render().plain.splitlines())  # type: ignore[union-attr]
        assert drawn >= 1 + players and chart.region.height >= drawn and chart.region.bottom <= 24 - 1
        assert screen.query_one("#gameover").scroll_y == 0


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", list(GAMES))
async def test_a_game_over_that_fits_keeps_its_blank_lines(tmp_path: Path, key: str, size: tuple[int, int]) -> None:
    """The short-terminal fit changes nothing where the title, winners, sheet and chart fit with
    their blank lines: the winners keep a blank line above and below; where they do not fit, the
    chart ends above the key bar."""
    game = GAMES[key].game
    match = finished_match(key, game.max_players, 2)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        chart = screen.query_one("#score-chart")
        padded = screen.query_one("#winners").styles.padding.top == 1
        if chart.display and chart.region.height:
            assert chart.region.bottom <= size[1] - 1 or padded
        if size == (120, 40):
            assert padded
