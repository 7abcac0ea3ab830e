"""Tolleno's component data: city tiles, downtown faces, contracts, initial contracts, boards.

Everything printed on a physical component lives here and nowhere else, so a corrected set of
tiles or contracts can be swapped in without touching the rules. Tiles are drawn as three rows
of three cells in their canonical orientation: `~` water, a digit for the central structure
(the tile's value), `o` a constructible space, `^ > v <` a fountain and its direction, `.` land.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER_FLOORS = 20
BOAT_AT = 6
TURN1_AT = 13
TURN2_AT = 16
UNIQUE_AT = 18
END_BONUS: dict[int, int] = {19: 1, 20: 2}
"""Floor number -> VP scored at the end if that floor left the board."""

START_VP: dict[int, tuple[int, ...]] = {2: (5, 0), 3: (5, 2, 0), 4: (5, 3, 1, 0)}
"""Starting VP by player count, in turn order from the first player."""


@dataclass(frozen=True, slots=True)
class TileKind:
    """A printed tile: its id, how many copies exist and its cells at rotation 0."""

    id: str
    copies: int
    rows: tuple[str, str, str]

    @property
    def value(self) -> int:
        return int(self.rows[1][1])


CITY_TILES: tuple[TileKind, ...] = (
    TileKind("I2a", 4, ("o~o", ".2.", "o~o")),
    TileKind("I2b", 3, ("o~o", "v2.", "o~o")),
    TileKind("I2c", 2, ("o~>", ".2.", "o~o")),
    TileKind("L2a", 4, ("o~o", ".2~", "..o")),
    TileKind("L2b", 3, ("o~o", "^2~", "..o")),
    TileKind("L2c", 2, ("o~o", ".2~", "<.o")),
    TileKind("T2a", 3, ("o~o", ".2~", "o~o")),
    TileKind("T2b", 1, ("o~o", "v2~", "o~o")),
    TileKind("X2a", 2, ("o~o", "~2~", "o~o")),
    TileKind("I3a", 3, ("o~o", "^3.", ".~o")),
    TileKind("I3b", 2, ("o~o", ".3.", "o~>")),
    TileKind("L3a", 3, ("o~o", ".3~", ".>o")),
    TileKind("L3b", 2, ("o~o", ".3~", "<..")),
    TileKind("T3a", 3, ("o~o", "v3~", "o~.")),
    TileKind("T3b", 2, ("o~.", ".3~", "o~o")),
    TileKind("X3a", 2, ("o~o", "~3~", "o~.")),
    TileKind("X3b", 1, ("o~o", "~3~", "<~o")),
    TileKind("I4a", 2, ("o~.", ".4.", ".~o")),
    TileKind("I4b", 2, ("o~.", "v4.", "o~.")),
    TileKind("L4a", 2, ("o~.", ".4~", "..o")),
    TileKind("T4a", 2, ("o~.", "^4~", ".~o")),
    TileKind("T4b", 1, (".~o", ".4~", "o~.")),
    TileKind("X4a", 2, (".~o", "~4~", "o~.")),
    TileKind("X4b", 1, ("^~o", "~4~", "o~.")),
)

DOWNTOWN_FACES: tuple[TileKind, ...] = (
    TileKind("DX", 0, ("o~o", "~2~", "o~o")),
    TileKind("DT", 0, ("o~o", "^3~", ".~o")),
)
"""The two faces of the (identical) downtown tiles, drawn as the north-west tile."""

DOWNTOWN_ROTATION: dict[tuple[int, int], int] = {(0, 0): 0, (0, 1): 1, (1, 1): 2, (1, 0): 3}
"""Each downtown position and the quarter turns that put its canals on the inner sides."""

KINDS: dict[str, TileKind] = {k.id: k for k in (*CITY_TILES, *DOWNTOWN_FACES)}


def city_pile() -> tuple[str, ...]:
    """Every city tile id once per copy, unshuffled."""
    return tuple(kind.id for kind in CITY_TILES for _ in range(kind.copies))


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract tile: what it counts around itself and what each counted item pays."""

    id: str
    vp: int
    vp_two_players: int
    counter: str
    text: str


CONTRACTS: tuple[Contract, ...] = (
    Contract("G1", 1, 1, "empty_spaces", "each empty space"),
    Contract("G2", 1, 1, "tiles_full", "each tile without an empty space"),
    Contract("G3", 1, 1, "contracts", "each placed contract, this one too"),
    Contract("G4", 1, 1, "tiles_no_contract", "each tile without a contract"),
    Contract("G5", 1, 1, "empty_spaces", "each empty space"),
    Contract("G6", 1, 1, "tiles_v2", "each tile of value 2"),
    Contract("G7", 1, 1, "tiles_v3", "each tile of value 3"),
    Contract("G8", 2, 2, "tiles_v4", "each tile of value 4"),
    Contract("B1", 1, 1, "tiles_own", "each tile with one of your buildings"),
    Contract("B2", 1, 1, "tiles_not_own", "each tile without any of your buildings"),
    Contract("B3", 1, 1, "own_bldgs", "each of your buildings"),
    Contract("B4", 2, 2, "own_bldgs_h2", "each of your buildings 2+ high"),
    Contract("B5", 2, 2, "own_heights", "each different height among your buildings"),
    Contract("B6", 3, 3, "tiles_own2", "each tile with 2+ of your buildings"),
    Contract("B7", 4, 4, "own_bldgs_h3", "each of your buildings 3+ high"),
    Contract("W1", 1, 2, "tiles_opp", "each tile with an opponent's building"),
    Contract("W2", 1, 1, "tiles_not_opp", "each tile without opponents' buildings"),
    Contract("W3", 1, 2, "opp_bldgs", "each opponent building"),
    Contract("W4", 2, 2, "opp_bldgs_h2", "each opponent building 2+ high"),
    Contract("W5", 2, 2, "opp_heights", "each different height among opponents' buildings"),
    Contract("W6", 3, 3, "tiles_opp2", "each tile with 2+ opponent buildings"),
    Contract("W7", 4, 4, "opp_bldgs_h3", "each opponent building 3+ high"),
    Contract("W8", 1, 2, "opp_floors", "each opponent floor"),
    Contract("W9", 2, 3, "opp_bldgs_valued", "each opponent building a fountain points at"),
    Contract("W10", 2, 3, "tiles_shared", "each tile with your building and an opponent's"),
)

CONTRACTS_BY_ID: dict[str, Contract] = {c.id: c for c in CONTRACTS}


@dataclass(frozen=True, slots=True)
class InitialAward:
    """One line of the initial contract: VP, "max" (strict single leader) or "all", a measure."""

    vp: int
    mode: str
    measure: str
    text: str


INITIAL_CONTRACTS: dict[str, tuple[InitialAward, ...]] = {
    "IC1": (
        InitialAward(7, "max", "tallest_height", "tallest building"),
        InitialAward(5, "max", "floors_center", "most floors in the City Center"),
        InitialAward(6, "all", "height5", "a building of 5+ floors"),
    ),
    "IC2": (
        InitialAward(7, "max", "n_bldgs", "most buildings"),
        InitialAward(5, "max", "floors_on_v4", "most floors on value-4 tiles"),
        InitialAward(6, "all", "tiles6", "buildings on 6+ different tiles"),
    ),
    "IC3": (
        InitialAward(7, "max", "valuation_vp", "most fountain VP"),
        InitialAward(5, "max", "floors_ring8", "most floors around the City Center"),
        InitialAward(6, "all", "f2", "a building two fountains point at"),
    ),
    "IC4": (
        InitialAward(7, "max", "tiles_won", "most tiles won"),
        InitialAward(5, "max", "floors_on_v2", "most floors on value-2 tiles"),
        InitialAward(6, "all", "h3x3", "three buildings of 3+ floors"),
    ),
}

RING8: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, 2), (1, 2), (2, 1), (2, 0), (1, -1), (0, -1))
"""The eight positions touching the City Center block."""

CENTER: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 1), (1, 0))


@dataclass(frozen=True, slots=True)
class Board:
    """A player board: its unique end-of-game scoring."""

    id: str
    name: str
    scoring: str
    text: str


BOARDS: tuple[Board, ...] = (
    Board("P1", "Line", "line", "1 VP per tile with your building in your best row or column"),
    Board("P2", "Twos", "won_value2", "1 VP per value-2 tile you win"),
    Board("P3", "Stacks", "height2_x2", "2 VP per building of yours 2+ high"),
    Board("P4", "Fountains", "f2_x3", "3 VP per building of yours two fountains point at"),
)

BOARDS_BY_ID: dict[str, Board] = {b.id: b for b in BOARDS}

FLOOR_EFFECTS: dict[int, str] = {
    BOAT_AT: "boat",
    TURN1_AT: "1 turn",
    TURN2_AT: "2 turns",
    UNIQUE_AT: "board",
    19: "+1",
    20: "+2",
}
"""What taking each special floor from the board unlocks, as a short label."""
