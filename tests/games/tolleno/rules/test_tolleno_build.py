"""Steps 2 and 3: the first floor on an extended canal, then a floor or contract on a
perpendicular quay, never on the same tile (oracle O2, rulings 6, 7, 8, 10)."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.actions import BuildFloor, TakeContract
from boardgames_tui.games.tolleno.rules.building import perpendicular_spaces
from boardgames_tui.games.tolleno.rules.geometry import Corner, Line
from boardgames_tui.games.tolleno.rules.state import Phase

from ..tolleno_helpers import height, play, refused, scenario, spaces_of

V_LINE = Line(True, ((-1, 0), (0, 0), (1, 0)))
H0 = Line(False, ((0, 0), (0, 1)))


def after_o1a(**kwargs: object) -> object:
    return play(scenario(held="I2a", **kwargs), "T -1,0 0")  # type: ignore[arg-type]


def test_oracle_O2_step2_has_nine_candidates_on_the_extended_line() -> None:
    state = after_o1a()
    assert spaces_of(GAME.legal(state, 0)) == {
        ((-1, 0), "NW"), ((-1, 0), "NE"), ((-1, 0), "SW"), ((-1, 0), "SE"),
        ((0, 0), "NW"), ((0, 0), "NE"), ((0, 0), "SE"),
        ((1, 0), "NW"), ((1, 0), "NE"),
    }


def test_oracle_O2_step3_candidates_for_each_reference_line() -> None:
    state = play(after_o1a(), "F 0,0 NE")
    city = state.city()
    first = ((0, 0), Corner.NE)
    by_v = set(perpendicular_spaces(city, first, V_LINE))
    assert len(by_v) == 11
    assert by_v == {((0, 1), c) for c in Corner} | {((1, 0), Corner.NW), ((1, 0), Corner.NE),
                    ((1, 0), Corner.SW)} | {((1, 1), c) for c in Corner}
    by_h = set(perpendicular_spaces(city, first, H0))
    assert len(by_h) == 14
    assert by_h == {((-1, 0), c) for c in Corner} | {((1, 0), Corner.NW), ((1, 0), Corner.NE)} | {
        ((0, 1), c) for c in Corner} | {((1, 1), c) for c in Corner}
    # The player picks the reference line, so the legal floors are the union of both.
    floors = {(a.pos, a.corner) for a in GAME.legal(state, 0) if isinstance(a, BuildFloor)}
    assert floors == by_v | by_h


def test_rule_first_floor_must_be_on_a_quay_of_a_canal_just_extended() -> None:
    state = after_o1a()
    assert "just extended" in refused(state, "F 0,1 NW")
    assert "just extended" in refused(state, "F 1,1 SE")


def test_rule_second_element_goes_on_a_perpendicular_quay() -> None:
    state = play(after_o1a(), "F -1,0 NW")  # touches only the N-S line
    # (0,0) NW lies only on the N-S line itself, not on a perpendicular one.
    assert "perpendicular" in refused(state, "F 0,0 NW")
    after = play(state, "F 1,1 SE")  # (1,1) is on H1, which crosses the N-S line at (1,0)
    assert height(after, (1, 1), "SE") == 1


def test_rule_same_tile_is_refused_for_the_second_element() -> None:
    state = play(after_o1a(), "F 0,0 NE")
    assert "tile of your first floor" in refused(state, "F 0,0 SE")
    taken = play(state, f"X {state.offer[0]}")
    assert "tile of your first floor" in refused(taken, f"C {state.offer[0]} 0,0 SE")


def test_ruling_10_the_new_tile_may_host_the_second_element() -> None:
    state = play(after_o1a(), "F 0,0 NE", "F -1,0 SW")
    assert height(state, (-1, 0), "SW") == 1


def test_rule_a_building_belongs_to_one_player_and_own_buildings_stack() -> None:
    state = after_o1a(buildings=[("B", (0, 0), "NW", 1), ("A", (0, 0), "SE", 2)])
    assert "belongs to another player" in refused(state, "F 0,0 NW")
    after = play(state, "F 0,0 SE")
    assert height(after, (0, 0), "SE") == 3
    assert after.players[0].floors == 3


def test_rule_floors_are_taken_from_the_board_in_order() -> None:
    state = play(after_o1a(), "F 0,0 NE", "F 0,1 NW")
    assert state.players[0].floors == 2
    assert any("floor 2" in e.text for e in state.log)


def test_rule_contract_goes_on_an_empty_space_scores_privately_and_is_refilled() -> None:
    state = play(after_o1a(offer=("G3", "B3", "W2")), "F 0,0 NE")
    pile_before = state.contract_pile
    taken = play(state, "X G3")
    assert taken.phase is Phase.CONTRACT and taken.chosen_contract == "G3"
    after = play(taken, "C G3 0,1 NW")
    assert [(c.id, c.pos, c.corner) for c in after.contracts] == [("G3", (0, 1), Corner.NW)]
    assert after.players[0].contracts == (("G3", 1),)
    assert after.offer == ("B3", "W2", pile_before[0])
    private = [e for e in after.log if "earns" in e.text]
    assert private and private[0].audience == frozenset({0})


def test_rule_contract_needs_an_empty_space() -> None:
    state = play(after_o1a(buildings=[("A", (0, 1), "NW", 1)], offer=("G3", "B3", "W2")), "F 0,0 NE")
    assert "not face up" in refused(state, "X G1")
    taken = play(state, "X G3")
    assert "empty space" in refused(taken, "C G3 0,1 NW")
    assert "not the contract you took" in refused(taken, "C B3 0,1 NE")


def test_rule_no_contract_once_the_contract_pile_is_exhausted() -> None:
    state = play(after_o1a(), "F 0,0 NE")
    state = replace(state, offer=(), contract_pile=(), contracts=())
    assert not [a for a in GAME.legal(state, 0) if isinstance(a, TakeContract)]


def test_ruling_7_with_no_floor_left_step3_offers_only_contracts() -> None:
    state = after_o1a(buildings=[("A", (0, 0), "NE", 19)])
    state = play(state, "F 0,0 NE")
    assert state.players[0].floors == 20
    assert state.phase is Phase.SECOND
    actions = GAME.legal(state, 0)
    assert actions and all(isinstance(a, TakeContract) for a in actions)
    assert "all your floors" in refused(state, "F 0,1 NW")


def test_ruling_6_turn_moves_on_when_step3_is_impossible() -> None:
    h0 = [((0, 0), "NE"), ((0, 0), "SE")] + [((0, 1), c) for c in ("NW", "NE", "SE", "SW")]
    h1 = [((1, 0), c) for c in ("NW", "NE", "SW")] + [((1, 1), c) for c in ("NW", "NE", "SE", "SW")]
    state = after_o1a(buildings=[("B", pos, corner, 1) for pos, corner in h0 + h1])
    after = play(state, "F -1,0 NW")  # its perpendiculars are full of Bruno's buildings
    assert after.current == 1, "no second element was possible, so Ada's turn ended"
    assert any("no place for a second element" in e.text for e in after.log)
    assert after.players[0].floors == 1
