"""Die Tafelrunde's components as data: colours, heroes, the starting circle, money and the 41 cards.

Much of the card data is a reconstruction (the printed texts are not published), so everything
a rules change might touch lives here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from functools import cache
from typing import Final

from boardgames_tui.engine.evolve import members

COLOURS: Final = ("lilac", "red", "green", "yellow")
COLOURS_FOR: Final = {3: ("lilac", "red", "green"), 4: COLOURS}

KINDS: Final = ("amazon", "gnome", "goblin", "rogue")

HEROES_OF: Final[dict[str, tuple[str, str]]] = {
    "lilac": ("rogue", "goblin"),
    "red": ("amazon", "gnome"),
    "green": ("gnome", "goblin"),
    "yellow": ("amazon", "rogue"),
}

ZORK: Final = "zork"

START_ORDER: Final[dict[int, tuple[str, ...]]] = {
    4: (
        "rogue-lilac",
        "amazon-red",
        "gnome-green",
        "amazon-yellow",
        "rogue-yellow",
        "goblin-green",
        "gnome-red",
        "goblin-lilac",
        ZORK,
    ),
    3: ("rogue-lilac", "amazon-red", "gnome-green", "goblin-green", "gnome-red", "goblin-lilac", ZORK),
}

START_SILVER: Final = 3
HAND_START: Final = 3
HAND_REFILL: Final = 3
HAND_MAX: Final = 5
DAYS: Final = 12
ROUNDS_PER_DAY: Final = 2
SILVER_PER_GOLD: Final = 3

PAY_FRONT: Final = (4, 3, 2, 1)
PAY_BEFORE_LAST: Final = -1
PAY_LAST: Final = -2
ZORK_BEFORE_LAST: Final = -2
ZORK_LAST: Final = -4
WRESTLING_NEEDS: Final = 3
WRESTLERS: Final = 4


def hero_id(kind: str, colour: str) -> str:
    return f"{kind}-{colour}"


# The hero and card lookups below are cached: the rules ask them for every question, legal
# action and log line, always about the same handful of heroes and the 41 cards.


@cache
def hero_kind(hero: str) -> str | None:
    """The kind of a coloured hero; None for Zork."""
    return None if hero == ZORK else hero.split("-", 1)[0]


@cache
def hero_colour(hero: str) -> str | None:
    """The castle colour of a hero; None for Zork, who belongs to nobody."""
    return None if hero == ZORK else hero.split("-", 1)[1]


@cache
def heroes_of(colour: str) -> tuple[str, str]:
    first, second = HEROES_OF[colour]
    return hero_id(first, colour), hero_id(second, colour)


HERO_SHORT: Final = {
    "amazon": "Am",
    "gnome": "Gn",
    "goblin": "Gb",
    "rogue": "Ro",
}


@cache
def hero_label(hero: str) -> str:
    """A readable name: "gnome (green)", "Zork"."""
    if hero == ZORK:
        return "Zork"
    kind, colour = hero.split("-", 1)
    return f"{kind} ({colour})"


@unique
class Kind(StrEnum):
    """What a card does (its effect family)."""

    ALLIANCE = "alliance"
    BACKWARDS = "backwards"
    BLACK_MAGIC = "black_magic"
    BOOZE_UP = "booze_up"
    CAPRICIOUS_TURN = "capricious_turn"
    CAPRICIOUS_MOVE = "capricious_move"
    CONFUSION = "confusion"
    DIPLOMACY = "diplomacy"
    DUBIOUS_DEAL_PAY = "dubious_deal_pay"
    DUBIOUS_DEAL_GIFT = "dubious_deal_gift"
    FAVOURITE = "favourite"
    GAMBLING = "gambling"
    HEROIC_DEED = "heroic_deed"
    MAGICAL_CHOICE = "magical_choice"
    MAGICAL_MIRROR = "magical_mirror"
    MAJOR_INTRIGUE = "major_intrigue"
    MINOR_INTRIGUE = "minor_intrigue"
    MISCHIEVOUS = "mischievous"
    OLD_FRIENDS = "old_friends"
    RUMOURS = "rumours"
    STROKE_OF_FATE = "stroke_of_fate"
    TRANSFER = "transfer"
    VENAL = "venal"
    WRESTLING = "wrestling"


@unique
class Icon(StrEnum):
    SHIELD = "S"  # may be spent as a veto
    BROKEN = "B"  # may be spent as a veto against a veto


KIND: Final = members(Kind)
ICON: Final = members(Icon)
"""The kinds and icons for the rules' hot paths (`KIND.VENAL` is `Kind.VENAL`, read without the
enum class's slow attribute hook)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One action card: its id (1-41), effect family, parameter, cost in silver and icon."""

    id: int
    kind: Kind
    param: int | tuple[str, str] | None
    cost: int
    icon: Icon | None

    @property
    def name(self) -> str:
        return CARD_NAMES[self.kind]

    @property
    def distance(self) -> int:
        assert isinstance(self.param, int)
        return self.param

    @property
    def kinds(self) -> tuple[str, str]:
        assert isinstance(self.param, tuple)
        return self.param


CARD_NAMES: Final[dict[Kind, str]] = {
    Kind.ALLIANCE: "Alliance",
    Kind.BACKWARDS: "Backwards",
    Kind.BLACK_MAGIC: "Black magic",
    Kind.BOOZE_UP: "Booze-up",
    Kind.CAPRICIOUS_TURN: "Capricious (turn)",
    Kind.CAPRICIOUS_MOVE: "Capricious (move)",
    Kind.CONFUSION: "Confusion",
    Kind.DIPLOMACY: "Diplomacy",
    Kind.DUBIOUS_DEAL_PAY: "Dubious deal (pay)",
    Kind.DUBIOUS_DEAL_GIFT: "Dubious deal (gift)",
    Kind.FAVOURITE: "Favourite",
    Kind.GAMBLING: "Gambling",
    Kind.HEROIC_DEED: "Heroic deed",
    Kind.MAGICAL_CHOICE: "Magical choice",
    Kind.MAGICAL_MIRROR: "Magical mirror",
    Kind.MAJOR_INTRIGUE: "Major intrigue",
    Kind.MINOR_INTRIGUE: "Minor intrigue",
    Kind.MISCHIEVOUS: "Mischievous",
    Kind.OLD_FRIENDS: "Old friends",
    Kind.RUMOURS: "Rumours",
    Kind.STROKE_OF_FATE: "Stroke of fate",
    Kind.TRANSFER: "Transfer",
    Kind.VENAL: "Venal",
    Kind.WRESTLING: "Wrestling",
}

_S, _B = Icon.SHIELD, Icon.BROKEN
_K = Kind

CARDS: Final[tuple[Card, ...]] = (
    Card(1, _K.ALLIANCE, None, 0, _S),
    Card(2, _K.ALLIANCE, None, 0, None),
    Card(3, _K.BACKWARDS, 3, 0, None),
    Card(4, _K.BLACK_MAGIC, None, 0, None),
    Card(5, _K.BOOZE_UP, None, 0, _B),
    Card(6, _K.BOOZE_UP, None, 0, None),
    Card(7, _K.CAPRICIOUS_TURN, None, 0, None),
    Card(8, _K.CAPRICIOUS_TURN, None, 0, None),
    Card(9, _K.CAPRICIOUS_MOVE, 2, 0, None),
    Card(10, _K.CAPRICIOUS_MOVE, 2, 0, None),
    Card(11, _K.CONFUSION, 3, 0, _B),
    Card(12, _K.CONFUSION, 3, 0, None),
    Card(13, _K.DIPLOMACY, 2, 0, _S),
    Card(14, _K.DIPLOMACY, 2, 0, None),
    Card(15, _K.DUBIOUS_DEAL_PAY, 1, 1, None),
    Card(16, _K.DUBIOUS_DEAL_GIFT, 2, 0, None),
    Card(17, _K.FAVOURITE, 2, 0, _S),
    Card(18, _K.FAVOURITE, 2, 0, None),
    Card(19, _K.FAVOURITE, 3, 0, None),
    Card(20, _K.GAMBLING, None, 0, _S),
    Card(21, _K.GAMBLING, None, 0, None),
    Card(22, _K.HEROIC_DEED, ("amazon", "gnome"), 0, None),
    Card(23, _K.HEROIC_DEED, ("rogue", "goblin"), 0, None),
    Card(24, _K.MAGICAL_CHOICE, None, 0, None),
    Card(25, _K.MAGICAL_MIRROR, None, 0, None),
    Card(26, _K.MAJOR_INTRIGUE, 3, 0, None),
    Card(27, _K.MAJOR_INTRIGUE, 3, 0, None),
    Card(28, _K.MINOR_INTRIGUE, 2, 0, _S),
    Card(29, _K.MINOR_INTRIGUE, 2, 0, None),
    Card(30, _K.MINOR_INTRIGUE, 2, 0, None),
    Card(31, _K.MISCHIEVOUS, 2, 2, None),
    Card(32, _K.MISCHIEVOUS, 2, 2, None),
    Card(33, _K.OLD_FRIENDS, 3, 0, None),
    Card(34, _K.OLD_FRIENDS, 3, 0, None),
    Card(35, _K.RUMOURS, 2, 0, _S),
    Card(36, _K.RUMOURS, 2, 0, None),
    Card(37, _K.STROKE_OF_FATE, 2, 0, None),
    Card(38, _K.TRANSFER, None, 0, None),
    Card(39, _K.VENAL, 3, 2, _B),
    Card(40, _K.VENAL, 3, 2, None),
    Card(41, _K.WRESTLING, WRESTLING_NEEDS, 0, None),
)

CARD: Final[dict[int, Card]] = {c.id: c for c in CARDS}
ALL_CARD_IDS: Final = tuple(c.id for c in CARDS)

CARD_TEXT: Final[dict[Kind, str]] = {
    Kind.ALLIANCE: "one of your heroes joins your other hero, just in front of or just behind",
    Kind.BACKWARDS: "Zork goes down 1, 2 or 3",
    Kind.BLACK_MAGIC: "two heroes trade places",
    Kind.BOOZE_UP: "roll: the hero at that position goes to the back",
    Kind.CAPRICIOUS_TURN: "Draco turns round: the circle's order reverses",
    Kind.CAPRICIOUS_MOVE: "Draco moves 1 or 2 seats either way",
    Kind.CONFUSION: "two different heroes go down 3 each",
    Kind.DIPLOMACY: "a hero up 2, and a hero not yours down 2",
    Kind.DUBIOUS_DEAL_PAY: "take a random card from a player and pay them 1 silver",
    Kind.DUBIOUS_DEAL_GIFT: "take a random card from a player; they move any hero up 2",
    Kind.FAVOURITE: "one hero up {param}",
    Kind.GAMBLING: "pick a hero, roll: it moves to that position",
    Kind.HEROIC_DEED: "a hero in a run of {kinds} moves up or down by the run's length (max 4)",
    Kind.MAGICAL_CHOICE: "take a card of your choice from the discard pile",
    Kind.MAGICAL_MIRROR: "roll: the last hero goes up and the first goes down that far",
    Kind.MAJOR_INTRIGUE: "one hero down 3",
    Kind.MINOR_INTRIGUE: "one hero down 2",
    Kind.MISCHIEVOUS: "give 2 silver to another player",
    Kind.OLD_FRIENDS: "one of your heroes up 3; another player may move one of theirs up 3",
    Kind.RUMOURS: "every hero of one kind up 2, or every one down 2",
    Kind.STROKE_OF_FATE: "the owners of Zork's neighbours pay 2 silver each",
    Kind.TRANSFER: "a hero (not Zork) moves next to Zork, in front or behind",
    Kind.VENAL: "pay 2 silver: one hero up or down 1, 2 or 3",
    Kind.WRESTLING: "the first four heroes roll in turn: 2 or less sends one to the back",
}


def card_text(card: Card) -> str:
    """A one-line summary of what the card does, in our own words."""
    text = CARD_TEXT[card.kind]
    if card.kind is Kind.FAVOURITE:
        return text.format(param=card.param)
    if card.kind is Kind.HEROIC_DEED:
        return text.format(kinds=" and ".join(f"{k}s" for k in card.kinds))
    return text


@cache
def card_title(card_id: int) -> str:
    """"Favourite #17" - the name with its number, which the veto icons make worth knowing."""
    return f"{CARD[card_id].name} #{card_id}"


# How each castle colour is drawn on screen (the castles impose the seats' colours in this game).
CASTLE_HEX: dict[str, str] = {"lilac": "#B98BE0", "red": "#E8575A", "green": "#3FBF7F", "yellow": "#E8D040"}
