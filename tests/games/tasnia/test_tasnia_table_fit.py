"""Issue 16, "every board issue": late in a seeded three-seat game (ten and more buildings a seat)
the table is whole at 120×40 without scrolling, the other seats' lines are shown whole, and at
80×24 nothing essential falls off (the others' line stays, cut-off rows are marked)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.screen import TasniaBody
from boardgames_tui.games.tasnia.screen_render import (
    compact_area,
    market_block,
    seat_summary,
    seat_summary_parts,
    wrap_parts,
)
from boardgames_tui.games.tasnia.screen_tiles import LEGEND_ENTRIES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.kit import DARK, legend
from boardgames_tui.ui.match_screen import MatchScreen
from tests.games.tasnia.tasnia_helpers import area, scenario
from tests.games.tasnia.test_tasnia_snapshots import SEATS
from tests.ui.helpers import make_app

LATE = 600
"""Random moves into seed 7's game: Bram builds in the last phase with ten buildings; Ada has 14."""


async def _late_table(pilot: Any) -> TasniaBody:
    app: Any = pilot.app
    match = app.start_match("tasnia", SEATS, {}, 7)
    rng = random.Random(7)
    for _ in range(LATE):
        match.play(*choose(match.game, match.state, rng))
    await pilot.pause()
    if isinstance(app.screen, MatchScreen):
        app.screen.advance_flow()
    await pilot.pause()
    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
        await pilot.pause()
    assert len(match.state.players[0].area.layout.parts) >= 12
    return app.screen.query_one(TasniaBody)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_issue_16_late_table_fits_without_scrolling(tmp_path: Path, size: tuple[int, int]) -> None:
    """The whole table in view: the body is no taller than its pane (nothing to scroll), and the
    others' state is on it: at 120×40 every other seat's line whole (no "…"), at 80×24 their line
    with the `o` toggle."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        body = await _late_table(pilot)
        pane: Any = body.parent
        assert body.size.height <= pane.size.height and pane.max_scroll_y == 0
        lines = str(body.render()).splitlines()
        view = GAME.view(app.screen.match.state, 1)
        for name, seat in (("Ada", view.seats[0]), ("Cleo", view.seats[2])):
            if size == (120, 40):
                row = next(i for i, line in enumerate(lines) if f"{name}  board {seat.board.total}" in line)
                joined = lines[row] + lines[row + 1]
                assert f"largest {seat.board.largest}" in joined and f"of {len(seat.buildings)}" in joined
                assert "…" not in joined.split("│")[0]
            else:
                assert any(f"{name} board {seat.board.total}" in line and "o: their areas" in line for line in lines)


async def test_issue_16_rows_left_out_of_the_area_are_marked(tmp_path: Path) -> None:
    """At 120×40 the viewer's area (5×3 tiles) shows the rows around the cursor; arrows beside
    the row numbers say that more of it lies above or below (the cursor scrolls there)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _late_table(pilot)
        text = str(body.render())
        assert "▼" in text  # Bram's buildings 1-4 stand three rows and more below the cursor's
        await pilot.press("down", "down")
        await pilot.pause()
        assert "\n -4 " in str(body.render()) and "\n -4 " not in text


def screen(app: Any) -> Any:
    """The app's current screen, untyped (the match screen's `match` is read)."""
    return app.screen


@pytest.mark.parametrize("holding", [False, True], ids=["looking", "holding"])
async def test_issue_16_late_area_is_whole_at_80x24(tmp_path: Path, holding: bool) -> None:
    """At 80×24, late in the game (Bram's ten buildings over nine rows, eleven with the cells a
    held tile may go to), the area is drawn one line a row and every row of it is in view with
    its number (before: three rows of 5×3 tiles, the rest behind ▲/▼); the market is one line
    while building, and the others' line and the key bar's status stay in view."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        body = await _late_table(pilot)
        if holding:
            await pilot.press("1")
            await pilot.pause()
            assert screen(app).match.state.holding is not None
        pane: Any = body.parent
        assert body.size.height <= pane.size.height and pane.max_scroll_y == 0
        lines = str(body.render()).splitlines()
        seat = GAME.view(screen(app).match.state, 1).seats[1]
        ys = [y for (_, y), _ in seat.tiles]
        low, high = min(ys) - holding, max(ys) + holding
        labels = [line[:4] for line in lines]
        for y in range(low, high + 1):
            assert f"{y:>3} " in labels, y
        assert "  ▲ " not in labels and "  ▼ " not in labels  # no row left out above or below
        assert lines[0].startswith("market ") and any("o: their areas" in line for line in lines)
        if holding:
            assert any("✚" in line for line in lines)


async def test_issue_16_legend_is_whole_at_120x40(tmp_path: Path) -> None:
    """At 120×40 the legend under the table names every icon entry whole (before: one line
    cut after "✚ fit…"): the lines at the bottom of the body, read together, are the kit's
    legend of every entry."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _late_table(pilot)
        lines = [line.rstrip() for line in str(body.render()).splitlines()]
        start = next(i for i, line in enumerate(lines) if line.startswith("≡ wood"))
        whole = legend(LEGEND_ENTRIES, pal=DARK).plain
        assert "  ".join(lines[start:]) == whole


def test_issue_16_a_spread_out_area_stays_whole_in_the_compact_form() -> None:
    """Columns empty in every row shrink to one space: two huts forty cells apart fit in 24
    cells, both drawn, still apart."""
    state = scenario(areas={1: area(("^\nD", 0, 0), ("^\nD", 40, 0))})
    seat = GAME.view(state, 0).seats[1]
    block = compact_area(seat, max_rows=4, pal=DARK)
    assert block.width <= 24
    assert block.lines[0].plain.split() == ["6", "6"]  # each complete hut's score over its roof
    for line in (line.plain.strip() for line in block.lines[1:]):  # roofs, then doors: "⊠█◣ ⊠█◣"
        left, right = line.split(" ")
        assert len(left) == len(right) == 3  # both huts, one space apart (not forty cells)


def test_issue_16_a_seat_line_breaks_between_its_parts_not_inside_them() -> None:
    """A narrow column gets the whole line on two rows, broken at a " · "."""
    state = scenario()
    seat = GAME.view(state, 0).seats[1]
    whole = seat_summary(seat, pal=DARK).plain
    lines = wrap_parts(Text("Bram  "), seat_summary_parts(seat, pal=DARK), 30, pal=DARK)
    assert len(lines) == 2 and all(line.cell_len <= 30 for line in lines)
    assert ("Bram  " + whole) == lines[0].plain + " · " + lines[1].plain.strip()
    assert len(wrap_parts(Text("Bram  "), seat_summary_parts(seat, pal=DARK), 80, pal=DARK)) == 1


@pytest.mark.parametrize("compact", [True, False])
def test_issue_16_market_captions_keep_number_price_and_count_apart(compact: bool) -> None:
    """Each stack's caption reads "<stack> <price icons> ×<tiles left>" within its tile's width,
    with a space after the number when the count has one digit (today at 80×24: "1▦▬●4")."""
    view = GAME.view(scenario(), 0)
    block = market_block(view, None, set(), compact=compact, pal=DARK)
    caption = block.lines[-1].plain
    step = (7 if compact else 9) + 1
    for i, size in enumerate(view.stack_sizes):
        cell = caption[i * step : i * step + step - 1]
        assert cell.startswith(str(i + 1)) and cell.rstrip().endswith(f"×{size}"), cell
        assert cell[1] == " " or size >= 10
