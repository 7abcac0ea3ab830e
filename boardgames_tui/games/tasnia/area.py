"""A player's build area as a value: placed tiles, locks, installed cards and the stockpile.

Installed cards belong to buildings; each is stored with its building's canonical cell (lowest,
then leftmost) and re-anchored after every change, so a split or merge carries cards along.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from boardgames_tui.games.tasnia.components import (
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
from boardgames_tui.games.tasnia.geometry import (
    Cell,
    buildings,
    canonical,
    completion_failure,
    placement_failure,
)

Tiles = tuple[tuple[Cell, str], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """What the tiles alone determine: the grid, its buildings and each one's door count."""

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


@lru_cache(maxsize=16384)
def _failure(tiles: Tiles) -> str | None:
    grid = dict(tiles)
    return completion_failure(grid, grid)


@lru_cache(maxsize=8192)
def layout(tiles: Tiles) -> Layout:
    grid = dict(tiles)
    parts = tuple(buildings(grid))
    label = {c: i for i, b in enumerate(parts) for c in b}
    doors = tuple(sum(1 for c in b if grid[c][0] in DOOR_CODES) for b in parts)
    failures = tuple(_failure(tuple(sorted((c, grid[c]) for c in b))) for b in parts)
    frontier = frozenset((x + dx, y + dy) for x, y in grid for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))).difference(
        grid
    )
    anchors = tuple(canonical(b) for b in parts)
    return Layout(grid, parts, label, doors, failures, frontier, anchors)


@dataclass(frozen=True, slots=True)
class Area:
    """One player's tiles in front of them."""

    tiles: Tiles = ()
    locked: frozenset[Cell] = frozenset()
    cards: tuple[tuple[str, Cell], ...] = ()
    """Installed special cards, each with the canonical cell of its building."""
    stock: tuple[str, ...] = ()
    """Loose tiles, sorted."""

    @property
    def layout(self) -> Layout:
        return layout(self.tiles)

    @property
    def grid(self) -> dict[Cell, str]:
        return layout(self.tiles).grid

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


def _sorted_tiles(grid: dict[Cell, str]) -> Tiles:
    return tuple(sorted(grid.items()))


def _lock(area: Area) -> Area:
    lay = area.layout
    newly = [b for b, why in zip(lay.parts, lay.failures, strict=True) if why is None]
    if not newly:
        return area
    locked = area.locked.union(*newly)
    return area if locked == area.locked else replace(area, locked=locked)


def add_tile(area: Area, cell: Cell, tile: str) -> Area:
    """The area with `tile` set on the empty `cell` (checks are the caller's); locks refreshed."""
    grid = dict(area.grid)
    grid[cell] = tile
    tiles = _sorted_tiles(grid)
    lay = layout(tiles)
    cards = tuple((card, lay.anchors[lay.label[anchor]]) for card, anchor in area.cards)
    return _lock(replace(area, tiles=tiles, cards=cards))


def remove_tile(area: Area, cell: Cell) -> tuple[Area, str, tuple[str, ...]]:
    """The area without the tile on `cell`, that tile, and the cards left without a building.

    A building cut in two keeps its cards in the larger part (on equal size, the part with the
    lowest, then leftmost, cell)."""
    before = area.layout
    grid = dict(before.grid)
    tile = grid.pop(cell)
    tiles = _sorted_tiles(grid)
    lay = layout(tiles)
    cards: list[tuple[str, Cell]] = []
    lost: list[str] = []
    for card, anchor in area.cards:
        remaining = before.parts[before.label[anchor]] - {cell}
        if not remaining:
            lost.append(card)
            continue
        parts = {lay.label[c] for c in remaining}
        best = min(parts, key=lambda i: (-len(lay.parts[i]), lay.anchors[i][1], lay.anchors[i][0]))
        cards.append((card, lay.anchors[best]))
    new = replace(area, tiles=tiles, cards=tuple(cards))
    return _lock(new), tile, tuple(lost)


def with_stock(area: Area, added: tuple[str, ...] = (), removed: str | None = None) -> Area:
    stock = list(area.stock)
    if removed is not None:
        stock.remove(removed)
    stock.extend(added)
    return replace(area, stock=tuple(sorted(stock)))


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
