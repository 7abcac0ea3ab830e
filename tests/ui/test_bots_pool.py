"""Issue 38 §2 in the app: a match whose bots search starts its worker processes once, when it is
shown; its bots' decisions are searched in them; leaving the match or quitting the app, even in
the middle of a bot's search, ends every worker process (none left running, none a zombie)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.bots.pool import SearchPool
from boardgames_tui.ui.flow.seating import BotPacing
from boardgames_tui.ui.picker import PickerScreen
from tests.ui.bot_helpers import match_screen, seats, until
from tests.ui.helpers import make_app

SEARCHING = BotPacing(pause=0.0, seed=1, even_time=False)
"""Bots at their own level, budget and cap (no fixed iterations): they search in the pool."""


def _gone(pids: list[int]) -> bool:
    """Every process has ended and been reaped (signal 0 still finds a zombie)."""
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        return False
    return True


@pytest.fixture
def pooled_decisions(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Set once a bot's decision is searched in a pool."""
    asked = threading.Event()
    choose = SearchPool.choose

    def spy(self: SearchPool, *args: Any, **kwargs: Any) -> Any:
        asked.set()
        return choose(self, *args, **kwargs)

    monkeypatch.setattr(SearchPool, "choose", spy)
    return asked


async def test_a_bot_searches_in_the_matchs_workers_which_end_when_the_match_is_left(
        tmp_path: Path, pooled_decisions: threading.Event) -> None:
    """Tàin, a person and an easy bot that moves first: the pool starts with the match (the
    setting's worker count), the bot's move is searched in it, and `s` back to the picker ends
    its processes while the app runs on."""
    app = make_app(tmp_path)
    app.bot_pacing = SEARCHING
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tain", seats([None, "easy"]), {}, 5)
        await until(pilot, lambda: len(match.record.moves) >= 1, "the bot's move")
        assert pooled_decisions.is_set()
        pool = match_screen(app).bots.pool
        assert pool is not None and pool.workers == app.bot_workers()
        pids = pool.pids()
        assert len(pids) == pool.workers and not _gone(pids)
        await until(pilot, lambda: match_screen(app).viewer == 0, "the person's view")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, PickerScreen), "the picker")
        await until(pilot, lambda: _gone(pids), "the workers' end")


async def test_quitting_while_a_bot_searches_ends_its_workers_without_waiting(
        tmp_path: Path, pooled_decisions: threading.Event) -> None:
    """A hard bot in the middle of its search when the app quits: the app's run returns at once
    (it does not wait for the search's cap), and the workers are ended and reaped."""
    app = make_app(tmp_path)
    app.bot_pacing = SEARCHING
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tain", seats([None, "hard"]), {}, 5)
        await until(pilot, lambda: match_screen(app).bots.pool is not None, "the pool")
        pool = match_screen(app).bots.pool
        assert pool is not None
        await until(pilot, pooled_decisions.is_set, "the bot's search")
        pids = pool.pids()
        assert pids and not _gone(pids)
        started = time.monotonic()
    assert _gone(pids)
    assert time.monotonic() - started < 10  # a hang would show here; a normal exit takes a blink
