"""Issue 40 "Done means": the double-press battery also with input arming off.

With arming on, `test_input_arming` checks that the second press of a double press is dropped at
a hand-off. With arming off (as most tests run, and as keys land on a loaded machine) the second
press acts at once: it may lift the next curtain or commit again, and that is allowed, but no
double press (30, 150 or 300 ms apart) may crash the app or lose a move, and the save always
holds the moves the screen shows. A few dozen double presses per game by default; a whole game
under BOARDGAMES_FUZZ=1.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games import GAMES
from boardgames_tui.ui.arming import ARMING_OFF
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app
from tests.ui.test_input_arming import GAPS, SEED, _double_enter, _seats

PRESSES = 2000 if os.environ.get("BOARDGAMES_FUZZ") == "1" else 12


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_double_presses_with_arming_off_never_crash_nor_lose_a_move(tmp_path: Path, key: str) -> None:
    game = GAMES[key].game
    app = make_app(tmp_path, arming=ARMING_OFF)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match(key, _seats(max(game.min_players, 3)), game.default_options(), SEED)
        for number in range(PRESSES):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, MatchScreen):
                decision = screen.match.decision()
                if decision is not None and decision.kind is DecisionKind.WINDOW and screen.responding is None:
                    await pilot.press("end")  # past "Respond as ..." to the table's own action
                if number % 5 == 4:
                    await pilot.press("m", "end")  # now and then from the action list's last row
            await _double_enter(app, pilot, GAPS[number % len(GAPS)])
        await pilot.pause()
        assert match.record.moves, "no move was made"
        saved = app.store.load(app.store.path_for(match.record.match_id), app.lookup)
        assert saved.record.moves == match.record.moves
    assert app._exception is None
