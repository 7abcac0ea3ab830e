"""Resampling: the other seats' hands and unrevealed cards redrawn from the cards a seat cannot see."""

from __future__ import annotations

import random

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import Seat
from examples.high_card.rules.state import State


def resample(state: State, seat: Seat, seed: int) -> State:
    """Every card `seat` has not seen (other hands, cards played face down, the undealt deck) dealt
    again at random into the same places; what the seat knows stays."""
    unseen_played = [i for i, p in enumerate(state.played) if p is not None and i != seat and i >= state.revealing]
    pool = sorted(
        [c for i, hand in enumerate(state.hands) if i != seat for c in hand]
        + [state.played[i] or 0 for i in unseen_played]
        + list(state.deck)
    )
    random.Random(seed).shuffle(pool)
    hands = list(state.hands)
    for i, hand in enumerate(state.hands):
        if i != seat:
            hands[i], pool = tuple(sorted(pool[: len(hand)])), pool[len(hand) :]
    played = list(state.played)
    for i in unseen_played:
        played[i], pool = pool[0], pool[1:]
    return evolve(state, hands=tuple(hands), played=tuple(played), deck=tuple(pool))
