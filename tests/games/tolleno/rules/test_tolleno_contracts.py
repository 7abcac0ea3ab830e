"""Contract tiles scored on their neighbourhood for the placer only (oracle O3, rulings 2, 24)."""

from __future__ import annotations

import pytest

from boardgames_tui.games.tolleno.rules.components import CONTRACTS
from boardgames_tui.games.tolleno.rules.geometry import Corner
from boardgames_tui.games.tolleno.rules.scoring import contract_vp, neighbourhood
from boardgames_tui.games.tolleno.rules.state import MapContract

from ..tolleno_helpers import play, scenario

O3_BUILDINGS = [
    ("A", (0, 1), "NW", 2),
    ("A", (0, 1), "SE", 1),
    ("A", (1, 1), "NE", 3),
    ("B", (1, 0), "NW", 2),
    ("B", (0, 0), "NW", 1),
]

O3_THREE_PLAYERS = {
    "G1": 8, "G2": 0, "G3": 1, "G4": 3, "G5": 8, "G6": 2, "G7": 2, "G8": 0,
    "B1": 2, "B2": 2, "B3": 3, "B4": 4, "B5": 6, "B6": 3, "B7": 4,
    "W1": 2, "W2": 2, "W3": 2, "W4": 2, "W5": 4, "W6": 0, "W7": 0, "W8": 3, "W9": 2, "W10": 0,
}


def o3_vp(contract_id: str, players: int) -> int:
    state = scenario(players=players, buildings=O3_BUILDINGS)
    placed = (MapContract((1, 0), Corner.NE, contract_id, 0),)
    return contract_vp(contract_id, state.city(), state.buildings, placed, 0, (1, 0), players)


@pytest.mark.parametrize("contract_id", sorted(O3_THREE_PLAYERS))
def test_oracle_O3_each_contract_on_the_downtown_neighbourhood_three_players(contract_id: str) -> None:
    assert o3_vp(contract_id, 3) == O3_THREE_PLAYERS[contract_id]


@pytest.mark.parametrize(("contract_id", "vp"), [("W1", 4), ("W3", 4), ("W8", 6), ("W9", 3)])
def test_oracle_O3_two_player_star_pays_more(contract_id: str, vp: int) -> None:
    assert o3_vp(contract_id, 2) == vp


def test_ruling_24_unstarred_contracts_pay_the_same_with_two_players() -> None:
    for contract in CONTRACTS:
        if contract.vp == contract.vp_two_players:
            assert o3_vp(contract.id, 2) == O3_THREE_PLAYERS[contract.id]


def test_ruling_2_g1_and_g5_count_the_same_empty_spaces() -> None:
    assert o3_vp("G1", 3) == o3_vp("G5", 3)


def test_rule_neighbourhood_is_the_tile_and_the_eight_around_it_that_exist() -> None:
    state = scenario(tiles=[((-1, 0), "I2a", 0), ((-2, 0), "I2a", 0)])
    assert sorted(neighbourhood(state.city(), (0, 0))) == [(-1, 0), (0, 0), (0, 1), (1, 0), (1, 1)]
    assert len(neighbourhood(state.city(), (0, 1))) == 5


def test_rule_contract_scores_only_for_its_placer_from_its_own_point_of_view() -> None:
    # Bruno placing B3 at the same spot counts his own two buildings, not Ada's three.
    state = scenario(players=3, buildings=O3_BUILDINGS)
    placed = (MapContract((1, 0), Corner.NE, "B3", 1),)
    assert contract_vp("B3", state.city(), state.buildings, placed, 1, (1, 0), 3) == 2


def test_rule_contract_placed_in_play_adds_vp_to_its_placer_only() -> None:
    state = scenario(players=3, buildings=O3_BUILDINGS, offer=("B7", "G1", "G2"), held="I2a")
    state = play(state, "T -1,0 0", "F 0,0 NE", "X B7", "C B7 0,1 NE")
    assert state.players[0].contracts == (("B7", 4),)
    assert state.players[0].vp == state.players[0].start_vp + 4
    assert [p.vp for p in state.players[1:]] == [p.start_vp for p in state.players[1:]]
    assert any(c.id == "B7" for c in state.contracts)
