"""Tolleno's state: the city, the seats, the piles and where the turn stands; replaced, never changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, TypeVar

from boardgames_tui.engine.evolve import Evolvable, evolve, members, memo
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tolleno.rules.components import BOAT_AT, PLAYER_FLOORS, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.rules.geometry import GEOMS, City, Corner, Line, Pos, TileGeom


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


PHASE = members(Phase)
"""The phases as plain attributes (`PHASE.BUILD`), for the checks made on every step."""


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


@dataclass(frozen=True)
class PlayerState(Evolvable):
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


@dataclass(frozen=True)
class TollenoState(Evolvable):
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
        return _derived(self.tiles).city

    def frontier(self) -> tuple[Pos, ...]:
        """The empty positions beside the city, sorted."""
        return _derived(self.tiles).frontier

    def city_memo(self, key: object, compute: Callable[[City], R]) -> R:
        """`compute(city)`, kept with the map for as long as the map is (boat courses, canal lines:
        a map lasts a whole turn and every state of it asks)."""
        kept = _derived(self.tiles).kept
        if key in kept:
            value: R = kept[key]
            return value
        value = kept[key] = compute(self.city())
        return value


class _Derived:
    """What a tiles tuple determines: the map, the empty positions beside it, and values kept
    with the map (`TollenoState.city_memo`)."""

    __slots__ = ("city", "frontier", "kept", "tiles")

    def __init__(self, tiles: tuple[Placed, ...], city: City, frontier: tuple[Pos, ...]) -> None:
        self.tiles = tiles
        self.city = city
        self.frontier = frontier
        self.kept: dict[object, Any] = {}


def _derived(tiles: tuple[Placed, ...]) -> _Derived:
    hit = _CITY_CACHE.get(id(tiles))
    if hit is not None and hit.tiles is tiles:
        return hit
    city = {t.pos: GEOMS[(t.kind, t.k)] for t in tiles}
    around = {(r + dr, c + dc) for r, c in city for dr, dc in _SIDES}
    return _remember(_Derived(tiles, city, tuple(sorted(around.difference(city)))))


def _remember(derived: _Derived) -> _Derived:
    if len(_CITY_CACHE) > 512:
        _CITY_CACHE.clear()
    _CITY_CACHE[id(derived.tiles)] = derived
    return derived


def with_tile(state: TollenoState, placed: Placed) -> tuple[Placed, ...]:
    """The tiles with `placed` added; its map and frontier are made from the old ones (one tile
    more, a frontier changed around it) rather than from every tile again."""
    before = _derived(state.tiles)
    tiles = (*state.tiles, placed)
    city = {**before.city, placed.pos: placed.geom}
    r, c = placed.pos
    frontier = set(before.frontier)
    frontier.discard(placed.pos)
    frontier.update(p for dr, dc in _SIDES if (p := (r + dr, c + dc)) not in city)
    _remember(_Derived(tiles, city, tuple(sorted(frontier))))
    return tiles


_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
_CITY_CACHE: dict[int, _Derived] = {}
"""Maps built from a tiles tuple, keyed by its identity: the tuple is kept alive with its entry,
so a hit is always the very same (immutable) tuple. Only a speed-up; nothing depends on it."""


Space = tuple[Pos, Corner]
"""A constructible space: a tile's position and one of its corners."""
R = TypeVar("R")

OFFER_SIZE = 3
"""Face-up contracts."""
TURN_RESET: dict[str, Any] = {
    "placed_at": None, "extended": (), "first_build": None, "chosen_contract": None, "sail_from": None,
}
"""The per-turn fields, cleared when a turn starts and when the game ends."""


def add_line(
    state: TollenoState, text: str, audience: frozenset[int] | None = None, **changes: Any
) -> TollenoState:
    """Add a log line (and make any other changes in the same step)."""
    return evolve(state, log=(*state.log, LogEntry(text, audience)), **changes)


def set_player(state: TollenoState, seat: int, **changes: object) -> TollenoState:
    """The state with one seat's fields changed."""
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def foreign_boats(state: TollenoState, seat: int) -> set[Pos]:
    """Tiles blocked for `seat` by another player's boat."""
    return {p.boat for s, p in enumerate(state.players) if s != seat and p.boat is not None}


def per_state(fn: Callable[[TollenoState, int], R]) -> Callable[[TollenoState, int], R]:
    """`fn(state, seat)` remembered on the state (engine.memo): `legal`, `apply` and the turn flow
    ask the same question of the same state several times, and a state never changes."""

    def wrapper(state: TollenoState, seat: int) -> R:
        return memo(state, (fn, seat), lambda s: fn(s, seat))

    wrapper.__doc__ = fn.__doc__
    return wrapper
