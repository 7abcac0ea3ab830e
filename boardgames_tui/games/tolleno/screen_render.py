"""Drawing Tolleno's view as Rich text: the city in detail or as an overview, and the side panel.

Nothing here decides what is legal: the caller passes the highlights (built from the legal
actions the shell handed over) and these functions only paint them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.tolleno.components import (
    BOARDS_BY_ID,
    CONTRACTS_BY_ID,
    FLOOR_EFFECTS,
    INITIAL_CONTRACTS,
    PLAYER_FLOORS,
)
from boardgames_tui.games.tolleno.geometry import CELL_CORNER, GEOMS, Corner, Pos, TileGeom
from boardgames_tui.games.tolleno.state import Building, MapContract, TollenoView

LETTERS = "ABCD"
TILE_W, TILE_H = 9, 3
OVER_W, OVER_H = 5, 1
MARGIN = 4

WATER = Style(color="#5fafff")
LAND = Style(color="grey50")
STRUCTURE = Style(bold=True)
FOUNTAIN = Style(color="#87d7ff", bold=True)
CONTRACT = Style(color="grey70", bold=True)
TARGET = Style(bgcolor="#005f00", bold=True)
CURSOR = Style(reverse=True, bold=True)
GHOST_OK = Style(bgcolor="#005f00")
GHOST_BAD = Style(bgcolor="#5f0000")

SHAPES = {5: "║", 10: "═", 3: "╚", 6: "╔", 12: "╗", 9: "╝", 7: "╠", 14: "╦", 13: "╣", 11: "╩", 15: "╬"}
"""A tile's canal sides (N 1, E 2, S 4, W 8) as one box-drawing glyph for the overview."""


@dataclass(frozen=True)
class Marks:
    """What to highlight on the map: cursor, legal targets, a ghost tile being placed."""

    cursor_tile: Pos | None = None
    cursor_space: tuple[Pos, Corner] | None = None
    target_tiles: frozenset[Pos] = frozenset()
    target_spaces: frozenset[tuple[Pos, Corner]] = frozenset()
    ghost: tuple[Pos, str, int, bool] | None = None
    """(position, kind, rotation, fits) of the held tile under the cursor."""
    carry: tuple[tuple[Pos, Corner], tuple[Pos, Corner]] | None = None
    """The floor the boat would carry: from space, to space."""
    colours: tuple[str, ...] = field(default_factory=tuple)
    placed: Pos | None = None
    """The tile placed this turn (underlined)."""
    first: tuple[Pos, Corner] | None = None
    """This turn's first floor (underlined)."""


def seat_style(marks: Marks, seat: int) -> Style:
    colour = marks.colours[seat] if seat < len(marks.colours) else "white"
    return Style(color=colour, bold=True)


def bounds(view: TollenoView, pad: int = 1) -> tuple[int, int, int, int]:
    """(min row, min col, max row, max col) of the city, grown by `pad` positions."""
    rows = [t.pos[0] for t in view.tiles]
    cols = [t.pos[1] for t in view.tiles]
    return min(rows) - pad, min(cols) - pad, max(rows) + pad, max(cols) + pad


def _cell(
    geom: TileGeom,
    pos: Pos,
    r: int,
    c: int,
    buildings: dict[tuple[Pos, Corner], Building],
    contracts: dict[tuple[Pos, Corner], MapContract],
    boat: int | None,
    marks: Marks,
) -> tuple[str, Style]:
    ch = geom.rows[r][c]
    if ch == "~":
        return "~~~", WATER
    if ch.isdigit():
        if boat is not None:
            style = seat_style(marks, boat) + STRUCTURE
            text = f"{ch}@{LETTERS[boat]}"
        else:
            style, text = STRUCTURE, f"[{ch}]"
        if pos in marks.target_tiles:
            style, text = style + TARGET, text if boat is not None else f"*{ch}*"
        if pos == marks.placed:
            style = style + Style(underline=True)
        return text, style
    if ch in "^>v<":
        return f" {ch} ", FOUNTAIN
    corner = CELL_CORNER.get((r, c))
    if ch != "o" or corner is None:
        return " . ", LAND
    space = (pos, corner)
    building = buildings.get(space)
    target = space in marks.target_spaces
    if space in contracts:
        text, style = "###", CONTRACT
    elif building is not None:
        text = f"{LETTERS[building.owner]}{building.height}"
        text = (text + ("*" if target else " "))[:3]
        style = seat_style(marks, building.owner)
    else:
        text, style = (" * " if target else " o "), Style()
    if marks.carry is not None and space in marks.carry:
        text = text[:2] + ("↑" if space == marks.carry[0] else "↓")
    if target:
        style = style + TARGET
    if space == marks.first:
        style = style + Style(underline=True)
    if space == marks.cursor_space:
        style = style + CURSOR
    return text, style


def render_city(view: TollenoView, marks: Marks, origin: Pos, size: tuple[int, int], overview: bool) -> Text:
    """The part of the city that fits in `size` (width, height) from tile `origin` (top-left)."""
    width, height = size
    tw, th = (OVER_W, OVER_H) if overview else (TILE_W, TILE_H)
    ncols = max(1, (width - MARGIN) // tw)
    nrows = max(1, (height - 1) // th)
    tiles = {t.pos: GEOMS[(t.kind, t.k)] for t in view.tiles}
    buildings = {(b.pos, b.corner): b for b in view.buildings}
    contracts = {(c.pos, c.corner): c for c in view.contracts}
    boats = {s.boat: i for i, s in enumerate(view.seats) if s.boat is not None}
    ghost_geom = None
    if marks.ghost is not None:
        gpos, kind, k, fits = marks.ghost
        ghost_geom = (gpos, GEOMS[(kind, k)], fits)
    out = Text(no_wrap=True, overflow="crop")
    out.append(" " * MARGIN)
    for col in range(origin[1], origin[1] + ncols):
        out.append(f"{col:^{tw}}"[:tw], style=LAND)
    out.append("\n")
    for row in range(origin[0], origin[0] + nrows):
        for line in range(th):
            out.append(f"{row:>3} " if line == th // 2 else " " * MARGIN, style=LAND)
            for col in range(origin[1], origin[1] + ncols):
                pos = (row, col)
                if overview:
                    _overview_tile(out, pos, tiles, buildings, boats, marks, ghost_geom)
                else:
                    _detail_line(out, pos, line, tiles, buildings, contracts, boats, marks, ghost_geom)
            out.append("\n")
    out.rstrip()
    return out


def _detail_line(
    out: Text,
    pos: Pos,
    line: int,
    tiles: dict[Pos, TileGeom],
    buildings: dict[tuple[Pos, Corner], Building],
    contracts: dict[tuple[Pos, Corner], MapContract],
    boats: dict[Pos, int],
    marks: Marks,
    ghost: tuple[Pos, TileGeom, bool] | None,
) -> None:
    geom = tiles.get(pos)
    is_cursor = pos == marks.cursor_tile
    if geom is None and ghost is not None and ghost[0] == pos:
        style = GHOST_OK if ghost[2] else GHOST_BAD
        for c in range(3):
            ch = ghost[1].rows[line][c]
            text = "~~~" if ch == "~" else f"[{ch}]" if ch.isdigit() else f" {ch} "
            out.append(text, style=style + (CURSOR if is_cursor and c == 1 else Style()))
        return
    if geom is None:
        if pos in marks.target_tiles:
            text = " ·  +  · " if line == 1 else " ·     · "
            out.append(text, style=Style(color="green") + (CURSOR if is_cursor else Style()))
        elif is_cursor:
            out.append("┌───────┐" if line == 0 else "└───────┘" if line == 2 else "│       │", style=CURSOR)
        else:
            out.append(" " * TILE_W)
        return
    boat = boats.get(pos)
    for c in range(3):
        text, style = _cell(geom, pos, line, c, buildings, contracts, boat, marks)
        if is_cursor and (line, c) == (1, 1):
            style = style + CURSOR
        out.append(text, style=style)


def tile_leader(pos: Pos, buildings: dict[tuple[Pos, Corner], Building]) -> str:
    """The letter of the single owner of the tallest building on a tile, '=' if shared, '·' if none."""
    here = [b for b in buildings.values() if b.pos == pos]
    if not here:
        return "·"
    top = max(b.height for b in here)
    owners = {b.owner for b in here if b.height == top}
    return LETTERS[owners.pop()] if len(owners) == 1 else "="


def _overview_tile(
    out: Text,
    pos: Pos,
    tiles: dict[Pos, TileGeom],
    buildings: dict[tuple[Pos, Corner], Building],
    boats: dict[Pos, int],
    marks: Marks,
    ghost: tuple[Pos, TileGeom, bool] | None,
) -> None:
    geom = tiles.get(pos)
    cursor = CURSOR if pos == marks.cursor_tile or (
        marks.cursor_space is not None and marks.cursor_space[0] == pos) else Style()
    if geom is None:
        if ghost is not None and ghost[0] == pos:
            out.append(f"{SHAPES.get(ghost[1].mask, '?')}{ghost[1].value}? ",
                       style=(GHOST_OK if ghost[2] else GHOST_BAD) + cursor)
        elif pos in marks.target_tiles:
            out.append("  + ", style=Style(color="green") + cursor)
        else:
            out.append("    ", style=cursor)
        out.append(" ")
        return
    style = TARGET if pos in marks.target_tiles or any(s[0] == pos for s in marks.target_spaces) else Style()
    out.append(SHAPES.get(geom.mask, "?"), style=WATER + style + cursor)
    placed = Style(underline=True) if pos == marks.placed else Style()
    out.append(str(geom.value), style=STRUCTURE + style + cursor + placed)
    leader = tile_leader(pos, buildings)
    owner = LETTERS.index(leader) if leader in LETTERS else None
    out.append(leader, style=(seat_style(marks, owner) if owner is not None else LAND) + style + cursor)
    boat = boats.get(pos)
    out.append(LETTERS[boat].lower() if boat is not None else " ",
               style=(seat_style(marks, boat) if boat is not None else Style()) + style + cursor)
    out.append(" ")


def held_tile_lines(kind: str, k: int) -> list[Text]:
    """The held tile drawn as three lines, turned `k` quarter turns."""
    geom = GEOMS[(kind, k)]
    lines = []
    for r in range(3):
        line = Text()
        for c in range(3):
            ch = geom.rows[r][c]
            if ch == "~":
                line.append("~~~", style=WATER)
            elif ch.isdigit():
                line.append(f"[{ch}]", style=STRUCTURE)
            elif ch in "^>v<":
                line.append(f" {ch} ", style=FOUNTAIN)
            else:
                line.append(f" {ch} ", style=LAND if ch == "." else Style())
        lines.append(line)
    return lines


def floor_path(floors: int, style: Style) -> Text:
    """The 20 floors of a board: taken ones filled, the rest showing what taking them unlocks."""
    out = Text()
    marks = {6: "b", 13: "1", 16: "2", 18: "U", 19: "+", 20: "+"}
    for n in range(1, PLAYER_FLOORS + 1):
        if n <= floors:
            out.append("■", style=style)
        else:
            out.append(marks.get(n, "·"), style=Style(bold=n in marks))
    return out


def next_unlock(floors: int) -> str:
    """What the next special floor on the path gives, in words."""
    for n in sorted(FLOOR_EFFECTS):
        if n > floors:
            words = {"boat": "boat unlocked", "1 turn": "boat may turn once", "2 turns": "boat may turn twice",
                     "board": "board scoring on", "+1": "+1 VP at the end", "+2": "+2 VP at the end"}
            return f"floor {n}: {words[FLOOR_EFFECTS[n]]}"
    return "board cleared"


def seat_lines(view: TollenoView, marks: Marks, names_glyphs: list[tuple[str, str]], width: int) -> list[Text]:
    """One line per seat with its public facts (and VP when the viewer may see them)."""
    lines = []
    for i, seat in enumerate(view.seats):
        name, glyph = names_glyphs[i]
        style = seat_style(marks, i)
        line = Text()
        line.append("▶" if i == view.current and view.phase != "over" else " ")
        line.append(f"{glyph}{LETTERS[i]} {name[:10]}", style=style)
        line.append(f" {seat.floors:>2}/20 ")
        line.append_text(floor_path(seat.floors, style))
        boat = "off" if seat.boat is None else f"{seat.boat[0]},{seat.boat[1]}"
        line.append(f" {seat.board} boat {boat}" if seat.floors >= 6 else f" {seat.board}")
        if seat.vp is not None:
            line.append(f" VP {seat.vp}", style=Style(bold=True))
        if seat.contracts_taken:
            line.append(" " + " ".join(seat.contracts_taken), style=CONTRACT)
        line.truncate(width)
        lines.append(line)
    return lines


LEGEND = "~~~ canal [3] value o space A2 building ### contract ^ fountain 3@B boat * yours to take"


def board_text(board: str) -> str:
    b = BOARDS_BY_ID[board]
    return f"{b.id} {b.name}: {b.text}"


def contract_text(cid: str) -> str:
    c = CONTRACTS_BY_ID[cid]
    star = f" (2p: {c.vp_two_players})" if c.vp_two_players != c.vp else ""
    return f"{c.id}: {c.vp}{star} VP for {c.text}"


def initial_text(side: str) -> str:
    return f"{side}: " + ", ".join(f"{a.vp} {a.text}" for a in INITIAL_CONTRACTS[side])
