"""Step 4, the boat: entry, straight moves, turns, passing, carrying and blocking (oracle O6,
rulings 14-17)."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.actions import Carry, MoveBoat
from boardgames_tui.games.tolleno.rules.boat import boat_moves
from boardgames_tui.games.tolleno.rules.geometry import Dir, boat_paths
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState

from ..tolleno_helpers import height, play, refused, scenario

O6_TILES = [((0, 2), "I2a", 1), ((0, 3), "X2a", 0), ((-1, 3), "I2a", 0)]


def o6(floors: int, boats: dict[str, tuple[int, int]] | None = None, **kwargs: object) -> object:
    state = scenario(faces="XXXX", tiles=O6_TILES, boats={"A": (1, 0), **(boats or {})},
                     floors={"A": floors}, **kwargs)  # type: ignore[arg-type]
    return replace(state, phase=Phase.NAVIGATE)


def stops(state: object, seat: int = 0) -> set[tuple[int, int]]:
    return {m.dest for m in boat_moves(state, seat)}  # type: ignore[arg-type]


def test_oracle_O6_straight_moves_without_turns() -> None:
    assert stops(o6(6)) == {(0, 0), (1, 1)}


def test_oracle_O6_one_turn_after_the_13th_floor() -> None:
    assert stops(o6(13)) == {(0, 0), (1, 1), (0, 1), (0, 2), (0, 3)}


def test_oracle_O6_two_turns_after_the_16th_floor() -> None:
    assert stops(o6(16)) == {(0, 0), (1, 1), (0, 1), (0, 2), (0, 3), (-1, 3)}


def test_oracle_O6_passing_another_boat_but_never_stopping_on_it() -> None:
    state = o6(13, boats={"B": (0, 2)})
    assert stops(state) == {(0, 0), (0, 1), (0, 3), (1, 1)}
    assert "may pass it but not stop" in refused(state, "B 0,2")


def sail(state: object, text: str) -> TollenoState:
    """Apply one boat move for Ada (these scenarios set floors by hand, so no invariant check)."""
    return GAME.apply(state, 0, GAME.decode(text))  # type: ignore[arg-type]


def test_oracle_O6_no_carry_from_a_tile_with_another_boat() -> None:
    blocked = sail(o6(13, boats={"B": (0, 2)}, buildings=[("A", (0, 2), "NW", 1)]), "B 0,3")
    assert blocked.current == 1, "nothing could be carried, so the turn ended"
    assert "another boat is moored" in refused(
        replace(blocked, current=0, phase=Phase.CARRY, sail_from=((1, 0),)), "K 0,2 NW SE"
    )
    clear = sail(o6(13, buildings=[("A", (0, 2), "NW", 1)]), "B 0,3")
    assert clear.phase is Phase.CARRY
    assert Carry(((0, 2), "NW"), "SE") in GAME.legal(clear, 0)  # type: ignore[arg-type]


def test_oracle_O6_entry_through_the_west_side_without_turns() -> None:
    state = o6(6)
    assert set(boat_paths(state.city(), None, 0, [((1, 0), Dir.W)])) == {(1, 0), (1, 1)}  # type: ignore[attr-defined]


def test_rule_boat_enters_on_the_sixth_floor_from_the_outskirts() -> None:
    state = scenario(buildings=[("A", (0, 1), "NW", 4)], held="I2a", offer=("G1", "G2", "G3"))
    state = play(state, "T -1,0 0", "F 0,0 NE")
    assert state.players[0].floors == 5 and state.phase is Phase.SECOND
    state = play(state, "F 0,1 NW")
    assert state.players[0].floors == 6
    assert state.phase is Phase.NAVIGATE
    moves = GAME.legal(state, 0)
    assert moves and all(isinstance(m, MoveBoat) for m in moves)
    after = play(state, "B -1,0")
    assert after.players[0].boat == (-1, 0)
    assert after.current == 1
    assert any("sails into the city" in e.text for e in after.log)


def test_rule_boat_below_six_floors_does_not_navigate() -> None:
    state = play(scenario(held="I2a"), "T -1,0 0", "F 0,0 NE", "F 0,1 NW")
    assert state.current == 1
    assert "not unlocked" in refused(replace(state, current=0, phase=Phase.NAVIGATE), "B 0,0")


def test_rule_boat_must_leave_its_tile_and_cannot_reverse_or_reach_by_land() -> None:
    state = o6(6)
    assert "straight course" in refused(state, "B 1,0")  # type: ignore[arg-type]
    assert "straight course" in refused(state, "B 0,3")  # type: ignore[arg-type]


def carry_scenario() -> object:
    """Ada's boat on (1,0), a straight canal east through (1,1) and (1,2) to (1,3)."""
    state = scenario(faces="XXXX", tiles=[((1, 2), "I2a", 1), ((1, 3), "I2a", 1)],
                     buildings=[("A", (1, 1), "NW", 2), ("A", (0, 0), "NW", 3), ("A", (1, 0), "SE", 1)],
                     boats={"A": (1, 0)})
    return replace(state, phase=Phase.NAVIGATE)


def test_rule_boat_carries_one_own_floor_from_a_tile_passed_to_its_destination() -> None:
    state = play(carry_scenario(), "B 1,3")  # type: ignore[arg-type]
    choices = GAME.legal(state, 0)
    assert Carry() in choices
    assert Carry(((1, 1), "NW"), "NE") in choices
    assert all(c.carry_from is None or c.carry_from[0] != (1, 0) for c in choices), "not from the start"
    nearer = play(carry_scenario(), "B 1,1")  # type: ignore[arg-type]
    assert nearer.current == 1, "(1,1) is the destination, not a tile passed: nothing to carry"


def test_rule_carried_floor_moves_the_top_floor_and_keeps_the_count() -> None:
    after = play(carry_scenario(), "B 1,3", "K 1,1 NW NE")  # type: ignore[arg-type]
    assert height(after, (1, 1), "NW") == 1
    assert height(after, (1, 3), "NE") == 1
    assert after.players[0].floors == 6
    assert after.players[0].boat == (1, 3)


def test_rule_moored_boat_blocks_floors_and_contracts_of_the_others() -> None:
    state = play(scenario(held="I2a", boats={"B": (0, 1)}, offer=("G1", "G2", "G3")), "T -1,0 0", "F 0,0 NE")
    assert "boat is moored" in refused(state, "F 0,1 NW")
    assert "boat is moored" in refused(play(state, "X G1"), "C G1 0,1 NW")


def test_ruling_17_one_boat_per_tile_even_for_an_entry() -> None:
    assert (1, 1) not in stops(o6(6, boats={"B": (1, 1)}))


def test_rule_carry_only_own_floors() -> None:
    state = scenario(faces="XXXX", tiles=[((1, 2), "I2a", 1), ((1, 3), "I2a", 1)],
                     buildings=[("B", (1, 1), "NW", 2), ("A", (0, 0), "NW", 6)], boats={"A": (1, 0)})
    after = play(replace(state, phase=Phase.NAVIGATE), "B 1,3")
    assert after.current == 1, "Bruno's floor may not be carried, so there was nothing to choose"
    assert height(after, (1, 1), "NW") == 2
