"""The Imperial Envoy and Chronicles expansions and the Supporters promo."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.actions import Exchange, Remove
from boardgames_tui.games.tallinn.rules.state import Phase
from tests.games.tallinn.scenario import P, act, counts, play, resolve, scores, table, towers

# --- Imperial Envoy ------------------------------------------------------------------------------


def test_envoy_setup_adds_an_eleventh_card_and_an_eleventh_round() -> None:
    state = GAME.setup(["A", "B"], {"envoy": "on"}, 4)
    assert state.phase is Phase.EXCHANGE
    for s in state.seats:
        assert sorted((*s.hand, *s.pile)) == list(range(1, 12))
    assert state.max_rounds == 11


def test_R14_envoy_exchange_costs_a_point_a_card_and_draws_from_the_top() -> None:
    state = GAME.setup(["A", "B"], {"envoy": "on"}, 4)
    anna = state.seats[0]
    back = (anna.hand[2], anna.hand[0])
    top = anna.pile[:2]
    state = GAME.apply(state, 0, Exchange(back))
    assert state.seats[0] == anna  # sealed: nothing happens before Ben decides
    assert GAME.reveals(GAME.setup(["A", "B"], {"envoy": "on"}, 4), 0, Exchange(back)) is False
    state = GAME.apply(state, 1, Exchange(()))
    anna = state.seats[0]
    assert anna.score == 2 and state.seats[1].score == 4
    assert anna.pile[-2:] == back  # under the pile in the chosen order
    assert set(top) <= set(anna.hand) and len(anna.hand) == 3
    assert state.phase is Phase.CHOOSE and state.round == 1
    public = [e.text for e in GAME.log(state) if e.visible_to(1)]
    assert any("exchanges 2 card" in t for t in public)
    assert not any(str(back[0]) in t for t in public if "exchanges" in t)


def test_envoy_game_lasts_eleven_rounds() -> None:
    state = GAME.setup(["A", "B"], {"envoy": "on"}, 9)
    rounds = set()
    while (decision := GAME.to_act(state)) is not None:
        rounds.add(state.round)
        seat = None if decision.kind is DecisionKind.STEP else decision.seats[0]
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    assert max(rounds) == 11


def _oracle_t3() -> object:
    state = table(
        P("S-C", row="4B", hand="11 1 2"),
        P("S-D", row="10B", hand="3 1 2"),
        P("S-A", row="5B", hand="9 1 2"),
        round=2,
        envoy=True,
    )
    return play(state, {0: "11B:M", 1: "3A", 2: "9B"})


def test_oracle_T3_envoy_adds_two_to_its_own_dispute_only() -> None:
    state = _oracle_t3()
    assert [counts(state, i) for i in range(3)] == [(2, 2, 1), (1, 4, 1), (2, 5, 0)]  # type: ignore[arg-type]
    state = resolve(state)  # type: ignore[arg-type]
    envoy, merchants = state.disputes
    assert envoy.counts == (4, 4, 5) and envoy.total == 1 and envoy.envoy
    assert merchants.counts == (2, 4, 5) and merchants.total == 2
    assert scores(state) == (5, 6, 4)


def test_envoy_coin_half_needs_a_faction_and_only_it_names_one() -> None:
    state = table(P("S-C", hand="11 1 2"), P("S-D", hand="3 1 2"), envoy=True)
    with pytest.raises(IllegalAction, match="needs a faction"):
        act(state, 0, "p11b")
    with pytest.raises(IllegalAction, match="Only the envoy"):
        act(state, 0, "p1a:K")
    plays = {GAME.encode(a) for a in GAME.legal(state, 0)}
    assert {"p11a", "p11b:K", "p11b:M", "p11b:Mo"} <= plays


def test_oracle_T3_envoy_symbols_on_a_tied_smallest_faction_are_chosen_in_secret() -> None:
    state = table(P("S-C", row="4B 11B 3B 7B"), P("S-D", row="10B 3A"), envoy=True)
    assert counts(state, 0) == (4, 3, 3)
    assert state.phase is Phase.ENVOY_TIE and state.asked == (0,)
    assert {GAME.encode(a) for a in GAME.legal(state, 0)} == {"eM", "eMo"}
    with pytest.raises(IllegalAction):
        act(state, 0, "eK")
    state = act(state, 0, "eM")
    assert state.phase is Phase.OVER
    view = GAME.view(state, None)
    assert view.final is not None and view.final.row_counts[0] == (4, 5, 3)


def test_envoy_symbols_go_straight_to_a_single_smallest_faction() -> None:
    state = table(P("S-C", row="4B 11B"), P("S-D", row="10B 3A"), envoy=True)  # K2 M2 Mo1
    assert state.phase is Phase.OVER
    assert GAME.view(state, None).final.row_counts[0] == (2, 2, 3)  # type: ignore[union-attr]


def test_envoy_plain_half_in_the_row_adds_no_envoy_symbols() -> None:
    state = table(P("S-C", row="11A"), P("S-D", row="10B"), envoy=True)
    assert GAME.view(state, None).final.row_counts[0] == (2, 3, 1)  # type: ignore[union-attr]


def test_oracle_T3_envoy_as_only_tower_counts_one_one_one_plus_two() -> None:
    state = table(P("S-C", row="4B", towers="11"), P("S-D", row="10B"), envoy=True)
    final = GAME.view(state, None).final
    assert final is not None
    assert final.tower_counts[0] == (3, 1, 1) and final.tower_strength[0] == 3 and final.tower_symbols[0] == 5


# --- Chronicles ----------------------------------------------------------------------------------


def test_chronicles_setup_shows_two_cards_and_hides_the_rest() -> None:
    state = GAME.setup(["A", "B", "C"], {"chronicles": "on"}, 8)
    assert len(state.chronicle_cards) == 2 and len(state.chronicle_hidden) == 4
    view = GAME.view(state, 0)
    assert view.chronicle_cards == state.chronicle_cards
    assert "chronicle_hidden" not in repr(view)


def test_oracle_T4a_count_chronicle_scores_after_the_round_4_draws() -> None:
    state = table(
        P("S-C", row="2B 5B 1B", hand="10 3 4"),  # Merchants 6 after playing 10A
        P("S-D", row="2B 4A 1B", hand="10 3 5"),  # Merchants 5
        P("S-F", row="2B 1B 7A", hand="10 3 4"),  # Merchants 3
        round=4,
        chronicles=(2, 1),
    )
    state = play(state, {0: "10A", 1: "10A", 2: "10A"})
    assert scores(state) == (10, 7, 4)
    assert state.round == 5 and all(len(s.hand) == 3 for s in state.seats)
    assert state.ledger[3] == (6, 3, 0)


def _oracle_t4b() -> object:
    state = table(
        P("S-A", row="3B 8A 1A 10A 5B", hand="7"),
        P("S-C", row="5B", hand="10"),
        P("S-D", row="5B", hand="10"),
        round=7,
        chronicles=(1, 3),
    )
    return play(state, {0: "7B", 1: "10A", 2: "10A"})


def test_oracle_T4b_remove_chronicle_takes_chosen_cards_out_for_points() -> None:
    state = _oracle_t4b()
    assert state.phase is Phase.REMOVE and state.asked == (0,)  # type: ignore[attr-defined]
    legal = set(GAME.legal(state, 0))  # type: ignore[arg-type]
    assert Remove((3, 8)) in legal and Remove((3, 8, 1)) in legal and Remove() in legal
    state = act(state, 0, "r3.8")  # type: ignore[arg-type]
    assert counts(state, 0) == (3, 4, 5)
    assert scores(state)[0] == 10
    assert {e.card for e in state.seats[0].removed} >= {3, 8}


def test_oracle_T4b_remove_chronicle_refuses_short_or_foreign_sets() -> None:
    state = _oracle_t4b()
    with pytest.raises(IllegalAction, match="3 Knights; 4 are needed"):
        act(state, 0, "r3.1")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not a row card showing Knights"):
        act(state, 0, "r3.8.10")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        GAME.decode("rS-A")  # the starting card cannot even be named


def test_remove_chronicle_may_be_declined() -> None:
    state = act(_oracle_t4b(), 0, "r-")  # type: ignore[arg-type]
    assert scores(state)[0] == 4 and state.phase is Phase.CHOOSE


def test_R15_second_chronicle_scores_in_round_8_with_the_envoy() -> None:
    state = table(
        P("S-C", row="2B 5B 1B 3B 4B 6B 7B", hand="10"),
        P("S-D", row="2B 4A 1B", hand="10"),
        round=7,
        envoy=True,
        chronicles=(1, 4),  # card II right half: Merchants 6 / 8
    )
    state = play(state, {0: "10A", 1: "10A"})
    assert scores(state) == (4, 4)
    state = table(
        P("S-C", row="2B 5B 1B 3B 4B 6B 7B", hand="10"),
        P("S-D", row="2B 4A 1B", hand="10"),
        round=8,
        envoy=True,
        chronicles=(1, 4),
    )
    state = play(state, {0: "10A", 1: "10A"})
    assert state.ledger[4] == (4, 0)  # Merchants 9 on Anna's row: 2 coins of 2 points


# --- Supporters ----------------------------------------------------------------------------------


def test_supporters_three_each_dealt_face_down() -> None:
    state = GAME.setup(["A", "B", "C"], {"supporters": "on"}, 8)
    assert all(len(s.tokens) == 3 for s in state.seats) and len(state.undealt_tokens) == 6
    view = GAME.view(state, 0)
    assert view.seats[0].supporters == state.seats[0].tokens
    assert view.seats[1].supporters is None and view.seats[1].supporter_count == 3


def _t2_with(tokens_ben: str) -> object:
    return table(
        P("S-A", row="9A", hand="1 4 5"),
        P("S-B", row="3B", hand="2 5 6", tokens=tokens_ben),
        P("S-E", row="8A", hand="10 4 6"),
        round=2,
        supporters=True,
    )


def test_oracle_T2_supporter_way_b_counts_only_in_its_owners_dispute() -> None:
    state = play(_t2_with("K M"), {0: "1A", 1: "2A", 2: "10A"})  # type: ignore[arg-type]
    assert state.phase is Phase.SUPPORT and state.asked == (1,)
    assert {GAME.encode(a) for a in GAME.legal(state, 1)} == {"s-", "sK"}
    with pytest.raises(IllegalAction, match="disputed faction"):
        act(state, 1, "sM")
    state = resolve(act(state, 1, "sK"))
    assert scores(state) == (7, 8, 4)
    assert state.seats[1].tokens == ("M",) and state.seats[1].spent == ("K",)


def test_oracle_T2_supporter_way_a_counts_in_every_dispute_of_the_round() -> None:
    state = play(_t2_with("K"), {0: "1A", 1: "2A+K", 2: "10A"})  # type: ignore[arg-type]
    assert state.phase is Phase.DISPUTE  # one Supporter a round: no second one for Ben
    state = resolve(state)
    assert scores(state) == (6, 8, 4)
    assert counts(state, 1) == (5, 0, 1)  # never part of the row itself


def test_open_supporter_is_named_in_every_dispute_it_counts_in_and_in_the_log() -> None:
    """Issue 13: Ben's open Knights Supporter shows as a bonus in Anna's dispute (his count 6 =
    row 5 + 1) and in his own, in the dispute results and in the public log lines."""
    state = play(_t2_with("K"), {0: "1A", 1: "2A+K", 2: "10A"})  # type: ignore[arg-type]
    state = resolve(state)
    anna, ben = state.disputes
    assert anna.counts == (5, 6, 3) and anna.open_support == (False, True, False)
    assert ben.counts == (5, 6, 3) and ben.open_support == (False, True, False)
    lines = [e.text for e in state.log if e.text.startswith("Dispute")]
    assert "Ben 6 incl. open Supporter +1 (+0)" in lines[0]
    assert "Ben shows 6 incl. open Supporter +1;" in lines[1]


def test_supporter_of_another_faction_does_not_help() -> None:
    state = play(_t2_with("M"), {0: "1A", 1: "2A+M", 2: "10A"})  # type: ignore[arg-type]
    state = resolve(state)
    assert scores(state) == (7, 7, 4)


def test_supporter_must_be_held() -> None:
    state = _t2_with("M")
    with pytest.raises(IllegalAction, match="no Knights Supporter"):
        act(state, 1, "p2a+K")  # type: ignore[arg-type]


def test_supporters_off_refuses_supporters() -> None:
    state = table(P("S-A", hand="1 2 3"), P("S-B", hand="1 2 3"))
    with pytest.raises(IllegalAction, match="not in this game"):
        act(state, 0, "p1a+K")


def test_towers_follow_supported_disputes_as_usual() -> None:
    state = resolve(play(_t2_with("K"), {0: "1A", 1: "2A+K", 2: "10A"}))  # type: ignore[arg-type]
    state = towers(state, {0: "-", 1: "-"})
    assert state.round == 3
