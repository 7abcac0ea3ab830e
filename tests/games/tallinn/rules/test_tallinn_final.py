"""Tallinn's final scoring: the three final disputes, the tower valuation, the winner and ties."""

from __future__ import annotations

from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.scoring import final_dispute_points, tower_points
from boardgames_tui.games.tallinn.rules.state import Phase
from tests.games.tallinn.scenario import P, rulebook_final_example, scores, table


def _line(state: object, label: str) -> tuple[int, ...]:
    outcome = GAME.outcome(state)  # type: ignore[arg-type]
    assert outcome is not None
    return next(line.values for line in outcome.lines if line.label == label)


def test_oracle_T1_rulebook_final_example_heike_wins_16_to_15() -> None:
    state = rulebook_final_example()
    assert state.phase is Phase.OVER
    assert _line(state, "Final: Merchants") == (5, -1)  # +4, and a point taken from Heike (gap 6)
    assert _line(state, "Final: Knights") == (0, 4)  # gap 4: no transfer
    assert _line(state, "Final: Monks") == (2, 2)
    assert _line(state, "Towers") == (0, 6)  # 4 Monks against 5 Knights
    assert scores(state) == (15, 16)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.tiebreak == ""


def test_oracle_T5_final_scoring_three_players() -> None:
    state = table(
        P("S-B", row="4B 6B 8A 9A", towers="10", score=10),  # K8 M2 Mo3, towers h 3
        P("S-A", row="10B", score=1),  # K3 M2 Mo0, no tower
        P("S-C", row="5B 9B 10B", towers="7", score=6),  # K2 M7 Mo0, towers h 4
    )
    assert _line(state, "Final: Knights") == (10, 3, -1)
    assert _line(state, "Final: Merchants") == (1, 1, 10)
    assert _line(state, "Final: Monks") == (8, 0, 0)  # 0 = 0 scores nothing
    assert _line(state, "Towers") == (6, 0, 12)
    assert scores(state) == (35, 5, 27)


def test_oracle_T6_a_lead_of_five_can_drive_a_score_negative() -> None:
    state = table(
        P("S-A", row="6A", score=0),  # K2 M1 Mo1
        P("S-B", row="2A 3B 4A 5B 6B 7A 9B 10A", towers="8", score=10),  # K7 M6 Mo6
    )
    assert scores(state) == (-3, 31)


def test_oracle_T6_tie_on_points_won_on_tower_symbols() -> None:
    state = table(
        P("S-A", row="5B 6A 7B 9A", towers="8", score=10),  # K4 M4 Mo4, tower 3/2/0
        P("S-B", row="5A 7B 8A 9B", towers="1 6", score=10),  # K4 M4 Mo4, towers 2/1/3
    )
    assert scores(state) == (19, 19)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((1,), (0,))
    assert "tower symbols" in outcome.tiebreak and "Ben wins" in outcome.tiebreak
    assert _line(state, "Tower symbols (tie-break, not points)") == (5, 6)


def test_shared_victory_when_the_tower_symbols_tie_too() -> None:
    state = table(P("S-A", row="5B 6A 7B 9A", towers="10"), P("S-B", row="5A 7B 8A 9B", towers="10"))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((0, 1),)
    assert "share the victory" in outcome.tiebreak


def test_final_dispute_equal_scores_two_only_with_the_faction() -> None:
    assert final_dispute_points([0, 0]) == [0, 0]
    assert final_dispute_points([3, 3]) == [2, 2]
    assert final_dispute_points([4, 1]) == [4, 0]


def test_final_dispute_lead_of_five_takes_a_point_even_from_zero() -> None:
    assert final_dispute_points([5, 0]) == [5, -1]
    assert final_dispute_points([6, 2, 1]) == [9, 4, -1]  # gap 4 gives no transfer, gap 5 does


def test_tower_valuation_six_for_more_three_for_equal_nothing_without_towers() -> None:
    assert tower_points([0, 0]) == [0, 0]
    assert tower_points([3, 3, 0]) == [9, 9, 0]
    assert tower_points([5, 4]) == [6, 0]


def test_tower_valuation_uses_each_players_own_strongest_faction() -> None:
    state = table(P("S-A", row="1A", towers="7"), P("S-B", row="1A", towers="8 9"))
    # Anna's towers peak at 4 Monks, Ben's at 5 Knights: only the numbers compare.
    assert _line(state, "Towers") == (0, 6)


def test_hand_towers_turn_face_up_at_the_end() -> None:
    state = table(P("S-A", row="1A", towers="h7"), P("S-B", row="2A"))
    view = GAME.view(state, 1)
    assert view.seats[0].towers[0].card == 7
    assert view.final is not None and view.final.tower_strength == (4, 0)
