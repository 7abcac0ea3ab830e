"""Issue 36 §3: a key that cannot act says why on the status line (not in a passing notice), in
words naming the reason. Each test is named after a reproduction of the issue ("keys that do
nothing and say nothing")."""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.table.panes import HandPicker
from boardgames_tui.games.tasnia.rules.actions import Trade
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.bot_helpers import until
from tests.ui.helpers import make_app

PEOPLE = (SeatInfo("Ann", "orange", "●"), SeatInfo("Bo", "sky blue", "▲"), SeatInfo("Cy", "green", "■"))


def _said(app: BoardgamesApp) -> list[str]:
    """What the status line says why (and nothing said in a notice instead)."""
    assert not app._notifications, [n.message for n in app._notifications]
    line = app.screen.query_one("#match-why")
    return [str(line.render())] if line.display else []


async def _private_view(app: BoardgamesApp, pilot, key: str, options: dict[str, str] | None = None) -> MatchScreen:  # type: ignore[no-untyped-def]
    app.start_match(key, PEOPLE, options or {}, 7)
    await until(pilot, lambda: isinstance(app.screen, Curtain), "the first curtain")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MatchScreen) and app.screen.viewer is not None,
                "the first private view")
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    app.clear_notifications()
    return screen


async def test_h_in_an_all_human_match_says_there_are_no_bots(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _private_view(app, pilot, "tolleno")
        await pilot.press("h")
        await pilot.pause()
        assert any("No bots at this table" in said for said in _said(app)), _said(app)


async def test_a_where_there_is_no_public_resolution_says_nothing_to_show_all_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _private_view(app, pilot, "tolleno")
        await pilot.press("a")
        await pilot.pause()
        assert any("Nothing to show all at once" in said for said in _said(app)), _said(app)


async def test_esc_in_a_private_view_says_what_there_is_to_do(tmp_path: Path) -> None:
    """Esc on the board, with nothing open to close, answers instead of doing nothing; the board
    keeps the keys."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _private_view(app, pilot, "tolleno")
        screen.action_focus_board()
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert any("Nothing to close here" in said for said in _said(app)), _said(app)
        assert screen.focused is not None and screen.body in screen.focused.ancestors_with_self


async def test_a_in_a_tallinn_card_choice_says_nothing_to_show_all_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _private_view(app, pilot, "tallinn")
        assert isinstance(screen.focused, HandPicker)
        await pilot.press("a")
        await pilot.pause()
        assert any("Nothing to show all at once" in said for said in _said(app)), _said(app)


async def test_tasnia_t_after_the_trade_says_you_traded_this_turn(tmp_path: Path) -> None:
    """Ann trades (t, Enter), then presses t again: the line says she traded this turn, not only
    that trading is not available now."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _private_view(app, pilot, "tasnia")
        moves = len(screen.match.record.moves)
        await pilot.press("t", "enter")
        await until(pilot, lambda: len(screen.match.record.moves) == moves + 1 and screen.body.is_mounted,
                    "the trade")
        assert isinstance(screen.match.game.decode(screen.match.record.moves[-1].action), Trade)
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("t")
        await pilot.pause()
        said = _said(app)
        assert any("You traded this turn" in line for line in said), said
        assert not any("not available now" in line for line in said), said


async def test_after_m_then_esc_the_action_list_never_takes_the_keys_back(tmp_path: Path) -> None:
    """Tasnia: `m` opens the action list, Esc closes it and the board has the keys; the next redraw
    (any move of the board) does not hand them back to the list."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _private_view(app, pilot, "tasnia")
        menu = screen.menu
        await pilot.press("m")
        await pilot.pause()
        assert menu.display and screen.focused is menu
        await pilot.press("escape")
        await pilot.pause()
        assert not menu.display
        screen.advance_flow()  # drawn again, as after any key that changes the view
        await pilot.pause()
        assert not menu.display and screen.focused is not menu


async def test_tasnia_after_m_then_esc_b_and_1_leave_the_keys_on_the_board(tmp_path: Path) -> None:
    """The reproduction by keys: `m`, Esc, then `b` (go build, asked twice: `b` again) and `1` (a
    stockpile tile): the action list stays closed, and Enter is not on its "Finish building" row."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _private_view(app, pilot, "tasnia")
        menu = screen.menu
        await pilot.press("m", "escape")
        await pilot.pause()
        moves = len(screen.match.record.moves)
        await pilot.press("b")
        await pilot.pause()
        if screen.query_one("#match-status").display:
            await pilot.press("b")
        await until(pilot, lambda: len(screen.match.record.moves) > moves, "going on to building")
        await pilot.pause()
        assert not menu.display and screen.focused is screen.body
        await pilot.press("1")
        await pilot.pause()
        assert not menu.display and screen.focused is screen.body
