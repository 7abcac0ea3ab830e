"""Tàin's actions as small values with a short text form (like UCI moves in chess).

- `Place(kind, area, board, entrance)`: put one token face down: "cg0.3" (chieftain guarding
  board 0, entrance 3), "bs2.1" (boy scouting board 2, entrance 1), "wr" (warrior raiding the
  foreign kingdom).
- `PASS`: "pass", final for this scouting phase.
- `STEP`: "step", the table advances the public raid by one step.
- `Free(kind)`: "free-b", a raider picks which of their captives to free.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tain.rules.components import ENTRANCES, KINDS, MAX_PLAYERS, Kind


@unique
class Area(StrEnum):
    """Where a placed token goes."""

    GUARD = "g"  # inside slot of an entrance on the placer's own board
    SCOUT = "s"  # outside slot of an entrance on another clan's board
    RAID = "r"  # a slot of the foreign kingdom


# The areas under plain names, for the rules' hot paths (as the phases, see `state.SCOUTING`).
TO_GUARD, TO_SCOUT, TO_RAID = Area.GUARD, Area.SCOUT, Area.RAID


@dataclass(frozen=True, slots=True)
class Place:
    """Place one token of `kind` face down; board and entrance are -1 for a raid."""

    kind: Kind
    area: Area
    board: int = -1
    entrance: int = -1

    def encode(self) -> str:
        if self.area is Area.RAID:
            return f"{self.kind.letter}r"
        return f"{self.kind.letter}{self.area.value}{self.board}.{self.entrance}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Stop placing tokens for the rest of this scouting phase."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Step:
    """Advance the public raid resolution by one step (taken by the table)."""

    def encode(self) -> str:
        return "step"


@dataclass(frozen=True, slots=True)
class Free:
    """Free one's own captive of this kind from the house just raided."""

    kind: Kind

    def encode(self) -> str:
        return f"free-{self.kind.letter}"


Action = Place | Pass | Step | Free

PASS = Pass()
STEP = Step()

# Every Place that can ever be legal, built once: `legal` filters these instead of allocating.
RAIDS: dict[Kind, Place] = {k: Place(k, Area.RAID) for k in KINDS}
GUARDS: dict[tuple[Kind, int, int], Place] = {
    (k, b, e): Place(k, Area.GUARD, b, e) for k in KINDS for b in range(MAX_PLAYERS) for e in range(ENTRANCES)
}
SCOUTS: dict[tuple[Kind, int, int], Place] = {
    (k, b, e): Place(k, Area.SCOUT, b, e) for k in KINDS for b in range(MAX_PLAYERS) for e in range(ENTRANCES)
}
FREES: dict[Kind, Free] = {k: Free(k) for k in KINDS}


def encode(action: Action) -> str:
    return action.encode()


def decode(text: str) -> Action:
    """Parse an encoded action; IllegalAction if the text is malformed."""
    if text == "pass":
        return PASS
    if text == "step":
        return STEP
    try:
        if text.startswith("free-") and len(text) == 6:
            return FREES[Kind.from_letter(text[5])]
        kind = Kind.from_letter(text[0])
        area = Area(text[1])
        if area is Area.RAID:
            if len(text) != 2:
                raise ValueError(text)
            return RAIDS[kind]
        board_text, entrance_text = text[2:].split(".")
        key = (kind, int(board_text), int(entrance_text))
        return (GUARDS if area is Area.GUARD else SCOUTS)[key]
    except (KeyError, ValueError, IndexError):
        raise IllegalAction(f"not a Tàin action: {text!r}") from None
