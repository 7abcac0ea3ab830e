"""A move's save is written while the move is drawn (ui/saving.py), and no frame reaches the
terminal before it is on disk: a kill can never lose a move the screen has shown."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import saves
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.arming import ARMING_OFF
from tests.toy import toy_lookup
from tests.ui.helpers import TOY_GAMES, play_to_end_by_keyboard

SLOW_DISK = 0.15
"""Seconds each save's file takes to write here: far longer than drawing the move."""


class _WatchedApp(BoardgamesApp):
    """Notes, for every frame written while a match is open, the moves on disk and in the match."""

    def __init__(self, folder: Path) -> None:
        super().__init__(games=TOY_GAMES, store=SaveStore(folder))
        self.input_arming = ARMING_OFF
        self.folder = folder
        self.frames: list[tuple[int, int]] = []

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)
        match = getattr(self.screen_stack[1], "match", None) if len(self.screen_stack) > 1 else None
        if renderable is not None and match is not None:
            path = self.folder / "saves" / f"{match.record.match_id}.json"
            on_disk = SaveStore(self.folder).load(path, toy_lookup).record.moves
            self.frames.append((len(on_disk), len(match.record.moves)))


async def test_no_frame_shows_a_move_before_its_save_is_on_disk(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    written = saves.replace_atomically

    def slow_write(target: Path, data: bytes) -> Any:
        time.sleep(SLOW_DISK)
        return written(target, data)

    monkeypatch.setattr(saves, "replace_atomically", slow_write)
    app = _WatchedApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "ctrl+s")  # the toy game's setup, default seats
        await play_to_end_by_keyboard(app, pilot)
    made = [moves for _disk, moves in app.frames]
    assert made and max(made) >= 3, "the moves of a whole game were drawn"
    behind = [(disk, moves) for disk, moves in app.frames if disk != moves]
    assert not behind, f"frames written before their move was on disk (moves on disk, moves made): {behind}"
