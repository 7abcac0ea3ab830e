"""Issue 16, "every board issue": late in a seeded three-seat game (ten and more buildings a seat)
the table is whole at 120×40 without scrolling, the other seats' lines are shown whole, and at
80×24 nothing essential falls off (the others' line stays, cut-off rows are marked)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.actions import Put
from boardgames_tui.games.tasnia.table.area import area_block, compact_area
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.games.tasnia.table.layout import draw_table, fitted
from boardgames_tui.games.tasnia.table.look import Look
from boardgames_tui.games.tasnia.table.market import market_block
from boardgames_tui.games.tasnia.table.seat import seat_summary, seat_summary_parts, wrap_parts
from boardgames_tui.games.tasnia.table.tiles import full_legend_entries
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.kit import DARK, legend
from boardgames_tui.ui.match_screen import MatchScreen
from tests.games.tasnia.table.test_tasnia_snapshots import SEATS
from tests.games.tasnia.tasnia_helpers import area, scenario
from tests.ui.helpers import make_app

LATE = 600
"""Random moves into seed 7's game: Bram builds in the last phase with ten buildings; Ada has 14."""


async def _late_table(pilot: Any, moves: int = LATE, phase: str | None = None) -> TasniaBody:
    """The table at the seat to act after `moves` random moves of seed 7's game (and then on
    to the next `phase`, if given), its curtain lifted."""
    app: Any = pilot.app
    match = app.start_match("tasnia", SEATS, {}, 7)
    rng = random.Random(7)
    for _ in range(moves):
        match.play(*choose(match.game, match.state, rng))
    while phase is not None and match.state.phase.value != phase:
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
    """When only part of an area can be drawn (the window around the cursor), arrows beside the
    row and column numbers say that more of it lies above, below, left or right. (At 120×40 the
    late area is now whole; the part is drawn here directly from the late seat.)"""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _late_table(pilot)
        seat = GAME.view(screen(app).match.state, 1).seats[1]
        xs = [x for (x, _), _ in seat.tiles]
        ys = [y for (_, y), _ in seat.tiles]
        extent = (min(xs), max(xs), min(ys), max(ys))
        part = (min(xs) + 1, max(xs) - 1, min(ys) + 1, max(ys) - 1)
        for size in ((5, 3), (7, 4)):
            block = area_block(seat, part, cursor=None, legal=set(), lifted=None, held=None, clickable=False,
                               pal=DARK, cell_size=size, extent=extent)  # fmt: skip
            labels = [line.plain[:4] for line in block.lines]
            assert "  ▲ " in labels and "  ▼ " in labels, size
            assert "◀" in labels[0] and block.lines[0].plain.rstrip().endswith("▶"), size


def screen(app: Any) -> Any:
    """The app's current screen, untyped (the match screen's `match` is read)."""
    return app.screen


async def _late_area_in_view(app: Any, pilot: Any, holding: bool) -> tuple[Any, list[str], list[str], Any, int]:
    """Open the late table (holding a tile if asked) and check what both sizes promise: nothing
    scrolls, every row of the viewer's area is drawn with its number, none is left out behind
    ▲/▼. Returns the body, its lines, their row labels, the viewer's seat view and its top row."""
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
    return body, lines, labels, seat, high


@pytest.mark.parametrize("holding", [False, True], ids=["looking", "holding"])
async def test_issue_16_late_area_is_whole_at_80x24(tmp_path: Path, holding: bool) -> None:
    """At 80×24, late in the game (Bram's ten buildings over nine rows, eleven with the cells a
    held tile may go to), the area is drawn one line a row and every row of it is in view with
    its number (before: three rows of 5×3 tiles, the rest behind ▲/▼); the market is one line
    while building, and the others' line and the key bar's status stay in view."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        _, lines, _, _, _ = await _late_area_in_view(app, pilot, holding)
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
        start = next(i for i, line in enumerate(lines) if line.startswith("★ unique"))
        # An area part out of view has arrows beside its numbers (not the cursor's ▶ ◀): named then too.
        scrolled = any(line[:4] in ("  ▲ ", "  ▼ ", "  ◀ ") or line.endswith(" ▶") for line in lines[:start])
        whole = legend(full_legend_entries(scrolled=scrolled), pal=DARK).plain
        assert "  ".join(lines[start:]) == whole


def test_issue_16_a_spread_out_area_stays_whole_in_the_compact_form() -> None:
    """Columns empty in every row shrink to one space: two huts forty cells apart fit in 24
    cells, both drawn, still apart."""
    state = scenario(areas={1: area(("^\nD", 0, 0), ("^\nD", 40, 0))})
    seat = GAME.view(state, 0).seats[1]
    block = compact_area(seat, max_rows=4, pal=DARK)
    assert block.width <= 24
    assert block.lines[0].plain.split() == ["0", "40"]  # the column numbers over the huts
    assert block.lines[1].plain.split() == ["2", "6", "6"]  # row 2: each complete hut's score over its roof
    for line in (line.plain[4:].strip() for line in block.lines[2:]):  # roofs, then doors: "⊠█◣ ⊠█◣"
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


def _others_whole(lines: list[str], view: Any, viewer: int) -> None:
    """Every row of every other seat's area, drawn whole (no row limit), is on the table uncut:
    the seats stand side by side, so each row is a piece of one of the table's lines."""
    for index, seat in enumerate(view.seats):
        if index == viewer:
            continue
        forms = [
            [line.plain.rstrip() for line in compact_area(seat, max_rows=10**6, pal=DARK, ruled=ruled).lines]
            for ruled in (True, False)
        ]
        assert len(forms[1]) >= 8  # late in the game: the seat's area spans eight rows or more
        # With its row and column numbers when they fit, else without them: never cut for them.
        rows = next((rows for rows in forms if all(any(row in line for line in lines) for row in rows)), forms[1])
        for row in rows:
            assert any(row in line for line in lines), (index, row)


def _scrolled_area(body: TasniaBody, lines: list[str]) -> None:
    """The late area drawn as it scrolls at full size: 5×3 tiles (never one line a row), the
    cursor's cell among the drawn cells, arrows where rows are out of view, the market as tiles
    with every stack's number, price and count under it."""
    labels = [line[:4] for line in lines]
    assert "  ▲ " in labels or "  ▼ " in labels  # the area is larger than the room: rows out of view
    rows = [row for row, _, _, t in body.canvas.hits if t == ("cell", *body.cursor)]
    assert rows and max(rows) - min(rows) + 1 == 3  # the cursor's cell drawn, a 5×3 tile
    assert not lines[0].startswith("market ")  # the market is not folded to one line
    caption = next(line for line in lines if line.startswith("1 "))
    assert "×" in caption and " 7 " in caption


@pytest.mark.parametrize("holding", [False, True], ids=["looking", "holding"])
async def test_issue_37_a_late_area_scrolls_as_tiles_around_the_cursor_at_120x40(tmp_path: Path, holding: bool) -> None:
    """At 120×40, late in the game (Bram's ten buildings over nine rows), the area too large for the
    room scrolls instead of collapsing: 5×3 tiles around the cursor with arrows at the parts out of
    view, the market whole with its prices; nothing scrolls in the pane; the others' lines and the
    legend stay; moving the cursor up brings the top row into view; a click on a drawn tile picks
    it up, and holding a tile, a click on a drawn legal cell puts it there."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _late_table(pilot)
        if holding:
            await pilot.press("1")
            await pilot.pause()
        pane: Any = body.parent
        assert body.size.height <= pane.size.height and pane.max_scroll_y == 0
        lines = str(body.render()).splitlines()
        match = screen(app).match
        seat = GAME.view(match.state, 1).seats[1]
        _scrolled_area(body, lines)
        assert any(line.startswith("★ unique") for line in lines)
        for name in ("Ada", "Cleo"):
            assert any(f"{name}  board" in line for line in lines), name
        top = max(y for (_, y), _ in seat.tiles)
        while body.cursor[1] < top:
            await pilot.press("up")
        await pilot.pause()
        assert f"{top:>3} " in [line[:4] for line in str(body.render()).splitlines()]
        assert body.size.height <= pane.size.height and pane.max_scroll_y == 0
        if not holding:  # a click on a drawn tile picks it up
            drawn = {t[1:] for _, _, _, t in body.canvas.hits if t[0] == "cell"}
            cell = next(c for c, _ in seat.tiles if c not in seat.locked and c in drawn)
            row, start, end = min((r, a, b) for r, a, b, t in body.canvas.hits if t == ("cell", *cell))
            await pilot.click(TasniaBody, offset=((start + end) // 2 + 1, row))  # the body's left padding
            await pilot.pause()
            assert match.state.holding is not None and match.state.holding.source == cell
            return
        legal = {a.cell for a in match.legal(1) if isinstance(a, Put)}
        spots = [(r, a, b, t[1:]) for r, a, b, t in body.canvas.hits if t[0] == "cell" and t[1:] in legal]
        row, start, end, cell = next(s for s in spots if "✚" in body.canvas.lines[s[0]].plain[s[1] : s[2]])
        column = start + body.canvas.lines[row].plain[start:end].index("✚")
        held = match.state.holding.tile
        await pilot.click(TasniaBody, offset=(column + 1, row))  # the body's left padding
        await pilot.pause()
        assert match.state.players[1].area.grid[cell] == held


@pytest.mark.parametrize("holding", [False, True], ids=["looking", "holding"])
async def test_issue_37_the_late_table_fits_every_full_size_height_without_collapsing(
    tmp_path: Path, holding: bool
) -> None:
    """For every full-size height from 70 rows down to 30, the late table while building fits the
    height, its market stays tiles and its area 5×3 tiles (or 7×4) with the cursor's cell drawn:
    the area scrolls rather than shrinking to one line a row."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _late_table(pilot)
        if holding:
            await pilot.press("1")
            await pilot.pause()
        assert body.seen is not None
        for height in range(70, 29, -1):
            look = fitted(body.seen, replace(body._look(), height=height), DARK)
            assert look.form in (None, "cell"), height
            canvas = Canvas()
            draw_table(canvas, body.seen, look, DARK)
            assert canvas.row + 1 <= height, (height, look.form)
            rows = [row for row, _, _, t in canvas.hits if t == ("cell", *body.cursor)]
            assert rows and max(rows) - min(rows) + 1 >= 3, height
            assert not canvas.lines[0].plain.startswith("market "), height


async def test_issue_16_late_purchase_phase_shows_every_area_whole_at_120x40(tmp_path: Path) -> None:
    """At 120×40, in Cleo's purchase phase late in the game (eight and more rows per area),
    nothing scrolls, the chosen stack's line is whole (broken, not cut), and every seat's area
    is in view uncut: the viewer's own in its compact form, the others' side by side. Before,
    the others kept their first rows only and the viewer's top row was left out unmarked."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _late_table(pilot, LATE - 40, "purchase")
        match = screen(app).match
        pane: Any = body.parent
        assert body.size.height <= pane.size.height and pane.max_scroll_y == 0
        lines = str(body.render()).splitlines()
        viewer = match.state.current
        view = GAME.view(match.state, viewer)
        _others_whole(lines, view, viewer)
        forms = [
            [line.plain.rstrip() for line in compact_area(view.seats[viewer], max_rows=10**6, pal=DARK, ruled=r).lines]
            for r in (True, False)
        ]  # with its row and column numbers only if they cost no row
        own, start = next((rows, i) for rows in forms for i, line in enumerate(lines) if line.startswith(rows[0]))
        assert [line.rstrip() for line in lines[start : start + len(own)]] == own
        assert not any(line.rstrip().endswith("…") for line in lines)


LONG_NAME = "Bartholomew-Maximilian"


@pytest.mark.parametrize(("height", "name"), [(24, "Bram"), (24, LONG_NAME), (40, LONG_NAME)])
def test_issue_16_the_seat_title_is_whole_at_full_size_and_one_line_at_80x24(height: int, name: str) -> None:
    """The viewer's title (chip, board, hand, buildings, largest, phase): at full size broken
    between its parts, never cut; at 80x24 one line, the largest building giving way first and
    the parts still joined by " · " when even that is too long."""
    state = scenario()
    seats = tuple(replace(seat, name=name) if i == 0 else seat for i, seat in enumerate(SEATS))
    view = GAME.view(state, 0)
    actions = tuple(GAME.legal(state, 0))
    seen = Seen(GAME, view, 0, seats, GAME.to_act(state), actions, {a: GAME.describe(state, 0, a, 0) for a in actions})
    canvas = Canvas()
    draw_table(canvas, seen, Look(50, height, acting=True), DARK)  # 50 columns: too narrow for one line
    index = next(i for i, line in enumerate(canvas.lines) if name in line.plain)
    title, following = (canvas.lines[index + k].plain.rstrip() for k in (0, 1))
    assert title.startswith(f"▶ ● {name}  board 0 + cards 2")
    if height == 40:
        assert not title.endswith("…") and following.startswith("  ")
        assert "largest 0" in following and following.endswith("trade phase")
    else:
        assert not following.startswith("  ") and "largest" not in title
        assert title.endswith("…") and " · h" in title
