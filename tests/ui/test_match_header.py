"""The match header names every seat still to act, at any width: where the full line would be
cut (four long names at 80 columns, as in a Tallinn round of secret choices), the seats are named
by their glyphs; with room, by glyph and name."""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.seats import GLYPHS, PALETTE
from tests.ui.helpers import make_app

NAMES = ("Bartholomew Ash", "Clementine Birk", "Maximilian Dorn", "Evangeline Fey")
SEATS = tuple(SeatInfo(n, PALETTE[i].name, GLYPHS[i]) for i, n in enumerate(NAMES))


def _header(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    header = screen.query_one("#match-header")
    return screen._compositor.render_strips()[header.region.y].text


async def test_every_seat_still_to_choose_is_named_at_80_columns_and_in_full_with_room(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_match("tallinn", SEATS, {}, 3)
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        line = _header(app)
        assert "To choose:" in line and all(glyph in line for glyph in GLYPHS[:4]), line
        assert line.rstrip().endswith("private"), "nothing is cut off the end"
        await pilot.resize_terminal(200, 40)
        await pilot.pause()
        wide = _header(app)
        assert all(name in wide for name in NAMES) and "private view" in wide, wide
