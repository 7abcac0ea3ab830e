"""Issue 12 §3, `a`: showing all steps of a public resolution ends on the table view with every
result together, and the table moves on only with Enter."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.engine.simulate import choose, default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app


def _at_first_step(key: str, players: int, seed: int) -> Match | None:
    """A seeded random match of `key` played up to its first public step (None: it has none)."""
    game = GAMES[key].game
    match = Match.new(game, default_seats(players), game.default_options(), seed)
    rng = random.Random(seed)
    while (decision := match.decision()) is not None:
        if decision.kind is DecisionKind.STEP:
            return match
        match.play(*choose(game, match.state, rng))
    return None


def _games_with_steps() -> list[str]:
    return [key for key in GAMES if _at_first_step(key, GAMES[key].game.min_players, 1) is not None]


def test_the_games_with_public_steps_are_tallinn_and_tain() -> None:
    """Which games the `a` test below covers: every game whose resolution is shown step by step."""
    assert set(_games_with_steps()) == {"tallinn", "tain"}


@pytest.mark.parametrize("key", _games_with_steps())
@pytest.mark.parametrize("players", [2, 3])
async def test_show_all_steps_holds_the_complete_result_on_the_table_until_enter(
    tmp_path: Path, key: str, players: int
) -> None:
    """Issue 12 §3: after `a`, no curtain jumps up; the table shows the end of the resolution
    (no step left) until Enter, which then goes on to the next curtain or the game over."""
    game = GAMES[key].game
    players = max(game.min_players, min(players, game.max_players))
    match = _at_first_step(key, players, 7)
    assert match is not None
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        await pilot.press("a")
        await pilot.pause()
        assert app.screen is screen, "the table view stays after `a`"
        decision = match.decision()
        assert decision is None or decision.kind is not DecisionKind.STEP, "every step was taken"
        assert screen.viewer is None, "no private view is shown on the held table"
        header = str(screen.query_one("#match-header").render())
        assert "Enter to go on" in header
        await pilot.press("enter")
        await pilot.pause()
        if decision is None:
            assert isinstance(app.screen, GameOverScreen)
        elif decision.public or decision.kind is DecisionKind.WINDOW:
            assert app.screen is screen and "Enter to go on" not in str(screen.query_one("#match-header").render())
        else:
            assert isinstance(app.screen, Curtain)
            assert app.screen.seat == match.seats[decision.seats[0]]
