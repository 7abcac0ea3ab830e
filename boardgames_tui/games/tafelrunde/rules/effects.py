"""What each card needs before the veto call, and what it does when it goes through.

A card's declaration is a short sequence of questions (slots, `questions.card_questions`), then
its dice and the order of its moves. `next_step` names the next open question (and who answers
it) or the next roll of the dice; `ops_for` turns a complete declaration into changes to the
circle, in the order they happen.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tafelrunde.rules.circle import HEROIC_MAX, Op, Order, apply_ops, runs
from boardgames_tui.games.tafelrunde.rules.components import (
    CARD,
    KIND,
    WRESTLING_NEEDS,
    ZORK,
    hero_kind,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.rules.questions import (
    DOWN,
    FRONT,
    NOBODY,
    UP,
    NeedRoll,
    Question,
    Step,
    card_questions,
    dubious_targets,
    own_heroes,
    wrestle_order,
)
from boardgames_tui.games.tafelrunde.rules.state import Decl, State

KEEP, REROLL = "keep", "reroll"


# --- small lookups ------------------------------------------------------------------------------


def owner_of(state: State, hero: str) -> Seat | None:
    """The seat whose castle colour the hero wears; None for Zork."""
    return owners(state.colours).get(hero)


@cache
def owners(colours: tuple[str, ...]) -> dict[str, Seat]:
    """The seat of every coloured hero at a table whose seats hold `colours` (Zork is not listed).
    The same for the whole game: asked for every hero at every pay-out."""
    return {hero: seat for seat, colour in enumerate(colours) for hero in heroes_of(colour)}


def zork_owner(money: tuple[int, ...]) -> Seat | None:
    """Zork sides with the one seat that is strictly richest, and with nobody on a tie."""
    best = max(money)
    if money.count(best) != 1:
        return None
    return money.index(best)


def playable_reason(state: State, seat: Seat, card_id: int) -> str | None:
    """Why the card cannot be played now, or None when it can."""
    card = CARD[card_id]
    if state.money[seat] < card.cost:
        return f"{card.name} costs {card.cost} silver and you hold {state.money[seat]}."
    if card.kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT) and not dubious_targets(state, seat):
        return "No other player holds a card to take."
    if card.kind is KIND.MAGICAL_CHOICE and not state.discard:
        return "The discard pile is empty."
    if card.kind is KIND.HEROIC_DEED and not runs(state.order, card.kinds):
        kinds = " and ".join(card.kinds)
        return f"No two {kinds} heroes sit side by side."
    return None


COST: Final = {card_id: card.cost for card_id, card in CARD.items()}
"""Each card's cost in silver."""
CONDITIONAL: Final = frozenset(
    card_id for card_id, card in CARD.items()
    if card.kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT, KIND.MAGICAL_CHOICE, KIND.HEROIC_DEED)
)
"""The cards that need more than their cost to be played (see `playable_reason`): every other
card is playable exactly when its player can pay for it."""


def playable(state: State, seat: Seat, card_id: int) -> bool:
    """Whether `playable_reason` has no objection, asking about more than the cost only for the
    cards that need more (a legal list is made for nearly every state of a bot's search)."""
    return COST[card_id] <= state.money[seat] and (card_id not in CONDITIONAL or condition_met(state, seat, card_id))


def condition_met(state: State, seat: Seat, card_id: int) -> bool:
    """For a card of `CONDITIONAL`: whether what it needs beyond its cost is there (the conditions
    of `playable_reason`, as a yes or no without the words)."""
    card = CARD[card_id]
    kind = card.kind
    if kind is KIND.MAGICAL_CHOICE:
        return bool(state.discard)
    if kind is KIND.HEROIC_DEED:
        return bool(runs(state.order, card.kinds))
    hands = state.hands  # a Dubious deal: another seat holds a card
    return any(hands[s] for s in range(len(hands)) if s != seat)


ROLLING: Final = frozenset({KIND.BOOZE_UP, KIND.GAMBLING, KIND.MAGICAL_MIRROR, KIND.WRESTLING})
"""The kinds whose cards roll dice (`rolls_needed` is empty for every other card)."""
ORDERED: Final = frozenset({KIND.DIPLOMACY, KIND.MAGICAL_MIRROR, KIND.OLD_FRIENDS, KIND.RUMOURS})
"""The kinds whose moves may happen in either order (`_moves_with_order` is empty for every other
card). `next_step` asks about dice and order only for these: it runs on most actions."""


def rolls_needed(state: State, decl: Decl) -> tuple[tuple[Seat, str], ...]:
    """Who rolls, in order (and for which wrestler)."""
    kind = CARD[decl.card].kind
    if kind in (KIND.BOOZE_UP, KIND.GAMBLING, KIND.MAGICAL_MIRROR):
        return ((decl.actor, ""),)
    if kind is KIND.WRESTLING:
        out = []
        for hero in wrestle_order(state, decl):
            roller = owner_of(state, hero)
            if roller is None:
                owner = zork_owner(state.money)
                roller = decl.actor if owner is None else owner
            out.append((roller, hero))
        return tuple(out)
    return ()


def next_step(state: State, decl: Decl) -> Step:
    """The next thing the declaration needs: a question, a roll, or None when it is complete."""
    card = CARD[decl.card]
    step = card_questions(state, decl, card)
    if step is not None:
        return step
    kind = card.kind
    for i, (roller, hero) in enumerate(rolls_needed(state, decl) if kind in ROLLING else ()):
        if i >= len(decl.rolls):
            return NeedRoll(roller, hero)
        roll = decl.rolls[i]
        if not roll.settled:
            return Question("reroll", roll.roller, (KEEP, REROLL))
    if kind in ORDERED and not decl.has("first"):
        pair = _ordered_pair(state, decl)
        if pair is not None:
            return Question("first", decl.actor, pair)
    return None


# --- the effect ---------------------------------------------------------------------------------


def _moves_with_order(state: State, decl: Decl) -> list[Op]:
    """The moves of a card whose two moves may happen in either order (first one first)."""
    card = CARD[decl.card]
    kind = card.kind
    if kind is KIND.DIPLOMACY:
        return [Op(UP, decl.get("hero") or "", card.distance), Op(DOWN, decl.get("other") or "", card.distance)]
    if kind is KIND.MAGICAL_MIRROR:
        r = decl.rolls[0].value
        return [Op(UP, state.order[-1], r), Op(DOWN, state.order[0], r)]
    if kind is KIND.OLD_FRIENDS:
        moves = [Op(UP, decl.get("hero") or "", card.distance)]
        theirs = decl.get("theirs")
        if theirs not in (None, NOBODY):
            moves.append(Op(UP, theirs, card.distance))
        return moves
    if kind is KIND.RUMOURS:
        step = UP if decl.get("dir") == UP else DOWN
        return [Op(step, h, card.distance) for h in state.order if hero_kind(h) == decl.get("kind")]
    return []


def _ordered_pair(state: State, decl: Decl) -> tuple[str, str] | None:
    """The two heroes to choose the first mover from, when the order changes the result."""
    moves = _moves_with_order(state, decl)
    if len(moves) != 2:
        return None
    if apply_ops(state.order, moves) == apply_ops(state.order, moves[::-1]):
        return None
    return (moves[0].hero, moves[1].hero)


def ops_for(state: State, decl: Decl) -> list[Op]:
    """The circle changes of a complete declaration, in the order they happen."""
    card = CARD[decl.card]
    kind = card.kind
    hero = decl.get("hero") or ""
    if kind in (KIND.DIPLOMACY, KIND.MAGICAL_MIRROR, KIND.OLD_FRIENDS, KIND.RUMOURS):
        moves = _moves_with_order(state, decl)
        first = decl.get("first")
        if first is not None and moves and moves[0].hero != first:
            moves.reverse()
        return moves
    if kind is KIND.ALLIANCE:
        mine = own_heroes(state, decl.actor)
        partner = mine[1] if hero == mine[0] else mine[0]
        return [Op(decl.get("place") or FRONT, hero, other=partner)]
    if kind is KIND.BACKWARDS:
        return [Op(DOWN, ZORK, int(decl.get("steps") or 0))]
    if kind is KIND.BLACK_MAGIC:
        return [Op("swap", hero, other=decl.get("other") or "")]
    if kind is KIND.BOOZE_UP:
        return [Op("back", state.order[decl.rolls[0].value - 1])]
    if kind is KIND.CAPRICIOUS_TURN:
        return [Op("turn")]
    if kind is KIND.CAPRICIOUS_MOVE:
        return [Op(f"draco_{decl.get('side')}", steps=int(decl.get("steps") or 0))]
    if kind is KIND.CONFUSION:
        return [Op(DOWN, hero, card.distance), Op(DOWN, decl.get("other") or "", card.distance)]
    if kind is KIND.DUBIOUS_DEAL_GIFT:
        return [Op(UP, hero, card.distance)]
    if kind is KIND.FAVOURITE:
        return [Op(UP, hero, card.distance)]
    if kind in (KIND.MAJOR_INTRIGUE, KIND.MINOR_INTRIGUE):
        return [Op(DOWN, hero, card.distance)]
    if kind is KIND.GAMBLING:
        return [Op("to", hero, decl.rolls[0].value)]
    if kind is KIND.HEROIC_DEED:
        length = runs(state.order, card.kinds).get(hero, 0)
        return [Op(decl.get("dir") or UP, hero, min(length, HEROIC_MAX))]
    if kind is KIND.TRANSFER:
        return [Op(decl.get("place") or FRONT, hero, other=ZORK)]
    if kind is KIND.VENAL:
        return [Op(decl.get("dir") or UP, hero, int(decl.get("steps") or 0))]
    if kind is KIND.WRESTLING:
        return [
            Op("back", roll.hero) for roll in decl.rolls if roll.value < WRESTLING_NEEDS
        ]
    return []


def preview(state: State, decl: Decl) -> Order | None:
    """The circle as it would be if the complete declaration went through; None if incomplete."""
    if next_step(state, decl) is not None:
        return None
    return apply_ops(state.order, ops_for(state, decl))
