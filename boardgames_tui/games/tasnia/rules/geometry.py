"""The build area's geometry: buildings, placement checks (A3, P1-P7) and completion (C1-C7).

Pure functions over a grid, a dict from cell (x, y) to tile (y grows upward). Each check returns
a readable reason that starts with its name, or None when it passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from boardgames_tui.games.tasnia.rules.components import (
    DOOR_CODES,
    FLAT,
    LEFT_SLOPE,
    PEAK,
    RIGHT_SLOPE,
    ROOF_CODES,
    ROOF_EDGES,
    STONE_CODES,
    TOWER,
    TOWER_BASES,
    TYPES,
    WOOD_CODES,
    WOOD_ROOFS,
    Cell,
)

Grid = Mapping[Cell, str]

_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def canonical(cells: Iterable[Cell]) -> Cell:
    """The lowest, then leftmost, cell: the name a building goes by."""
    return min(cells, key=lambda c: (c[1], c[0]))


def buildings(grid: Grid) -> list[frozenset[Cell]]:
    """The buildings: tiles joined through shared sides, ordered by their canonical cell."""
    seen: set[Cell] = set()
    out: list[frozenset[Cell]] = []
    for start in grid:
        if start in seen:
            continue
        part = {start}
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in _SIDES:
                n = (x + dx, y + dy)
                if n in grid and n not in part:
                    part.add(n)
                    todo.append(n)
        seen |= part
        out.append(frozenset(part))
    out.sort(key=lambda b: (lambda c: (c[1], c[0]))(canonical(b)))
    return out


def targets(grid: Grid) -> list[Cell]:
    """T(area): the empty cells of the occupied box grown by one, plus the new-building anchor."""
    if not grid:
        return [(0, 0)]
    xs = [c[0] for c in grid]
    ys = [c[1] for c in grid]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    out = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if (x, y) not in grid]
    out.append((x1 + 1, 0))
    return out


def _stone(tile: str | None) -> bool:
    return tile is not None and tile[0] in STONE_CODES


def placement_failure(
    grid: Grid,
    cell: Cell,
    tile: str,
    label: Mapping[Cell, int],
    doors: list[int],
    residents: list[int],
) -> str | None:
    """Why `tile` may not go on the empty `cell` (checks P1-P7 in order), or None.

    `label` maps each occupied cell to its building's index in `doors`/`residents`, which count
    that building's doors and resident cards.
    """
    x, y = cell
    code = tile[0]
    below = grid.get((x, y - 1))
    above = grid.get((x, y + 1))
    left = grid.get((x - 1, y))
    right = grid.get((x + 1, y))
    is_roof = code in ROOF_CODES
    wood = code in WOOD_CODES
    # P1 ROOF_TOP
    if below is not None and below[0] in ROOF_CODES:
        return "P1 roof top: nothing may stand on a roof tile"
    if above is not None and is_roof:
        return "P1 roof top: a roof tile may not go under another tile"
    # P2 MATERIAL_UP
    if below is not None and not wood and below[0] in WOOD_CODES:
        return "P2 material: stone may not stand on wood"
    if above is not None and wood and above[0] in STONE_CODES:
        return "P2 material: a stone tile would stand on this wood tile"
    # P3 MATERIAL_SIDE
    for side in (left, right):
        if side is not None and (side[0] in WOOD_CODES) != wood:
            return "P3 material: wood and stone may not stand side by side"
    # P4 TOWER_BASE
    if code == TOWER and below is not None:
        if below[0] not in TOWER_BASES:
            return "P4 tower base: a tower peak must stand on a stone wall or door"
        if _stone(grid.get((x - 1, y - 1))) or _stone(grid.get((x + 1, y - 1))):
            return "P4 tower base: the stone under a tower peak may have no stone beside it"
    if above is not None and above[0] == TOWER:
        if code not in TOWER_BASES:
            return "P4 tower base: only a stone wall or door may hold up a tower peak"
        if _stone(left) or _stone(right):
            return "P4 tower base: the stone under a tower peak may have no stone beside it"
    if not wood:
        for dx in (-1, 1):
            if (x + dx, y) in grid and grid.get((x + dx, y + 1), " ")[0] == TOWER:
                return "P4 tower base: no stone may stand beside the tile under a tower peak"
    # P5 TOWER_ALONE
    if code == TOWER and any(s is not None and s[0] in ROOF_CODES for s in (left, right)):
        return "P5 tower alone: no roof may stand beside a tower peak"
    if is_roof and any(s is not None and s[0] == TOWER for s in (left, right)):
        return "P5 tower alone: no roof may stand beside a tower peak"
    # P6 ONE_DOOR and P7 ONE_RESIDENT on the building this tile joins
    joined = {label[n] for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if n in label}
    if sum(doors[b] for b in joined) + (code in DOOR_CODES) >= 2:
        return "P6 one door: a building may have only one door"
    if sum(residents[b] for b in joined) >= 2:
        return "P7 one resident: a building may house only one of Baron, Merchant and Princess"
    return None


def completion_failure(grid: Grid, cells: Iterable[Cell]) -> str | None:
    """Why the building made of `cells` is not complete (checks C1-C7 in order), or None."""
    part = list(cells)
    codes = [grid[c][0] for c in part]
    door_count = sum(1 for c in codes if c in DOOR_CODES)
    if door_count != 1:
        return "C1 door: a complete building has exactly one door" + (" (it has none)" if not door_count else "")
    if len(part) < 2:
        return "C2 size: a complete building has at least 2 tiles"
    ground = min(c[1] for c in part)
    columns: dict[int, list[int]] = {}
    for x, y in part:
        columns.setdefault(x, []).append(y)
    caps: dict[int, int] = {}
    for x, ys in columns.items():
        top = max(ys)
        if min(ys) != ground or top - ground + 1 != len(ys):
            return f"C3 solid: column {x} has a gap between the ground row and its top"
        caps[x] = top
    for x, top in sorted(caps.items()):
        if grid[(x, top)][0] not in ROOF_CODES:
            return f"C4 covered: column {x} is not topped by a roof"
    for x in columns:
        if grid[(x, ground)][0] in ROOF_CODES:
            return f"C5 ground: the roof tile in column {x} touches the ground"
    wood_roofs = [(c, code) for c, code in zip(part, codes, strict=True) if code in WOOD_ROOFS]
    if wood_roofs:
        peaks = [c for c, code in wood_roofs if code == PEAK]
        if len(peaks) != 1:
            return f"C6 one peak: a wooden roof needs exactly one peak (it has {len(peaks)})"
        px = peaks[0][0]
        for (x, _), code in wood_roofs:
            if code == LEFT_SLOPE and x >= px:
                return "C7 runoff: a left slope stands right of the peak, so the roof rises"
            if code == RIGHT_SLOPE and x <= px:
                return "C7 runoff: a right slope stands left of the peak, so the roof rises"
    for x in sorted(caps):
        if x + 1 not in caps:
            continue
        left_code = grid[(x, caps[x])][0]
        right_code = grid[(x + 1, caps[x + 1])][0]
        h_left = caps[x] + ROOF_EDGES[left_code][1]
        h_right = caps[x + 1] + ROOF_EDGES[right_code][0]
        if h_left < h_right and left_code not in (LEFT_SLOPE, FLAT):
            return f"C7 runoff: rain collects between columns {x} and {x + 1}"
        if h_left > h_right and right_code not in (RIGHT_SLOPE, FLAT):
            return f"C7 runoff: rain collects between columns {x} and {x + 1}"
    return None


def whole_area_failure(grid: Grid) -> str | None:
    """The first of P1-P6 (in that order) that a whole grid breaks, or None; P7 needs the cards."""
    # The checks never read the cell being placed, only its neighbours, so the full grid serves.
    found = []
    for cell in sorted(grid, key=lambda c: (c[1], c[0])):
        reason = placement_failure(grid, cell, grid[cell], {}, [], [])
        if reason is not None:
            found.append(f"{reason} (at {cell[0]},{cell[1]})")
    for part in buildings(grid):
        if sum(1 for c in part if grid[c][0] in DOOR_CODES) >= 2:
            found.append("P6 one door: a building may have only one door")
    return min(found, key=lambda r: r[:2]) if found else None


def material_of(tile: str) -> str:
    return TYPES[tile[0]].material
