"""Where a held tile may go (A3, P1-P7), worked out once per layout and kept with it.

A bot's playout asks the same question three times of every tile it holds: `legal` lists the
cells, the random player weighs them, and `apply` checks the one chosen. A layout is shared by
every area with the same tiles (`area.layout`), so the answer is kept in the layout the tile is
put into (`Layout.derived`), under the tile type, the cell it was lifted from and the residents
that matter to P7: each later question is then a dictionary look-up.

The answer is T(area) less the cells it may not take: the occupied ones, and the frontier cells
whose P1-P5 verdict (`Layout.fits`) or P6/P7 refuse the tile. A cell beside no tile passes every
check, so only the frontier is examined.
"""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.evolve import memo
from boardgames_tui.games.tasnia.rules.actions import Put
from boardgames_tui.games.tasnia.rules.area import Area, Layout, remove_tile
from boardgames_tui.games.tasnia.rules.components import DOOR_CODES
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Held

Box = tuple[int, int, int, int]


class PutOptions:
    """The cells a held tile may go to: `puts` in the order of T(area), `cells` as a set, and
    `derived` for what a caller works out from them once (the random player's weights)."""

    __slots__ = ("cells", "derived", "puts")

    def __init__(self, puts: tuple[Put, ...]) -> None:
        self.puts = puts
        self.cells = frozenset(p.cell for p in puts)
        self.derived: dict[object, object] = {}


def without(area: Area, cell: Cell, lock: bool = True) -> tuple[Area, str, tuple[str, ...]]:
    """`remove_tile`, worked out once per area (a lifted tile's area is asked for by `legal`,
    then by `apply`)."""
    return memo(area, (cell, lock), lambda a: remove_tile(a, cell, lock=lock))


def rest_of(area: Area, held: Held) -> Area:
    """The area the held tile is put into: without it if it was lifted from a cell."""
    return area if held.source is None else without(area, held.source)[0]


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
    """The cells `held` may go to in `area`, from the layout's store or worked out into it."""
    rest = rest_of(area, held)
    lay = rest.layout
    residents: tuple[int, ...] | None = None
    if rest.cards:
        counts = rest.residents()
        residents = tuple(counts) if sum(counts) >= 2 else None  # fewer than two: P7 always passes
    code = held.tile[0]
    key = (code, held.source, residents)
    options = lay.derived.get(key)
    if options is None:
        options = lay.derived[key] = _options(lay, area.layout, code, residents)
    assert isinstance(options, PutOptions)
    return options


def _options(lay: Layout, before: Layout, code: str, residents: tuple[int, ...] | None) -> PutOptions:
    """The options in the layout `lay` the tile goes into, T(area) read from the area `before`."""
    if before.box is None:
        return PutOptions((_put((0, 0)),))
    refused = _refused(lay, code, residents)
    grid = before.grid
    return PutOptions(tuple(put for cell, put in _box_puts(before.box) if cell not in grid and cell not in refused))


def _refused(lay: Layout, code: str, residents: tuple[int, ...] | None) -> frozenset[Cell]:
    """The frontier cells of `lay` where a tile of type `code` breaks one of P1-P7."""
    key = ("refused", code, residents)
    kept = lay.derived.get(key)
    if kept is not None:
        assert isinstance(kept, frozenset)
        return kept
    label = lay.label
    doors = lay.doors
    door = code in DOOR_CODES
    out = []
    for cell, fit in lay.fits.items():
        if code not in fit:
            out.append(cell)  # P1-P5
            continue
        x, y = cell
        joined = {label[n] for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if n in label}
        if sum(doors[b] for b in joined) + door >= 2:
            out.append(cell)  # P6 one door
        elif residents is not None and sum(residents[b] for b in joined) >= 2:
            out.append(cell)  # P7 one resident
    refused = lay.derived[key] = frozenset(out)
    return refused


_PUTS: dict[Cell, Put] = {}


def _put(cell: Cell) -> Put:
    """The action putting a tile on `cell`, made once and reused."""
    action = _PUTS.get(cell)
    if action is None:
        action = _PUTS[cell] = Put(cell)
    return action


@lru_cache(maxsize=4096)
def _box_puts(box: Box) -> tuple[tuple[Cell, Put], ...]:
    """T(area) for an occupied box, occupied cells included, each cell with its Put: the box
    grown by one, row by row from the bottom, then the new-building anchor."""
    x0, x1, y0, y1 = box
    cells = [*((x, y) for y in range(y0 - 1, y1 + 2) for x in range(x0 - 1, x1 + 2)), (x1 + 2, 0)]
    return tuple((cell, _put(cell)) for cell in cells)
