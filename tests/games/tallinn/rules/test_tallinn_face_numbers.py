"""The numbers that stand for card halves when a bot redraws another player's cards: two halves
share a number exactly when they are equal (the same symbols, coin and envoy symbols), so matching
a shown half by number finds the same cards as comparing the halves themselves."""

from __future__ import annotations

from boardgames_tui.games.tallinn.rules.components import INFLUENCE
from boardgames_tui.games.tallinn.rules.hidden import _FACE


def test_two_halves_share_a_number_exactly_when_they_are_equal() -> None:
    halves = [(card.id, h, half) for card in INFLUENCE.values() for h, half in enumerate(card.halves)]
    assert len(_FACE) == len(halves)
    for a, ha, half_a in halves:
        for b, hb, half_b in halves:
            assert (_FACE[(a, ha)] == _FACE[(b, hb)]) == (half_a == half_b)
