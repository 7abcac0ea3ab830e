"""Every registered game through the app: a whole seeded game by keyboard, and no leak on screen.

Parametrized over the registry, so a newly registered game is covered without new code.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, OptionList

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.ui.helpers import make_app

KEYS = sorted(GAMES)
NEAR = 4


async def _press_to_choose(pilot: Any, screen: MatchScreen, menu: OptionList, rng: random.Random) -> None:
    """Pick as the game's random player would, then reach that row with Down and press Enter."""
    enabled = [i for i in range(menu.option_count) if not menu.get_option_at_index(i).disabled]
    actions = screen.menu_actions
    target = rng.choice(enabled)
    if actions:
        match = screen.match
        seat = screen.acting_seat()
        wanted = match.game.random_choice(match.state, seat, actions, rng)
        target = next(i for i in enabled if menu.get_option_at_index(i).id == str(actions.index(wanted)))
    current = menu.highlighted or 0
    if abs(target - current) > NEAR:
        # Far rows: put the highlight next to the target so the test stays fast; the last
        # moves and the choice itself are still key presses.
        menu.highlighted = target - 1 if target > current else target + 1
        current = menu.highlighted
    key = "down" if target >= current else "up"
    await pilot.press(*([key] * abs(target - current)), "enter")


# A whole game through the app costs minutes for the longer games, and every game's own tests
# already play a full keyboard game through its screen (Tàin's: `test_a_full_three_player_game_
# by_keyboard`), while `test_shell_toy` takes a whole game from picker to game over and back.
# So the shell's end-to-end run of a real game, Tàin (about 90 s), is defined under
# BOARDGAMES_FUZZ=1 only; every game gets the shorter run below.
if os.environ.get("BOARDGAMES_FUZZ") == "1":

    async def test_picker_setup_full_seeded_tain_game_by_keyboard_then_back_to_picker(tmp_path: Path) -> None:
        await _play_by_keyboard(tmp_path, "tain", max_decisions=None)


@pytest.mark.parametrize("key", KEYS)
async def test_picker_setup_first_decisions_by_keyboard_save_and_resume(tmp_path: Path, key: str) -> None:
    await _play_by_keyboard(tmp_path, key, max_decisions=25)


async def _play_by_keyboard(tmp_path: Path, key: str, max_decisions: int | None) -> None:
    """Picker → setup (seed typed under Advanced) → play by keys; then either game over → picker,
    or, after `max_decisions`, save and leave → resume from Continue → the same state."""
    app = make_app(tmp_path)
    rng = random.Random(7)
    async with app.run_test(size=(120, 40)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        index = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == key)
        await pilot.press(*(["down"] * index), "enter")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#seed", Input).focus()
        await pilot.press("4", "2", "ctrl+s")
        await pilot.pause()
        presses = 0
        while not isinstance(app.screen, GameOverScreen):
            presses += 1
            assert presses < 6000, "the game did not end"
            if max_decisions is not None and presses > max_decisions and isinstance(app.screen, MatchScreen):
                await _save_leave_and_resume(app, pilot)
                return
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen), screen
            menu = screen.query_one("#actions", OptionList)
            if not menu.display:
                await pilot.press("m")
            decision = screen.match.decision()
            in_window = decision is not None and decision.kind is DecisionKind.WINDOW and screen.responding is None
            # In an open window the table mostly closes it (its action is the last row); sometimes a seat responds.
            if in_window and rng.random() < 0.7:
                await pilot.press("end", "enter")
                continue
            await _press_to_choose(pilot, screen, menu, rng)
            await pilot.pause()
        match = app.screen.match  # type: ignore[attr-defined]
        assert match.record.seed == 42
        assert match.outcome() is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)


async def _save_leave_and_resume(app: Any, pilot: Any) -> None:
    screen = app.screen
    state = screen.match.state
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, PickerScreen)
    await pilot.press("tab", "enter")
    await pilot.pause()
    resumed = app.screen_stack[1]
    assert isinstance(resumed, MatchScreen)
    assert resumed.match.state == state


def _screen_text(app: Any) -> str:
    """The screen as SVG, without the id Rich derives from the export (it is not screen content)."""
    return re.sub(r"terminal-\d+", "terminal", str(app.export_screenshot()))


async def _settled_screen_text(app: Any, pilot: Any) -> str:
    """The screen once it has stopped changing (two shots 0.1 s apart agree): on a loaded machine a
    shot can be taken while the view is still being drawn, which says nothing about secrets."""
    shot = _screen_text(app)
    for _ in range(30):
        await pilot.pause(0.1)
        again = _screen_text(app)
        if again == shot:
            return shot
        shot = again
    return shot


def _states_for_leak_check(key: str) -> list[tuple[Match, int]]:
    """Matches stopped at a few points where some seat is to decide in private."""
    game = GAMES[key].game
    players = game.min_players
    seats = tuple(SeatInfo(f"P{i}", "", str(i)) for i in range(players))
    rng = random.Random(3)
    match = Match.new(game, seats, game.default_options(), 3)
    found: list[tuple[Match, int]] = []
    step = 0
    while game.to_act(match.state) is not None and len(found) < 3:
        decision = game.to_act(match.state)
        assert decision is not None
        step += 1
        if step % 9 == 0 and decision.kind in (DecisionKind.TURN, DecisionKind.SEALED) and not decision.public:
            found.append((Match(game, match.record, list(match.states)), decision.seats[0]))
        seat, action = choose(game, match.state, rng)
        match.play(seat, action)
    return found


@pytest.mark.parametrize("key", KEYS)
async def test_screen_for_a_seat_is_identical_when_its_hidden_information_is_redrawn(tmp_path: Path, key: str) -> None:
    """DESIGN "Leaks": the rendered screen of seat s must not change when what s cannot know is resampled."""
    game = GAMES[key].game
    cases = _states_for_leak_check(key)
    assert cases
    for match, seat in cases:
        shots = []
        for variant in range(2):
            states = list(match.states)
            if variant:
                states[-1] = game.resample(states[-1], seat, 99)
            shown = Match(game, match.record, states)
            app = make_app(tmp_path)
            async with app.run_test(size=(120, 40)) as pilot:
                app.play(shown)
                await pilot.pause()
                assert isinstance(app.screen, Curtain)
                await pilot.press("enter")
                await pilot.pause()
                await pilot.wait_for_scheduled_animations()
                screen = app.screen
                assert isinstance(screen, MatchScreen) and screen.viewer == seat
                await _settled_screen_text(app, pilot)
                # Where a pane is scrolled to depends on when it was laid out, not on secrets:
                # every pane is shown from its start, then from its end (the log's newest lines),
                # so the shots compare what is drawn.
                panes = [pane for pane in screen.query("*") if pane.is_scrollable]
                for to_end in (False, True):
                    for pane in panes:
                        if to_end:
                            pane.scroll_end(animate=False, immediate=True)
                        else:
                            pane.scroll_home(animate=False, immediate=True)
                    shots.append(await _settled_screen_text(app, pilot))
        assert shots[:2] == shots[2:]

