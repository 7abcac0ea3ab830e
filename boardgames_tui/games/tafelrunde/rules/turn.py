"""A seat's turn in an action round: play a card (its declaration follows), draw a card, lay one
out in front of you for 1 silver (once a day), or pass when none of these is possible."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tafelrunde.rules.actions import DISCARD, DRAW, PASS, PLAY, Action, Discard, Draw, Pass, Play
from boardgames_tui.games.tafelrunde.rules.components import HAND_MAX, card_title
from boardgames_tui.games.tafelrunde.rules.day import end_turn
from boardgames_tui.games.tafelrunde.rules.declare import advance
from boardgames_tui.games.tafelrunde.rules.effects import CONDITIONAL, COST, condition_met, playable, playable_reason
from boardgames_tui.games.tafelrunde.rules.piles import Piles, remove_from_hand
from boardgames_tui.games.tafelrunde.rules.state import Decl, State
from boardgames_tui.games.tafelrunde.rules.text import entry, say


def legal(state: State, seat: Seat | None) -> list[Action]:
    """The seat on turn's cards to play, the draw, the cards to lay out; else the pass."""
    if seat != (state.start + state.turn) % len(state.names):  # `state.on_turn`, read often
        return []
    hand = state.hands[seat]
    money = state.money[seat]
    # `playable`, written out: a legal list is made for nearly every state of a bot's search.
    acts: list[Action] = [
        PLAY[c] for c in hand if COST[c] <= money and (c not in CONDITIONAL or condition_met(state, seat, c))
    ]
    if len(hand) < HAND_MAX and (state.draw or state.discard):  # `piles.can_draw`
        acts.append(DRAW)
    if state.in_front[seat] is None:
        acts += [DISCARD[c] for c in hand]
    return acts or [PASS]


def apply(state: State, seat: Seat | None, action: Action) -> State:
    """The seat on turn's action, checked (the functions below make it)."""
    if seat != state.on_turn:
        who = "The table" if seat is None else state.names[seat]
        raise IllegalAction(f"It is {state.names[state.on_turn]}'s turn, not {who}'s.")
    hand = state.hands[seat]
    if isinstance(action, Play):  # the commonest action first
        if action.card not in hand:
            raise IllegalAction("That card is not in your hand.")
        if not playable(state, seat, action.card):
            raise IllegalAction(playable_reason(state, seat, action.card) or "")
        return play(state, seat, action)
    if isinstance(action, Draw):
        if len(hand) >= HAND_MAX:
            raise IllegalAction(f"You already hold {HAND_MAX} cards, the most allowed.")
        if not (state.draw or state.discard):
            raise IllegalAction("There is no card left to draw.")
        return draw(state, seat, action)
    if isinstance(action, Discard):
        if state.in_front[seat] is not None:
            raise IllegalAction("You have already laid out a card for silver today.")
        if action.card not in hand:
            raise IllegalAction("That card is not in your hand.")
        return lay_out(state, seat, action)
    if isinstance(action, Pass):
        if legal(state, seat) != [PASS]:
            raise IllegalAction("You may pass only when you can neither play, draw nor lay out a card.")
        return pass_turn(state, seat, action)
    raise IllegalAction("Now choose to play a card, draw a card or lay one out for silver.")


# The actions themselves, for a seat on turn whose action `apply` has checked, or which `legal`
# offered (the bots' search applies these directly: `Tafelrunde.apply_legal`).


def play(state: State, seat: Seat, action: Play) -> State:
    """The card's declaration begins (its choices follow as answers)."""
    return advance(state, Decl(seat, action.card, (), (), False, state.discard))  # positional: made on every play


def draw(state: State, seat: Seat, action: Draw) -> State:
    piles = Piles.of(state)
    piles.draw_one(seat)
    return end_turn(state, **piles.changes(state.log))


def lay_out(state: State, seat: Seat, action: Discard) -> State:
    hands, known = remove_from_hand(state, seat, action.card)
    in_front = list(state.in_front)
    in_front[seat] = action.card
    money = list(state.money)
    money[seat] += 1
    log = state.log.later(_laid_out_line, state.names[seat], action.card)
    return end_turn(state, hands=hands, known=known, in_front=tuple(in_front), money=tuple(money), log=log)


def pass_turn(state: State, seat: Seat, action: Pass) -> State:
    return end_turn(state, log=say(state, f"{state.names[seat]} can do nothing and passes."))


@lru_cache(maxsize=1024)
def _laid_out_line(name: str, card: int) -> tuple[LogEntry]:
    return (entry(f"{name} lays out {card_title(card)} for 1 silver."),)
