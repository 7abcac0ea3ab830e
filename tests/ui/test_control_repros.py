"""Issue 36's reproductions, as a player met them, each replayed by keys: the Tasnia market cursor
that carried over to the next seat, Esc in a Tallinn private list that left the keys on a hidden
widget, Enter that did not confirm where the line said "Enter again", and Tallinn's side log that
opened at the first lines of the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widget import Widget
from textual.widgets import OptionList, SelectionList

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tallinn.rules.actions import BuildTower, Play, Remove
from boardgames_tui.games.tallinn.table.panes import HandPicker
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.flow.news import SINCE_LAST_TURN
from boardgames_tui.ui.logview import LogView
from boardgames_tui.ui.match_layout import shown
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.bot_helpers import until
from tests.ui.helpers import make_app
from tests.ui.positions import match_where

PEOPLE = (SeatInfo("Ann", "orange", "●"), SeatInfo("Bo", "sky blue", "▲"), SeatInfo("Cy", "green", "■"))
CHRONICLES = {"chronicles": "on"}


def _screen_text(app: BoardgamesApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _why(screen: MatchScreen) -> str:
    line = screen.query_one("#match-why")
    return str(line.render()) if line.display else ""


async def _lift(app: BoardgamesApp, pilot: Any, seat: int) -> MatchScreen:
    """Lift the curtain raised for `seat` and wait for its private view."""
    await until(pilot, lambda: isinstance(app.screen, Curtain), "a curtain")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MatchScreen) and app.screen.viewer == seat
                and app.screen.body.is_mounted and bool(app.screen.menu_actions), f"seat {seat + 1}'s view")
    for _ in range(3):
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    return screen


# --- Tasnia: the market cursor carried over to the next seat -----------------------------------
async def _tasnia_seat_b_after(tmp_path: Path, looking: tuple[str, ...]) -> tuple[str, int]:
    """Seat A (Ann) presses `looking`, then goes to building and ends her turn by keys; seat B
    lifts the curtain. B's first frame, and the market stack B's cursor is on."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tasnia", PEOPLE, {}, 7)
        screen = await _lift(app, pilot, 0)
        body = screen.body
        assert isinstance(body, TasniaBody)
        for _ in range(7 if looking else 0):  # to stack 5, from wherever the view opened
            if body.stack == 4:
                break
            await pilot.press(*looking)
            await pilot.pause()
        assert not looking or body.stack == 4, "the cursor is on stack 5"
        for key in ("b", "e"):
            await pilot.press(key)
            await pilot.pause()
            if screen.query_one("#match-status").display:  # asked twice: the same key again does it
                await pilot.press(key)
                await pilot.pause()
        if getattr(screen.body, "news", None) is not None:  # Ann's drawn cards, shown to her alone
            await pilot.press("enter")
        await _lift(app, pilot, 1)
        body = screen.body
        assert isinstance(body, TasniaBody)
        return _screen_text(app), body.stack


async def test_tasnia_seat_a_moves_the_market_cursor_to_stack_5_seat_b_does_not_open_there(tmp_path: Path) -> None:
    """Ann moves the market cursor four stacks right (stack 5) without buying and ends her turn;
    Bo lifts the curtain: his view is the one he gets when Ann touched nothing."""
    untouched, stack = await _tasnia_seat_b_after(tmp_path / "a", ())
    moved, moved_stack = await _tasnia_seat_b_after(tmp_path / "b", ("right",))
    assert moved_stack == stack
    assert moved == untouched


# --- Tallinn: Esc in a private list ----------------------------------------------------------
async def _esc_leaves_the_keys_on_a_shown_widget(tmp_path: Path, match: Match, widget: type[Widget]) -> Widget:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        seat = match.decision().seats[0]  # type: ignore[union-attr]
        screen = await _lift(app, pilot, seat)
        listed = screen.focused
        assert isinstance(listed, widget) and shown(listed, screen.body), listed
        await pilot.press("escape")
        await pilot.pause()
        focused = screen.focused
        assert focused is not None and shown(focused, screen.body), f"the keys went to hidden {focused!r}"
        assert focused is listed
        assert "Nothing to close here" in _why(screen)
        return listed


def _private(kind: type) -> Any:
    def wanted(match: Match, decision: Any) -> bool:
        return decision.kind is not DecisionKind.STEP and any(isinstance(a, kind) for a in match.legal(
            decision.seats[0]))
    return wanted


async def test_tallinn_esc_in_the_tower_choice_leaves_the_keys_on_the_list(tmp_path: Path) -> None:
    """The tower choice is a list; Esc there used to give the keys to the hidden hand, where Enter,
    Down and Space did nothing. Now Down still moves in the list."""
    match = match_where("tallinn", PEOPLE, {}, _private(BuildTower))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        screen = await _lift(app, pilot, match.decision().seats[0])  # type: ignore[union-attr]
        options = screen.body.query_one("#tl-options", OptionList)
        assert screen.focused is options
        await pilot.press("escape", "down")
        await pilot.pause()
        assert screen.focused is options and options.highlighted == 1


async def test_tallinn_esc_in_the_chronicle_removal_leaves_the_keys_on_the_list(tmp_path: Path) -> None:
    """After Esc in the removal list, Space still marks the highlighted card."""
    match = match_where("tallinn", PEOPLE, CHRONICLES, _private(Remove))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        screen = await _lift(app, pilot, match.decision().seats[0])  # type: ignore[union-attr]
        rows = screen.body.query_one("#tl-remove", SelectionList)
        assert screen.focused is rows and not rows.selected
        await pilot.press("escape", "space")
        await pilot.pause()
        assert screen.focused is rows and len(rows.selected) == 1


async def test_tallinn_esc_in_the_card_choice_leaves_the_keys_on_the_hand(tmp_path: Path) -> None:
    match = match_where("tallinn", PEOPLE, {}, _private(Play))
    await _esc_leaves_the_keys_on_a_shown_widget(tmp_path, match, HandPicker)


async def test_tallinn_esc_after_the_action_list_gives_the_keys_to_a_shown_list(tmp_path: Path) -> None:
    """`m` opens the action list over the tower choice, Esc closes it: the keys go to the tower
    list on show, not to the hidden hand."""
    match = match_where("tallinn", PEOPLE, {}, _private(BuildTower))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        screen = await _lift(app, pilot, match.decision().seats[0])  # type: ignore[union-attr]
        await pilot.press("m")
        await pilot.pause()
        assert screen.focused is screen.menu
        await pilot.press("escape")
        await pilot.pause()
        assert screen.focused is screen.body.query_one("#tl-options")


# --- Tallinn: "Enter again" in the Chronicle removal ------------------------------------------
async def test_tallinn_chronicle_removal_r_then_enter_again_removes_the_marked_cards(tmp_path: Path) -> None:
    """Mark the cards of a removal the rules allow, press r: the line says "Enter again"; Enter then
    removes them (it used to mark or unmark the highlighted card instead)."""

    def removing(match: Match, decision: Any) -> bool:  # a removal that cannot be taken back
        seat = decision.seats[0]
        return _private(Remove)(match, decision) and any(
            isinstance(a, Remove) and a.cards and match.game.asks_twice(match.state, seat, a)
            for a in match.legal(seat))

    match = match_where("tallinn", PEOPLE, CHRONICLES, removing)
    seat = match.decision().seats[0]  # type: ignore[union-attr]
    goal = next(a for a in match.legal(seat) if isinstance(a, Remove) and a.cards)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        screen = await _lift(app, pilot, seat)
        rows = screen.body.query_one("#tl-remove", SelectionList)
        for index in range(rows.option_count):
            if rows.get_option_at_index(index).value in goal.cards:
                rows.highlighted = index
                await pilot.press("space")
        await pilot.pause()
        moves = len(match.record.moves)
        await pilot.press("r")
        await pilot.pause()
        status = screen.query_one("#match-status")
        assert status.display and "Enter again" in str(status.render())
        marked = list(rows.selected)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.record.moves) == moves + 1, f"Enter did not confirm (marks now {rows.selected}, were {marked})"
        assert match.record.moves[-1].action == match.game.encode(goal)


# --- Tallinn: the side log of a private view ---------------------------------------------------
async def test_tallinn_side_log_opens_at_since_your_last_turn_and_follows_new_lines(tmp_path: Path) -> None:
    """120x40 (the log pane beside the board): a seat's private view opens its log at the line
    "since your last turn" (not at the first lines of the game), and on the table view, as the
    round's steps are taken, the log stays on the newest line."""
    match = match_where("tallinn", PEOPLE, {}, lambda m, d: len(m.record.moves) > 30 and _private(Play)(m, d))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        seat = match.decision().seats[0]  # type: ignore[union-attr]
        screen = await _lift(app, pilot, seat)
        log = screen.query_one("#log-pane", LogView)
        assert log.display and log.max_scroll_y > 0, "the log is longer than its pane"
        marker = next(i for i, (text, _) in enumerate(log.entries) if text == SINCE_LAST_TURN)
        rows_before = sum(len(log._wrap(t, s, log._width)) for t, s in log.entries[:marker])
        assert log.scroll_y == min(rows_before, log.max_scroll_y) > 0
        # Play on (every seat's first card) to the table's steps: the newest line stays in view.
        for _ in range(40):
            decision = match.decision()
            if decision is None or decision.kind is DecisionKind.STEP:
                break
            if isinstance(app.screen, Curtain):
                await pilot.press("enter")
                await pilot.pause()
                continue
            if screen.menu_actions:
                screen.commit(screen.menu_actions[0], confirmed=True)
            await pilot.pause()
        assert match.decision() is not None and match.decision().kind is DecisionKind.STEP  # type: ignore[union-attr]
        await until(pilot, lambda: screen.viewer is None, "the table view")
        for _ in range(3):
            lines = len(log.entries)
            screen.commit(screen.menu_actions[0])
            await pilot.pause()
            await pilot.pause()
            assert len(log.entries) >= lines
            assert log.scroll_y == log.max_scroll_y, "the log did not follow the newest line"
