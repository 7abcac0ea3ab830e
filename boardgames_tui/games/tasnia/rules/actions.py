"""Tasnia's actions as immutable values, and the codec that writes and reads their text forms.

Each class without a `FORM` is written as its name in lower case, then its fields ("put 3 0");
a cell is written "x y", a payment its card kinds joined by "+" ("buy 2 Wood+Stone").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from boardgames_tui.engine.codec import Codec, one_of, sequence
from boardgames_tui.games.tasnia.rules.components import ALL_KINDS, TYPES
from boardgames_tui.games.tasnia.rules.geometry import Cell


# --- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Trade:
    """Hand in `count` cards of one kind and draw as many."""

    FORM: ClassVar[str] = "trade {kind:kind} {count}"

    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Take the face-up tile of a stack (0-based) paying exactly these cards."""

    FORM: ClassVar[str] = "buy {stack} {payment:cards}"

    stack: int
    payment: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ToBuilding:
    """Stop trading and purchasing; go on to the Building phase."""

    FORM: ClassVar[str] = "build"


@dataclass(frozen=True, slots=True)
class Take:
    """Pick a tile type from your stockpile to place it (the first half of PLACE)."""

    FORM: ClassVar[str] = "take {tile:tile}"

    tile: str


@dataclass(frozen=True, slots=True)
class Lift:
    """Pick up an unlocked tile of your area to move or stock it (the first half of MOVE/STOCK)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Put:
    """Set the tile in hand on a cell: completes a PLACE or a MOVE."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Stock:
    """Send the lifted tile back to your stockpile (STOCK)."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """Let go of the tile in hand; nothing changes."""


@dataclass(frozen=True, slots=True)
class Keep:
    """Choose the part of a just-divided building that keeps one of its cards (spec §3.5)."""

    FORM: ClassVar[str] = "keep {card:kind} {building}"

    card: str
    building: Cell


@dataclass(frozen=True, slots=True)
class Install:
    """House a special card from your hand in the building named by its canonical cell."""

    FORM: ClassVar[str] = "install {card:kind} {building}"

    card: str
    building: Cell


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Move an installed card to another of your buildings, paying 1 Gold or 2 Silver."""

    FORM: ClassVar[str] = "movecard {card:kind} {building} {payment:cards}"

    card: str
    building: Cell
    payment: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plague:
    """Play the Plague on another player's installed resident."""

    FORM: ClassVar[str] = "plague {target} {card:kind}"

    target: int
    card: str


@dataclass(frozen=True, slots=True)
class Steal:
    """Play the Scoundrel: take a stockpile tile (`tile`) or an unlocked building tile (`cell`)."""

    FORM: ClassVar[str] = "steal {target} [at {cell}|stock {tile:tile}]"

    target: int
    tile: str = ""
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class EndBuilding:
    """Close the Building phase (then Gather, or the end of the game for the final player)."""

    FORM: ClassVar[str] = "done"


BuildAction = Take | Lift | Put | Stock | Cancel | Keep | Install | MoveCard | EndBuilding
Action = Trade | Buy | ToBuilding | Plague | Steal | BuildAction


KINDS = one_of(ALL_KINDS)
"""A card kind, written as its name."""
TILES = one_of([*TYPES, *(code + "*" for code in TYPES)])
"""A tile: its type's letter, with a star for the gold-star copy."""

CODEC: Codec[Action] = Codec(
    "Tasnia",
    [Trade, Buy, ToBuilding, Take, Lift, Put, Stock, Cancel, Keep, Install, MoveCard, Plague, Steal, EndBuilding],
    converters={"kind": KINDS, "tile": TILES, "cards": sequence(KINDS, "+")},
)
