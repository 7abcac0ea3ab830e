"""The widget that shows Tolleno's city map and takes its clicks, drags and wheel turns.

A click selects what is drawn under the pointer and a second click on the same place does it;
a drag or the wheel pans the map; a click on the minimap centres the map there. What a click
means is the body's to say: the widget hands it the cell clicked.
"""

from __future__ import annotations

from typing import Protocol, Self

from rich.text import Text
from textual import events
from textual.geometry import Region

from boardgames_tui.games.tolleno.rules.geometry import Pos
from boardgames_tui.games.tolleno.table.window import MapWindow
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal


class MapHost(Protocol):
    """What the map asks of the body that holds it."""

    window: MapWindow

    def map_text(self, width: int, height: int) -> Text: ...
    def tile_size(self) -> tuple[int, int]: ...
    def pan(self, drow: int, dcol: int) -> None: ...
    def map_clicked(self, x: int, y: int) -> None: ...


class CityMap(LineDrawn):
    """The city drawn around the cursor: a click selects, a second click on the same place confirms;
    a drag or the wheel pans it; a click on the minimap centres the map there.

    The map is drawn once per refresh and size: `render()` hands out the same Text until the
    next `refresh()` (every change of what it shows calls it), so Rich draws it once, not once
    per line."""

    DEFAULT_CSS = """
    CityMap { height: 1fr; width: 1fr; }
    """

    def __init__(self, body: MapHost) -> None:
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
        self.body.map_clicked(event.x, event.y)

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
