"""Tolleno's values: the game state, the actions with their short text form, and the views."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tolleno.components import BOAT_AT, PLAYER_FLOORS, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.geometry import GEOMS, City, Corner, Line, Pos, TileGeom


@unique
class Phase(StrEnum):
    """Where the current turn stands."""

    PLACE = "place"  # step 1: expand the city
    BUILD = "build"  # step 2: the first floor
    SECOND = "second"  # step 3: a second floor, or take a contract
    CONTRACT = "contract"  # step 3: lay the contract just taken
    NAVIGATE = "navigate"  # step 4: move the boat
    CARRY = "carry"  # step 4: choose a floor for the boat to carry, or none
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the map."""

    pos: Pos
    kind: str
    k: int

    @property
    def geom(self) -> TileGeom:
        return GEOMS[(self.kind, self.k)]


@dataclass(frozen=True, slots=True, order=True)
class Building:
    """A stack of one player's floors on a space."""

    pos: Pos
    corner: Corner
    owner: int
    height: int


@dataclass(frozen=True, slots=True, order=True)
class MapContract:
    """A contract lying face down on a space, and who placed it."""

    pos: Pos
    corner: Corner
    id: str
    owner: int


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: its board, floors taken, boat, held tile (secret) and VP (secret)."""

    board: str
    start_vp: int
    floors: int = 0
    boat: Pos | None = None
    held: str | None = None
    contracts: tuple[tuple[str, int], ...] = ()
    """(contract id, VP it earned) in the order they were placed."""

    @property
    def vp(self) -> int:
        return self.start_vp + sum(v for _, v in self.contracts)

    @property
    def floors_left(self) -> int:
        return PLAYER_FLOORS - self.floors

    @property
    def boat_unlocked(self) -> bool:
        return self.floors >= BOAT_AT

    @property
    def allowance(self) -> int:
        return 2 if self.floors >= TURN2_AT else 1 if self.floors >= TURN1_AT else 0


@dataclass(frozen=True, slots=True)
class TollenoState:
    """Everything about a game of Tolleno; replaced, never changed."""

    names: tuple[str, ...]
    initial: str
    rng: RngState
    tiles: tuple[Placed, ...]
    buildings: tuple[Building, ...]
    contracts: tuple[MapContract, ...]
    players: tuple[PlayerState, ...]
    city_pile: tuple[str, ...]
    contract_pile: tuple[str, ...]
    offer: tuple[str, ...]
    first: int
    current: int
    phase: Phase
    turn: int = 1
    removed: tuple[str, ...] = ()
    """City tiles that fitted nowhere and left the game (public)."""
    placed_at: Pos | None = None
    extended: tuple[Line, ...] = ()
    first_build: tuple[Pos, Corner] | None = None
    chosen_contract: str | None = None
    """The face-up contract taken in step 3, about to be laid."""
    sail_from: tuple[Pos, ...] | None = None
    """During the carry choice: () if the boat entered from the outskirts, else (its start,)."""
    end_triggered: bool = False
    log: tuple[LogEntry, ...] = ()

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def last_seat(self) -> int:
        return (self.first - 1) % self.n

    def city(self) -> City:
        """The map as position -> tile geometry (shared and read-only: never mutate it)."""
        return self._derived()[0]

    def frontier(self) -> tuple[Pos, ...]:
        """The empty positions beside the city, sorted."""
        return self._derived()[1]

    def _derived(self) -> tuple[City, tuple[Pos, ...]]:
        hit = _CITY_CACHE.get(id(self.tiles))
        if hit is not None and hit[0] is self.tiles:
            return hit[1], hit[2]
        if len(_CITY_CACHE) > 512:
            _CITY_CACHE.clear()
        city = {t.pos: GEOMS[(t.kind, t.k)] for t in self.tiles}
        around = {(r + dr, c + dc) for r, c in city for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
        frontier = tuple(sorted(around.difference(city)))
        _CITY_CACHE[id(self.tiles)] = (self.tiles, city, frontier)
        return city, frontier


_CITY_CACHE: dict[int, tuple[tuple[Placed, ...], City, tuple[Pos, ...]]] = {}
"""Maps built from a tiles tuple, keyed by its identity: the tuple is kept alive with its entry,
so a hit is always the very same (immutable) tuple. Only a speed-up; nothing depends on it."""


# --- actions -------------------------------------------------------------------------------


def _pos_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


@dataclass(frozen=True, slots=True, order=True)
class PlaceTile:
    """Step 1: put the held tile at `pos`, turned `k` quarter turns clockwise."""

    pos: Pos
    k: int

    def encode(self) -> str:
        return f"T {_pos_text(self.pos)} {self.k}"


@dataclass(frozen=True, slots=True, order=True)
class BuildFloor:
    """Step 2 or 3: put the next floor from the board on a space."""

    pos: Pos
    corner: Corner

    def encode(self) -> str:
        return f"F {_pos_text(self.pos)} {self.corner}"


@dataclass(frozen=True, slots=True, order=True)
class TakeContract:
    """Step 3: take one of the face-up contracts (then lay it with PlaceContract)."""

    contract: str

    def encode(self) -> str:
        return f"X {self.contract}"


@dataclass(frozen=True, slots=True, order=True)
class PlaceContract:
    """Step 3: lay the contract just taken on an empty space."""

    contract: str
    pos: Pos
    corner: Corner

    def encode(self) -> str:
        return f"C {self.contract} {_pos_text(self.pos)} {self.corner}"


@dataclass(frozen=True, slots=True, order=True)
class MoveBoat:
    """Step 4: sail (or enter) to `dest`."""

    dest: Pos

    def encode(self) -> str:
        return f"B {_pos_text(self.dest)}"


@dataclass(frozen=True, slots=True)
class Carry:
    """Step 4, after sailing: move the top floor of a building passed on the way, or nothing."""

    carry_from: tuple[Pos, Corner] | None = None
    carry_to: Corner | None = None

    def encode(self) -> str:
        if self.carry_from is None or self.carry_to is None:
            return "K -"
        return f"K {_pos_text(self.carry_from[0])} {self.carry_from[1]} {self.carry_to}"


Action = PlaceTile | BuildFloor | TakeContract | PlaceContract | MoveBoat | Carry


def _parse_pos(text: str) -> Pos:
    row, col = text.split(",")
    return (int(row), int(col))


def decode_action(text: str) -> Action:
    """Parse an action's short text form; IllegalAction if it is malformed."""
    parts = text.split()
    try:
        if parts[0] == "T" and len(parts) == 3:
            return PlaceTile(_parse_pos(parts[1]), int(parts[2]))
        if parts[0] == "F" and len(parts) == 3:
            return BuildFloor(_parse_pos(parts[1]), Corner(parts[2]))
        if parts[0] == "C" and len(parts) == 4:
            return PlaceContract(parts[1], _parse_pos(parts[2]), Corner(parts[3]))
        if parts[0] == "X" and len(parts) == 2:
            return TakeContract(parts[1])
        if parts[0] == "B" and len(parts) == 2:
            return MoveBoat(_parse_pos(parts[1]))
        if parts == ["K", "-"]:
            return Carry()
        if parts[0] == "K" and len(parts) == 4:
            return Carry((_parse_pos(parts[1]), Corner(parts[2])), Corner(parts[3]))
    except (ValueError, IndexError):
        pass
    raise IllegalAction(f"not a Tolleno action: {text!r}")


# --- views ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat shows the viewer: public facts, and the secrets only when allowed."""

    name: str
    board: str
    floors: int
    boat: Pos | None
    contracts_taken: tuple[str, ...]
    held: str | None
    """The held tile, only for the viewer itself (or everyone at the end)."""
    vp: int | None
    """VP tokens, only for the viewer itself (or everyone at the end)."""
    vp_lines: tuple[tuple[str, int], ...] = ()
    """The VP breakdown (start, each contract) when `vp` is shown."""

    @property
    def allowance(self) -> int:
        return 2 if self.floors >= TURN2_AT else 1 if self.floors >= TURN1_AT else 0


@dataclass(frozen=True, slots=True)
class TollenoView:
    """Everything one viewer may see of the game."""

    viewer: int | None
    initial: str
    tiles: tuple[Placed, ...]
    buildings: tuple[Building, ...]
    contracts: tuple[MapContract, ...]
    seats: tuple[SeatView, ...]
    offer: tuple[str, ...]
    city_pile: int
    contract_pile: int
    removed: tuple[str, ...]
    first: int
    current: int
    phase: Phase
    turn: int
    placed_at: Pos | None
    extended: tuple[Line, ...]
    first_build: tuple[Pos, Corner] | None
    chosen_contract: str | None
    sail_from: tuple[Pos, ...] | None
    end_triggered: bool
