"""The conservation checks fuzzing runs after every action."""

from __future__ import annotations

from collections import Counter

from examples.high_card.rules.components import CARDS
from examples.high_card.rules.state import State


def check_invariants(state: State) -> None:
    cards = Counter(state.deck)
    for hand in state.hands:
        cards.update(hand)
    cards.update(p for p in state.played if p is not None)
    dealt = Counter(CARDS)
    spent = dealt - cards
    assert not cards - dealt, "a card appeared from nowhere"
    assert spent.total() == (state.round - 1) * state.players, "cards lost beyond those played in past rounds"
