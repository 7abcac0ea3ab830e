"""A search pool shared by the bot tests that decide in worker processes (started once per test
process: its start-up is the slow part)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardgames_tui import bots
from boardgames_tui.bots.pool import SearchPool
from boardgames_tui.games import GAMES
from tests.bots.states import Decide


@pytest.fixture(scope="session")
def search_pool() -> Iterator[SearchPool]:
    with SearchPool(2, [entry.game for entry in GAMES.values()]) as pool:
        pool.start()
        yield pool


@pytest.fixture(params=[1, 2], ids=["1 worker", "2 workers"])
def decide(request: pytest.FixtureRequest) -> Decide:
    """A bot's decision searched in one process (`bots.choose`) or root-parallel in two workers
    of the shared pool, each with the given iterations."""
    if request.param == 1:
        return bots.choose
    pool: SearchPool = request.getfixturevalue("search_pool")
    return lambda *args, **kwargs: pool.choose(*args, workers=request.param, **kwargs)
