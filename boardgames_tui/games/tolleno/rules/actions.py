"""Tolleno's actions, one per decision of a turn, and the codec that writes and reads them.

The text forms are those of the save files: "T 2,3 1" (a tile at 2,3 turned once), "F 2,3 NW" (a
floor), "X C07" (take a contract), "C C07 2,3 NW" (lay it), "B 2,3" (the boat), "K -" (carry
nothing) or "K 2,3 NW SE" (carry the floor from 2,3 NW to the SE space of the boat's tile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from boardgames_tui.engine.codec import INT, Codec, enum_by, fixed
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos


@dataclass(frozen=True, slots=True, order=True)
class PlaceTile:
    """Step 1: put the held tile at `pos`, turned `k` quarter turns clockwise."""

    FORM: ClassVar[str] = "T {pos} {k}"
    pos: Pos
    k: int


@dataclass(frozen=True, slots=True, order=True)
class BuildFloor:
    """Step 2 or 3: put the next floor from the board on a space."""

    FORM: ClassVar[str] = "F {pos} {corner}"
    pos: Pos
    corner: Corner


@dataclass(frozen=True, slots=True, order=True)
class TakeContract:
    """Step 3: take one of the face-up contracts (then lay it with PlaceContract)."""

    FORM: ClassVar[str] = "X {contract}"
    contract: str


@dataclass(frozen=True, slots=True, order=True)
class PlaceContract:
    """Step 3: lay the contract just taken on an empty space."""

    FORM: ClassVar[str] = "C {contract} {pos} {corner}"
    contract: str
    pos: Pos
    corner: Corner


@dataclass(frozen=True, slots=True, order=True)
class MoveBoat:
    """Step 4: sail (or enter) to `dest`."""

    FORM: ClassVar[str] = "B {dest}"
    dest: Pos


@dataclass(frozen=True, slots=True)
class Carry:
    """Step 4, after sailing: move the top floor of a building passed on the way, or nothing."""

    FORM: ClassVar[str] = "K [{carry_from:space} {carry_to:corner}|-]"
    carry_from: tuple[Pos, Corner] | None = None
    carry_to: Corner | None = None


Action = PlaceTile | BuildFloor | TakeContract | PlaceContract | MoveBoat | Carry
K = TypeVar("K")
A = TypeVar("A")


class Made(dict[K, A]):
    """Actions by what they are made from, each made on first use and then the very same object:
    actions are values that never change, and a bot's playouts list thousands of them (a frozen
    dataclass is slow to make; a hit here is one dictionary read). A game's positions and spaces
    are few, so these stay small."""

    def __init__(self, make: Callable[[K], A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> A:
        action = self[key] = self.make(key)
        return action


PLACE_TILE: Made[tuple[Pos, int], PlaceTile] = Made(lambda key: PlaceTile(*key))
"""PlaceTile by (position, rotation)."""
BUILD_FLOOR: Made[tuple[Pos, Corner], BuildFloor] = Made(lambda space: BuildFloor(*space))
"""BuildFloor by space."""
TAKE_CONTRACT: Made[str, TakeContract] = Made(TakeContract)
PLACE_CONTRACT: Made[tuple[str, Pos, Corner], PlaceContract] = Made(lambda key: PlaceContract(*key))
"""PlaceContract by (contract, position, corner)."""
MOVE_BOAT: Made[Pos, MoveBoat] = Made(MoveBoat)
CARRY: Made[tuple[tuple[Pos, Corner], Corner], Carry] = Made(lambda key: Carry(*key))
"""Carry by (source space, drop corner)."""
CARRY_NOTHING = Carry()


POSITION = fixed((INT, INT), ",")
"""A tile's position, row and column: "2,-1"."""
CORNER = enum_by(Corner, lambda corner: corner.value)
SPACE = fixed((POSITION, CORNER), " ")
"""A space: its tile's position and its corner, "2,-1 NW"."""

CODEC: Codec[Any] = Codec(
    "Tolleno",
    [PlaceTile, BuildFloor, TakeContract, PlaceContract, MoveBoat, Carry],
    converters={"space": SPACE, "corner": CORNER},
    types={tuple[int, int]: POSITION},
)
