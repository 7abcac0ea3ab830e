"""The conservation checks fuzzing runs after every action."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS, HAND_MAX, START_ORDER
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State


def check_invariants(state: State) -> None:
    """Every card once, hands within the limit, every hero on the circle, no purse below zero,
    known cards where they are thought to be, and a declaration exactly while one is under way."""
    cards = [c for h in state.hands for c in h] + list(state.draw) + list(state.discard)
    cards += [c for c in state.in_front if c is not None]
    counts = Counter(cards)
    assert sorted(counts) == list(ALL_CARD_IDS), "a card is lost or invented"
    assert all(v == 1 for v in counts.values()), f"a card is duplicated: {counts.most_common(1)}"
    assert all(len(h) <= HAND_MAX for h in state.hands), "a hand is over the limit"
    assert sorted(state.order) == sorted(START_ORDER[state.players]), "the circle lost a hero"
    assert all(m >= 0 for m in state.money), "money below zero"
    for k in state.known:
        assert k.card in state.hands[k.holder], "a known card is not where it is thought to be"
    decl = state.decl
    if state.phase in (PHASE.DECLARE, PHASE.VETO, PHASE.VETO_VETO):
        assert decl is not None
        if decl.announced:
            assert all(decl.card not in h for h in state.hands), "a played card is still in hand"
        else:
            assert decl.card in state.hands[decl.actor], "the card being declared left the hand"
    else:
        assert decl is None
    if state.phase in (PHASE.VETO_VETO,):
        assert state.vetoer is not None
