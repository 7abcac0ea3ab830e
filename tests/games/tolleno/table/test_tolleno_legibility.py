"""Tolleno read at a glance (issue 37): the city fits the map at 120x40 in compact tiles when the
framed ones leave rows out, contracts are written whole, the board's track names its marks, and no
tile id is written where a player reads."""

from __future__ import annotations

from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city import bounds
from boardgames_tui.games.tolleno.table.city_map import CityMap

from .test_tolleno_snapshots import SnapApp, position


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
