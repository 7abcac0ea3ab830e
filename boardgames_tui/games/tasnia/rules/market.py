"""Cards and payments: what a hand can pay, drawing with reshuffles, hand limits."""

from __future__ import annotations

from collections.abc import Iterable

from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tasnia.rules.area import Area, has_installed
from boardgames_tui.games.tasnia.rules.components import (
    BARON,
    GOLD,
    HAND_SIZE,
    HAND_SIZE_BARON,
    MERCHANT,
    MOVE_CARD_COSTS,
    SILVER,
    SPECIALS,
    TYPES,
)
from boardgames_tui.games.tasnia.rules.state import sort_cards


def contains(hand: tuple[str, ...], cards: tuple[str, ...] | list[str]) -> bool:
    return all(hand.count(k) >= cards.count(k) for k in set(cards))


def without(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def with_silver_for_gold(cost: tuple[str, ...], merchant: bool) -> list[tuple[str, ...]]:
    """Every way to pay `cost` card for card; with a Merchant each Gold may be a Silver."""
    golds = cost.count(GOLD)
    base = [k for k in cost if k != GOLD]
    if not merchant or not golds:
        return [sort_cards(cost)]
    return [sort_cards([*base, *[GOLD] * (golds - s), *[SILVER] * s]) for s in range(golds + 1)]


def tile_payments(tile: str, area: Area, specials: Iterable[str] = SPECIALS) -> list[tuple[str, ...]]:
    """Every payment accepted for `tile` (before looking at the hand): its cost, or one special."""
    options = with_silver_for_gold(TYPES[tile[0]].cost, has_installed(area, MERCHANT))
    return options + [(card,) for card in specials]


def card_move_payments(area: Area) -> list[tuple[str, ...]]:
    """Ways to pay for moving an installed card: 1 Gold or 2 Silver (a Merchant lets Silver be Gold)."""
    options = [sort_cards(p) for p in MOVE_CARD_COSTS]
    if has_installed(area, MERCHANT):
        options.append((SILVER,))
    return options


def affordable(options: list[tuple[str, ...]], hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [p for p in options if contains(hand, p)]


def hand_limit(area: Area) -> int:
    return HAND_SIZE_BARON if has_installed(area, BARON) else HAND_SIZE


def draw_cards(
    draw: tuple[str, ...], discard: tuple[str, ...], rng: RngState, count: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], RngState, bool]:
    """Draw `count` cards (fewer if both piles run out), shuffling the discards into a new pile
    when the draw pile is empty. Returns (drawn, draw, discard, rng, reshuffled)."""
    drawn: list[str] = []
    reshuffled = False
    while len(drawn) < count:
        if not draw:
            if not discard:
                break
            draw, rng = rng.shuffled(discard)
            discard = ()
            reshuffled = True
        take = min(count - len(drawn), len(draw))
        drawn.extend(draw[:take])
        draw = draw[take:]
    return tuple(drawn), draw, discard, rng, reshuffled
