"""What goes where on Tolleno's table for one size: the map (tiles in detail with the minimap, or
the overview), the status lines above it and the panel below it, composed from the pieces."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import MARGIN, TILE_H, TILE_W, CityPainter, bounds, grid_size
from boardgames_tui.games.tolleno.table.compact import COMPACT_H, COMPACT_W, compact_size
from boardgames_tui.games.tolleno.table.look import Look
from boardgames_tui.games.tolleno.table.marks import marks_for
from boardgames_tui.games.tolleno.table.overview import OVER_H, OVER_W, ascii_safe, overview
from boardgames_tui.games.tolleno.table.panel import panel_text
from boardgames_tui.games.tolleno.table.status import status_text
from boardgames_tui.games.tolleno.table.window import MapWindow, MiniBox, panned_map
from boardgames_tui.ui.kit import Palette


def tile_size(look: Look, window: MapWindow) -> tuple[int, int]:
    """Cells per tile on the map now (framed, compact or overview)."""
    if look.overview:
        return OVER_W, OVER_H
    return (COMPACT_W, COMPACT_H) if window.compact else (TILE_W, TILE_H)


def uses_compact(view: TollenoView, width: int, height: int) -> bool:
    """True when the city, with a ring of places around it, does not fit the map in framed tiles
    (the same form all turn, whatever the step; while a tile is placed the map follows the cursor
    onto the ring). The compact tiles show a third more rows and columns of the city; a city too
    large for them too pans, with the minimap beside it."""
    top, left, bottom, right = bounds(view, 1)
    ncols, nrows = grid_size(width, height)
    return bottom - top + 1 > nrows or right - left + 1 > ncols


def map_text(look: Look, window: MapWindow, size: tuple[int, int], pal: Palette) -> tuple[Text, MiniBox | None]:
    """The map for `size` (width, height in cells), with the window placed to show the cursor, and
    where the minimap went (None: no minimap)."""
    view = look.view
    if view is None:
        return Text(""), None
    width, height = size
    marks = marks_for(look)
    window.compact = not look.overview and uses_compact(view, width, height)
    if look.overview:
        tiles = (max(1, (width - MARGIN) // OVER_W), max(1, height - 1))
    else:
        tiles = compact_size(width, height) if window.compact else grid_size(width, height)
    cursor = marks.cursor_tile or (marks.cursor_space[0] if marks.cursor_space else None)
    origin = window.place(bounds(view, look.pad()), tiles, cursor, marks.anchor, bounds(view, 0))
    box = None
    if look.overview:
        lines = overview(view, marks, look.seat_marks(), origin, (width, height), pal)
    elif window.compact:
        painter = CityPainter(view, look.seat_marks(), marks, pal)
        lines, box = panned_map(painter, window, (tiles, (width, height)), cursor, look.pad(), marks.anchor)
    else:
        lines = CityPainter(view, look.seat_marks(), marks, pal).grid(origin, (width, height))
    out = Text("\n").join(lines)
    out.no_wrap = True
    out.overflow = "crop"
    return out, box


def status_lines(look: Look, pal: Palette, width: int = 0) -> Text:
    """The status lines above the map (within `width`, if given), in ASCII when the icons are."""
    return ascii_safe(status_text(look, pal, width))


def panel_lines(look: Look, width: int, height: int, pal: Palette) -> Text:
    """The panel under the map, in ASCII when the icons are."""
    return ascii_safe(panel_text(look, width, height, pal))
