"""SVG snapshots of the shell at 80×24 and 120×40 (cursor blink off, seeded, temporary save folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from boardgames_tui.engine.protocol import SeatInfo
from tests.ui.helpers import make_app

SIZES = [(80, 24), (120, 40)]
SEATS = (SeatInfo("Ann", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"), SeatInfo("Cat", "green", "■"))


async def _no_blink(pilot: Pilot) -> None:  # type: ignore[type-arg]
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_picker_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=_no_blink)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    async def open_setup(pilot: Pilot) -> None:  # type: ignore[type-arg]
        await pilot.press("enter")
        await _no_blink(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=open_setup)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_curtain_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    app = make_app(tmp_path)

    async def start(pilot: Pilot) -> None:  # type: ignore[type-arg]
        key = "tain" if "tain" in app.games else next(iter(app.games))
        app.start_match(key, SEATS, {}, 5)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=start)
