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
