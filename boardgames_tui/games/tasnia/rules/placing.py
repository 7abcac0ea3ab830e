"""Where a held tile may go (A3, P1-P7), worked out once per layout and kept with it.

A bot's playout asks the same question three times of every tile it holds: `legal` lists the
cells, the random player weighs them, and `apply` checks the one chosen. The answer is kept
with the area (`engine.evolve.memo`, under the held tile), so each later question is a look-up.
It is not kept with the layout, which a cache shares between areas: kept there, it would outlive
the playout and make the garbage collector's passes longer.

The answer is T(area) less the cells it may not take: the occupied ones, and the frontier cells
whose P1-P5 verdict (`Layout.fits`) or P6/P7 refuse the tile. A cell beside no tile passes every
check, so only the frontier is examined.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import filterfalse

from boardgames_tui.engine.evolve import memo
from boardgames_tui.games.tasnia.rules.actions import Put
from boardgames_tui.games.tasnia.rules.area import Area, Layout, remove_tile
from boardgames_tui.games.tasnia.rules.components import DOOR_CODES
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Held

Box = tuple[int, int, int, int]


class PutOptions:
    """The cells a held tile may go to in the order of T(area), as `cells` and as `puts`;
    `refused`, the frontier cells it may not take; and `derived` for what a caller works out from
    them once (the random player's weights)."""

    __slots__ = ("cells", "derived", "puts", "refused")

    def __init__(self, cells: tuple[Cell, ...], refused: frozenset[Cell]) -> None:
        self.cells = cells
        self.puts = tuple(map(_PUTS.__getitem__, cells))
        self.refused = refused
        self.derived: dict[object, object] = {}


def without(area: Area, cell: Cell, lock: bool = True) -> tuple[Area, str, tuple[str, ...]]:
    """`remove_tile`, worked out once per area (a lifted tile's area is asked for by `legal`,
    then by `apply`)."""
    return memo(area, (cell, lock), lambda a: remove_tile(a, cell, lock=lock))


def rest_of(area: Area, held: Held) -> Area:
    """The area the held tile is put into: without it if it was lifted from a cell. Its locks are
    left undecided, as in a MOVE (nothing asked of it reads them): the MOVE's own `without` then
    finds it worked out already."""
    return area if held.source is None else without(area, held.source, False)[0]


def is_target(lay: Layout, cell: Cell) -> bool:
    """Whether `cell` is in T(area) (spec §3: the occupied box grown by one, plus the anchor)."""
    if cell in lay.grid:
        return False
    if lay.box is None:
        return cell == (0, 0)
    x0, x1, y0, y1 = lay.box
    x, y = cell
    return (x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1) or cell == (x1 + 2, 0)


def put_options(area: Area, held: Held) -> PutOptions:
    """The cells `held` may go to in `area`, worked out once per area and held tile."""
    return memo(area, held, lambda _: _options(area, held))


def may_put(area: Area, held: Held, cell: Cell) -> bool:
    """Whether `held` may go on `cell`: a cell of T(area) that no check refuses."""
    return is_target(area.layout, cell) and cell not in put_options(area, held).refused


def _options(area: Area, held: Held) -> PutOptions:
    """T(area) less the cells taken and the frontier cells of the area the tile goes into where
    it breaks one of P1-P7: its P1-P5 verdict, then the doors (P6) and residents (P7) of the
    buildings it would join."""
    rest = rest_of(area, held)
    lay = rest.layout
    code = held.tile[0]
    refused = {cell for cell, fit in lay.fits.items() if code not in fit}
    refused.update(_beside(lay, lay.doors, 1 if code in DOOR_CODES else 2))
    if rest.cards:
        refused.update(_beside(lay, tuple(rest.residents()), 2))
    before = area.layout
    if before.box is None:
        return PutOptions(((0, 0),), frozenset(refused))
    taken = refused.union(before.grid)
    return PutOptions(tuple(filterfalse(taken.__contains__, _targets(before.box))), frozenset(refused))


def _beside(lay: Layout, counts: tuple[int, ...], least: int) -> set[Cell]:
    """The frontier cells where a tile would join buildings counting at least `least` (1 or 2)
    of `counts` (doors or residents, by building) between them: beside one building counting as
    many, or beside two that count one each. Read off the buildings' rims as whole sets."""
    assert least in (1, 2)
    refused: set[Cell] = set()
    ones: set[Cell] = set()  # beside a building counting one, when `least` is 2
    for rim, n in zip(lay.rims, counts, strict=True):
        if n >= least:
            refused |= rim
        elif n:
            refused |= ones & rim
            ones |= rim
    return refused


_PUTS: dict[Cell, Put] = {(0, 0): Put((0, 0))}
"""Each cell's Put, made once: the anchor of an empty area, then every cell of a T(area) met."""


@lru_cache(maxsize=4096)
def _targets(box: Box) -> tuple[Cell, ...]:
    """T(area) for an occupied box, occupied cells included: the box grown by one, row by row
    from the bottom, then the new-building anchor. Each cell's Put is made here, once."""
    x0, x1, y0, y1 = box
    cells = (*((x, y) for y in range(y0 - 1, y1 + 2) for x in range(x0 - 1, x1 + 2)), (x1 + 2, 0))
    for cell in cells:
        if cell not in _PUTS:
            _PUTS[cell] = Put(cell)
    return cells
