"""Tolleno read at a glance (issue 37): the city fits the map at 120x40 in compact tiles when the
framed ones leave rows out (at 80x24 too while the compact map holds it, and pans in them beyond),
contracts are written whole, the board's track names its marks, and no tile id is written where a
player reads."""

from __future__ import annotations

import re

from boardgames_tui.games.tolleno.rules.components import BOARDS_BY_ID, CITY_TILES, CONTRACTS_BY_ID
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city import bounds
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.games.tolleno.table.compact import compact_size

from .test_tolleno_snapshots import SnapApp, position
from .test_tolleno_table_audit import _positions


async def test_a_city_of_seven_rows_is_drawn_whole_at_120x40_in_compact_tiles() -> None:
    """Framed tiles show five rows at 120x40 under the full panel; a city of seven rows is drawn
    whole in compact tiles: every tile inside the window, no minimap."""
    state = position(Phase.BUILD, 120, seed=3, players=3)
    app = SnapApp(state, state.current)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        body = app.query_one(TollenoBody)
        app.query_one(CityMap).render()
        assert body.view is not None
        top, _, bottom, _ = bounds(body.view, 0)
        assert bottom - top + 1 > 5, "the position is meant to be taller than the framed map"
        assert body.window.compact
        assert body.minimap_box is None
        origin, (ncols, nrows) = body.window.origin, body.window.size
        assert origin is not None
        for tile in state.tiles:
            assert 0 <= tile.pos[0] - origin[0] < nrows and 0 <= tile.pos[1] - origin[1] < ncols
        text = app.query_one(CityMap).render().plain
        assert "[2]" in text and text.count("\n") < app.query_one(CityMap).size.height


async def test_no_tile_board_or_contract_id_is_written_in_the_status_or_the_panel() -> None:
    """Issue 37 §1: at 80x24 and 120x40, along seeded games (each seat's private view on its turn
    and the table's view), neither the status lines nor the panel write a tile kind (`I2c`), a
    board id (`P3`) or a contract id (`W2`, `IC1`)."""
    ids = {k.id for k in CITY_TILES} | set(BOARDS_BY_ID) | set(CONTRACTS_BY_ID) | {"IC1", "IC2"}
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")\b")
    checked = 0
    for seed, players, phase, after in ((3, 3, Phase.PLACE, 40), (5, 3, Phase.SECOND, 30),
                                        (7, 2, Phase.NAVIGATE, 60), (7, 2, Phase.OVER, 0)):
        state = position(phase, after, seed=seed, players=players)
        for viewer in (state.current if phase is not Phase.OVER else None, None):
            for size in ((80, 24), (120, 40)):
                app = SnapApp(state, viewer)
                async with app.run_test(size=size) as pilot:
                    await pilot.pause()
                    body = app.query_one(TollenoBody)
                    for text in (body.status_text().plain, body.panel_text().plain):
                        found = pattern.search(text)
                        assert found is None, f"{found and found.group(0)} in {text!r} ({size}, {phase})"
                    checked += 1
    assert checked == 16


async def test_every_mark_on_the_map_at_80x24_is_in_the_key_the_panel_shows_under_i() -> None:
    """Review of issue 37: at 80x24 Tolleno showed no key to its map (the full panel with the key
    came only on a screen 36 lines tall). The compact panel names the key ("[i] more, key") and
    `i` opens the panel with it: every mark the map draws while a boat sails (water, buildings as
    their owner's glyph, spaces, values, fountains, contracts, the courses) is in it; a seat's
    glyph is read from the seat lines, and an arrow turned another way is the same mark."""
    state = position(Phase.NAVIGATE, 60)
    app = SnapApp(state, state.current)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        body = app.query_one(TollenoBody)
        assert not body.panel_is_open() and "[i] more, key" in body.panel_text().plain
        city = app.query_one(CityMap).render().plain
        await pilot.press("i")
        await pilot.pause()
        assert body.panel_is_open()
        panel = body.panel_text().plain
        glyphs = {s.glyph for s in app.query_one(TollenoBody).seen.seats}  # type: ignore[union-attr]
        turned = str.maketrans("←↑↓◂▴▾◀⇓⇣", "→→→▸▸▸▶⇑⇡")
        marks = set(city.translate(turned)) - set("0123456789-[] \n") - glyphs
        missing = {mark for mark in marks if mark not in panel}
        assert not missing, f"marks on the map without a key: {sorted(missing)}"
        assert {"⇑", "▶"} & set(city) or {"⇓", "◀"} & set(city), "the position is meant to show a chosen course"


async def test_at_80x24_the_city_is_whole_while_compact_tiles_hold_it_and_pans_in_them_beyond() -> None:
    """Issue 37, picture review: at 80x24 a city too large for the framed map was drawn framed even
    when it was larger than the compact map too, so three or four rows of it showed. Along a
    seeded three-seat game: whenever the city fits the compact map it is drawn whole; when it is
    larger, the map still draws compact tiles (five rows, eight columns) and pans, with the
    minimap beside them naming the whole city (its frame says its digits are the tiles' values)."""
    seen = {"whole": 0, "panned": 0}
    for state in _positions(3)[::20]:
        app = SnapApp(state, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            body = app.query_one(TollenoBody)
            cmap = app.query_one(CityMap)
            cmap.render()
            assert body.view is not None and body.window.origin is not None
            top, left, bottom, right = bounds(body.view, 0)
            ncols, nrows = compact_size(cmap.size.width, cmap.size.height)
            if body.window.fits:
                seen["whole"] += 1
                continue
            assert body.window.compact, "a city larger than the framed map is drawn in compact tiles"
            if bottom - top + 1 <= nrows and right - left + 1 <= ncols:
                raise AssertionError(f"a city of {bottom - top + 1}x{right - left + 1} tiles pans at 80x24")
            seen["panned"] += 1
            assert body.minimap_box is not None, "a panned city has its minimap"
            # Its digits are the tiles' values, and its frame says so (they were explained nowhere).
            column, line, width, height, _, _ = body.minimap_box
            drawn = cmap.render().plain.splitlines()
            assert "city" in drawn[line][column : column + width]
            assert "values" in drawn[line + height - 1][column : column + width]
            shown = body.window.size
            assert shown[1] == nrows and shown[0] >= ncols - 2, f"only {shown} tiles of the city in view"
    assert seen["whole"] and seen["panned"], seen
