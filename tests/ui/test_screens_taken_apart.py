"""A screen opened and closed in the same moment, or opened as the app quits, never crashes.

Reproduction: the bots' in-app test once stopped with a crash under load. The app quit just as
the last bot move opened the game-over screen, and its mount found its score sheet gone. Every
screen that looks its widgets up on mount did the same (setup, match, curtain, the delete
question) when it was closed, or the app quit, before its mount ran. In a real terminal, keys
read together (Enter then Escape, Enter then ctrl+q) did not trigger it: the screen mounted
between them. A slow machine or a bot finishing at that moment can.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.picker import PickerScreen
from tests.ui.helpers import make_app
from tests.ui.test_gameover_screen import finished_match


def _new_match(key: str, players: int) -> Match:
    game = GAMES[key].game
    return Match.new(game, default_seats(players), game.default_options(), 3)


OPENERS: dict[str, Callable[[Any], object]] = {
    "setup": lambda app: app.open_setup("tasnia"),
    "match": lambda app: app.play(_new_match("tain", 2)),
    "new match": lambda app: app.start_match("tafelrunde", default_seats(3), {}, 4),
    "curtain": lambda app: app.push_screen(Curtain(SeatInfo("Ann", "orange", "●"), "a note", "Undo", ["news"])),
    "delete question": lambda app: app.push_screen(ConfirmDialog("Delete this save?")),
    "game over": lambda app: app.show_game_over(finished_match("tallinn", 2, 5)),
}


@pytest.mark.parametrize("then", ["closed at once", "app quit at once"])
@pytest.mark.parametrize("opened", list(OPENERS))
async def test_a_screen_taken_apart_before_it_shows_does_not_crash(tmp_path: Path, opened: str, then: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        OPENERS[opened](app)
        if then == "closed at once":
            app.back_to_picker()
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, PickerScreen)
    assert app._exception is None  # (a crash would also have been raised on leaving the test app)
    assert not list(tmp_path.glob("crash-reports/*"))


@pytest.mark.parametrize("opened", list(OPENERS))
async def test_a_screen_left_open_still_sets_itself_up(tmp_path: Path, opened: str) -> None:
    """The guard skips only screens already closed: one that stays open is filled in as before."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        OPENERS[opened](app)
        for _ in range(4):
            await pilot.pause()
        shown = app.export_screenshot().replace("&#160;", " ")
        # A match of people opens on its first curtain, which its mount asks for.
        expected = {"setup": "New game of Tasnia", "match": "Pass to", "new match": "Pass to",
                    "curtain": "Pass to", "delete question": "Delete this save?", "game over": "game over"}
        assert expected[opened] in shown
    assert app._exception is None
