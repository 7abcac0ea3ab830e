"""Shell behaviour: terminal too small, broken saves in the picker, refusing bad input, undo, resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.setup import SetupScreen
from boardgames_tui.ui.too_small import notice_of
from tests.ui.helpers import TOY_GAMES, make_app

SEATS = (SeatInfo("Ann", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"))


async def test_below_80x24_a_notice_replaces_the_screen_and_the_game_returns(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_match("toy", SEATS, {}, 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen) and notice_of(app.screen) is not None
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen) and notice_of(app.screen) is None


async def test_broken_save_is_listed_with_its_reason_and_others_still_open(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        match = app.start_match("toy", SEATS, {}, 3)
        await pilot.pause()
        app.back_to_picker()
        (app.store.root / "zz-broken.json").write_text("{\"format\": ", encoding="utf-8")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        picker.refresh_saves()
        await pilot.pause()
        listed = picker.query_one("#broken-saves", OptionList)
        broken = " ".join(str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count))
        assert "zz-broken.json" in broken and "truncated" in broken
        saves = picker.query_one("#saves", OptionList)
        assert saves.option_count == 1
        saves.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, (Curtain, MatchScreen))
        assert app.screen_stack[1].match.record.match_id == match.record.match_id  # type: ignore[attr-defined]


async def test_setup_refuses_duplicate_names_with_a_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-1", Input).value = "player 1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "different name" in str(screen.query_one("#setup-error", Static).render())


async def test_undo_from_the_next_curtain_returns_to_the_same_seat(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("toy", SEATS, {}, 3)
        await pilot.pause()
        await pilot.press("enter")  # lift Ann's curtain
        await pilot.press("enter")  # Ann plays her first card
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and app.screen.seat.name == "Ben"
        assert len(match.record.moves) == 1
        await pilot.press("u")
        await pilot.pause()
        assert len(match.record.moves) == 0
        assert isinstance(app.screen, Curtain) and app.screen.seat.name == "Ann"


async def test_save_and_leave_then_resume_continues_the_same_match(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("toy", SEATS, {}, 3)
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        await pilot.press("escape")  # the curtain's "save and leave"
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        saves = app.screen.query_one("#saves", OptionList)
        saves.focus()
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen_stack[1]
        assert isinstance(resumed, MatchScreen)
        assert resumed.match.state == match.state


async def test_no_color_environment_gives_a_monochrome_app_that_still_names_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR works: the app drops colour, and the curtain still shows the seat's glyph and name."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, TOY_GAMES)
    assert app.no_color
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_match("toy", SEATS, {}, 3)
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        title = str(app.screen.query_one("#curtain-title", Static).render())
        assert "● Ann" in title


async def test_themes_can_be_switched(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        for theme in ("textual-light", "nord", "textual-dark"):
            app.theme = theme
            await pilot.pause()
            assert app.current_theme.name == theme


async def test_open_window_response_always_passes_the_curtain_even_if_marked_public(tmp_path: Path) -> None:
    """DESIGN "Leaks": a seat responding to an open window sees its options only behind its curtain,
    and the table view never lists a responding seat's actions."""
    from boardgames_tui.engine.protocol import Decision, DecisionKind
    from boardgames_tui.games import GameEntry
    from examples.high_card.rules import playing
    from examples.high_card.rules.actions import REVEAL, Play
    from tests.toy import TOY_BODY, ToyGame

    class WindowToy(ToyGame):
        def to_act(self, s):  # type: ignore[no-untyped-def]
            decision = super().to_act(s)
            if decision is not None and decision.kind is DecisionKind.STEP:
                return Decision(DecisionKind.WINDOW, (0, 1), public=True, prompt="Anyone?")
            return decision

        def legal(self, s, seat):  # type: ignore[no-untyped-def]
            if s.revealing >= 0:
                return [REVEAL] if seat is None else [Play(5), Play(6)]
            return super().legal(s, seat)

        def apply(self, s, seat, action):  # type: ignore[no-untyped-def]
            if s.revealing >= 0:
                return playing.reveal(s, None)
            return super().apply(s, seat, action)

    app = make_app(tmp_path, {"toy": GameEntry.of(WindowToy(), TOY_BODY)})
    async with app.run_test(size=(100, 30)) as pilot:
        match = app.start_match("toy", SEATS, {}, 3)
        for _ in range(2):  # both seats play a card behind their curtains
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            asking = app.screen.query("#match-status")
            if asking and asking.first().display:  # the last card reveals: asked twice
                await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        decision = match.decision()
        assert decision is not None and decision.kind is DecisionKind.WINDOW
        assert screen.menu_actions == [REVEAL]  # only the table's own action on the table view
        await pilot.press("home", "down", "enter")  # "Respond as Ben"
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and app.screen.seat.name == "Ben"
        # Nothing of Ben's view reaches the terminal under his curtain, though it may be drawn
        # there already, once the curtain has been painted (`ui.covered`).
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Pass to" in shown and screen.curtain_up
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 1 and screen.menu_actions == [Play(5), Play(6)]
