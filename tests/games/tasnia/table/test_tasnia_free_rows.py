"""Rows the table leaves free, put to use: at 80×24 a one-line legend of the marks shown ("Legends
complete": the open building's "…" was drawn there without a key), and at 120×40, while a large
area scrolls, its rows of tiles come before rows of ✚ alone and the rows that frees give the other
seats their numbered areas (before: a row of ✚ kept, a row of tiles cut, the others squeezed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.table.area import compact_area
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.games.tasnia.table.others import WHOLE
from boardgames_tui.games.tasnia.table.tiles import LEGEND_ENTRIES
from boardgames_tui.ui.kit import DARK, icon
from tests.games.tasnia.table.test_tasnia_snapshots import BUILDING_AT, _position
from tests.ui.helpers import make_app

MARKS = {entry if isinstance(entry, str) else entry[0] for entry in LEGEND_ENTRIES} - {"envoy"}
"""The legend's marks; a special card's ✦ is left out: at 80×24 its name stands beside it."""


async def _table(pilot: Any) -> tuple[TasniaBody, list[str]]:
    """Seed 7's building turn (Ada holds a tile) and the table's lines as drawn."""
    await _position(pilot, BUILDING_AT)
    body = pilot.app.screen.query_one(TasniaBody)
    return body, [line.rstrip() for line in str(body.render()).splitlines()]


async def test_every_mark_at_80x24_is_in_the_legend_of_the_free_row(tmp_path: Path) -> None:
    """At 80×24 the area leaves a row free under the others' line: the legend stands there, on
    one line within the body's rows, and names every mark the table shows (the open "…" too)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        body, lines = await _table(pilot)
        assert len(lines) <= body._look().height
        at = next(i for i, line in enumerate(lines) if "o: their areas" in line)
        assert at == len(lines) - 2
        key, table = lines[-1], "\n".join(lines[:-1])
        assert icon("waiting") in table and f"{icon('waiting')} open" in key
        assert "more" not in key  # the whole area is in view: no arrows, so none in the legend
        for mark in MARKS:
            if icon(mark) in table:
                assert icon(mark) in key, mark


async def test_a_scrolled_area_keeps_its_rows_of_tiles_and_the_others_get_their_numbers(tmp_path: Path) -> None:
    """At 120×40 Ada's area (tiles in rows -2 to 1, ✚ also in rows 2 and -3) is too tall for
    the room: its four rows of tiles are drawn, the ✚-only rows behind ▲/▼, and the other seats'
    areas are drawn whole with their row and column numbers in the rows left."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body, lines = await _table(pilot)
        view = GAME.view(pilot.app.screen.match.state, 0)
        tile_rows = {y for (_, y), _ in view.seats[0].tiles}
        drawn = {target[2] for *_, target in body.canvas.hits if target[0] == "cell"}
        assert drawn == tile_rows == {-2, -1, 0, 1}
        assert any(line.startswith("  ▲ ") for line in lines) and any(line.startswith("  ▼ ") for line in lines)
        # "Legends complete": the arrows are named in the legend while they are shown.
        assert "◀▶▲▼ more that way" in lines[-1]
        for seat in view.seats[1:]:
            ruled = compact_area(seat, max_rows=WHOLE, pal=DARK, ruled=True)
            ys = [y for (_, y), _ in seat.tiles]
            assert ruled.height == max(ys) - min(ys) + 2  # the column numbers and every row
            for row in ruled.lines:
                assert any(row.plain.strip() in line for line in lines), row.plain


async def test_at_80x24_the_others_line_keeps_its_key_whole_with_four_seats(tmp_path: Path) -> None:
    """Picture review: with three other seats named "Player 2" to "Player 4" the others' line at
    80×24 ran out of room and cut its key to "o: their ar…". The hands give way first: the line
    ends with the whole key and still gives each other seat's board."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _position(pilot, 0, default_seats(4))
        body = app.screen.query_one(TasniaBody)
        line = next(line.rstrip() for line in str(body.render()).splitlines() if "o: their" in line)
        assert line.endswith("o: their areas"), line
        assert [f"Player {n} board 0" in line for n in (2, 3, 4)] == [True, True, True], line


async def test_at_80x24_a_scrolled_area_leaves_the_legend_its_row(tmp_path: Path) -> None:
    """Picture review: late in a seeded game (seed 5, three seats, move 504) the building area is
    too large for 80×24 and scrolls, and the status under it takes two lines; the area took the
    legend's row, so the marks and the scroll arrows had no key. The area now leaves it: the
    last line is the legend, naming the arrows, and the table stays within the body's rows."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _position(pilot, 504, default_seats(3), 5)
        body = app.screen.query_one(TasniaBody)
        lines = [line.rstrip() for line in str(body.render()).splitlines()]
        assert any(line.startswith(("  ▲ ", "  ▼ ", "  ◀ ")) for line in lines), "the area is meant to scroll"
        assert "[Esc let go]" in lines[-3] and "o: their areas" in lines[-2], lines
        assert lines[-1].startswith("★ unique") and lines[-1].endswith("◀▶▲▼ more"), lines
        assert len(lines) <= body._look().height
