"""The checks fuzzing runs after every action: tiles and cards conserved, hands and stockpiles
sorted, areas consistent with their layout, building actions counted only while building."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from boardgames_tui.games.tasnia.rules.area import Area, Tiles
from boardgames_tui.games.tasnia.rules.components import (
    INSTALLABLE,
    REGULAR,
    REGULAR_COPIES,
    all_tiles,
    empty_stacks_to_end,
)
from boardgames_tui.games.tasnia.rules.geometry import whole_area_failure
from boardgames_tui.games.tasnia.rules.state import PHASE, State, empty_stacks, sort_cards


def check_invariants(state: State) -> None:
    tiles = [t for s in state.stacks for t in s]
    cards = list(state.draw) + list(state.discard)
    for p in state.players:
        tiles.extend(t for _, t in p.area.tiles)
        tiles.extend(p.area.stock)
        cards.extend(p.hand)
        cards.extend(c for c, _ in p.area.cards)
        assert p.hand == sort_cards(p.hand), "hand not sorted"
        assert p.area.stock == tuple(sorted(p.area.stock)), "stockpile not sorted"
        _check_area(p.area)
    assert Counter(tiles) == Counter(all_tiles()), "tiles lost or duplicated"
    deck = Counter({k: REGULAR_COPIES for k in REGULAR}) + Counter(state.specials)
    assert Counter(cards) == deck, "cards lost or duplicated"
    assert state.build_actions >= 0
    assert state.build_actions == 0 or state.phase in (PHASE.BUILD, PHASE.OVER), "actions counted off-phase"
    assert state.final == (empty_stacks(state) >= empty_stacks_to_end(len(state.players)))
    if state.split:
        assert state.phase is PHASE.BUILD and state.holding is None, "a split choice outside building"
        anchors = state.players[state.current].area.layout.anchors
        assert all(set(parts) <= set(anchors) for _, parts in state.split), "a split part is gone"


@lru_cache(maxsize=4096)
def _area_failure(tiles: Tiles) -> str | None:
    return whole_area_failure(dict(tiles))


@lru_cache(maxsize=4096)
def _check_area(area: Area) -> None:
    lay = area.layout
    assert area.locked <= set(lay.grid), "a locked cell is empty"
    for part, why in zip(lay.parts, lay.failures, strict=True):
        if why is None:
            assert part <= area.locked, "a complete building is not locked"
    reason = _area_failure(area.tiles)
    assert reason is None, reason
    anchors = lay.anchors
    for card, anchor in area.cards:
        assert card in INSTALLABLE and anchor in anchors, f"{card} is not anchored to a building"
    assert all(n <= 1 for n in area.residents()), "two residents share a building"
    assert len({c for c, _ in area.cards}) == len(area.cards), "a card is installed twice"
