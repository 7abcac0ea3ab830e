"""Tasnia's component data: tile types, card kinds, counts and scoring values.

Everything a printing of the game could change lives here so it can be swapped in one place.
Much of it (tile costs, card counts, roof edge heights) is reconstructed, not published.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- resource cards -----------------------------------------------------------------------------
WOOD: Final = "Wood"
STONE: Final = "Stone"
IRON: Final = "Iron"
CARPENTER: Final = "Carpenter"
SILVER: Final = "Silver"
GOLD: Final = "Gold"
REGULAR: Final = (WOOD, STONE, IRON, CARPENTER, SILVER, GOLD)
REGULAR_COPIES: Final = 11

BARON: Final = "Baron"
HERO: Final = "Hero"
MERCHANT: Final = "Merchant"
PLAGUE: Final = "Plague"
PRINCESS: Final = "Princess"
SCOUNDREL: Final = "Scoundrel"
SPECIALS: Final = (BARON, HERO, MERCHANT, PLAGUE, PRINCESS, SCOUNDREL)
RESIDENTS: Final = (BARON, MERCHANT, PRINCESS)
"""Special cards that live in a building; a building houses at most one of them."""
INSTALLABLE: Final = (BARON, HERO, MERCHANT, PRINCESS)
ONE_SHOT: Final = (PLAGUE, SCOUNDREL)

ALL_KINDS: Final = REGULAR + SPECIALS
CARD_POINTS: Final = {SILVER: 1, GOLD: 2}
MOVE_CARD_COSTS: Final = ((GOLD,), (SILVER, SILVER))

# --- hands, market, end -------------------------------------------------------------------------
HAND_SIZE: Final = 6
HAND_SIZE_BARON: Final = 7
STACKS: Final = 7
STACK_SIZE: Final = 10
BARON_MIN_TILES: Final = 5
MERCHANT_MIN_TILES: Final = 4
PRINCESS_MIN_TILES: Final = 4


def empty_stacks_to_end(players: int) -> int:
    """How many depleted stacks end the game (one per player)."""
    return players


# --- tiles --------------------------------------------------------------------------------------
Cell = tuple[int, int]
"""A cell of a build area, (x, y) with y growing upward; (0, 0) is the first building's anchor."""

WOOD_MATERIAL: Final = "wood"
STONE_MATERIAL: Final = "stone"


@dataclass(frozen=True, slots=True)
class TileType:
    """One of the ten tile types: its glyph, name, material, class and the cards it costs."""

    code: str
    name: str
    material: str
    cls: str  # "door", "wall" or "roof"
    cost: tuple[str, str, str]


TILE_TYPES: Final = (
    TileType("D", "Wooden Door", WOOD_MATERIAL, "door", (WOOD, CARPENTER, IRON)),
    TileType("W", "Wooden Window Wall", WOOD_MATERIAL, "wall", (WOOD, CARPENTER, SILVER)),
    TileType("/", "Wooden Roof Left", WOOD_MATERIAL, "roof", (WOOD, CARPENTER, SILVER)),
    TileType("^", "Wooden Roof Peak", WOOD_MATERIAL, "roof", (WOOD, CARPENTER, GOLD)),
    TileType("\\", "Wooden Roof Right", WOOD_MATERIAL, "roof", (WOOD, CARPENTER, SILVER)),
    TileType("T", "Stone Door", STONE_MATERIAL, "door", (STONE, IRON, GOLD)),
    TileType("S", "Stone Window Wall", STONE_MATERIAL, "wall", (STONE, IRON, SILVER)),
    TileType("B", "Stone Wall", STONE_MATERIAL, "wall", (STONE, IRON, SILVER)),
    TileType("=", "Stone Roof", STONE_MATERIAL, "roof", (STONE, IRON, GOLD)),
    TileType("A", "Tower Peak", STONE_MATERIAL, "roof", (STONE, GOLD, GOLD)),
)
TYPES: Final = {t.code: t for t in TILE_TYPES}
COPIES: Final = 7
STAR_COPIES: Final = 1
STAR: Final = "*"
"""A tile is written as its type code, followed by STAR for a gold-star copy ("^*")."""

WOOD_CODES: Final = frozenset(t.code for t in TILE_TYPES if t.material == WOOD_MATERIAL)
STONE_CODES: Final = frozenset(t.code for t in TILE_TYPES if t.material == STONE_MATERIAL)
ROOF_CODES: Final = frozenset(t.code for t in TILE_TYPES if t.cls == "roof")
DOOR_CODES: Final = frozenset(t.code for t in TILE_TYPES if t.cls == "door")
WOOD_ROOFS: Final = frozenset({"/", "^", "\\"})
TOWER: Final = "A"
PEAK: Final = "^"
LEFT_SLOPE: Final = "/"
RIGHT_SLOPE: Final = "\\"
FLAT: Final = "="
TOWER_BASES: Final = frozenset({"T", "S", "B"})
"""Stone walls and doors: what a tower peak may stand on."""

ROOF_EDGES: Final = {"/": (0, 1), "\\": (1, 0), "^": (1, 1), "=": (1, 1), "A": (0, 0)}
"""Height of a roof's (left, right) edge above the bottom of its row."""


def all_tiles() -> tuple[str, ...]:
    """Every tile in the box, in a fixed order."""
    out: list[str] = []
    for t in TILE_TYPES:
        out.extend([t.code + STAR] * STAR_COPIES)
        out.extend([t.code] * (COPIES - STAR_COPIES))
    return tuple(out)


def tile_name(tile: str) -> str:
    """A tile's readable name ("Tower Peak (gold star)")."""
    name = TYPES[tile[0]].name
    return f"{name} (gold star)" if tile.endswith(STAR) else name


def is_star(tile: str) -> bool:
    return tile.endswith(STAR)


# --- scoring ------------------------------------------------------------------------------------
POINTS_COMPLETE: Final = 3
POINTS_STAR: Final = 1
POINTS_INCOMPLETE: Final = 2
POINTS_STOCKPILE: Final = 1
POINTS_PRINCESS: Final = 1
