"""Setup marks each seat a person or a bot of a level (issue 18 §3), and offers curtains even
with one human; both reach the match record, and "play again" keeps them."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Checkbox, Input, Select

from boardgames_tui.engine.match import Match
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.setup import SetupScreen, TickBox
from tests.ui.helpers import make_app


def _match(app) -> Match:  # type: ignore[no-untyped-def]
    screen = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
    return screen.match


async def test_a_seat_set_to_a_bot_by_keyboard_starts_as_that_bot(tmp_path: Path) -> None:
    """Tab to seat 2's kind, open it, pick "Normal bot" with the arrows: the match's seat 2 is a
    normal bot named "Bot 2" (its default name follows the kind); seat 1 stays a person."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("tain")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#kind-1", Select).focus()
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert screen.query_one("#kind-1", Select).value == "normal"
        assert screen.query_one("#name-1", Input).value == "Bot 2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        seats = _match(app).record.seats
        assert [(s.human, s.level) for s in seats] == [(True, None), (False, "normal")]
        assert seats[1].name == "Bot 2"
        assert _match(app).record.curtains_with_one_human is False


async def test_a_typed_name_is_kept_when_the_seat_becomes_a_bot(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_setup("tallinn")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-1", Input).value = "Rosa"
        screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == "Rosa"
        screen.query_one("#kind-1", Select).value = "human"
        screen.query_one("#kind-0", Select).value = "easy"
        await pilot.pause()
        assert screen.query_one("#name-0", Input).value == "Bot 1"


async def test_the_curtain_checkbox_reaches_the_record(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_setup("tain")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#kind-1", Select).value = "random"
        screen.query_one("#one-human-curtains", Checkbox).value = True
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        record = _match(app).record
        assert record.curtains_with_one_human is True
        assert record.seats[1].level == "random" and not record.seats[1].human


async def test_the_curtain_checkbox_shows_its_state_by_shape(tmp_path: Path) -> None:
    """Colour is never the only signal: the box is empty when off and holds a cross when on."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_setup("tain")
        await pilot.pause()
        box = app.screen.query_one("#one-human-curtains", Checkbox)
        assert box.value is False
        assert "▐ ▌" in box.render().plain and "X" not in box.render().plain
        box.focus()
        await pilot.press("space")
        assert box.value is True
        assert "▐X▌" in box.render().plain
        await pilot.press("space")
        assert "▐ ▌" in box.render().plain


async def test_a_tick_box_made_on_shows_its_cross_at_once() -> None:
    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield TickBox("on from the start", True, id="on")
            yield TickBox("off from the start", id="off")

    app = One()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert "▐X▌" in app.query_one("#on", TickBox).render().plain
        assert "▐ ▌" in app.query_one("#off", TickBox).render().plain
