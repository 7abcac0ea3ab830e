"""Measures key-to-paint latency in a headless app playing a scripted, seeded match."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType
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


class TerminalPicture:
    """What a terminal shows after the frames written to it so far: (text, style) by cell.

    Frames are Textual's compositor updates (a whole screen, or changed spans of lines), replayed
    here the way a terminal applies them: moves of the cursor, then text."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, object]] = {}

    def apply(self, console: Console, frame: Any) -> bool:
        """Write `frame` onto the picture; True if any cell changed."""
        cells = self.cells
        changed = False
        x = y = 0
        # A frame of the compositor, never a str:
        for segment in console.render(frame):  # not markup
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = int(code[1]), int(code[2])  # type: ignore[misc]
                continue
            if segment.text == "\n":
                continue
            style = segment.style
            for char in segment.text:
                if cells.get((x, y)) != (char, style):
                    cells[(x, y)] = (char, style)
                    changed = True
                x += cell_len(char)
        return changed

    def lines(self) -> list[str]:
        """The picture's text, line by line."""
        rows: dict[int, dict[int, str]] = {}
        for (x, y), (char, _style) in self.cells.items():
            rows.setdefault(y, {})[x] = char
        height = max(rows, default=-1) + 1
        return ["".join(row[x] for x in sorted(row)) for row in (rows.get(y, {}) for y in range(height))]


class _TimedApp(BoardgamesApp):
    """Records when each frame was written, and which frames changed what a terminal shows.

    Headless, Textual makes each frame but does not turn it into the text a terminal would be
    sent; this app does, so that cost counts too. Textual sometimes writes the same picture again
    a frame later (a label's refresh arriving after the layout that already drew it): such a
    frame changes no cell, and the time of a key is that of the last frame that changed one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._frames: list[tuple[float, Any]] = []
        self._picture = TerminalPicture()

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None:
            render_segments = getattr(renderable, "render_segments", None)
            if render_segments is not None:
                render_segments(self.console)  # the text a terminal would be sent
            self._frames.append((time.perf_counter(), renderable))  # written once that is made
        super()._display(screen, renderable)

    def last_change(self) -> float | None:
        """When the newest frame written since the last call that changed a cell was written
        (None: none did). Outside the measured time: it replays those frames on the picture."""
        frames, self._frames = self._frames, []
        last = None
        for made, renderable in frames:
            if self._picture.apply(self.console, renderable):
                last = made
        return last


async def measure_key_latency(presses: int, game_key: str | None = None) -> dict[str, list[float]]:
    """Play a seeded match by keys; return seconds per press by kind.

    On the match screen a cursor move in the action list ("cursor") alternates with Enter, which
    commits the highlighted action to the game ("commit"). Enter on a curtain ("handoff") lifts it
    and draws the next seat's private view: a whole new screen, reported on its own.

    Every `RULES_EVERY` presses, `?` on the match screen ("rules") opens the game's rules page;
    Esc closes it again, unmeasured.

    A press lasts from the key until the last frame it caused that changed what the terminal
    shows (see `_TimedApp`); a key that changed nothing on screen is not counted.

    Input arming is on, as for players: before each measured key the bench waits (unmeasured)
    until the screen takes input, so a figure is the key's own cost, not the arming time. Work a
    screen does meanwhile, such as drawing the next seat's view under a new curtain
    (`ui.covered`), is thus not counted either: a player cannot press any sooner."""
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
                app.last_change()  # frames before the key are part of the picture, not of its time
                before = time.perf_counter()
                await pilot.press(*keys)
                await pilot.pause()
                changed = app.last_change()
                if changed is not None and changed > before and kind in results:
                    results[kind].append(changed - before)
                count += 1
    return results


async def _until_armed(pilot: Any, app: BoardgamesApp) -> None:
    """Wait until the top screen's input gate is open (ui.arming); at most a few seconds."""
    for _ in range(400):
        screen = app.screen
        if not isinstance(screen, GatedScreen) or screen.gate_open():
            return
        await pilot.pause(0.01)
