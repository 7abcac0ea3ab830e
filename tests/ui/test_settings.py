"""The app's settings (`ui.settings`) and "Confirm moves that cannot be undone" (issue 36 §3):
on by default, turned off in setup, remembered for the next start, and obeyed by the flow."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Checkbox, Select

from boardgames_tui.bots.pool import default_workers
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.settings import FILE_NAME, Settings, bot_process_choices, load, store
from boardgames_tui.ui.setup import SetupScreen
from tests.ui.flow.table import people
from tests.ui.helpers import make_app


def test_settings_are_remembered_and_a_bad_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load(tmp_path) == Settings(confirm_irreversible=True)
    store(tmp_path, Settings(confirm_irreversible=False))
    assert load(tmp_path) == Settings(confirm_irreversible=False)
    for bad in (b"{", b"[]", b'{"format": "other"}', b"\xff",
                b'{"format": "boardgames-tui/settings", "settings": {"confirm_irreversible": "no"}}'):
        (tmp_path / FILE_NAME).write_bytes(bad)
        assert load(tmp_path) == Settings()


def _irreversible_choice(flow: HotSeat) -> object:
    """Play the match on until a seat's own view offers a move that asks twice; return it."""
    match = flow.match
    for _ in range(500):
        step = flow.next_step()
        if isinstance(step, steps.Curtain):
            flow.lifted(step.seat, "ready")
            continue
        assert isinstance(step, steps.View | steps.PrivateNews | steps.Held)
        if isinstance(step, steps.PrivateNews):
            flow.news_read()
            continue
        if isinstance(step, steps.Held):
            flow.go_on()
            continue
        for action in step.actions:
            if step.decision is not None and step.decision.kind is not DecisionKind.STEP and \
                    match.game.asks_twice(match.state, step.acting, action):
                return action
        flow.choose(step.actions[0], confirmed=True)
    raise AssertionError("no move that asks twice")


def test_confirm_moves_that_cannot_be_undone_asks_twice_when_on_and_once_when_off() -> None:
    game = GAMES["tasnia"].game
    for confirm, first in ((True, steps.AskAgain), (False, steps.Played)):
        flow = HotSeat(Match.new(game, people("tasnia"), {}, 3), confirm_irreversible=confirm)
        action = _irreversible_choice(flow)
        assert isinstance(flow.choose(action), first)


async def test_confirm_moves_that_cannot_be_undone_is_on_by_default_and_remembered_from_setup(
        tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("tolleno")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        box = setup.query_one("#confirm-irreversible", Checkbox)
        assert box.value is True
        box.value = False
        setup.action_start()
        await pilot.pause()
        assert app.confirm_irreversible() is False
    assert load(tmp_path) == Settings(confirm_irreversible=False)
    again = make_app(tmp_path)
    assert again.confirm_irreversible() is False


def test_bot_processes_default_to_the_cores_less_one_and_a_bad_count_counts_as_automatic(tmp_path: Path) -> None:
    """Issue 38 §2: "Bot processes" is 0 (automatic: the cores less one, at least one) unless
    chosen; an impossible count in the file, or a true/false, gives automatic too."""
    automatic = max(1, (os.cpu_count() or 1) - 1)
    assert automatic == default_workers()
    assert load(tmp_path).bot_processes == 0 and Settings().bot_workers() == automatic
    assert Settings(bot_processes=3).bot_workers() == 3
    assert Settings(bot_processes=-2).bot_workers() == Settings(bot_processes=10**6).bot_workers() == automatic
    (tmp_path / FILE_NAME).write_bytes(b'{"format": "boardgames-tui/settings", "settings": {"bot_processes": true}}')
    assert load(tmp_path) == Settings()
    choices = bot_process_choices(0)
    assert choices[0] == (f"automatic ({automatic})", 0)
    assert [n for _, n in choices[1:]] == list(range(1, (os.cpu_count() or 1) + 1))
    assert ("64", 64) in bot_process_choices(64)  # a remembered count above the cores is still offered


async def test_bot_processes_are_chosen_in_setups_advanced_part_and_remembered(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup("tain")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        field = setup.query_one("#bot-processes", Select)
        assert field.value == 0
        field.value = 1
        setup.action_start()
        await pilot.pause()
        assert app.bot_workers() == 1
    assert load(tmp_path).bot_processes == 1
    assert make_app(tmp_path).bot_processes() == 1
