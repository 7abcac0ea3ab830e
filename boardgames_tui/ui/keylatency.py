"""Measures key-to-paint latency in a headless app playing a scripted, seeded match."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games import GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.arming import GatedScreen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.rules_screen import RulesScreen
from boardgames_tui.ui.seats import GLYPHS, PALETTE

RULES_EVERY = 10
"""On the match screen, one press in this many opens the rules page (then closed, unmeasured)."""


class _TimedApp(BoardgamesApp):
    """Records when the last screen update was produced."""

    last_paint = 0.0

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None:
            self.last_paint = time.perf_counter()
        super()._display(screen, renderable)


async def measure_key_latency(presses: int, game_key: str | None = None) -> dict[str, list[float]]:
    """Play a seeded match by keys; return seconds per press by kind.

    On the match screen a cursor move in the action list ("cursor") alternates with Enter, which
    commits the highlighted action to the game ("commit"). Enter on a curtain ("handoff") lifts it
    and draws the next seat's private view: a whole new screen, reported on its own.

    Every `RULES_EVERY` presses, `?` on the match screen ("rules") opens the game's rules page;
    Esc closes it again, unmeasured.

    Input arming is on, as for players: before each measured key the bench waits (unmeasured)
    until the screen takes input, so a figure is the key's own cost, not the arming time."""
    key = game_key or ("tain" if "tain" in GAMES else next(iter(GAMES)))
    game = GAMES[key].game
    players = min(max(3, game.min_players), game.max_players)
    seats = tuple(SeatInfo(f"Player {i + 1}", PALETTE[i].name, GLYPHS[i]) for i in range(players))
    results: dict[str, list[float]] = {"cursor": [], "commit": [], "handoff": [], "rules": []}
    with tempfile.TemporaryDirectory(prefix="bench-") as folder:
        app = _TimedApp(store=SaveStore(Path(folder)))
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match(key, seats, game.default_options(), 11)
            await pilot.pause()
            count = 0
            moved = False  # on a match screen: one cursor move, then one committed choice
            while count < presses:
                screen = app.screen
                if isinstance(screen, GameOverScreen):
                    app.start_match(key, seats, game.default_options(), 11 + count)
                    await pilot.pause()
                    continue
                kind = "handoff" if isinstance(screen, Curtain) else "commit"
                keys = ["enter"]
                if isinstance(screen, RulesScreen):
                    kind, keys = "other", ["escape"]  # the page opened by the last press: closed, not measured
                elif isinstance(screen, MatchScreen) and count % RULES_EVERY == RULES_EVERY - 1:
                    kind, keys = "rules", ["question_mark"]
                elif isinstance(screen, MatchScreen) and not moved:
                    # Cursor moves are measured in the action list, which every game has.
                    menu = screen.query_one("#actions", OptionList)
                    if not menu.display:
                        await _until_armed(pilot, app)
                        await pilot.press("m")
                        await pilot.pause()
                    kind, keys = "cursor", ["down"]
                elif not isinstance(screen, (MatchScreen, Curtain)):
                    kind, keys = "other", ["escape"]  # a dialog in the way: closed, not measured
                moved = kind == "cursor"
                await _until_armed(pilot, app)
                before = time.perf_counter()
                await pilot.press(*keys)
                await pilot.pause()
                if app.last_paint > before and kind in results:
                    results[kind].append(app.last_paint - before)
                count += 1
    return results


async def _until_armed(pilot: Any, app: BoardgamesApp) -> None:
    """Wait until the top screen's input gate is open (ui.arming); at most a few seconds."""
    for _ in range(400):
        screen = app.screen
        if not isinstance(screen, GatedScreen) or screen.gate_open():
            return
        await pilot.pause(0.01)
