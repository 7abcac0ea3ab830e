"""Tolleno's state: the city, the seats, the piles and where the turn stands; replaced, never changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Any, TypeVar

from boardgames_tui.engine.evolve import MEMO, Evolvable, evolve, members
from boardgames_tui.engine.field_memo import field_memo, keep_field_memo, without_field_memos
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tolleno.rules.components import BOAT_AT, PLAYER_FLOORS, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.rules.geometry import GEOMS, City, Corner, Line, Pos, TileGeom
from boardgames_tui.games.tolleno.rules.mapfacts import MapFacts, facts_from


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
    log: Journal[LogEntry] = field(default_factory=Journal)
    """Appending costs the same however long the log is (`engine.journal`)."""

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def last_seat(self) -> int:
        return (self.first - 1) % self.n

    def __getstate__(self) -> dict[str, Any]:
        return without_field_memos(super().__getstate__())

    def facts(self) -> MapFacts:
        """What the map determines (`mapfacts`), kept with the tiles (`engine.field_memo`): a map
        lasts a whole turn, through many states. Shared and read-only."""
        return field_memo(self, "tiles", _facts_of)

    def city(self) -> City:
        """The map as position -> tile geometry (shared and read-only: never mutate it)."""
        return self.facts().city

    def frontier(self) -> tuple[Pos, ...]:
        """The empty positions beside the city, sorted."""
        return self.facts().frontier

    def map_memo(self, key: object, compute: Callable[[MapFacts], R]) -> R:
        """`compute(self.facts())`, kept with the map for as long as the map is (boat courses,
        step-3 spaces: a map lasts a whole turn and every state of it asks). Shared: never change
        the answer."""
        kept = self.facts().kept
        if key in kept:
            value: R = kept[key]
            return value
        value = kept[key] = compute(self.facts())
        return value


def _facts_of(tiles: tuple[Placed, ...]) -> MapFacts:
    return facts_from({t.pos: GEOMS[(t.kind, t.k)] for t in tiles})


def with_tile(state: TollenoState, placed: Placed, facts: MapFacts, **changes: Any) -> TollenoState:
    """The state with `placed` added to the tiles (and `changes` made), given the new map's facts
    (grown from the old ones with `MapFacts.grown`, rather than made from every tile again)."""
    new = evolve(state, tiles=(*state.tiles, placed), **changes)
    keep_field_memo(new, "tiles", facts)
    return new


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
    return evolve(state, log=state.log.add(LogEntry(text, audience)), **changes)


def set_player(state: TollenoState, seat: int, **changes: object) -> TollenoState:
    """The state with one seat's fields changed."""
    return evolve(state, players=player_changed(state, seat, **changes))


def player_changed(state: TollenoState, seat: int, **changes: object) -> tuple[PlayerState, ...]:
    """The seats with one seat's fields changed (for a copy of the state that changes more)."""
    players = state.players
    return (*players[:seat], evolve(players[seat], **changes), *players[seat + 1 :])


def foreign_boats(state: TollenoState, seat: int) -> set[Pos]:
    """Tiles blocked for `seat` by another player's boat."""
    return {p.boat for s, p in enumerate(state.players) if s != seat and p.boat is not None}


def per_state(fn: Callable[[TollenoState, int], R]) -> Callable[[TollenoState, int], R]:
    """`fn(state, seat)` remembered on the state (in `engine.evolve.memo`'s place, so that `evolve`
    drops it from every copy): `legal`, `apply` and the turn flow ask the same question of the
    same state several times, and a state never changes. Read and kept directly, without the
    frames of `memo` (most questions are asked of a new state, so a miss is the common case)."""
    keys = tuple((fn, seat) for seat in range(MAX_SEATS))

    def wrapper(state: TollenoState, seat: int) -> R:
        attrs = state.__dict__
        key = keys[seat]
        kept = attrs.get(MEMO)
        if kept is not None:
            found = kept.get(key, _ABSENT)
            if found is not _ABSENT:
                return found
        value = fn(state, seat)
        kept = attrs.get(MEMO)  # `fn` may have asked other questions of the state and kept them
        if kept is None:
            kept = attrs[MEMO] = {}
        kept[key] = value
        return value

    wrapper.__doc__ = fn.__doc__
    return wrapper


MAX_SEATS = 4
"""Tolleno's most players."""
_ABSENT = object()
