"""Tàin's actions as small values with a short text form (like UCI moves in chess), written and
read by `CODEC` from each class's `FORM`:

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
from typing import ClassVar

from boardgames_tui.engine.codec import Codec, enum_by
from boardgames_tui.engine.evolve import members
from boardgames_tui.games.tain.rules.components import ENTRANCES, KINDS, MAX_PLAYERS, Kind


@unique
class Area(StrEnum):
    """Where a placed token goes."""

    GUARD = "g"  # inside slot of an entrance on the placer's own board
    SCOUT = "s"  # outside slot of an entrance on another clan's board
    RAID = "r"  # a slot of the foreign kingdom


AREA = members(Area)
"""The areas as plain attributes (`AREA.RAID`), for the rules' hot paths (see `state.PHASE`)."""


@dataclass(frozen=True, slots=True)
class Place:
    """Place one token of `kind` face down; board and entrance are -1 for a raid."""

    FORM: ClassVar[str] = "{kind:kind}{area}[{board}.{entrance}]"
    kind: Kind
    area: Area
    board: int = -1
    entrance: int = -1

    def __post_init__(self) -> None:
        """A raid names no entrance; a guard or a scout names a board's entrance (so that reading
        "cg", "cr0.1" or "cg9.9" is refused)."""
        if self.area is Area.RAID:
            if (self.board, self.entrance) != (-1, -1):
                raise ValueError(f"a raid names no entrance: {self!r}")
        elif not (0 <= self.board < MAX_PLAYERS and 0 <= self.entrance < ENTRANCES):
            raise ValueError(f"no such entrance: {self!r}")


@dataclass(frozen=True, slots=True)
class Pass:
    """Stop placing tokens for the rest of this scouting phase."""


@dataclass(frozen=True, slots=True)
class Step:
    """Advance the public raid resolution by one step (taken by the table)."""


@dataclass(frozen=True, slots=True)
class Free:
    """Free one's own captive of this kind from the house just raided."""

    FORM: ClassVar[str] = "free-{kind:kind}"
    kind: Kind


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
EVERY_ACTION: tuple[Action, ...] = (PASS, STEP, *RAIDS.values(), *GUARDS.values(), *SCOUTS.values(), *FREES.values())
"""Every action there is (a Place that is not among them cannot be built)."""


CODEC: Codec[Action] = Codec(
    "Tàin",
    [Place, Pass, Step, Free],
    converters={"kind": enum_by(Kind, lambda kind: kind.letter)},
    shared=EVERY_ACTION,
)
"""Writes and reads every Tàin action; reading returns the instances built above."""
