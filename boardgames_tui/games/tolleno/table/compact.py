"""Tolleno's city in its compact form: each tile its nine cells (9×3) with no frame, neighbouring
tiles told apart by two alternating shades, so a city one third taller fits the same map.

The map uses it on its own when the city does not fit in the framed form; the cursor, the legal
places, the tile placed this turn and the boat's course are told by the tile's shade. Nothing here
decides what is legal: the painter's `Marks` carry the highlights.
"""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text

from boardgames_tui.games.tolleno.rules.geometry import GEOMS, Pos
from boardgames_tui.games.tolleno.table.city import MARGIN, CityPainter
from boardgames_tui.ui.kit import Palette, icon
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.palette import blend

COMPACT_W, COMPACT_H = 9, 3
"""The stride of the compact map: a tile's 9×3 cells, no frame."""


def compact_size(width: int, height: int) -> tuple[int, int]:
    """How many tile columns and rows fit in a compact map of `width` × `height` cells."""
    return max(1, (width - MARGIN) // COMPACT_W), max(1, (height - 1) // COMPACT_H)


@lru_cache(maxsize=8)
def shades(pal: Palette) -> dict[str, str]:
    """The tile backgrounds: two quiet shades alternating, and the lit ones."""
    fg, bg = pal.foreground, pal.background
    return {
        "even": blend(bg, fg, 0.07),
        "odd": blend(bg, fg, 0.15),
        "cursor": pal.highlight,
        "legal": blend(bg, pal.success, 0.28),
        "refused": blend(bg, pal.error, 0.35),
        "placed": blend(bg, pal.accent, 0.3),
        "course": blend(bg, pal.primary, 0.3),
    }


def _on(lines: list[Text], bg: str, dim: bool = False) -> list[Text]:
    out = []
    for line in lines:
        copy = line.copy()
        copy.style = f"on {bg}"
        if dim:
            copy.stylize("dim")
        out.append(copy)
    return out


def compact_tile(painter: CityPainter, pos: Pos) -> list[Text] | None:
    """The three lines of the tile (or empty place) at `pos`, or None when nothing is drawn there."""
    marks, pal = painter.marks, painter.pal
    shade = shades(pal)
    cursor = pos == marks.cursor_tile
    geom = painter.tiles.get(pos)
    if geom is None:
        if marks.ghost is not None and marks.ghost[0] == pos:
            _, kind, k, fits = marks.ghost
            ghost = GEOMS[(kind, k)]
            return _on(painter.lines(pos, ghost, ghost=True), shade["legal" if fits else "refused"], dim=True)
        if pos in marks.target_tiles or cursor:
            bg = shade["cursor" if cursor else "legal"]
            mid = Text(f"    {icon('legal')}    ", style=f"bold {pal.text_success} on {bg}")
            return [Text(" " * COMPACT_W, style=f"on {bg}"), mid, Text(" " * COMPACT_W, style=f"on {bg}")]
        return None
    if cursor:
        bg = shade["cursor"]
    elif pos in marks.target_tiles:
        bg = shade["legal"]
    elif pos == marks.placed:
        bg = shade["placed"]
    elif marks.course and pos in marks.course:
        bg = shade["course"]
    else:
        bg = shade["even" if (pos[0] + pos[1]) % 2 == 0 else "odd"]
    return _on(painter.lines(pos, geom), bg)


def compact_grid(painter: CityPainter, origin: Pos, size: tuple[int, int]) -> list[Text]:
    """The compact map lines for a window of `size` (width, height) cells from tile `origin`."""
    width, height = size
    ncols, nrows = compact_size(width, height)
    muted = painter.pal.muted
    ruler = Text(" " * MARGIN, no_wrap=True)
    for col in range(origin[1], origin[1] + ncols):
        ruler.append(f"{col:^{COMPACT_W}}", style=muted)
    lines = [ruler]
    blank = Text(" " * COMPACT_W)
    for r in range(nrows):
        row = origin[0] + r
        out = [Text(f"{row:>3} " if i == 1 else " " * MARGIN, style=muted, no_wrap=True) for i in range(COMPACT_H)]
        for c in range(ncols):
            drawn = compact_tile(painter, (row, origin[1] + c))
            for i in range(COMPACT_H):
                out[i].append_text(drawn[i] if drawn is not None else blank)
        lines.extend(out)
    return [fit(line, width) for line in lines[:height]]
