"""Tolleno's overview map (one line per tile row, `z`), and the ASCII stand-ins of the words drawn.

Nothing here decides what is legal: the caller passes the highlights (built from the legal
actions the shell handed over) and these functions only paint them.
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.rules.state import Building
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import MARGIN, WATER, Marks
from boardgames_tui.games.tolleno.table.look import Seats
from boardgames_tui.ui.kit import Palette, ascii_mode, icon
from boardgames_tui.ui.kit.block import fit

OVER_W, OVER_H = 5, 1
SHAPES = {5: "║", 10: "═", 3: "╚", 6: "╔", 12: "╗", 9: "╝", 7: "╠", 14: "╦", 13: "╣", 11: "╩", 15: "╬"}
"""A tile's canal sides (N 1, E 2, S 4, W 8) as one box-drawing glyph for the overview."""
ASCII_SHAPES = {5: "|", 10: "-"}


def tile_leader(pos: Pos, buildings: dict[tuple[Pos, Corner], Building]) -> int | None:
    """The single owner of the tallest building on a tile (-1 if shared, None if no building)."""
    here = [b for b in buildings.values() if b.pos == pos]
    if not here:
        return None
    top = max(b.height for b in here)
    owners = {b.owner for b in here if b.height == top}
    return owners.pop() if len(owners) == 1 else -1


def overview(
    view: TollenoView, marks: Marks, seats: Seats, origin: Pos, size: tuple[int, int], pal: Palette
) -> list[Text]:
    """The city one short line per tile row: canal shape, value, who leads the tile, a boat."""
    width, height = size
    ncols = max(1, (width - MARGIN) // OVER_W)
    nrows = max(1, height - 1)
    tiles = {t.pos: t.geom for t in view.tiles}
    buildings = {(b.pos, b.corner): b for b in view.buildings}
    boats = {s.boat: i for i, s in enumerate(view.seats) if s.boat is not None}
    ruler = Text(" " * MARGIN, no_wrap=True)
    for col in range(origin[1], origin[1] + ncols):
        ruler.append(f"{col:^{OVER_W}}", style=pal.muted)
    lines = [ruler]
    for row in range(origin[0], origin[0] + nrows):
        line = Text(f"{row:>3} ", style=pal.muted, no_wrap=True)
        for col in range(origin[1], origin[1] + ncols):
            pos = (row, col)
            lit = pos == marks.cursor_tile or (marks.cursor_space is not None and marks.cursor_space[0] == pos)
            target = pos in marks.target_tiles or any(s[0] == pos for s in marks.target_spaces)
            extra = (" reverse" if lit else "") + (f" underline {pal.text_success}" if target else "")
            geom = tiles.get(pos)
            if geom is None:
                mark = icon("legal") if pos in marks.target_tiles else " "
                line.append(f" {mark}  ", style=f"bold {pal.text_success}{extra}".strip() if target else extra.strip())
                line.append(" ")
                continue
            shapes = ASCII_SHAPES if icon("water") == "~" else SHAPES
            line.append(shapes.get(geom.mask, "+"), style=WATER + extra)
            line.append(str(geom.value), style="bold" + extra)
            leader = tile_leader(pos, buildings)
            if leader is None or leader < 0:
                line.append("=" if leader == -1 else "·", style=pal.muted + extra)
            else:
                line.append(seats.glyph(leader), style=f"bold {seats.colour(leader)}{extra}")
            boat = boats.get(pos)
            line.append(icon("boat") if boat is not None else " ",
                        style=f"bold {seats.colour(boat)}{extra}" if boat is not None else extra.strip())
            line.append(" ")
        lines.append(line)
    return [ascii_safe(fit(line, width)) for line in lines[:height]]


_PLAIN = str.maketrans({"·": ".", "—": "-", "→": ">", "│": "|", "…": "~"})
"""The few typographic characters of the panel's words, each with a one-cell ASCII stand-in."""


def ascii_safe(text: Text) -> Text:
    """`text` with its typographic characters in ASCII when the icons are (same length, same styles)."""
    if not ascii_mode():
        return text
    plain = text.plain.translate(_PLAIN)
    if plain == text.plain:
        return text
    copy = text.copy()
    copy.plain = plain
    return copy
