"""Which part of Tolleno's city the map shows: the window (centred, panned or following the
cursor) and, beside the compact tiles of a city larger than the map, the minimap, placed where it
hides no tile.
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tolleno.rules.geometry import Pos
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import MARGIN, CityPainter, bounds
from boardgames_tui.games.tolleno.table.compact import COMPACT_H, COMPACT_W, compact_grid
from boardgames_tui.ui.kit import Block, Palette, icon
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.frame import Line, framed

MINIMAP_NAMED = 10
"""The least width of a minimap whose foot says "values" (its digits are the tiles' values). A
narrower city's minimap is widened for the word only where it still fits over an empty corner of
the map: never at the cost of a strip of its own, which would take a column of tiles."""

MiniBox = tuple[int, int, int, int, int, int]
"""Where the minimap was drawn: (column, line, width, height, city top, city left)."""


def minimap(
    view: TollenoView, origin: Pos, window: tuple[int, int], cursor: Pos | None, pad: int, pal: Palette,
    *, named: bool = False,
) -> Block:
    """The whole city one cell per tile, each written as its value, the part the map shows lit,
    the cursor marked; `named`: at least `MINIMAP_NAMED` wide, its foot saying "values"."""
    top, left, bottom, right = bounds(view, pad)
    tiles = {t.pos: t.geom for t in view.tiles}
    ncols, nrows = window
    lines = []
    for row in range(top, bottom + 1):
        line = Text(no_wrap=True)
        for col in range(left, right + 1):
            shown = origin[0] <= row < origin[0] + nrows and origin[1] <= col < origin[1] + ncols
            geom = tiles.get((row, col))
            ch = str(geom.value) if geom is not None else " "
            style = f"on {pal.highlight}" if shown else ""
            if (row, col) == cursor:
                ch, style = icon("cursor"), f"bold {pal.text_primary} " + style
            line.append(ch, style=style.strip() or (pal.muted if geom is None else ""))
        lines.append(line)
    width = max(MINIMAP_NAMED if named else 8, right - left + 3)
    foot = Text("values", style=pal.muted) if width >= MINIMAP_NAMED else None
    return framed(lines, width, Line.PLAIN, pal.muted, title=Text("city", style=pal.muted), foot=foot)


def panned_map(
    painter: CityPainter, window: MapWindow, sizes: tuple[tuple[int, int], tuple[int, int]], cursor: Pos | None,
    pad: int, start: Pos | None = None,
) -> tuple[list[Text], MiniBox | None]:
    """The compact tiles of a window placed on the city, with the minimap when the city itself is
    larger than the map: over a corner of the tiles where that corner shows nothing, else in a
    strip of its own beside them.

    `sizes` is the window in tiles (columns, rows) and the map in cells (width, height); the
    window has been placed for the first already; a strip re-places it, keeping the cursor and the
    course's `start` in view as `MapWindow.place` does."""
    size, cells = sizes
    width, height = cells
    view, pal = painter.view, painter.pal
    assert window.origin is not None
    origin = window.origin
    ctop, cleft, cbottom, cright = bounds(view, 0)
    ncols, nrows = size
    if cbottom - ctop + 1 <= nrows and cright - cleft + 1 <= ncols:
        return compact_grid(painter, origin, cells), None
    plain = minimap(view, origin, size, cursor, pad, pal)
    drawn = min(height, 1 + nrows * COMPACT_H)
    if plain.width + 2 * COMPACT_W >= width or plain.height + 1 > drawn:
        return compact_grid(painter, origin, cells), None
    top, left, _, _ = bounds(view, pad)
    for mini in (minimap(view, origin, size, cursor, pad, pal, named=True), plain):
        column = MARGIN + ncols * COMPACT_W - mini.width
        cols = range(max(0, (column - MARGIN) // COMPACT_W), ncols)
        for line in (1, drawn - mini.height):
            rows = range((line - 1) // COMPACT_H, min(nrows, (line + mini.height - 2) // COMPACT_H + 1))
            if painter.covers_nothing(origin, cols, rows):
                lines = compact_grid(painter, origin, cells)
                for index, text in enumerate(mini.lines, start=line):
                    left_part = lines[index].copy()
                    left_part.truncate(column, overflow="crop", pad=True)
                    lines[index] = left_part + text
                return [fit(text, width) for text in lines], (column, line, mini.width, mini.height, top, left)
    # Both corners show part of the city: the minimap gets a strip of its own.
    narrow = (max(1, (width - mini.width - 1 - MARGIN) // COMPACT_W), nrows)
    origin = window.place(bounds(view, pad), narrow, cursor, start, bounds(view, 0))
    mini = minimap(view, origin, narrow, cursor, pad, pal)
    column = MARGIN + narrow[0] * COMPACT_W + 1
    lines = compact_grid(painter, origin, (column - 1, height))
    for index, text in enumerate(mini.lines, start=1):
        lines[index] = lines[index] + Text(" ") + text
    return [fit(text, width) for text in lines], (column, 1, mini.width, mini.height, top, left)


class MapWindow:
    """Which part of the city the map shows: centred when it all fits, else panned or following.

    `origin` is the top-left tile shown. A cursor move makes the window follow the cursor again;
    a pan (keys, drag, wheel) leaves the cursor where it is until it moves.
    """

    def __init__(self) -> None:
        self.origin: Pos | None = None
        self.follow = True
        self.size = (1, 1)
        """The window in tiles (columns, rows), as last drawn."""
        self.fits = True
        self.compact = False
        """The map draws the compact tiles (the city does not fit in framed ones)."""

    def place(
        self, box: tuple[int, int, int, int], size: tuple[int, int], cursor: Pos | None, start: Pos | None = None,
        city: tuple[int, int, int, int] | None = None,
    ) -> Pos:
        """The origin for a city filling `box` (top, left, bottom, right) in a window of `size` tiles.

        Following, the window keeps the cursor in view and with it `start` (the tile the boat's
        course begins on) when both fit; when they do not, the cursor stays in view and the window
        reaches as far towards `start` as it can. Given the `city`'s own bounds (`box` less the ring
        of empty places around it), the window shows as much of the city as the cursor lets it: an
        empty edge is shown only for the cursor to stand on it, never while tiles stand cut at the
        other side."""
        top, left, bottom, right = box
        ncols, nrows = self.size = size
        rows, cols = bottom - top + 1, right - left + 1
        self.fits = rows <= nrows and cols <= ncols
        if self.fits:
            self.origin = (top - (nrows - rows) // 2, left - (ncols - cols) // 2)
            return self.origin
        if self.origin is None:
            self.centre_on(((top + bottom) // 2, (left + right) // 2))
        assert self.origin is not None
        orow, ocol = self.origin
        if self.follow and cursor is not None:
            orow = _keep(orow, nrows, cursor[0])
            ocol = _keep(ocol, ncols, cursor[1])
        if self.follow and city is not None:
            orow = _most(orow, nrows, city[0], city[2])
            ocol = _most(ocol, ncols, city[1], city[3])
        # Keep some of the city in view whatever the pans did.
        orow = min(max(orow, top - nrows + 2), bottom - 1)
        ocol = min(max(ocol, left - ncols + 2), right - 1)
        if self.follow and cursor is not None:
            for at in (start, cursor):
                if at is not None:
                    orow, ocol = _keep(orow, nrows, at[0]), _keep(ocol, ncols, at[1])
        self.origin = (orow, ocol)
        return self.origin

    def centre_on(self, pos: Pos) -> None:
        """Put `pos` in the middle of the window."""
        ncols, nrows = self.size
        self.origin = (pos[0] - nrows // 2, pos[1] - ncols // 2)

    def pan(self, drow: int, dcol: int) -> None:
        """Move the window by whole tiles (the cursor stays where it is)."""
        if self.origin is None or self.fits:
            return
        self.origin = (self.origin[0] + drow, self.origin[1] + dcol)
        self.follow = False


def _most(origin: int, span: int, low: int, high: int) -> int:
    """The origin nearest `origin` whose `span` positions show as much of `low`..`high` as can be
    shown (one axis of the window): all of it, or only it."""
    first, last = sorted((low, high - span + 1))
    return min(max(origin, first), last)


def _keep(origin: int, span: int, at: int) -> int:
    """The origin nearest `origin` whose `span` positions include `at` (one axis of the window)."""
    return min(max(origin, at - span + 1), at)
