"""Tolleno's widgets under the body: the city map (clicks, drags, the wheel) and the panel.

A click selects what is drawn under the pointer and a second click on the same place does it;
a drag or the wheel pans the map; a click on the minimap centres the map there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.widgets import Static

from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.screen_map import MARGIN
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal

if TYPE_CHECKING:
    from boardgames_tui.games.tolleno.screen import TollenoBody


class CityMap(LineDrawn):
    """The city drawn around the cursor: a click selects, a second click on the same place confirms;
    a drag or the wheel pans it; a click on the minimap centres the map there.

    The map is drawn once per refresh and size: `render()` hands out the same Text until the
    next `refresh()` (every change of what it shows calls it), so Rich draws it once, not once
    per line."""

    DEFAULT_CSS = """
    CityMap { height: 1fr; width: 1fr; }
    """

    def __init__(self, body: TollenoBody) -> None:
        super().__init__(id="tl-map")
        self.body = body
        self._press: tuple[int, int, Pos] | None = None
        self._dragged = False

    _drawing: tuple[tuple[int, int], Text] | None = None
    """The map drawn since the last refresh, and the size it was drawn for."""

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        self._drawing = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render(self) -> Text:
        size = (self.size.width, self.size.height)
        if self._drawing is None or self._drawing[0] != size:
            self._drawing = (size, literal(self.body.map_text(*size)))
        # The Text made by literal() just above.
        return self._drawing[1]  # not markup

    def on_mouse_down(self, event: events.MouseDown) -> None:
        origin = self.body.window.origin
        self._press = (event.x, event.y, origin) if origin is not None else None
        self._dragged = False
        self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._press is None or not event.button:
            return
        x0, y0, origin = self._press
        tw, th = self.body.tile_size()
        drow, dcol = (y0 - event.y) // th if abs(y0 - event.y) >= th else 0, (
            (x0 - event.x) // tw if abs(x0 - event.x) >= tw else 0)
        if drow or dcol:
            self._dragged = True
            self.body.window.origin = origin
            self.body.pan(drow, dcol)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.release_mouse()
        self._press = None

    def on_click(self, event: events.Click) -> None:
        if self._dragged:
            self._dragged = False
            return
        map_clicked(self.body, event.x, event.y)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.body.pan(0, 1) if event.shift else self.body.pan(1, 0)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.body.pan(0, -1) if event.shift else self.body.pan(-1, 0)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        event.stop()
        self.body.pan(0, 1)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        event.stop()
        self.body.pan(0, -1)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()


class Panel(Static):
    """The facts below the map; its [bracketed] words are clickable like keys."""

    DEFAULT_CSS = """
    Panel {
        height: auto; width: 1fr; border-top: solid $primary-darken-2;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def action_key(self, name: str) -> None:
        press = getattr(self.parent, "press", None)
        if press is not None:
            press(name)


def map_clicked(body: TollenoBody, x: int, y: int) -> None:
    """A click on the map: select what is drawn there; a second click on the same place does it."""
    view = body.view
    if view is None:
        return
    if _minimap_clicked(body, x, y):
        return
    if x < MARGIN or y < 1 or body.window.origin is None:
        return
    tw, th = body.tile_size()
    origin = body.window.origin
    col = origin[1] + (x - MARGIN) // tw
    row = origin[0] + (y - 1) // th
    before_tile, before_space = body.cursor_tile, body.cursor_space
    body.cursor_tile = (row, col)
    if body._uses_spaces():
        if body.overview:
            on_tile = [s for s in sorted(body.target_spaces()) if s[0] == (row, col)]
            body.cursor_space = on_tile[0] if on_tile else ((row, col), Corner.NW)
        else:
            ix, iy = (x - MARGIN) % tw, (y - 1) % th
            r, c = iy - 1, (ix - 1) // 3
            if not (1 <= ix <= 9 and 1 <= iy <= 3) or r == 1 or c == 1:
                # Not a corner cell: select the tile, keep the corner, never confirm.
                body.cursor_space = ((row, col), body.cursor_space[1])
                body.carry_index = 0
                body.refresh_all()
                return
            corner = {(0, 0): Corner.NW, (0, 2): Corner.NE, (2, 2): Corner.SE, (2, 0): Corner.SW}[(r, c)]
            body.cursor_space = ((row, col), corner)
        same = body.cursor_space == before_space
    else:
        same = body.cursor_tile == before_tile
    if same and body.phase() is not None:
        body.action_confirm()
        return
    body.carry_index = 0
    body.refresh_all()

def _minimap_clicked(body: TollenoBody, x: int, y: int) -> bool:
    """A click on the minimap centres the map on that tile (True if the click was on it)."""
    box = body.minimap_box
    if box is None:
        return False
    column, line, width, height, top, left = box
    if not (column <= x < column + width and line <= y < line + height):
        return False
    inner_x, inner_y = x - column - 1, y - line - 1
    if 0 <= inner_x < width - 2 and 0 <= inner_y < height - 2:
        body.window.centre_on((top + inner_y, left + inner_x))
        body.window.follow = False
        body.refresh_all()
    return True
