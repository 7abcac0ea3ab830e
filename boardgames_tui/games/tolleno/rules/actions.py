"""Tolleno's actions, one per decision of a turn, with their short text forms."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos


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


