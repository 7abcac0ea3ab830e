"""Tallinn's actions, one decision each, and their short text forms (the codec's `FORM`s).

Every form starts with its own letter: "x3.7" (exchange), "p9a", "p11b:K+Mo" (play a card's half,
the envoy's faction, an open Supporter), "sK" / "s-" (own Supporter), "n" (next dispute), "tr7",
"th5", "t-" (tower), "r3.9" / "r-" (chronicle removal), "eMo" (envoy symbols).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import ClassVar

from boardgames_tui.engine.codec import Codec, Converter, one_of
from boardgames_tui.engine.evolve import members
from boardgames_tui.games.tallinn.rules.components import FACTIONS, HALF_NAMES, Faction


@dataclass(frozen=True, slots=True)
class Exchange:
    """Envoy setup: put these hand cards under the draw pile (in this order) and draw as many."""

    FORM: ClassVar[str] = "x{cards}"

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Play:
    """Phase 1: the card and half to play, the envoy's faction and an open Supporter."""

    FORM: ClassVar[str] = "p{card}{half:half}[:{faction:faction}][+{supporter:faction}]"

    card: int
    half: int  # 0 = half A, 1 = half B
    faction: Faction | None = None  # only for the envoy's coin half
    supporter: Faction | None = None  # an open Supporter (way a)


@dataclass(frozen=True, slots=True)
class OwnSupport:
    """Phase 3, before disputes: a Supporter for one's own dispute (way b), or none."""

    FORM: ClassVar[str] = "s[{faction:faction}|-]"

    faction: Faction | None = None


@dataclass(frozen=True, slots=True)
class Advance:
    """The table resolves the next dispute."""

    FORM: ClassVar[str] = "n"


@unique
class TowerSource(StrEnum):
    NONE = "-"
    ROW = "r"
    HAND = "h"


SOURCE = members(TowerSource)
"""The tower sources as plain class attributes, read on every move (see `engine.evolve.members`)."""


@dataclass(frozen=True, slots=True)
class BuildTower:
    """Phase 3, after disputes: turn a row card or a hand card into a tower, or build none."""

    FORM: ClassVar[str] = "t[{source:source}{card}|-]"

    source: TowerSource = TowerSource.NONE
    card: int = 0


@dataclass(frozen=True, slots=True)
class Remove:
    """Chronicle 'remove' scoring: the row cards to take out of the game (empty: decline)."""

    FORM: ClassVar[str] = "r[{cards}|-]"

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AssignEnvoy:
    """Final scoring: the tied smallest row faction that receives the envoy symbols."""

    FORM: ClassVar[str] = "e{faction:faction}"

    faction: Faction


Action = Exchange | Play | OwnSupport | Advance | BuildTower | Remove | AssignEnvoy

ADVANCE = Advance()
"""Actions are values: one table step is enough."""

_HALVES = {name.lower(): index for index, name in enumerate(HALF_NAMES)}
_SOURCES = {source.value: source for source in (SOURCE.ROW, SOURCE.HAND)}

CODEC: Codec[Action] = Codec(
    "Tallinn",
    [Exchange, Play, OwnSupport, Advance, BuildTower, Remove, AssignEnvoy],
    converters={
        "half": Converter(lambda half: HALF_NAMES[half].lower(), _HALVES.__getitem__, "a|b"),
        "faction": one_of(FACTIONS),
        "source": Converter(lambda source: source.value, _SOURCES.__getitem__, "r|h"),
    },
    shared=[ADVANCE],
)
