"""The map keeps the boat's course in view: while a boat move is chosen, the tile the course starts
from (the boat's own tile, or the entry tile) and the cursor are drawn whole inside the map pane,
also when the minimap takes a strip of its own and the pane shows fewer tile columns (seeded games
at 80x24 and 120x40; before, the boat's tile could sit one column outside the drawn map)."""

from __future__ import annotations

import pytest

from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.geometry import Pos
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city import MARGIN, bounds
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.games.tolleno.table.marks import marks_for

from .test_tolleno_snapshots import SnapApp
from .test_tolleno_table_audit import _positions


def _sailing(seed: int) -> list[TollenoState]:
    """Every other boat move of one seeded three-player game (entering ones included)."""
    return [s for s in _positions(seed) if s.phase is Phase.NAVIGATE and GAME.legal(s, s.current)][::2]


def _drawn_whole(body: TollenoBody, cmap: CityMap, pos: Pos) -> bool:
    """True when the tile at `pos` is drawn with all its edges inside the map pane and beside, not
    under, the minimap."""
    assert body.window.origin is not None
    ncols, nrows = body.window.size
    r, c = pos[0] - body.window.origin[0], pos[1] - body.window.origin[1]
    if not (0 <= r < nrows and 0 <= c < ncols):
        return False
    tile_w, tile_h = body.tile_size()
    frame = 0 if body.window.compact else 1  # the framed form's tiles share a border line
    x0, y0 = MARGIN + c * tile_w, 1 + r * tile_h
    x1, y1 = x0 + tile_w - 1 + frame, y0 + tile_h - 1 + frame
    if x1 >= cmap.size.width or y1 >= cmap.size.height:
        return False
    box = body.minimap_box
    if box is None:
        return True
    column, line, width, height, _, _ = box
    return not (x0 < column + width and column <= x1 and y0 < line + height and line <= y1)


def _check_view(body: TollenoBody, cmap: CityMap, where: str) -> None:
    cmap.refresh()  # as the body does after every change it makes (the map keeps its drawing till then)
    cmap.render()
    anchor, cursor = marks_for(body.look).anchor, body.cursor_tile
    assert body.window.origin is not None
    assert _drawn_whole(body, cmap, cursor), (
        f"cursor {cursor} not drawn whole {where}: window {body.window.origin} {body.window.size}, "
        f"minimap {body.minimap_box}")
    if anchor is None:
        return
    ncols, nrows = body.window.size
    origin = body.window.origin
    far = [abs(anchor[i] - cursor[i]) >= span for i, span in enumerate((nrows, ncols))]
    if not any(far):
        assert _drawn_whole(body, cmap, anchor), (
            f"course start {anchor} not drawn whole {where}: cursor {cursor}, window {origin} {ncols}x{nrows}, "
            f"minimap {body.minimap_box}")
        return
    # Too far apart for one window: it reaches from the cursor as far towards the start as it can,
    # so the cursor sits on the window's edge on the start's side.
    for axis, span in enumerate((nrows, ncols)):
        if far[axis]:
            edge = origin[axis] + span - 1 if anchor[axis] < cursor[axis] else origin[axis]
            assert cursor[axis] == edge, f"window does not lean towards the course start {anchor} {where}"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_boat_course_start_and_cursor_drawn_whole_at_every_stop(size: tuple[int, int]) -> None:
    """For every stop of every chosen boat move (cycled with `n`), and with the cursor put on every
    other position of the city as an arrow key leaves it (the map following), the course's first
    tile and the cursor are in view."""
    strips = 0
    for seed in (3, 8):
        for state in _sailing(seed):
            app = SnapApp(state, state.current)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                body = app.query_one(TollenoBody)
                cmap = app.query_one(CityMap)
                for index in range(len(body.look.boat_moves())):
                    _check_view(body, cmap, f"at stop {index} of seed {seed} turn {state.turn} {size}")
                    box = body.minimap_box
                    strips += box is not None and box[0] > MARGIN + body.window.size[0] * body.tile_size()[0]
                    body.action_cycle(1)
                top, left, bottom, right = bounds(body.view, body.look.pad())  # type: ignore[arg-type]
                for row in range(top, bottom + 1, 2):
                    for col in range(left, right + 1, 2):
                        body.cursor_tile = (row, col)
                        body.window.follow = True
                        _check_view(body, cmap, f"with the cursor on {row},{col} of seed {seed} {size}")
    if size == (80, 24):  # at 120x40 these cities fit whole in compact tiles: no minimap at all
        assert strips, "no position had the minimap in a strip of its own"
