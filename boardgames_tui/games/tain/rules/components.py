"""Tàin's components as data: token kinds and where they may go, counters, raid tables, points.

Everything the rules need to know about the box lives here, so the data can be swapped without
touching the rules.
"""

from __future__ import annotations

from enum import IntEnum, unique

from boardgames_tui.engine.evolve import members


@unique
class Kind(IntEnum):
    """A clan token's face. The integer is the index into per-kind count tuples."""

    CHIEFTAIN = 0
    WARRIOR = 1
    BOY = 2
    DAUGHTER = 3
    BLUFF = 4

    @property
    def letter(self) -> str:
        return KIND_LETTERS[self]

    @property
    def label(self) -> str:
        return KIND_LABELS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Kind:
        return LETTER_KINDS[letter]


KIND = members(Kind)
"""The kinds as plain attributes (`KIND.BLUFF`), for the rules' hot paths (see `state.PHASE`)."""
KINDS: tuple[Kind, ...] = tuple(Kind)
KIND_LETTERS = {Kind.CHIEFTAIN: "c", Kind.WARRIOR: "w", Kind.BOY: "b", Kind.DAUGHTER: "d", Kind.BLUFF: "x"}
LETTER_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}
KIND_LABELS = {
    Kind.CHIEFTAIN: "chieftain",
    Kind.WARRIOR: "warrior",
    Kind.BOY: "boy",
    Kind.DAUGHTER: "daughter",
    Kind.BLUFF: "bluff",
}

# Tokens of one clan, by kind (18 in all).
TOKENS: dict[Kind, int] = {Kind.CHIEFTAIN: 1, Kind.WARRIOR: 2, Kind.BOY: 6, Kind.DAUGHTER: 1, Kind.BLUFF: 8}
TOKEN_COUNTS: tuple[int, ...] = tuple(TOKENS[k] for k in KINDS)
TOKENS_PER_CLAN = sum(TOKEN_COUNTS)

# Which kinds may take which kind of slot (nested: raid within scout within guard).
CAN_GUARD = frozenset(KINDS)
CAN_SCOUT = frozenset({Kind.CHIEFTAIN, Kind.WARRIOR, Kind.BOY, Kind.BLUFF})
CAN_RAID = frozenset({Kind.CHIEFTAIN, Kind.WARRIOR, Kind.BLUFF})

# Entrances of a clan board: three into the pasture, then two into the house.
PASTURE_ENTRANCES = 3
HOUSE_ENTRANCES = 2
ENTRANCES = PASTURE_ENTRANCES + HOUSE_ENTRANCES
FK_SLOTS = 2
FK_TOKENS_PER_PLAYER = 1

COWS_TOTAL = 25
JEWELS_TOTAL = 12
START_COWS = 5
START_JEWELS = 3
TURNS = 8
WIN_COWS = 11
MIN_PLAYERS = 2
MAX_PLAYERS = 4

POINTS_COW = 2
POINTS_JEWEL = 3
POINTS_CAPTIVE = {Kind.BOY: 1, Kind.DAUGHTER: 5}
POINTS_HERD_BONUS = 3

# OUTCOME[scout][guard] = (raid succeeds, who is taken). Guard None: unguarded, or its guard was
# a bluff. "scout": the board owner captures the scouting token; "guard": the scout's owner
# kidnaps the guarding token.
OUTCOME: dict[Kind, dict[Kind | None, tuple[bool, str | None]]] = {
    Kind.BOY: {
        None: (True, None),
        Kind.BOY: (False, None),
        Kind.WARRIOR: (False, "scout"),
        Kind.CHIEFTAIN: (False, None),
        Kind.DAUGHTER: (False, None),
    },
    Kind.WARRIOR: {
        None: (True, None),
        Kind.BOY: (True, None),
        Kind.WARRIOR: (False, None),
        Kind.CHIEFTAIN: (False, None),
        Kind.DAUGHTER: (False, "guard"),
    },
    Kind.CHIEFTAIN: {
        None: (True, None),
        Kind.BOY: (True, None),
        Kind.WARRIOR: (True, None),
        Kind.CHIEFTAIN: (False, None),
        Kind.DAUGHTER: (False, None),
    },
}

# FK_OUTCOME: sorted kinds left on the foreign kingdom after the bluffs go -> kinds whose owners
# each take one cow (if the kingdom still has one).
FK_OUTCOME: dict[tuple[Kind, ...], tuple[Kind, ...]] = {
    (): (),
    (Kind.CHIEFTAIN,): (Kind.CHIEFTAIN,),
    (Kind.WARRIOR,): (Kind.WARRIOR,),
    (Kind.CHIEFTAIN, Kind.CHIEFTAIN): (Kind.CHIEFTAIN, Kind.CHIEFTAIN),
    (Kind.WARRIOR, Kind.WARRIOR): (Kind.WARRIOR, Kind.WARRIOR),
    (Kind.CHIEFTAIN, Kind.WARRIOR): (Kind.CHIEFTAIN,),
}


def entrance_name(entrance: int) -> str:
    """'pasture 2' or 'house 1' for an entrance index 0..4."""
    if entrance < PASTURE_ENTRANCES:
        return f"pasture {entrance + 1}"
    return f"house {entrance - PASTURE_ENTRANCES + 1}"


def is_house(entrance: int) -> bool:
    return entrance >= PASTURE_ENTRANCES
