"""Final scoring line by line, oracle O5 and the tie-break on the largest building."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tasnia.rules.scoring import board_score, card_score
from boardgames_tui.games.tasnia.rules.state import Phase
from tests.games.tasnia.tasnia_helpers import GAME, area, scenario

CASTLE = "A...A\nS...S\nS===S\nBSTSB"  # the spec's castle, its corners plain stone walls


def finished(state):  # type: ignore[no-untyped-def]
    return replace(state, phase=Phase.OVER)


def line(outcome, label_start: str) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    return next(line.values for line in outcome.lines if line.label.startswith(label_start))


def o5_area():  # type: ignore[no-untyped-def]
    # Castle at x 0..4 with a gold-star door and one gold-star flat roof; house E1 with a gold-star
    # peak at x 7..9; an incomplete WW with the gold-star W at x 12..13; 3 stockpile tiles.
    return area(
        (CASTLE, 0, 0), ("/^\\\nWDW", 7, 0), ("WW", 12, 0),
        stars=[(2, 0), (1, 1), (8, 1), (12, 0)], stock=["D", "B", "="], cards=[("Princess", (0, 0))],
    )  # fmt: skip


def test_oracle_O5_score_sheet_and_tie_break_on_the_largest_building() -> None:
    a = o5_area()
    score = board_score(a)
    assert (score.complete, score.stars, score.incomplete, score.stockpile, score.princess) == (60, 3, 4, 3, 14)
    assert card_score(("Silver", "Silver", "Gold", "Wood", "Baron")) == 4
    assert score.total + 4 == 88
    rival = area(("WW/////^" + "\\" * 5, 0, 0), stock=["T"] * 6)  # one 13-tile building
    state = scenario(hands={0: ["Silver", "Silver", "Gold", "Wood", "Baron"], 1: ["Gold"] * 10}, areas={0: a, 1: rival})
    outcome = GAME.outcome(finished(state))
    assert outcome is not None
    rival_score = board_score(rival).total + 20
    assert outcome.totals == (88, rival_score)


def test_oracle_O5_exact_numbers() -> None:
    """O5 counts 14×3 + 2 stars + 14 Princess = 58 for the castle and 18 + 1 = 19 for the house."""
    castle = area((CASTLE, 0, 0), stars=[(2, 0), (1, 1)], cards=[("Princess", (0, 0))])
    assert board_score(castle).total == 58
    house = area(("/^\\\nWDW", 0, 0), stars=[(1, 1)])
    assert board_score(house).total == 19
    assert board_score(area(("WW", 0, 0), stars=[(0, 0)])).total == 4
    assert board_score(area(stock=["D", "B", "="])).total == 3


def test_tie_on_points_is_won_by_the_largest_building() -> None:
    a = area((CASTLE, 0, 0))  # 14 tiles, 42 points
    b = area(("/^\\\nWDW", 0, 0), ("/^\\\nWDW", 4, 0), stock=["B", "B", "B", "B", "=", "="])  # 36 + 6 = 42
    state = scenario(hands={0: ["Wood"], 1: ["Wood"]}, areas={0: a, 1: b})
    outcome = GAME.outcome(finished(state))
    assert outcome.totals == (42, 42)
    assert outcome.ranking == ((0,), (1,))
    assert "largest" in outcome.tiebreak


def test_tie_on_points_and_size_is_shared() -> None:
    state = scenario(hands={0: ["Wood"], 1: ["Wood"]}, areas={0: area("WW"), 1: area("SS")})
    outcome = GAME.outcome(finished(state))
    assert outcome.ranking == ((0, 1),) and "share" in outcome.tiebreak


def test_each_scoring_line() -> None:
    a = area(("^\nD", 0, 0), ("WW", 3, 0), stock=["S"], stars=[(0, 0), (3, 0)])
    state = scenario(hands={0: ["Silver", "Gold", "Wood"], 1: ["Wood"]}, areas={0: a})
    outcome = GAME.outcome(finished(state))
    assert line(outcome, "Complete")[0] == 6
    assert line(outcome, "Gold stars")[0] == 1  # the star in the incomplete WW earns nothing
    assert line(outcome, "Incomplete")[0] == 4
    assert line(outcome, "Stockpile")[0] == 1
    assert line(outcome, "Silver and Gold")[0] == 3
    assert line(outcome, "Princess")[0] == 0
    assert outcome.totals[0] == 15


def test_princess_bonus_counts_in_an_incomplete_building_ruling_25() -> None:
    a = area("SS\nSS", cards=[("Princess", (0, 0))])
    assert board_score(a).princess == 4 and board_score(a).incomplete == 8


def test_a_completed_building_made_incomplete_by_an_addition_scores_as_incomplete_ruling_16() -> None:
    a = area("^W\nDW")
    assert board_score(a).incomplete == 8 and board_score(a).complete == 0


def test_no_outcome_before_the_end() -> None:
    assert GAME.outcome(scenario()) is None
