"""The key bar: shows the live keys, follows binding changes, and works with the mouse alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app


class _KeysApp(App[None]):
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("x", "hidden", "Hidden", show=False),
        Binding("s", "save", "Save and leave"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []
        self.undo_allowed = True

    def compose(self) -> ComposeResult:
        yield Static("body")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.undo_allowed else None  # None: shown but disabled
        return True

    def action_undo(self) -> None:
        self.pressed.append("undo")

    def action_save(self) -> None:
        self.pressed.append("save")


def _plain(app: _KeysApp) -> str:
    bar = app.query_one(KeyBar)
    return bar.render().plain


async def test_key_bar_lists_shown_keys_and_follows_binding_changes() -> None:
    app = _KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        text = _plain(app)
        assert "u Undo" in text and "s Save and leave" in text
        assert "Hidden" not in text
        assert [item.enabled for item in bar.items if item.key == "u"] == [True]
        app.undo_allowed = False
        app.refresh_bindings()
        await pilot.pause()
        assert [item.enabled for item in bar.items if item.key == "u"] == [False]


async def test_key_bar_shortens_descriptions_when_narrow() -> None:
    app = _KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        bar.styles.width = 30
        await pilot.pause()
        text = _plain(app)
        assert "s Save " in text and "Save and leave" not in text


async def test_clicking_a_key_runs_it_and_a_disabled_key_does_nothing() -> None:
    """Every key in the bar works by mouse alone; a disabled one only rings the bell."""
    app = _KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        bar.render()
        spans = {item.key: (start, end) for start, end, item in bar._spans}
        await pilot.click(KeyBar, offset=(spans["s"][0] + 1, 0))
        await pilot.pause()
        assert app.pressed == ["save"]
        app.undo_allowed = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.click(KeyBar, offset=(spans["u"][0] + 1, 0))
        await pilot.pause()
        assert app.pressed == ["save"]


@pytest.mark.parametrize("key", list(GAMES))
async def test_key_bar_keeps_a_short_label_for_every_key_at_80x24(tmp_path: Path, key: str) -> None:
    """Issue 12 §3: at 80×24 the footer of each game's match screen (curtain lifted) names every
    key it shows with at least a short word, never a bare letter."""
    game = GAMES[key].game
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_match(key, default_seats(game.min_players), game.default_options(), 3)
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        bar = app.screen.query_one(KeyBar)
        plain = bar.render().plain
        assert bar._spans and len(plain) <= 80
        for start, end, item in bar._spans:
            drawn = plain[start:end].split()
            assert len(drawn) == 2 and drawn[0] == item.display, f"{item.display} drawn as {drawn}"
            assert item.description.startswith(drawn[1]) and len(drawn[1]) >= 2
