"""A player's build area as a value: placed tiles, locks, installed cards and the stockpile.

Installed cards belong to buildings; each is stored with its building's canonical cell (lowest,
then leftmost) and re-anchored after every change, so a split or merge carries cards along.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from boardgames_tui.engine.evolve import Evolvable, build, evolve, memo
from boardgames_tui.games.tasnia.rules.components import (
    BARON,
    BARON_MIN_TILES,
    DOOR_CODES,
    HERO,
    MERCHANT,
    MERCHANT_MIN_TILES,
    PRINCESS,
    PRINCESS_MIN_TILES,
    RESIDENTS,
    STONE_CODES,
    WOOD_CODES,
)
from boardgames_tui.games.tasnia.rules.fits import fits_of, frontier_after_removal, refit
from boardgames_tui.games.tasnia.rules.geometry import Cell, buildings, canonical, completion_failure, placement_failure

Tiles = tuple[tuple[Cell, str], ...]
_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(slots=True)
class Layout:
    """What the tiles alone determine: the grid, its buildings and each one's door count. Never
    changed once made (not frozen: a frozen class's construction sets each field through
    `object.__setattr__`, and a layout is made on nearly every tile placed or lifted)."""

    grid: dict[Cell, str] = field(hash=False, compare=False)
    parts: tuple[frozenset[Cell], ...]
    label: dict[Cell, int] = field(hash=False, compare=False)
    doors: tuple[int, ...]
    failures: tuple[str | None, ...]
    """Per building: why it is not complete, or None when it is."""
    frontier: frozenset[Cell]
    """Empty cells that share a side with a tile."""
    anchors: tuple[Cell, ...]
    """Each building's canonical cell."""
    box: tuple[int, int, int, int] | None
    """The occupied bounding box (xmin, xmax, ymin, ymax), None for an empty area."""
    fits: dict[Cell, frozenset[str]] = field(hash=False, compare=False)
    """Per frontier cell, the tile types its neighbours allow there (P1-P5, see `fits`)."""
    rims: tuple[frozenset[Cell], ...]
    """Per building, the empty cells beside it: where a tile would join it (P6, P7)."""


@lru_cache(maxsize=16384)
def _failure(tiles: Tiles) -> str | None:
    grid = dict(tiles)
    return completion_failure(grid, grid)


def _part_failure(grid: dict[Cell, str], part: frozenset[Cell]) -> str | None:
    return _failure(tuple(sorted([(c, grid[c]) for c in part])))


def _door_count(grid: dict[Cell, str], part: frozenset[Cell]) -> int:
    return sum(1 for c in part if grid[c][0] in DOOR_CODES)


def _box(grid: dict[Cell, str]) -> tuple[int, int, int, int] | None:
    if not grid:
        return None
    xs = [c[0] for c in grid]
    ys = [c[1] for c in grid]
    return min(xs), max(xs), min(ys), max(ys)


Entry = tuple[Cell, frozenset[Cell], int, str | None, frozenset[Cell]]
"""A building as a layout is assembled from: anchor, cells, doors, failure and rim."""


def _rim(grid: dict[Cell, str], part: frozenset[Cell]) -> frozenset[Cell]:
    """The empty cells beside the building `part`."""
    return frozenset((x + dx, y + dy) for x, y in part for dx, dy in _SIDES).difference(grid)


def _entry(grid: dict[Cell, str], part: frozenset[Cell]) -> Entry:
    """A building's entry, worked out from its cells."""
    return canonical(part), part, _door_count(grid, part), _part_failure(grid, part), _rim(grid, part)


def _assemble(
    grid: dict[Cell, str],
    entries: list[Entry],
    frontier: frozenset[Cell],
    box: tuple[int, int, int, int] | None,
    fits: dict[Cell, frozenset[str]],
) -> Layout:
    """A layout from its buildings' entries, in any order."""
    if not entries:
        return Layout(grid, (), {}, (), (), frontier, (), box, fits, ())
    entries.sort(key=lambda e: (e[0][1], e[0][0]))
    anchors, parts, doors, failures, rims = zip(*entries, strict=True)  # the entries' columns
    label: dict[Cell, int] = {}
    for i, part in enumerate(parts):
        label.update(dict.fromkeys(part, i))
    return Layout(grid, parts, label, doors, failures, frontier, anchors, box, fits, rims)


def _entries(lay: Layout, skip: Collection[int]) -> list[Entry]:
    """The entries of the layout's buildings but those numbered in `skip`."""
    rows = zip(lay.anchors, lay.parts, lay.doors, lay.failures, lay.rims, strict=True)
    return [e for i, e in enumerate(rows) if i not in skip]


_LAYOUTS: dict[Tiles, Layout] = {}
_LAYOUT_CACHE_SIZE = 8192


def _remember(tiles: Tiles, lay: Layout) -> Layout:
    if len(_LAYOUTS) >= _LAYOUT_CACHE_SIZE:
        _LAYOUTS.clear()
    _LAYOUTS[tiles] = lay
    return lay


def layout(tiles: Tiles) -> Layout:
    """The layout of a set of tiles, computed from scratch (or found in the cache)."""
    lay = _LAYOUTS.get(tiles)
    return lay if lay is not None else _remember(tiles, layout_from_scratch(tiles))


def layout_from_scratch(tiles: Tiles) -> Layout:
    """The layout of a set of tiles, worked out without the cache or an earlier layout (the
    reference the layouts updated tile by tile must equal)."""
    grid = dict(tiles)
    entries = [_entry(grid, b) for b in buildings(grid)]
    frontier = frozenset((x + dx, y + dy) for x, y in grid for dx, dy in _SIDES).difference(grid)
    return _assemble(grid, entries, frontier, _box(grid), fits_of(grid, frontier))


def _layout_with(before: Layout, tiles: Tiles, cell: Cell, tile: str) -> Layout:
    """The layout after setting `tile` on the empty `cell`: only the buildings it joins change."""
    lay = _LAYOUTS.get(tiles)
    if lay is not None:
        return lay
    grid = dict(before.grid)
    grid[cell] = tile
    x, y = cell
    around = [(x + dx, y + dy) for dx, dy in _SIDES]
    joined = {before.label[n] for n in around if n in before.label}
    merged = frozenset({cell}).union(*(before.parts[i] for i in joined))
    entries = _entries(before, joined)
    # The joined buildings' rims and the new tile's empty sides, less the cell it now fills.
    rim = frozenset(n for n in around if n not in grid).union(*(before.rims[i] for i in joined)).difference((cell,))
    entries.append((canonical(merged), merged, _door_count(grid, merged), _part_failure(grid, merged), rim))
    frontier = before.frontier.union([n for n in around if n not in grid]).difference((cell,))
    old = before.box or (x, x, y, y)
    box = (min(old[0], x), max(old[1], x), min(old[2], y), max(old[3], y))
    return _remember(tiles, _assemble(grid, entries, frontier, box, refit(before.fits, grid, frontier, cell)))


def _layout_without(before: Layout, tiles: Tiles, cell: Cell) -> Layout:
    """The layout after taking the tile off `cell`: only the building it leaves changes (it may
    fall apart into several), and the frontier and fits around the cell."""
    lay = _LAYOUTS.get(tiles)
    if lay is not None:
        return lay
    grid = dict(before.grid)
    del grid[cell]
    left = before.label[cell]
    part = before.parts[left]
    entries = _entries(before, (left,))
    x, y = cell
    if sum(n in part for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))) <= 1:
        if len(part) > 1:  # a tile joined to its building by one side at most leaves it in one piece
            entries.append(_entry(grid, part.difference((cell,))))
    else:
        entries.extend(_entry(grid, b) for b in buildings({c: grid[c] for c in part if c != cell}))
    frontier = frontier_after_removal(before.frontier, grid, cell)
    x0, x1, y0, y1 = before.box or (0, 0, 0, 0)
    box = _box(grid) if cell[0] in (x0, x1) or cell[1] in (y0, y1) else before.box
    return _remember(tiles, _assemble(grid, entries, frontier, box, refit(before.fits, grid, frontier, cell)))


_LAYOUT = "layout"
"""The memo key of an area's layout."""
_FIELDS = ("tiles", "locked", "cards", "stock")


def _layout_of(area: Area) -> Layout:
    return layout(area.tiles)


@dataclass(frozen=True)
class Area(Evolvable):
    """One player's tiles in front of them. Its layout is worked out once per area and kept
    beside the value (`engine.evolve.memo`): equality, hashing and pickling ignore it."""

    tiles: Tiles = ()
    locked: frozenset[Cell] = frozenset()
    cards: tuple[tuple[str, Cell], ...] = ()
    """Installed special cards, each with the canonical cell of its building."""
    stock: tuple[str, ...] = ()
    """Loose tiles, sorted."""

    @property
    def layout(self) -> Layout:
        return memo(self, _LAYOUT, _layout_of)

    # Pickles (the playout's mutation check) carry the four values only, as a tuple.
    def __getstate__(self) -> tuple[object, ...]:  # type: ignore[override]
        return (self.tiles, self.locked, self.cards, self.stock)

    def __setstate__(self, values: tuple[object, ...]) -> None:  # type: ignore[override]
        super().__setstate__(dict(zip(_FIELDS, values, strict=True)))

    @property
    def grid(self) -> dict[Cell, str]:
        return self.layout.grid

    def building_of(self, cell: Cell) -> frozenset[Cell]:
        lay = self.layout
        return lay.parts[lay.label[cell]]

    def residents(self) -> list[int]:
        """How many resident cards each building (by layout index) houses."""
        lay = self.layout
        counts = [0] * len(lay.parts)
        for card, anchor in self.cards:
            if card in RESIDENTS:
                counts[lay.label[anchor]] += 1
        return counts

    def cards_at(self, anchor: Cell) -> tuple[str, ...]:
        return tuple(card for card, a in self.cards if a == anchor)

    def guarded(self, anchor: Cell) -> bool:
        return HERO in self.cards_at(anchor)

    def place_failure(self, cell: Cell, tile: str) -> str | None:
        lay = self.layout
        return placement_failure(lay.grid, cell, tile, lay.label, list(lay.doors), self.residents())


def _known(area: Area, lay: Layout) -> Area:
    """`area`, told its layout (worked out already, from the same tiles or from the area before)."""
    memo(area, _LAYOUT, lambda _: lay)
    return area


def same_tiles(area: Area, **changes: Any) -> Area:
    """The same tiles with other locks, cards or stockpile (`changes`): the layout is kept."""
    return _known(evolve(area, **changes), area.layout)


def _with_layout(tiles: Tiles, lay: Layout, locked: frozenset[Cell], cards: tuple[tuple[str, Cell], ...],
                 stock: tuple[str, ...]) -> Area:  # fmt: skip
    return _known(build(Area, tiles=tiles, locked=locked, cards=cards, stock=stock), lay)


def _lock(area: Area) -> Area:
    lay = area.layout
    newly = [b for b, why in zip(lay.parts, lay.failures, strict=True) if why is None]
    if not newly:
        return area
    locked = area.locked.union(*newly)
    return area if locked == area.locked else same_tiles(area, locked=locked)


def add_tile(area: Area, cell: Cell, tile: str) -> Area:
    """The area with `tile` set on the empty `cell` (checks are the caller's); locks refreshed."""
    tiles = list(area.tiles)
    insort(tiles, (cell, tile))
    key = tuple(tiles)
    lay = _layout_with(area.layout, key, cell, tile)
    cards = tuple((card, lay.anchors[lay.label[anchor]]) for card, anchor in area.cards)
    return _lock(_with_layout(key, lay, area.locked, cards, area.stock))


def remove_tile(area: Area, cell: Cell, *, lock: bool = True) -> tuple[Area, str, tuple[str, ...]]:
    """The area without the tile on `cell`, that tile, and the cards left without a building.

    A building cut in two keeps its cards in the default part (`default_part`). With `lock`
    False the locks are left as they were: the first half of a MOVE, whose locks are decided on
    the area after the whole move."""
    before = area.layout
    tile = before.grid[cell]
    at = bisect_left(area.tiles, (cell,))  # the tiles are sorted by cell: (cell,) sorts just before its own
    tiles = area.tiles[:at] + area.tiles[at + 1 :]
    lay = _layout_without(before, tiles, cell)
    cards: list[tuple[str, Cell]] = []
    lost: list[str] = []
    for card, anchor in area.cards:
        remaining = before.parts[before.label[anchor]] - {cell}
        if not remaining:
            lost.append(card)
            continue
        cards.append((card, default_part(lay, {lay.label[c] for c in remaining})))
    new = _with_layout(tiles, lay, area.locked, tuple(cards), area.stock)
    return (_lock(new) if lock else new), tile, tuple(lost)


def default_part(lay: Layout, parts: set[int]) -> Cell:
    """The anchor of the part that keeps a split building's cards unless its owner says otherwise:
    the most tiles, then the one holding the lowest, then leftmost, cell (spec §3.5)."""
    best = min(parts, key=lambda i: (-len(lay.parts[i]), lay.anchors[i][1], lay.anchors[i][0]))
    return lay.anchors[best]


SplitChoice = tuple[str, tuple[Cell, ...]]
"""An installed card whose building was split, and the anchors of the parts it may live in."""


def settle_split(before: Area, after: Area, removed: Cell) -> tuple[Area, tuple[SplitChoice, ...]]:
    """After an action took the tile on `removed` out of a building: each card of a building that
    now lies in several parts goes to the default part of the final area, and is listed with
    those parts so its owner may choose another (spec §3.5)."""
    old = before.layout
    lay = after.layout
    choices: list[SplitChoice] = []
    cards: list[tuple[str, Cell]] = []
    for card, anchor in before.cards:
        remaining = old.parts[old.label[anchor]] - {removed}
        parts = {lay.label[c] for c in remaining if c in lay.label}
        if len(parts) < 2:
            cards.extend((c, a) for c, a in after.cards if c == card)
            continue
        cards.append((card, default_part(lay, parts)))
        choices.append((card, tuple(sorted((lay.anchors[i] for i in parts), key=lambda c: (c[1], c[0])))))
    if not choices:
        return after, ()
    order = {c: i for i, (c, _) in enumerate(after.cards)}
    cards.sort(key=lambda x: order.get(x[0], len(order)))
    return same_tiles(after, cards=tuple(cards)), tuple(choices)


def with_stock(area: Area, added: tuple[str, ...] = (), removed: str | None = None) -> Area:
    stock = list(area.stock)
    if removed is not None:
        stock.remove(removed)
    stock.extend(added)
    return same_tiles(area, stock=tuple(sorted(stock)))


def requirement_failure(area: Area, card: str, anchor: Cell) -> str | None:
    """Why `card` may not live in the building at `anchor`, or None."""
    lay = area.layout
    index = lay.label[anchor]
    part = lay.parts[index]
    codes = [lay.grid[c][0] for c in part]
    if card in RESIDENTS and area.residents()[index] > 0:
        return f"the {card} needs a building with no other inhabitant"
    if card == BARON:
        if lay.failures[index] is not None:
            return "the Baron needs a complete building"
        if len(part) < BARON_MIN_TILES:
            return f"the Baron needs a building of at least {BARON_MIN_TILES} tiles"
    elif card == MERCHANT:
        if any(c not in WOOD_CODES for c in codes):
            return "the Merchant needs a building made only of wood"
        if len(part) < MERCHANT_MIN_TILES:
            return f"the Merchant needs a building of at least {MERCHANT_MIN_TILES} tiles"
    elif card == PRINCESS:
        if any(c not in STONE_CODES for c in codes):
            return "the Princess needs a building made only of stone"
        if len(part) < PRINCESS_MIN_TILES:
            return f"the Princess needs a building of at least {PRINCESS_MIN_TILES} tiles"
    return None


def has_installed(area: Area, card: str) -> bool:
    return any(c == card for c, _ in area.cards)
