"""Tallinn's conservation checks for fuzzing: every card, starting card, chronicle and Supporter
where it belongs, and every score equal to its ledger and to a recount."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.components import CHRONICLES, START_CARDS, SUPPORTERS
from boardgames_tui.games.tallinn.rules.state import (
    CAT_FINAL_K,
    CAT_FINAL_M,
    CAT_FINAL_MO,
    CAT_ROUND,
    CAT_TOWERS,
    PHASE,
    TallinnState,
    deck_of,
)


def check_invariants(state: TallinnState) -> None:
    """Raise AssertionError if `state` loses or duplicates a component or misbooks a point."""
    deck = sorted(deck_of(state))
    for i, s in enumerate(state.seats):
        shown = [*(e.card for e in s.row), *(t.card for t in s.towers), *(e.card for e in s.removed)]
        cards = [*s.hand, *s.pile, *shown]
        assert sorted(cards) == deck, f"seat {i} cards {sorted(cards)} are not its deck"
        assert s.score == sum(row[i] for row in state.ledger), f"seat {i} score does not match its ledger"
        disputes = sum(d.total for d in state.history if d.disputer == i)
        assert state.ledger[CAT_ROUND][i] == disputes, f"seat {i} round points do not match the disputes"
        assert list(s.hand) == sorted(s.hand)
    starts = [s.start for s in state.seats] + list(state.unused_starts)
    assert sorted(starts) == sorted(START_CARDS), "starting cards lost or duplicated"
    if state.chronicles:
        chron = sorted((*state.chronicle_cards, *state.chronicle_hidden))
        assert chron == sorted(CHRONICLES), "chronicle cards lost or duplicated"
    if state.supporters:
        tokens = Counter(state.undealt_tokens)
        for s in state.seats:
            tokens.update(s.tokens)
            tokens.update(s.spent)
        assert tokens == Counter(SUPPORTERS), "Supporters lost or duplicated"
    for i, p in enumerate(state.pending):
        assert p is None or i in state.asked, "a commitment from a seat that was not asked"
    if state.phase is PHASE.DISPUTE:
        resolved = {d.disputer for d in state.disputes}
        assert resolved.isdisjoint(state.to_resolve), "a dispute resolved twice"
        assert state.disputes or state.to_resolve, "a dispute phase without disputes"
    elif state.phase is not PHASE.OVER:
        assert state.asked, f"nobody asked in phase {state.phase}"
    if state.phase is PHASE.OVER:
        _check_final(state)


def _check_final(state: TallinnState) -> None:
    counts = [scoring.final_row_counts(s, state.envoy_choice[i]) for i, s in enumerate(state.seats)]
    final = [0] * state.players
    for fi in range(3):
        for i, p in enumerate(scoring.final_dispute_points([c[fi] for c in counts])):
            final[i] += p
    towers = scoring.tower_points([scoring.tower_strength(s.towers) for s in state.seats])
    for i in range(state.players):
        booked = sum(state.ledger[c][i] for c in (CAT_FINAL_K, CAT_FINAL_M, CAT_FINAL_MO))
        assert booked == final[i], f"seat {i} final disputes do not recount"
        assert state.ledger[CAT_TOWERS][i] == towers[i], f"seat {i} towers do not recount"
