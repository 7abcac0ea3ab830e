"""Tallinn's base rules for a round: setup, secret choice, reveal, disputes, towers, drawing, the end."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.components import START_CARDS
from boardgames_tui.games.tallinn.rules.state import Phase, RowCard
from tests.games.tallinn.scenario import P, act, counts, play, resolve, scores, table, towers


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_four_points_one_start_card_three_cards_and_a_pile_of_seven(players: int) -> None:
    state = GAME.setup(["A", "B", "C", "D"][:players], {}, 11)
    starts = [s.start for s in state.seats]
    assert len(set(starts)) == players and set(starts) <= set(START_CARDS)
    for s in state.seats:
        assert s.score == 4
        assert len(s.hand) == 3 and len(s.pile) == 7
        assert sorted((*s.hand, *s.pile)) == list(range(1, 11))
        assert s.row == () and s.towers == ()
    assert GAME.progress(state) == "Round 1 of 10"


def test_setup_unused_starting_cards_never_show() -> None:
    state = GAME.setup(["A", "B"], {}, 3)
    assert len(state.unused_starts) == 4
    view = GAME.view(state, None)
    assert not any(start in repr(view) for start in state.unused_starts)


def test_setup_is_deterministic_from_the_seed() -> None:
    assert GAME.setup(["A", "B", "C"], {}, 5) == GAME.setup(["A", "B", "C"], {}, 5)
    assert GAME.setup(["A", "B", "C"], {}, 5) != GAME.setup(["A", "B", "C"], {}, 6)


def test_phase1_choice_is_sealed_until_the_last_seat_commits() -> None:
    state = table(P("S-A", hand="1 7 8"), P("S-B", hand="2 9 10"))
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.SEALED and decision.seats == (0, 1)
    state = play(state, {0: "7B"})
    # Nothing is on the table yet; the other seat sees only that Anna is done.
    assert state.seats[0].row == ()
    ben_view = GAME.view(state, 1)
    assert ben_view.seats[0].done and ben_view.my_pending is None
    assert "7" not in " ".join(e.text for e in GAME.log(state) if e.visible_to(1))
    assert GAME.to_act(state).seats == (1,)  # type: ignore[union-attr]
    state = play(state, {1: "9A"})
    assert state.seats[0].row == (RowCard(7, 1),)
    assert state.seats[1].row == (RowCard(9, 0),)


def test_reveal_adds_only_the_chosen_half_to_the_row() -> None:
    state = table(P("S-A", hand="7 8 9"), P("S-B", hand="1 2 3"))
    state = play(state, {0: "7B", 1: "3B"})
    assert counts(state, 0) == (2, 2, 2)  # S-A 2K 1M + card 7 half B: 1M 2Mo
    assert counts(state, 1) == (4, 0, 1)  # S-B 2K 1Mo + card 3 half B: 2K


def test_a_seat_may_not_commit_twice_or_play_a_card_it_does_not_hold() -> None:
    state = table(P("S-A", hand="1 7 8"), P("S-B", hand="2 9 10"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(state, 0, "p2a")
    state = play(state, {0: "7B"})
    with pytest.raises(IllegalAction, match="already decided"):
        act(state, 0, "p8a")


def _oracle_t2() -> object:
    return table(
        P("S-A", row="9A", hand="1 4 5"),
        P("S-B", row="3B", hand="2 5 6"),
        P("S-E", row="8A", hand="10 4 6"),
        round=2,
    )


def test_oracle_T2_round_dispute_only_the_disputer_scores_two_for_more_one_for_equal() -> None:
    state = play(_oracle_t2(), {0: "1A", 1: "2A", 2: "10A"})  # type: ignore[arg-type]
    assert [counts(state, i) for i in range(3)] == [(5, 1, 1), (5, 0, 1), (3, 1, 5)]
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.STEP and decision.public
    state = act(state, None, "n")
    assert scores(state) == (7, 4, 4)  # one dispute at a time, in seat order
    state = act(state, None, "n")
    assert scores(state) == (7, 7, 4)
    first, second = state.disputes
    assert first.points == (0, 1, 2) and second.points == (1, 0, 2)
    assert state.phase is Phase.DISPUTE  # one more step, so the table sees every result
    assert GAME.to_act(state).prompt.startswith("All disputes shown")  # type: ignore[union-attr]
    state = act(state, None, "n")
    assert state.phase is Phase.TOWER and state.asked == (0, 1)


def test_oracle_T2_towers_from_the_row_and_from_the_hand_and_none_for_a_non_disputer() -> None:
    state = resolve(play(_oracle_t2(), {0: "1A", 1: "2A", 2: "10A"}))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        act(state, 2, "tr8")  # Cleo played no coin: no tower
    state = towers(state, {0: "r9"})
    assert state.seats[0].towers == ()  # sealed until Ben decides too
    state = towers(state, {1: "h5"})
    assert counts(state, 0) == (3, 1, 0)
    assert [t.card for t in state.seats[0].towers] == [9]
    assert len(state.seats[1].hand) == 2  # 1 before the draw, 2 after
    assert GAME.view(state, 0).seats[1].towers[0].card is None  # face down for Anna
    assert GAME.view(state, 1).seats[1].towers[0].card == 5
    assert state.round == 3


def test_tower_never_from_the_starting_card_nor_a_card_elsewhere() -> None:
    state = resolve(play(_oracle_t2(), {0: "1A", 1: "2A", 2: "10A"}))  # type: ignore[arg-type]
    options = {GAME.encode(a) for a in GAME.legal(state, 0)}
    assert options == {"t-", "tr9", "tr1", "th4", "th5"}
    with pytest.raises(IllegalAction, match="not in your faction row"):
        act(state, 0, "tr3")
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(state, 0, "th9")


def test_this_rounds_card_may_become_the_tower() -> None:
    state = resolve(play(_oracle_t2(), {0: "1A", 1: "2A", 2: "10A"}))  # type: ignore[arg-type]
    state = towers(state, {0: "r1", 1: "-"})
    assert [t.card for t in state.seats[0].towers] == [1]
    assert counts(state, 0) == (4, 1, 1)


def test_variant_R9_towers_in_score_order_then_more_towers_then_seat() -> None:
    state = table(
        P("S-A", row="9A", hand="1 4 5", score=4),
        P("S-B", row="3B", hand="2 5 6", score=9),
        P("S-C", row="8A", hand="3 4 6", score=8, towers="7"),
        round=2,
        tower_order=True,
    )
    state = resolve(play(state, {0: "1A", 1: "2A", 2: "3A"}))
    # Cleo and Ben are level on points after disputes; Cleo has a tower already.
    assert state.seats[1].score == state.seats[2].score
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.TURN and decision.seats == (2,)
    with pytest.raises(IllegalAction, match="decides on a tower first"):
        act(state, 1, "t-")
    state = towers(state, {2: "h4"})
    assert len(state.seats[2].towers) == 2  # applied at once, the next seat sees it
    assert GAME.to_act(state).seats == (1,)  # type: ignore[union-attr]
    state = towers(state, {1: "-", 0: "r9"})
    assert state.round == 3


def test_no_coin_means_no_dispute_and_no_tower_for_anyone() -> None:
    state = table(P("S-A", hand="7 8 9"), P("S-B", hand="7 8 9"))
    state = play(state, {0: "7A", 1: "8B"})
    assert state.round == 2 and state.phase is Phase.CHOOSE
    assert scores(state) == (4, 4)


def test_phase4_everyone_draws_one_card_while_the_pile_lasts() -> None:
    state = table(P("S-A", hand="7 8 9", pile="1 2"), P("S-B", hand="7 8 9", pile=""))
    state = play(state, {0: "7A", 1: "8B"})
    assert state.seats[0].hand == (1, 8, 9) and state.seats[0].pile == (2,)
    assert state.seats[1].hand == (7, 9) and state.seats[1].pile == ()


def test_R10_a_seat_without_cards_skips_and_the_game_ends_when_nobody_holds_one() -> None:
    state = table(P("S-A", hand="7", pile=""), P("S-B", hand="7 8", pile=""), round=9)
    state = play(state, {0: "7A", 1: "7A"})
    assert GAME.to_act(state).seats == (1,)  # type: ignore[union-attr]
    state = play(state, {1: "8A"})
    assert state.phase is Phase.OVER and GAME.to_act(state) is None
    assert GAME.outcome(state) is not None


def test_a_player_who_built_from_the_hand_runs_out_before_the_last_round() -> None:
    state = table(P("S-A", row="9A", hand="1 4", pile=""), P("S-B", row="3B", hand="8 10", pile=""), round=9)
    state = resolve(play(state, {0: "1A", 1: "8A"}))
    state = towers(state, {0: "h4"})
    assert state.seats[0].hand == () and state.round == 10
    assert GAME.to_act(state).seats == (1,)  # type: ignore[union-attr]


def test_ten_rounds_in_a_base_game() -> None:
    state = GAME.setup(["A", "B"], {}, 2)
    rounds = set()
    while GAME.to_act(state) is not None:
        rounds.add(state.round)
        decision = GAME.to_act(state)
        assert decision is not None
        seat = None if decision.kind is DecisionKind.STEP else decision.seats[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat)[-1])
    assert max(rounds) == 10
