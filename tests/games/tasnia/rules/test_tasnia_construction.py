"""Construction: the placement checks (A1-A3, P1-P7), completion (C1-C7), the spec's example
buildings E1-E9 and wrong ones X1-X15 (oracle O1), the rulebook's examples and oracle O2."""

from __future__ import annotations

import pytest

from boardgames_tui.games.tasnia.rules.actions import Cancel, Lift, Put, Stock, Take
from boardgames_tui.games.tasnia.rules.area import Area
from boardgames_tui.games.tasnia.rules.geometry import buildings, completion_failure, targets, whole_area_failure
from boardgames_tui.games.tasnia.rules.state import Phase, State
from tests.games.tasnia.tasnia_helpers import (
    GAME,
    area,
    grid,
    me,
    place,
    place_refusal,
    play,
    refused,
    scenario,
)

COMPLETE = {
    "E1_house": "/^\\\nWDW",
    "E2_larger_house": "./^\\.\n/WWW\\\nWWDWW",
    "E3_wood_on_stone": "/^\\\nWWW\nSTS",
    "E4_castle": "A...A\nS...S\nS===S\nSSTSS",
    "E5_lean_to": ".^\n/W\nWD",
    "E6_tower": "A\nT",
    "E7_hut": "^\nD",
    "E8_flat_stone_hut": "=\nT",
    "E9_stepped_flat_roofs": ".=\n=S\nTS",
}

WRONG = {
    "X1": ("DS", "P3"),
    "X2": ("=\nD", "P2"),
    "X3": ("W\n^\nD", "P1"),
    "X4": ("/^\\\nDWD", "P6"),
    "X5": ("A=\nS.\nT.", "P5"),
    "X6": ("A=A\nSTS", "P4"),
    "X7": ("/^^\\\nWDWW", "C6"),
    "X8": ("/^/\nWDW", "C7"),
    "X9": ("/^\\.\nWDW\\", "C5"),
    "X10": ("/^\\\nW.W\nWDW", "C3"),
    "X11": ("^.\nDW", "C4"),
    "X12": ("..\\\n^\\W\nDWW", "C7"),
    "X13": ("//^\\\nWWDW", "C7"),
    "X14": ("/^\\\nWWW", "C1"),
    "X15": ("A.A\nS=S\nSTS", "P4"),
}


def first_failure(picture: str) -> str | None:
    g = grid(picture)
    reason = whole_area_failure(g)
    if reason is not None:
        return reason
    for part in buildings(g):
        reason = completion_failure(g, part)
        if reason is not None:
            return reason
    return None


@pytest.mark.parametrize("name", COMPLETE)
def test_oracle_O1_example_buildings_are_complete(name: str) -> None:
    g = grid(COMPLETE[name])
    assert whole_area_failure(g) is None
    assert len(buildings(g)) == 1
    assert completion_failure(g, g) is None


@pytest.mark.parametrize("name", WRONG)
def test_oracle_O1_wrong_buildings_fail_their_first_check(name: str) -> None:
    picture, code = WRONG[name]
    reason = first_failure(picture)
    assert reason is not None and reason.startswith(code), reason


def test_rulebook_castle_is_complete_and_locks_when_built_tile_by_tile() -> None:
    castle = area(COMPLETE["E4_castle"])
    assert castle.locked == frozenset(castle.grid)


def test_rulebook_castle_with_peaks_set_down_fails_tower_base() -> None:
    """The castle without the raised stone under its peaks: rain would collect (X15)."""
    assert first_failure(WRONG["X15"][0]).startswith("P4")


# --- the "done wrong" example, item by item ---------------------------------------------------
def build_state(a: Area, stock: tuple[str, ...]) -> State:
    from dataclasses import replace

    return scenario(phase=Phase.BUILD, areas={0: replace(a, stock=tuple(sorted(stock)))})


@pytest.mark.parametrize(
    ("item", "picture", "tile", "cell", "code"),
    [
        ("two_doors", "WD", "T", (2, 0), None),  # stone beside wood fails first; see the next case
        ("two_doors_same_material", "WD", "D", (2, 0), "P6"),
        ("wooden_door_beside_stone_wall", "S", "D", (1, 0), "P3"),
        ("stone_roof_on_wooden_door", "D", "=", (0, 1), "P2"),
        ("tower_peak_beside_roof", "=\nT", "A", (1, 1), "P5"),
        ("wooden_wall_on_a_roof", "^\nD", "W", (0, 2), "P1"),
        ("wall_beside_stone_roof", "=\nT", "W", (1, 1), "P3"),
    ],
)
def test_done_wrong_example_placements_are_refused(item: str, picture: str, tile: str, cell, code) -> None:  # type: ignore[no-untyped-def]
    state = build_state(area(picture), (tile,))
    if code is None:
        assert place_refusal(state, tile, cell).startswith("P3")
        return
    assert place_refusal(state, tile, cell).startswith(code)


def test_done_wrong_example_roof_touching_the_ground_is_incomplete() -> None:
    assert first_failure("/^\\.\nWDW\\").startswith("C5")


def test_done_wrong_example_two_wooden_peaks_are_incomplete() -> None:
    assert first_failure("/^^\\\nWDWW").startswith("C6")


def test_done_wrong_example_rising_roof_on_the_right_is_incomplete() -> None:
    assert first_failure("/^/\nWDW").startswith("C7")


# --- each placement check: a legal and an illegal case -----------------------------------------
@pytest.mark.parametrize(
    ("check", "picture", "tile", "cell", "ok"),
    [
        ("P1_roof_top", "^\nD", "W", (0, 2), False),
        ("P1_roof_top", "W\nD", "^", (0, 2), True),
        ("P1_roof_under_a_tile", "W", "/", (0, -1), False),
        ("P2_material_up", "D", "S", (0, 1), False),
        ("P2_material_up_wood_on_stone", "T", "W", (0, 1), True),
        ("P2_material_up_stone_under_wood", "W", "B", (0, -1), True),
        ("P2_material_up_wood_under_stone", "S", "W", (0, -1), False),
        ("P3_material_side", "T", "W", (1, 0), False),
        ("P3_material_side", "T", "S", (1, 0), True),
        ("P4_tower_base", "SS", "A", (1, 1), False),
        ("P4_tower_base", "S", "A", (0, 1), True),
        ("P4_tower_base_stone_beside", "ST", "A", (0, 1), False),
        ("P4_tower_base_floating_peak", "", "A", (0, 0), True),
        ("P4_stone_set_beside_a_base", "A\nS", "B", (1, 0), False),
        ("P5_tower_alone", "A\nS", "=", (1, 1), False),
        ("P5_tower_alone_wall_beside", "A.\nS.", "S", (1, 1), True),
        ("P6_one_door", "D", "D", (1, 0), False),
        ("P6_one_door", "D", "W", (1, 0), True),
    ],
)
def test_placement_check_legal_and_illegal_case(check: str, picture: str, tile: str, cell, ok: bool) -> None:  # type: ignore[no-untyped-def]
    state = build_state(area(picture) if picture else Area(), (tile,))
    if ok:
        after = place(state, tile, cell)
        assert me(after).area.grid[cell] == tile
    else:
        assert place_refusal(state, tile, cell).startswith(check[:2])


def test_P7_one_resident_refuses_a_merge_of_two_inhabited_buildings() -> None:
    houses = area(("WW", 0, 0), ("//", 3, 0), cards=[("Merchant", (0, 0)), ("Baron", (3, 0))])
    state = build_state(houses, ("W",))
    assert place_refusal(state, "W", (2, 0)).startswith("P7")
    lone = area(("WW", 0, 0), ("//", 3, 0), cards=[("Merchant", (0, 0)), ("Hero", (3, 0))])
    after = place(build_state(lone, ("W",)), "W", (2, 0))
    assert len(me(after).area.layout.parts) == 1


def test_A2_locked_tiles_never_move() -> None:
    state = build_state(area("/^\\\nWDW"), ())
    assert refused(state, Lift((0, 0))).startswith("A2")
    loose = build_state(area("WW"), ())
    assert me(play(loose, Lift((0, 0)))).area.grid[(0, 0)] == "W"


def test_A3_target_must_be_next_to_the_box_or_the_anchor() -> None:
    state = build_state(area("D"), ("W",))
    assert place_refusal(state, "W", (5, 5)).startswith("A3")
    assert me(place(state, "W", (2, 0))).area.grid[(2, 0)] == "W"  # the anchor


def test_A1_only_your_own_area_changes() -> None:
    """Building actions always act on the acting seat's area; another seat may not act at all."""
    state = build_state(area("D"), ("W",))
    assert "turn" in refused(state, Take("W"), seat=1)
    after = place(state, "W", (1, 0))
    assert after.players[1] == state.players[1]


# --- completion checks: a complete and an incomplete case each ----------------------------------
@pytest.mark.parametrize(
    ("check", "complete", "incomplete"),
    [
        ("C1", "^\nD", "/^\\\nWWW"),
        ("C2", "^\nD", "D"),
        ("C3", "/^\\\nWWW\nWDW", "/^\\\nW.W\nWDW"),
        ("C4", "^\nD", "^.\nDW"),
        ("C5", "/^\\\nWDW", "/^\\.\nWDW\\"),
        ("C6", "/^\\\nWDW", "/^^\\\nWDWW"),
        ("C7", "/^\\\nWDW", "\\^/\nWDW"),
    ],
)
def test_completion_check_complete_and_incomplete_case(check: str, complete: str, incomplete: str) -> None:
    assert first_failure(complete) is None
    reason = first_failure(incomplete)
    assert reason is not None and reason.startswith(check), reason


def test_C7_valley_and_flat_roof_against_a_taller_column() -> None:
    assert first_failure("..\\\n^\\W\nDWW").startswith("C7")  # X12: a valley
    assert first_failure(".=\n=S\nTS") is None  # E9: a flat roof may abut a taller column


# --- oracle O2 ----------------------------------------------------------------------------------
def o2_state(stock: tuple[str, ...]):  # type: ignore[no-untyped-def]
    return build_state(area(("/^\\\nWDW", 0, 0), ("^\nD", 4, 0)), stock)


def test_oracle_O2_targets_are_the_grown_box_plus_the_anchor() -> None:
    state = o2_state(("W",))
    cells = targets(me(state).area.grid)
    assert len(cells) == 21
    assert (6, 0) in cells and (-1, -1) in cells and (5, 2) in cells
    assert me(state).area.locked == frozenset(me(state).area.grid)
    puts = [a for a in GAME.legal(play(state, Take("W")), 0) if isinstance(a, Put)]
    assert {p.cell for p in puts} <= set(cells)


def test_oracle_O2_refusals() -> None:
    state = o2_state(("W", "S", "^", "=", "D"))
    assert place_refusal(state, "W", (3, 0)).startswith("P6")  # (a)
    assert place_refusal(state, "S", (3, 0)).startswith("P3")  # (b)
    assert place_refusal(state, "W", (4, 2)).startswith("P1")  # (c)
    assert refused(state, Lift((0, 0))).startswith("A2")  # (d)
    assert place_refusal(state, "^", (8, 5)).startswith("A3")  # (e)


def test_oracle_O2_new_building_at_the_anchor_completes_downward_and_locks() -> None:
    state = place(o2_state(("W", "^", "=", "D")), "^", (6, 0))  # (f)
    assert len(me(state).area.layout.parts) == 3
    assert place_refusal(state, "=", (6, -1)).startswith("P1")  # (g)
    state = place(state, "W", (6, -1))  # (h)
    state = place(state, "D", (6, -2))
    a = me(state).area
    assert {(6, 0), (6, -1), (6, -2)} <= a.locked
    assert len(a.layout.parts) == 3


# --- moving and stocking ------------------------------------------------------------------------
def test_move_between_own_buildings_and_back_to_the_stockpile() -> None:
    state = build_state(area(("WW", 0, 0), ("D", 4, 0)), ())
    state = play(state, Lift((1, 0)), Put((5, 0)))
    assert me(state).area.grid[(5, 0)] == "W" and (1, 0) not in me(state).area.grid
    state = play(state, Lift((0, 0)), Stock())
    assert me(state).area.stock == ("W",)
    assert state.build_actions == 2


def test_cancel_puts_the_tile_back_without_a_change() -> None:
    state = build_state(area("WW"), ())
    assert play(state, Lift((0, 0)), Cancel()) == state


def test_tiles_may_be_moved_any_number_of_times_in_a_building_phase() -> None:
    """The rulebook sets no limit on moving tiles between your own unfinished buildings."""
    state = build_state(area("WWWW", ("W", 6, 0)), ())
    for _ in range(3):  # shuttle one tile back and forth: six moves in one phase
        state = play(state, Lift((6, 0)), Put((8, 0)), Lift((8, 0)), Put((6, 0)))
    for x in range(4):
        state = play(state, Lift((x, 0)), Stock())
    assert state.build_actions == 10
    assert Lift((6, 0)) in GAME.legal(state, 0)
    assert me(state).area.stock == ("W", "W", "W", "W")


def test_a_split_building_keeps_its_card_in_the_larger_part() -> None:
    state = build_state(area("WWWW/", cards=[("Hero", (0, 0))]), ())
    state = play(state, Lift((1, 0)), Stock())
    a = me(state).area
    assert a.cards == (("Hero", (2, 0)),)


def test_a_building_that_loses_its_last_tile_discards_its_cards() -> None:
    state = build_state(area(("W", 0, 0), ("W", 3, 0), cards=[("Hero", (3, 0))]), ())
    state = play(state, Lift((3, 0)), Stock())
    assert me(state).area.cards == () and "Hero" in state.discard


def test_additions_to_a_complete_building_keep_its_locks() -> None:
    state = build_state(area("/^\\\nWDW"), ("W",))
    state = place(state, "W", (3, 0))
    a = me(state).area
    assert (3, 0) not in a.locked and (0, 0) in a.locked
    assert a.layout.failures[0] is not None  # now incomplete: column 3 has no roof
