"""Issue 39 in the app: the History list, the replay screen and the statistics screen."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList, Static

from boardgames_tui.engine.history import keep
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.replay import EVERYTHING
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.history_screen import HistoryScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.replay_screen import ReplayScreen
from boardgames_tui.ui.stats_screen import StatsScreen
from tests.engine.historycases import GAME_KEYS, SEATS, finished, fresh
from tests.ui.helpers import make_app


def _header(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#replay-header", Static).render())


async def test_history_lists_finished_matches_newest_first_and_opens_their_replay(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    older, newer = fresh("tain"), fresh("tallinn")
    older.record = replace(older.record, updated="2026-01-01T20:00:00+00:00")
    newer.record = replace(newer.record, updated="2026-02-01T20:00:00+00:00")
    keep(store, older)
    keep(store, newer)
    going = Match.new(older.game, SEATS, older.game.default_options(), 3)
    store.save(going)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        continuing = picker.query_one("#saves", OptionList)
        assert continuing.option_count == 1  # only the match that goes on: the finished ones are history
        await pilot.press("h")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        assert history.query_one(DataTable).row_count == 2
        ordered = [newer, older]
        assert [s.match_id for s in history.matches] == [m.record.match_id for m in ordered]
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.index == 0 and "View: the table" in _header(app)
        await pilot.press("right", "right", "right", "left")
        assert replay.index == 2
        await pilot.press("pagedown")
        assert replay.index == replay.replay.next_round(2)
        await pilot.press("end")
        assert replay.index == replay.replay.last and replay.replay.state(replay.index) == ordered[0].state
        await pilot.press("pageup", "home")
        assert replay.index == 0
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one(DataTable).row_count == 3  # Ann, the hard bot, Cleo


@pytest.mark.parametrize("key", GAME_KEYS)
async def test_every_game_replays_in_the_table_view_a_seats_view_and_everything(tmp_path: Path, key: str) -> None:
    """The replay starts on the table view and says which view is on; `v` and `V` step through the
    table, each seat's view and everything (every seat's view), each drawn by the game's body."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(finished(key))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        seen = []
        for press in ("v", "V", "V", "v"):
            await pilot.pause()
            seen.append(screen.viewer)
            assert f"Move {screen.replay.last} of {screen.replay.last}" in _header(app)
            assert screen.replay.view_name(screen.viewer) in _header(app)
            await pilot.press(press)
        await pilot.pause()
        assert seen == [None, 0, None, EVERYTHING] and screen.viewer is None
        assert len(screen._bodies) == 1
        log = str(screen.query_one("#replay-log", Static).render())
        assert log.startswith(f"Move {screen.replay.last}, ")


async def test_play_steps_on_at_its_speed_and_stops_at_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_replay(finished("tallinn"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("plus", "plus", "plus", "space")  # 8 moves a second, the fastest
        assert "playing at 8 moves/s" in _header(app)
        await pilot.pause(0.5)
        assert 2 <= screen.index < screen.replay.last
        await pilot.press("space")
        stopped = screen.index
        await pilot.pause(0.3)
        assert screen.index == stopped and "paused" in _header(app)


async def export_readme_picture(path: Path, tmp_path: Path) -> None:
    """Write the README's picture: the replay of a finished Tàin match at 120×40, a raid step in
    the table view (run by hand: `asyncio.run(export_readme_picture(Path("assets/screenshots/replay.svg"), ...))`)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_replay(finished("tain"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(3):
            await pilot.press("pagedown")
        raid = next(i for i in range(screen.index, screen.replay.last) if "raid" in screen.replay.progress(i))
        screen.go(raid + 4)
        for _ in range(5):
            await pilot.pause()
        app.save_screenshot(str(path))
