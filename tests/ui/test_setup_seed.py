"""Setup's seed field: anything typed under Advanced is refused with a reason, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.setup import SetupScreen
from tests.ui.helpers import make_app


async def _start_with_seed(app, pilot, typed: str) -> SetupScreen:  # type: ignore[no-untyped-def]
    """Open Tàin's setup, type `typed` as the seed and press Start."""
    app.open_setup("tain")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#seed", Input).value = typed
    screen.action_start()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("typed", [str(2**63), str(-(2**63) - 1), "9" * 5000, "1e5", "seven"])
async def test_a_seed_out_of_range_or_not_a_number_is_refused_with_a_reason(tmp_path: Path, typed: str) -> None:
    """Issue 11: a typed value must not crash the app. The save format keeps seeds within 64 bits,
    so a larger one (once a crash in Match.new) is refused in setup, as is a text that is no number."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _start_with_seed(app, pilot, typed)
        assert isinstance(app.screen, SetupScreen)
        message = str(screen.query_one("#setup-error", Static).render())
        assert "seed" in message.lower()
        assert list(tmp_path.glob("saves/*.json")) == []


async def test_a_seed_at_the_edge_of_the_range_starts_the_match(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await _start_with_seed(app, pilot, str(2**63 - 1))
        assert any(isinstance(s, MatchScreen) for s in app.screen_stack)
