"""The key bar: shows the live keys, follows binding changes, and works with the mouse alone."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boardgames_tui.ui.keybar import KeyBar


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
