"""The one phase of a round: every seat plays a card in secret, then the table reveals them."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from examples.high_card.rules.actions import REVEAL, Action, Play
from examples.high_card.rules.state import State


def legal(state: State, seat: Seat | None) -> list[Action]:
    if state.revealing >= 0:
        return [REVEAL] if seat is None else []
    if seat is None or state.played[seat] is not None:
        return []
    return [Play(card) for card in sorted(set(state.hands[seat]))]


def play(state: State, seat: Seat | None, action: Play) -> State:
    if seat is None or state.revealing >= 0 or state.played[seat] is not None:
        raise IllegalAction("You have no card to play now.")
    if action.card not in state.hands[seat]:
        raise IllegalAction(f"Card {action.card} is not in your hand.")
    hand = list(state.hands[seat])
    hand.remove(action.card)
    hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
    played = (*state.played[:seat], action.card, *state.played[seat + 1 :])
    log = (
        *state.log,
        LogEntry(f"{state.names[seat]} chose a card."),
        LogEntry(f"You chose {action.card}.", frozenset({seat})),
    )
    revealing = 0 if all(p is not None for p in played) else -1
    return evolve(state, hands=hands, played=played, log=log, revealing=revealing)


def reveal(state: State, seat: Seat | None) -> State:
    if seat is not None or state.revealing < 0:
        raise IllegalAction("Only the table reveals, once every card is played.")
    shown = state.revealing
    log = (*state.log, LogEntry(f"{state.names[shown]} shows {state.played[shown]}.", step=True))
    if shown + 1 < state.players:
        return evolve(state, revealing=shown + 1, log=log)
    best = max(p for p in state.played if p is not None)
    points = 2 if state.double else 1
    scores = tuple(s + (points if p == best else 0) for s, p in zip(state.scores, state.played, strict=True))
    return evolve(
        state,
        revealing=-1,
        scores=scores,
        played=(None,) * state.players,
        round=state.round + 1,
        log=(*log, LogEntry(f"Round {state.round} is scored.")),
    )
