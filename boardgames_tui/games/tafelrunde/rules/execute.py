"""The declared card goes through: money first, then cards, then the circle."""

from __future__ import annotations

from typing import Final

from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.games.tafelrunde.rules.circle import apply_op, zork_neighbours
from boardgames_tui.games.tafelrunde.rules.components import (
    CARD,
    KIND,
    card_title,
    hero_label,
)
from boardgames_tui.games.tafelrunde.rules.day import end_turn
from boardgames_tui.games.tafelrunde.rules.effects import ops_for, owner_of, zork_owner
from boardgames_tui.games.tafelrunde.rules.state import Decl, Known, State
from boardgames_tui.games.tafelrunde.rules.text import entry, money_text, op_text


def money_effect(state: State, decl: Decl) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The purses once the complete declaration `decl` goes through, and a log line per payment.

    Shared by the card's execution and its "if it goes through" preview, so the two never differ.
    A Dubious deal (pay) pays only if its target still holds a card when it takes effect."""
    card = CARD[decl.card]
    kind = card.kind
    actor = decl.actor
    names = state.names
    money = list(state.money)
    lines: list[str] = []
    if kind in (KIND.VENAL, KIND.MISCHIEVOUS):
        money[actor] -= card.cost
        if kind is KIND.MISCHIEVOUS:
            target = int(decl.get("seat") or 0)
            money[target] += card.cost
            lines.append(f"{names[actor]} gives {card.cost} silver to {names[target]}.")
        else:
            lines.append(f"{names[actor]} pays {card.cost} silver to the bank.")
    elif kind is KIND.DUBIOUS_DEAL_PAY:
        target = int(decl.get("seat") or 0)
        if state.hands[target]:
            money[actor] -= card.cost
            money[target] += card.cost
            lines.append(f"{names[actor]} pays {names[target]} {card.cost} silver.")
    elif kind is KIND.STROKE_OF_FATE:
        for hero in zork_neighbours(state.order):
            seat = owner_of(state, hero)
            if seat is None:
                continue
            paid = min(card.distance, money[seat])
            money[seat] -= paid
            lines.append(f"{names[seat]} pays {paid} silver for {hero_label(hero)} beside Zork.")
    return tuple(money), tuple(lines)


PAYING: Final = frozenset({KIND.VENAL, KIND.MISCHIEVOUS, KIND.DUBIOUS_DEAL_PAY, KIND.STROKE_OF_FATE})
"""The kinds whose cards move money (`money_effect` leaves every purse as it is for the others)."""


def execute(state: State, log: LazyLog[LogEntry]) -> State:
    """The declared card takes effect: money first, then cards, then the circle (its lines added
    to `log`, which holds the state's log and the line that let the card through)."""
    decl = state.decl
    assert decl is not None
    kind = CARD[decl.card].kind
    actor = decl.actor
    hands, known, discard, rng = state.hands, state.known, state.discard, state.rng
    money = money_effect(state, decl)[0] if kind in PAYING else state.money
    taken: int | None = None
    if kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT):
        target = int(decl.get("seat") or 0)
        if hands[target]:
            gen, rng = rng.draw()
            taken = gen.choice(hands[target])
            new_hands = list(hands)
            new_hands[target] = tuple(c for c in hands[target] if c != taken)
            new_hands[actor] = (*hands[actor], taken)
            hands = tuple(new_hands)
            known = (*(k for k in known if k.card != taken), Known(taken, actor, frozenset({actor, target})))
    if kind is KIND.MAGICAL_CHOICE:
        wanted = int(decl.get("card") or 0)
        pile = list(discard)
        pile.remove(wanted)
        discard = tuple(pile)
        new_hands = list(hands)
        new_hands[actor] = (*hands[actor], wanted)
        hands = tuple(new_hands)
        known = (*known, Known(wanted, actor, None))
    order, goblet_left = state.order, state.goblet_left
    for op in ops_for(state, decl):
        order = apply_op(order, op)
        if op.verb == "turn":
            goblet_left = not goblet_left
    return end_turn(state, money=money, hands=hands, known=known, discard=discard, rng=rng,
                    order=order, goblet_left=goblet_left, log=log.later(_lines, state, taken))


def _lines(state: State, taken: int | None) -> list[LogEntry]:
    """The log lines of `execute(state, …)`, in which `taken` is the card taken by a Dubious deal."""
    decl = state.decl
    assert decl is not None
    kind = CARD[decl.card].kind
    actor = decl.actor
    names = state.names
    money, paid = money_effect(state, decl)
    lines: list[str] = []
    private: list[LogEntry] = []
    if kind in (KIND.DUBIOUS_DEAL_PAY, KIND.DUBIOUS_DEAL_GIFT):
        target = int(decl.get("seat") or 0)
        if taken is not None:
            lines.append(f"{names[actor]} takes a random card from {names[target]}.")
            private.append(LogEntry(f"The card taken was {card_title(taken)}.", frozenset({actor, target})))
            lines += paid
        else:
            lines.append(f"{names[target]} has no card left to take.")
    else:
        lines += paid
    if kind is KIND.MAGICAL_CHOICE:
        lines.append(f"{names[actor]} takes {card_title(int(decl.get('card') or 0))} from the discard pile.")
    order = state.order
    for op in ops_for(state, decl):
        after = apply_op(order, op)
        lines.append(op_text(order, after, op))
        order = after
    if money != state.money:
        owner = zork_owner(money)
        lines.append(f"Money now: {', '.join(f'{n} {money_text(m)}' for n, m in zip(names, money, strict=True))}"
                     f"; Zork sides with {names[owner] if owner is not None else 'nobody'}.")
    return [entry(line) for line in lines] + private
