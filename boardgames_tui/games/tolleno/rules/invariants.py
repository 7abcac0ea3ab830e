"""The conservation checks fuzzing runs on every Tolleno state."""

from __future__ import annotations

from boardgames_tui.games.tolleno.rules.components import CONTRACTS, KINDS, PLAYER_FLOORS, city_pile
from boardgames_tui.games.tolleno.rules.state import OFFER_SIZE, TollenoState


def check_invariants(state: TollenoState) -> None:
    """Raise AssertionError if a tile, contract or floor is lost or duplicated, or stands off the map."""
    held = [p.held for p in state.players if p.held is not None]
    placed = [t.kind for t in state.tiles if not t.kind.startswith("D")]
    everything = sorted([*held, *placed, *state.city_pile, *state.removed])
    assert everything == sorted(city_pile()), "city tiles lost or duplicated"
    on_map = [c.id for c in state.contracts]
    all_contracts = sorted([*on_map, *state.offer, *state.contract_pile])
    assert all_contracts == sorted(c.id for c in CONTRACTS), "contracts lost or duplicated"
    assert len(state.offer) == min(OFFER_SIZE, len(state.offer) + len(state.contract_pile))
    for s, p in enumerate(state.players):
        built = sum(b.height for b in state.buildings if b.owner == s)
        assert built == p.floors, f"seat {s} has {p.floors} floors taken but {built} on the map"
        assert 0 <= p.floors <= PLAYER_FLOORS
        taken = sorted(c.id for c in state.contracts if c.owner == s)
        assert taken == sorted(cid for cid, _ in p.contracts), "contract record mismatch"
        assert p.boat is None or p.boat in {t.pos for t in state.tiles}
    boats = [p.boat for p in state.players if p.boat is not None]
    assert len(boats) == len(set(boats)), "two boats share a tile"
    spaces = [(b.pos, b.corner) for b in state.buildings] + [(c.pos, c.corner) for c in state.contracts]
    assert len(spaces) == len(set(spaces)), "two things share a space"
    city = state.city()
    assert len(city) == len(state.tiles), "two tiles share a position"
    for pos, corner in spaces:
        assert corner in city[pos].spaces, "something stands off a space"
    assert all(b.height >= 1 for b in state.buildings)
    assert all(k in KINDS for k in (t.kind for t in state.tiles))
