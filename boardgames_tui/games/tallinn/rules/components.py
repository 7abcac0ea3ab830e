"""Tallinn's cards and tokens as data.

Much of this (the influence card halves, the chronicle cards) is a reconstruction that fits the
published facts; it lives here alone so that the real values can replace it without touching
the rules. Faction symbol counts are always (Knights, Merchants, Monks) triples.
"""

from __future__ import annotations

from dataclasses import dataclass

Faction = str
"""One of "K" (Knights), "M" (Merchants), "Mo" (Monks)."""

FACTIONS: tuple[Faction, ...] = ("K", "M", "Mo")
FACTION_INDEX: dict[Faction, int] = {f: i for i, f in enumerate(FACTIONS)}
FACTION_NAMES: dict[Faction, str] = {"K": "Knights", "M": "Merchants", "Mo": "Monks"}
FACTION_SINGULAR: dict[Faction, str] = {"K": "Knight", "M": "Merchant", "Mo": "Monk"}

ANY = "any"
"""The coin of the Imperial Envoy's second half: its player names the disputed faction."""

START_SCORE = 4
HAND_SIZE = 3
ENVOY_ID = 11
ENVOY_SYMBOLS = 2
CHRONICLE_STACK = 4
"""With the Chronicles, the first stack of each player's draw pile holds this many cards."""

ROUND_DISPUTE = (2, 1)  # points for more / equal in a round dispute
FINAL_DISPUTE = (4, 2)  # points for more / equal in a final dispute
TOWER_SCORE = (6, 3)  # points for more / equal in the tower valuation
BLOWOUT_GAP = 5  # a final-dispute lead this large takes 1 point from the opponent

Counts = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Half:
    """One half of an influence card: its faction symbols, the coin (if any) and envoy symbols."""

    symbols: Counts
    coin: Faction | None = None
    envoy: int = 0

    def text(self) -> str:
        """A compact description, e.g. "1 Merchant + a Merchants coin"."""
        parts = [symbols_text(self.symbols)] if any(self.symbols) else []
        if self.envoy:
            parts.append(f"{self.envoy} envoy symbols")
        if self.coin == ANY:
            parts.append("a coin for any faction")
        elif self.coin:
            parts.append(f"a {FACTION_NAMES[self.coin]} coin")
        return " + ".join(parts)


@dataclass(frozen=True, slots=True)
class InfluenceCard:
    """An influence card: two halves on the faction side, a tower on the back."""

    id: int
    halves: tuple[Half, Half]

    @property
    def tower_symbols(self) -> Counts:
        """Both halves together: what the card is worth as a tower (envoy symbols aside)."""
        a, b = self.halves
        return (a.symbols[0] + b.symbols[0], a.symbols[1] + b.symbols[1], a.symbols[2] + b.symbols[2])


def _h(k: int = 0, m: int = 0, mo: int = 0, coin: Faction | None = None, envoy: int = 0) -> Half:
    return Half((k, m, mo), coin, envoy)


START_CARDS: dict[str, Counts] = {
    "S-A": (2, 1, 0),
    "S-B": (2, 0, 1),
    "S-C": (1, 2, 0),
    "S-D": (0, 2, 1),
    "S-E": (1, 0, 2),
    "S-F": (0, 1, 2),
}

INFLUENCE: dict[int, InfluenceCard] = {
    card.id: card
    for card in (
        InfluenceCard(1, (_h(k=1, coin="K"), _h(mo=2))),
        InfluenceCard(2, (_h(k=1, coin="K"), _h(m=2))),
        InfluenceCard(3, (_h(m=1, coin="M"), _h(k=2))),
        InfluenceCard(4, (_h(m=1, coin="M"), _h(k=1, mo=1))),
        InfluenceCard(5, (_h(mo=1, coin="Mo"), _h(m=2))),
        InfluenceCard(6, (_h(mo=1, coin="Mo"), _h(k=1, m=1))),
        InfluenceCard(7, (_h(k=1, mo=2), _h(m=1, mo=2))),
        InfluenceCard(8, (_h(k=2, m=1), _h(k=1, m=1))),
        InfluenceCard(9, (_h(k=2, mo=1), _h(m=2))),
        InfluenceCard(10, (_h(mo=3), _h(k=1, m=1))),
        InfluenceCard(ENVOY_ID, (_h(k=1, m=1, mo=1), _h(envoy=ENVOY_SYMBOLS, coin=ANY))),
    )
}

# The same facts as lookup tables, for the counting done on every move.
HALF_SYMBOLS: dict[tuple[int, int], Counts] = {
    (card.id, h): half.symbols for card in INFLUENCE.values() for h, half in enumerate(card.halves)
}
"""The symbols of a card half by (card, half): a row card is such a pair."""
TOWER_SYMBOLS: dict[int, Counts] = {card.id: card.tower_symbols for card in INFLUENCE.values()}

BASE_DECK: tuple[int, ...] = tuple(range(1, 11))
ENVOY_DECK: tuple[int, ...] = (*BASE_DECK, ENVOY_ID)

HALF_NAMES = ("A", "B")


@dataclass(frozen=True, slots=True)
class ChronicleHalf:
    """Half of a chronicle card.

    kind "count": a row with at least `need` symbols of the faction earns 1 coin, with at least
    `more` it earns 2. kind "remove": taking row cards worth at least `need` symbols of the
    faction out of the game earns `coins` coins. A coin is worth one point per player.
    """

    kind: str
    faction: Faction
    need: int
    more: int = 0
    coins: int = 0

    def text(self) -> str:
        name = FACTION_NAMES[self.faction]
        if self.kind == "count":
            return f"{self.need}+ {name}: 1 coin, {self.more}+: 2 coins"
        return f"remove cards with {self.need}+ {name}: {self.coins} coin{'s' if self.coins > 1 else ''}"


def _count(f: Faction, need: int, more: int) -> ChronicleHalf:
    return ChronicleHalf("count", f, need, more=more)


def _remove(f: Faction, need: int, coins: int) -> ChronicleHalf:
    return ChronicleHalf("remove", f, need, coins=coins)


CHRONICLES: dict[int, tuple[ChronicleHalf, ChronicleHalf]] = {
    1: (_count("K", 4, 6), _remove("M", 4, 2)),
    2: (_count("M", 4, 6), _remove("Mo", 4, 2)),
    3: (_count("Mo", 4, 6), _remove("K", 4, 2)),
    4: (_remove("K", 3, 1), _count("M", 6, 8)),
    5: (_remove("M", 3, 1), _count("Mo", 6, 8)),
    6: (_remove("Mo", 3, 1), _count("K", 6, 8)),
}

SUPPORTERS: dict[Faction, int] = {"K": 5, "M": 5, "Mo": 5}
SUPPORTERS_PER_PLAYER = 3


def card_text(card: int) -> str:
    """Both halves of a card, e.g. "3: A 1 Merchant + a Merchants coin | B 2 Knights"."""
    a, b = INFLUENCE[card].halves
    return f"{card}: A {a.text()} | B {b.text()}"


def symbols_text(counts: Counts) -> str:
    """Symbol counts in words, e.g. "2 Knights + 1 Merchant" ("nothing" when all are zero)."""
    parts = [
        f"{n} {FACTION_SINGULAR[f] if n == 1 else FACTION_NAMES[f]}" for f, n in zip(FACTIONS, counts, strict=True) if n
    ]
    return " + ".join(parts) or "nothing"


def start_text(start: str) -> str:
    return symbols_text(START_CARDS[start])


def chronicle_rounds(envoy: bool) -> tuple[int, int]:
    """The rounds after whose draws Chronicle I and Chronicle II score (II: when the piles run out)."""
    deck = ENVOY_DECK if envoy else BASE_DECK
    return CHRONICLE_STACK, CHRONICLE_STACK + len(deck) - HAND_SIZE - CHRONICLE_STACK
