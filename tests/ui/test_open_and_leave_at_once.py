"""Issue 40 §4: opening a match and leaving it at once never crashes, with input arming off or on.

Reproduction: start a match and press `s` and Enter together (arming off, as in tests, under
load): Tolleno raised NoScreen from the curtain's lift into its redraw (7 of 60), Tallinn
NoMatches 'TableView' (2 of 60), and every game NoMatches 'StatusLine' when the seat's view was
drawn under the curtain of a match already left. A match screen no longer in the app's stack is
drawn on no more. Each game is opened and left with the keys read together, and after delays that
land them before, between and after the curtain's raising and painting.

A few tries per game by default; BOARDGAMES_FUZZ=1 runs many more.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.arming import ARMED, ARMING_OFF
from boardgames_tui.ui.picker import PickerScreen
from tests.ui.helpers import make_app

FUZZ = bool(os.environ.get("BOARDGAMES_FUZZ"))
DELAYS = (0.0, 0.001, 0.01, 0.03, 0.06) if FUZZ else (0.0, 0.01)
TRIES = 6 if FUZZ else 1
PRESSES = (("s", "enter"), ("enter", "s"), ("s", "enter", "enter", "s")) if FUZZ else (("s", "enter"),)


@pytest.mark.parametrize("armed", [False, True], ids=["arming off", "arming on"])
@pytest.mark.parametrize("key", sorted(GAMES))
async def test_opening_a_match_and_leaving_at_once_never_crashes(tmp_path: Path, key: str, armed: bool) -> None:
    game = GAMES[key].game
    app = make_app(tmp_path, arming=ARMED if armed else ARMING_OFF)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for attempt in range(TRIES):
            for delay in DELAYS:
                for keys in PRESSES:
                    app.start_match(key, default_seats(game.min_players), game.default_options(), attempt)
                    if delay:
                        await asyncio.sleep(delay)
                    await pilot.press(*keys)
                    await pilot.pause()
                    await pilot.press("s")  # whatever is on top now, the match is left
                    app.back_to_picker()
                    await pilot.pause()
                    assert isinstance(app.screen, PickerScreen)
    assert app._exception is None
    assert not list(tmp_path.glob("crash-reports/*"))
