"""What each card asks before the veto call, and what it does when it goes through.

A card's declaration is a short sequence of questions (slots). `next_step` names the next open
question (and who answers it) or the next roll of the dice; `ops_for` turns a complete
declaration into changes to the circle, in the order they happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tafelrunde.rules.circle import HEROIC_MAX, Op, Order, apply_ops, runs
from boardgames_tui.games.tafelrunde.rules.components import (
    CARD,
    KIND,
    KINDS,
    WRESTLERS,
    WRESTLING_NEEDS,
    ZORK,
    Card,
    hero_kind,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.rules.state import Decl, State

UP, DOWN = "up", "down"
FRONT, BEHIND = "front", "behind"
KEEP, REROLL = "keep", "reroll"
NOBODY = "none"
WRESTLE_SLOTS = ("w1", "w2", "w3")


@dataclass(slots=True, unsafe_hash=True)
class Question:
    """An open choice: the slot, the seat that answers it and the allowed answers.

    Never changed once built; not frozen because one is built for most actions (see `Decl`)."""

    slot: str
    chooser: Seat
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NeedRoll:
    """The dice must be rolled now, by `roller` (for `hero` in Wrestling)."""

    roller: Seat
    hero: str = ""


Step = Question | NeedRoll | None


# --- small lookups ------------------------------------------------------------------------------


def own_heroes(state: State, seat: Seat) -> tuple[str, str]:
    return heroes_of(state.colours[seat])


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


def dubious_targets(state: State, actor: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in range(state.players) if s != actor and state.hands[s])


def others(state: State, actor: Seat) -> tuple[Seat, ...]:
    """The other seats, clockwise from the actor's left."""
    n = state.players
    return tuple((actor + i) % n for i in range(1, n))


def wrestlers(state: State) -> tuple[str, ...]:
    return state.order[:WRESTLERS]


def wrestle_order(state: State, decl: Decl) -> tuple[str, ...]:
    """The wrestlers in the declared order (the last one is whoever is left)."""
    chosen = [v for v in (decl.get(s) for s in WRESTLE_SLOTS) if v is not None]
    if len(chosen) == len(WRESTLE_SLOTS):
        chosen += [h for h in wrestlers(state) if h not in chosen]
    return tuple(chosen)


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
    """Whether `playable_reason` has no objection, asking it only about cards that need more than
    their cost (a legal list is made for nearly every state of a bot's search)."""
    return COST[card_id] <= state.money[seat] and (
        card_id not in CONDITIONAL or playable_reason(state, seat, card_id) is None
    )


# --- the questions ------------------------------------------------------------------------------


def _heroes(state: State, exclude: tuple[str | None, ...] = ()) -> tuple[str, ...]:
    if not exclude:
        return state.order
    return tuple(h for h in state.order if h not in exclude)


@cache
def _steps(most: int) -> tuple[str, ...]:
    """The answers "1" .. `most` for how many steps."""
    return tuple(str(k) for k in range(1, most + 1))


def _card_questions(state: State, decl: Decl, card: Card) -> Step:
    """The next question a card asks before any dice, or None once its own choices are made."""
    actor = decl.actor
    kind = card.kind
    answers = dict(decl.answers)  # looked up several times: a dict beats `Decl.get`'s scan
    have = answers.__contains__

    if kind is KIND.ALLIANCE:
        if not have("hero"):
            return Question("hero", actor, own_heroes(state, actor))
        if not have("place"):
            return Question("place", actor, (FRONT, BEHIND))
    elif kind is KIND.BACKWARDS:
        if not have("steps"):
            return Question("steps", actor, _steps(card.distance))
    elif kind in (KIND.BLACK_MAGIC, KIND.CONFUSION):
        if not have("hero"):
            return Question("hero", actor, _heroes(state))
        if not have("other"):
            return Question("other", actor, _heroes(state, (answers.get("hero"),)))
    elif kind is KIND.CAPRICIOUS_MOVE:
        if not have("side"):
            return Question("side", actor, ("goblet", "other"))
        if not have("steps"):
            return Question("steps", actor, _steps(card.distance))
    elif kind is KIND.DIPLOMACY:
        if not have("hero"):
            return Question("hero", actor, _heroes(state))
        if not have("other"):
            return Question("other", actor, _heroes(state, (answers.get("hero"), *own_heroes(state, actor))))
    elif kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT, KIND.MISCHIEVOUS):
        if not have("seat"):
            targets = others(state, actor) if kind is KIND.MISCHIEVOUS else dubious_targets(state, actor)
            return Question("seat", actor, tuple(str(s) for s in targets))
        if kind is KIND.DUBIOUS_DEAL_GIFT and not have("hero"):
            return Question("hero", int(answers.get("seat") or 0), _heroes(state))
    elif kind in (KIND.FAVOURITE, KIND.MAJOR_INTRIGUE, KIND.MINOR_INTRIGUE, KIND.GAMBLING):
        if not have("hero"):
            return Question("hero", actor, _heroes(state))
    elif kind is KIND.HEROIC_DEED:
        if not have("hero"):
            eligible = runs(state.order, card.kinds)
            return Question("hero", actor, tuple(h for h in state.order if h in eligible))
        if not have("dir"):
            return Question("dir", actor, (UP, DOWN))
    elif kind is KIND.MAGICAL_CHOICE:
        if not have("card"):
            return Question("card", actor, tuple(str(c) for c in sorted(set(decl.discard_before))))
    elif kind is KIND.OLD_FRIENDS:
        if not have("hero"):
            return Question("hero", actor, own_heroes(state, actor))
        if not have("seat"):
            return Question("seat", actor, tuple(str(s) for s in others(state, actor)))
        if not have("theirs"):
            friend = int(answers.get("seat") or 0)
            return Question("theirs", friend, (*own_heroes(state, friend), NOBODY))
    elif kind is KIND.RUMOURS:
        if not have("kind"):
            present = {hero_kind(h) for h in state.order}
            return Question("kind", actor, tuple(k for k in KINDS if k in present))
        if not have("dir"):
            return Question("dir", actor, (UP, DOWN))
    elif kind is KIND.TRANSFER:
        if not have("hero"):
            return Question("hero", actor, _heroes(state, (ZORK,)))
        if not have("place"):
            return Question("place", actor, (FRONT, BEHIND))
    elif kind is KIND.VENAL:
        if not have("hero"):
            return Question("hero", actor, _heroes(state))
        if not have("dir"):
            return Question("dir", actor, (UP, DOWN))
        if not have("steps"):
            return Question("steps", actor, _steps(card.distance))
    elif kind is KIND.WRESTLING:
        for slot in WRESTLE_SLOTS:
            if not have(slot):
                chosen = wrestle_order(state, decl)
                return Question(slot, actor, tuple(h for h in wrestlers(state) if h not in chosen))
    return None


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
    step = _card_questions(state, decl, card)
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
