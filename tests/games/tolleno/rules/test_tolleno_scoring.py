"""Final scoring: tiles and their ties, fountains, the initial contract sides, the player boards
(oracles O4 and O5, the rulebook's building valued twice, rulings 18-23)."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.scoring import final_score, tile_winner
from boardgames_tui.games.tolleno.rules.state import Phase

from ..tolleno_helpers import scenario

TILE_00 = [("A", (0, 0), "NW", 2), ("A", (0, 0), "NE", 1)]


def winner(buildings: list[tuple[str, tuple[int, int], str, int]], boats: dict[str, tuple[int, int]]) -> int | None:
    state = scenario(buildings=buildings, boats=boats)
    return tile_winner((0, 0), state.buildings, tuple(p.boat for p in state.players))


def test_oracle_O4_tallest_tie_goes_to_most_floors() -> None:
    assert winner([*TILE_00, ("B", (0, 0), "SE", 2)], {}) == 0
    state = scenario(buildings=[*TILE_00, ("B", (0, 0), "SE", 2)])
    assert final_score(state).tiles == (3, 0)


def test_oracle_O4_boat_adds_one_floor_only_in_the_tie_and_a_full_tie_scores_nobody() -> None:
    assert winner([*TILE_00, ("B", (0, 0), "SE", 2)], {"B": (0, 0)}) is None
    assert winner([*TILE_00, ("B", (0, 0), "SE", 2)], {"A": (0, 0)}) == 0


def test_oracle_O4_a_single_tallest_building_wins_whatever_the_boats() -> None:
    for boats in ({}, {"A": (0, 0)}, {"B": (0, 0)}):
        assert winner([*TILE_00, ("B", (0, 0), "SE", 3)], boats) == 1


def test_oracle_O4_ic1_tied_tallest_scores_nobody_but_both_get_the_five_floor_award() -> None:
    state = scenario(buildings=[("A", (0, 1), "NW", 5), ("B", (1, 1), "NW", 5)])
    score = final_score(state)
    # No 7 (tie for tallest), no 5 (5 floors each in the City Center), 6 each for a 5-floor building.
    assert score.initial == (6, 6)


def test_rule_ic1_majorities_go_to_a_single_leader() -> None:
    state = scenario(buildings=[("A", (0, 1), "NW", 3), ("B", (1, 1), "NW", 1)])
    assert final_score(state).initial == (7 + 5, 0)


def test_oracle_O5_building_valued_twice_earns_height_times_two() -> None:
    state = scenario(faces="XXXX", tiles=[((5, 5), "I3b", 0), ((5, 6), "I2b", 0)],
                     buildings=[("A", (5, 6), "SW", 3)], floors={"A": 17}, board={"A": "P4"})
    score = final_score(state)
    assert score.valuation == (6, 0)
    assert score.board == (0, 0), "P4 needs floor 18"
    scored = final_score(replace(state, players=(replace(state.players[0], floors=18), state.players[1])))
    assert scored.board == (3, 0)


def test_rule_fountain_pointing_at_empty_space_or_land_scores_nothing() -> None:
    state = scenario(faces="TXXX", buildings=[("A", (0, 0), "NE", 2)])
    assert final_score(state).valuation == (0, 0)
    # The downtown T face's west fountain points at its NW space.
    state = scenario(faces="TXXX", buildings=[("A", (0, 0), "NW", 2)])
    assert final_score(state).valuation == (2, 0)


def test_rule_board_p1_line_counts_the_best_row_or_column() -> None:
    state = scenario(faces="XXXX", tiles=[((0, 2), "I2a", 1), ((0, 3), "X2a", 0)],
                     buildings=[("A", (0, 0), "NW", 1), ("A", (0, 2), "NW", 1), ("A", (0, 3), "SE", 1),
                                ("A", (1, 0), "NW", 1)],
                     floors={"A": 18}, board={"A": "P1"})
    assert final_score(state).board[0] == 3


def test_rule_board_p2_counts_value_two_tiles_won() -> None:
    state = scenario(faces="XTXT", buildings=[("A", (0, 0), "NW", 1), ("A", (0, 1), "NW", 1),
                                              ("A", (1, 1), "NW", 1)], floors={"A": 18}, board={"A": "P2"})
    assert final_score(state).board[0] == 2


def test_rule_board_p3_counts_buildings_two_high() -> None:
    state = scenario(buildings=[("A", (0, 1), "NW", 2), ("A", (0, 1), "NE", 1), ("A", (1, 1), "NW", 4)],
                     floors={"A": 18}, board={"A": "P3"})
    assert final_score(state).board[0] == 4


def test_rule_cleared_board_spaces_pay_one_and_two() -> None:
    base = scenario(buildings=[("A", (0, 1), "NW", 1)])
    def bonus(floors: int) -> int:
        state = replace(base, players=(replace(base.players[0], floors=floors), base.players[1]))
        return final_score(state).bonus[0]
    assert (bonus(18), bonus(19), bonus(20)) == (0, 1, 3)


def test_rule_ic2_ic3_ic4_sides() -> None:
    buildings = [("A", (0, 1), "NW", 3), ("A", (0, 1), "NE", 3), ("A", (1, 1), "NW", 3), ("B", (0, 0), "NW", 2)]
    ic2 = final_score(scenario(initial="IC2", faces="TXXT", buildings=buildings))
    assert ic2.initial == (7, 0)  # most buildings; nobody on value 4; nobody on 6 tiles
    ic3 = final_score(scenario(initial="IC3", faces="TXXT", buildings=buildings))
    assert ic3.initial == (0, 7)  # only B's building has a fountain (f=1: 2 VP)
    ic4 = final_score(scenario(initial="IC4", faces="TXXT", buildings=buildings))
    assert ic4.initial == (7 + 5 + 6, 0)  # 2 tiles won, 9 floors on value-2 tiles, three 3-high


def test_rule_ties_stay_shared_in_the_ranking() -> None:
    state = replace(scenario(buildings=[("A", (0, 1), "NW", 1), ("B", (1, 1), "NW", 1)], first="A"),
                    phase=Phase.OVER)
    state = replace(state, players=(replace(state.players[0], start_vp=0), state.players[1]))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.totals[0] == outcome.totals[1]
    assert outcome.ranking == ((0, 1),)
    assert "no ties" in outcome.tiebreak
    labels = [line.label for line in outcome.lines]
    assert labels[:4] == ["Starting VP", "Contracts", "City tiles", "Fountains"]


def test_rule_outcome_adds_every_line() -> None:
    state = replace(scenario(buildings=[("A", (0, 1), "NW", 3)]), phase=Phase.OVER)
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat in range(2):
        assert outcome.totals[seat] == sum(line.values[seat] for line in outcome.lines)
    assert outcome.ranking[0] == (0,)
