"""Step 1, expanding the city: touching, extending canals, no dead ends, boats (oracle O1)."""

from __future__ import annotations

from boardgames_tui.games.tolleno.rules.geometry import GEOMS, Line
from boardgames_tui.games.tolleno.rules.state import Phase

from ..tolleno_helpers import legal_texts, play, refused, scenario


def test_oracle_O1a_tile_extending_the_west_canal_is_placed_and_extends_the_whole_line() -> None:
    state = play(scenario(held="I2a"), "T -1,0 0")
    assert state.phase is Phase.BUILD
    assert state.extended == (Line(True, ((-1, 0), (0, 0), (1, 0))),)
    assert state.players[0].held is None


def test_oracle_O1b_canal_facing_land_is_a_dead_end() -> None:
    assert "dead end" in refused(scenario(held="I2a"), "T -1,0 1")


def test_oracle_O1c_tile_touching_only_a_corner_is_refused() -> None:
    assert "touch the side" in refused(scenario(held="I2a"), "T -1,-1 0")


def test_oracle_O1d_land_against_land_only_extends_no_canal() -> None:
    assert "extend at least one canal" in refused(scenario(held="I2a"), "T 0,-1 0")


def test_oracle_O1e_a_moored_boat_blocks_connections_for_the_others_only() -> None:
    blocked = scenario(held="I2a", boats={"B": (0, 0)})
    assert "boat" in refused(blocked, "T -1,0 0")
    own_boat = scenario(held="I2a", boats={"B": (0, 0)}, current="B")
    assert play(own_boat, "T -1,0 0").placed_at == (-1, 0)


def test_rule_tile_touching_two_tiles_is_valid() -> None:
    state = scenario(held="I2a", tiles=[((-1, 0), "I2a", 0)])
    after = play(state, "T -1,1 0")  # touches (-1,0) by land and NE downtown by canal
    assert after.placed_at == (-1, 1)


def test_rule_tile_connecting_two_canals_extends_both() -> None:
    state = scenario(held="L2a", tiles=[((-1, 0), "T2a", 0)])
    after = play(state, "T -1,1 2")  # canals S and W meet the city's open ends
    assert {line.vertical for line in after.extended} == {True, False}


def test_rule_dead_end_is_refused_from_either_side() -> None:
    state = scenario(held="I2a")
    assert "dead end" in refused(state, "T 0,2 0")  # own land faces the city's canal
    assert "dead end" in refused(state, "T 0,-1 1")  # own canal faces the city's land


def test_rule_an_occupied_position_is_refused() -> None:
    assert "already a tile" in refused(scenario(held="I2a"), "T 0,0 0")


def test_legal_placements_are_exactly_those_apply_accepts() -> None:
    state = scenario(held="L3b")
    legal = set(legal_texts(state))
    assert legal
    for r in range(-2, 4):
        for c in range(-2, 4):
            for k in range(4):
                text = f"T {r},{c} {k}"
                try:
                    play(state, text)
                    accepted = True
                except ValueError:
                    accepted = False
                assert accepted == (text in legal), text


def test_tile_rotation_turns_cells_clockwise() -> None:
    assert GEOMS[("DT", 3)].rows == ("o~o", "~3~", "o<.")
    assert GEOMS[("I2c", 1)].rows == ("o.o", "~2~", "o.v")
