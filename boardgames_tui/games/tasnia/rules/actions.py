"""Tasnia's actions as immutable values, each with its short text form."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tasnia.rules.components import ALL_KINDS, TYPES
from boardgames_tui.games.tasnia.rules.geometry import Cell

KIND_ORDER = {kind: i for i, kind in enumerate(ALL_KINDS)}


# --- actions ------------------------------------------------------------------------------------
def _cell_text(cell: Cell) -> str:
    return f"{cell[0]} {cell[1]}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Hand in `count` cards of one kind and draw as many."""

    kind: str
    count: int

    def encode(self) -> str:
        return f"trade {self.kind} {self.count}"


@dataclass(frozen=True, slots=True)
class Buy:
    """Take the face-up tile of a stack (0-based) paying exactly these cards."""

    stack: int
    payment: tuple[str, ...]

    def encode(self) -> str:
        return f"buy {self.stack} {'+'.join(self.payment)}"


@dataclass(frozen=True, slots=True)
class ToBuilding:
    """Stop trading and purchasing; go on to the Building phase."""

    def encode(self) -> str:
        return "build"


@dataclass(frozen=True, slots=True)
class Take:
    """Pick a tile type from your stockpile to place it (the first half of PLACE)."""

    tile: str

    def encode(self) -> str:
        return f"take {self.tile}"


@dataclass(frozen=True, slots=True)
class Lift:
    """Pick up an unlocked tile of your area to move or stock it (the first half of MOVE/STOCK)."""

    cell: Cell

    def encode(self) -> str:
        return f"lift {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Put:
    """Set the tile in hand on a cell: completes a PLACE or a MOVE."""

    cell: Cell

    def encode(self) -> str:
        return f"put {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Stock:
    """Send the lifted tile back to your stockpile (STOCK)."""

    def encode(self) -> str:
        return "stock"


@dataclass(frozen=True, slots=True)
class Cancel:
    """Let go of the tile in hand; nothing changes."""

    def encode(self) -> str:
        return "cancel"


@dataclass(frozen=True, slots=True)
class Keep:
    """Choose the part of a just-divided building that keeps one of its cards (spec §3.5)."""

    card: str
    building: Cell

    def encode(self) -> str:
        return f"keep {self.card} {_cell_text(self.building)}"


@dataclass(frozen=True, slots=True)
class Install:
    """House a special card from your hand in the building named by its canonical cell."""

    card: str
    building: Cell

    def encode(self) -> str:
        return f"install {self.card} {_cell_text(self.building)}"


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Move an installed card to another of your buildings, paying 1 Gold or 2 Silver."""

    card: str
    building: Cell
    payment: tuple[str, ...]

    def encode(self) -> str:
        return f"movecard {self.card} {_cell_text(self.building)} {'+'.join(self.payment)}"


@dataclass(frozen=True, slots=True)
class Plague:
    """Play the Plague on another player's installed resident."""

    target: int
    card: str

    def encode(self) -> str:
        return f"plague {self.target} {self.card}"


@dataclass(frozen=True, slots=True)
class Steal:
    """Play the Scoundrel: take a stockpile tile (`tile`) or an unlocked building tile (`cell`)."""

    target: int
    tile: str = ""
    cell: Cell | None = None

    def encode(self) -> str:
        if self.cell is not None:
            return f"steal {self.target} at {_cell_text(self.cell)}"
        return f"steal {self.target} stock {self.tile}"


@dataclass(frozen=True, slots=True)
class EndBuilding:
    """Close the Building phase (then Gather, or the end of the game for the final player)."""

    def encode(self) -> str:
        return "done"


BuildAction = Take | Lift | Put | Stock | Cancel | Keep | Install | MoveCard | EndBuilding
Action = Trade | Buy | ToBuilding | Plague | Steal | BuildAction


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise IllegalAction(f"{text!r} is not a number") from None


def _kind(text: str) -> str:
    if text not in KIND_ORDER:
        raise IllegalAction(f"{text!r} is not a card kind")
    return text


def _tile(text: str) -> str:
    if not text or text[0] not in TYPES or text[1:] not in ("", "*"):
        raise IllegalAction(f"{text!r} is not a tile")
    return text


def _payment(text: str) -> tuple[str, ...]:
    return tuple(_kind(k) for k in text.split("+"))


def decode(text: str) -> Action:
    """Parse an action's text form; IllegalAction if it is malformed."""
    words = text.split()
    if not words:
        raise IllegalAction("empty action")
    head, args = words[0], words[1:]
    shapes = {
        "trade": 2, "buy": 2, "build": 0, "take": 1, "lift": 2, "put": 2, "stock": 0, "cancel": 0,
        "keep": 3, "install": 3, "movecard": 4, "plague": 2, "steal": 3, "done": 0,
    }  # fmt: skip
    if head not in shapes:
        raise IllegalAction(f"unknown action {head!r}")
    if len(args) != shapes[head] and not (head == "steal" and len(args) == 4):
        raise IllegalAction(f"malformed action {text!r}")
    if head == "trade":
        return Trade(_kind(args[0]), _int(args[1]))
    if head == "buy":
        return Buy(_int(args[0]), _payment(args[1]))
    if head == "build":
        return ToBuilding()
    if head == "take":
        return Take(_tile(args[0]))
    if head == "lift":
        return Lift((_int(args[0]), _int(args[1])))
    if head == "put":
        return Put((_int(args[0]), _int(args[1])))
    if head == "stock":
        return Stock()
    if head == "cancel":
        return Cancel()
    if head == "keep":
        return Keep(_kind(args[0]), (_int(args[1]), _int(args[2])))
    if head == "install":
        return Install(_kind(args[0]), (_int(args[1]), _int(args[2])))
    if head == "movecard":
        return MoveCard(_kind(args[0]), (_int(args[1]), _int(args[2])), _payment(args[3]))
    if head == "plague":
        return Plague(_int(args[0]), _kind(args[1]))
    if head == "steal":
        if args[1] == "at" and len(args) == 4:
            return Steal(_int(args[0]), cell=(_int(args[2]), _int(args[3])))
        if args[1] == "stock" and len(args) == 3:
            return Steal(_int(args[0]), tile=_tile(args[2]))
        raise IllegalAction(f"malformed action {text!r}")
    return EndBuilding()
