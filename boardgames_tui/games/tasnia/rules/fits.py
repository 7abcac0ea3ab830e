"""Which tile types the neighbours of an empty cell allow there (placement checks P1-P5).

P1-P5 read nothing but the eight cells around the one being built on, and of a neighbour only
whether it is wood, a roof, a tower base or a tower peak; so their verdict for every tile type is a
function of those eight neighbours' kinds. `fit_at` looks that verdict up in a table filled by the
checks themselves (`geometry.placement_failure`, the one statement of the rules) once per
arrangement of kinds met, a neighbour standing for its kind by the first tile type of that kind.
A layout keeps the verdict of each of its frontier cells and, when one tile comes or goes, looks
again only at the cells around it (`refit`): listing where a held tile may go then costs a
dictionary look-up per cell instead of the checks.
"""

from __future__ import annotations

from collections.abc import Mapping

from boardgames_tui.games.tasnia.rules.components import ROOF_CODES, STAR, TOWER, TOWER_BASES, TYPES, WOOD_CODES, Cell
from boardgames_tui.games.tasnia.rules.geometry import placement_failure

Around = tuple[str | None, ...]
"""The types of the eight neighbours (None: empty), in the order of `_AROUND`."""

_AROUND = ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1))
_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
_TABLE: dict[Around, frozenset[str]] = {}


def _kinds() -> dict[str | None, str | None]:
    """Each tile (plain and gold-star) to the first tile type of its kind; None stays None."""
    first: dict[tuple[bool, ...], str] = {}
    out: dict[str | None, str | None] = {None: None}
    for code in TYPES:
        kind = (code in WOOD_CODES, code in ROOF_CODES, code in TOWER_BASES, code == TOWER)
        out[code] = out[code + STAR] = first.setdefault(kind, code)
    return out


_KIND = _kinds()


def _fitting(around: Around) -> frozenset[str]:
    """The tile types that pass P1-P5 on a cell with these neighbours (no building to join, so
    P6 and P7 pass)."""
    grid = {offset: code for offset, code in zip(_AROUND, around, strict=True) if code is not None}
    return frozenset(code for code in TYPES if placement_failure(grid, (0, 0), code, {}, [], []) is None)


def fit_at(grid: Mapping[Cell, str], cell: Cell) -> frozenset[str]:
    """The tile types P1-P5 allow on the empty `cell` of `grid`."""
    x, y = cell
    get = grid.get
    kind = _KIND
    around = (
        kind[get((x, y - 1))],
        kind[get((x, y + 1))],
        kind[get((x - 1, y))],
        kind[get((x + 1, y))],
        kind[get((x - 1, y - 1))],
        kind[get((x + 1, y - 1))],
        kind[get((x - 1, y + 1))],
        kind[get((x + 1, y + 1))],
    )  # in the order of _AROUND
    fits = _TABLE.get(around)
    if fits is None:
        fits = _TABLE[around] = _fitting(around)
    return fits


def fits_of(grid: Mapping[Cell, str], frontier: frozenset[Cell]) -> dict[Cell, frozenset[str]]:
    """The verdict of every frontier cell, from scratch."""
    return {cell: fit_at(grid, cell) for cell in frontier}


def refit(
    before: dict[Cell, frozenset[str]], grid: Mapping[Cell, str], frontier: frozenset[Cell], changed: Cell
) -> dict[Cell, frozenset[str]]:
    """The verdicts after the tile on `changed` came or went: only that cell and its eight
    neighbours can differ (`grid` and `frontier` are the new ones)."""
    fits = dict(before)
    x, y = changed
    for cell in ((x, y), *((x + dx, y + dy) for dx, dy in _AROUND)):
        if cell in frontier:
            fits[cell] = fit_at(grid, cell)
        else:
            fits.pop(cell, None)
    return fits


def frontier_after_removal(before: frozenset[Cell], grid: Mapping[Cell, str], removed: Cell) -> frozenset[Cell]:
    """The empty cells beside a tile once the tile on `removed` is gone (`grid` is without it):
    only that cell and its four neighbours can change."""
    x, y = removed
    changed = [removed, *((x + dx, y + dy) for dx, dy in _SIDES)]
    return before.difference(changed).union([c for c in changed if c not in grid and touches(grid, c)])


def touches(grid: Mapping[Cell, str], cell: Cell) -> bool:
    """Whether a tile of `grid` shares a side with `cell`."""
    x, y = cell
    return (x - 1, y) in grid or (x + 1, y) in grid or (x, y - 1) in grid or (x, y + 1) in grid
