"""Tallinn against the game protocol: action text, secrets, undo, bad input, seeded playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.engine.simulate import choose, default_seats, playout
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.state import Phase
from tests.games.tallinn.scenario import P, act, play, resolve, table

ALL_ON = {"envoy": "on", "chronicles": "on", "supporters": "on", "tower_order": "on"}
SEALED_ALL = {"envoy": "on", "chronicles": "on", "supporters": "on"}


def _states(options: dict[str, str], players: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    match = Match.new(GAME, default_seats(players), options, seed)
    states = [match.state]
    while GAME.to_act(match.state) is not None:
        seat, action = choose(GAME, match.state, rng)
        match.play(seat, action)
        states.append(match.state)
    return states


def test_every_legal_action_survives_encode_and_decode() -> None:
    seen = set()
    for state in _states(ALL_ON, 4, 1) + _states(SEALED_ALL, 3, 2):
        decision = GAME.to_act(state)
        if decision is None:
            continue
        for seat in decision.seats or (None,):
            for action in GAME.legal(state, seat):
                text = GAME.encode(action)
                assert GAME.decode(text) == action
                seen.add(text[0])
    assert seen >= {"x", "p", "n", "t"}


@pytest.mark.parametrize("text", ["", "q", "p", "pxa", "p3c", "p11b:Z", "tz1", "t-5", "r1.x", "eQ", "n1", "s?"])
def test_malformed_action_text_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(IllegalAction, match=r"Tallinn action|faction"):
        GAME.decode(text)


@pytest.mark.parametrize("options", [ALL_ON, SEALED_ALL])
def test_leaks_resampling_changes_nothing_a_seat_can_see_with_every_module(options: dict[str, str]) -> None:
    changed = checked = 0
    for players in (2, 4):
        for state in _states(options, players, 40 + players)[::3]:
            for seat in range(players):
                other = GAME.resample(state, seat, 99 + seat)
                checked += 1
                changed += other != state
                assert GAME.view(other, seat) == GAME.view(state, seat)
                assert GAME.view(other, None) == GAME.view(state, None)
                assert [e.text for e in other.log if e.visible_to(seat)] == [
                    e.text for e in state.log if e.visible_to(seat)
                ]
                assert GAME.to_act(other) == GAME.to_act(state)
                assert GAME.legal(other, seat) == GAME.legal(state, seat)
    assert changed > checked // 2


def test_leak_a_hand_tower_stays_face_down_for_the_others_until_the_end() -> None:
    state = table(P("S-A", row="9A", hand="1 4 5"), P("S-B", row="3B", hand="2 5 6"), round=2)
    state = resolve(play(state, {0: "1A", 1: "2A"}))
    state = act(act(state, 0, "th5"), 1, "t-")
    public = [e.text for e in GAME.log(state) if e.visible_to(1)]
    assert any("face down" in t for t in public)
    assert not any("card 5" in t for t in public)
    assert any("card 5" in e.text for e in GAME.log(state) if e.audience == frozenset({0}))
    assert GAME.view(state, 1).seats[0].towers[0].card is None
    assert GAME.view(state, None).seats[0].towers[0].card is None


def test_leak_the_hand_shows_only_to_its_owner() -> None:
    state = GAME.setup(["A", "B"], {}, 3)
    assert GAME.view(state, 0).seats[0].hand == state.seats[0].hand
    assert GAME.view(state, 0).seats[1].hand is None
    assert GAME.view(state, None).seats[0].hand is None


def test_describe_redacts_other_seats_choices() -> None:
    state = GAME.setup(["Anna", "Ben"], {}, 3)
    action = GAME.legal(state, 0)[0]
    assert "card" in GAME.describe(state, 0, action, 0).lower()
    assert GAME.describe(state, 0, action, 1) == "Anna chooses a card"
    assert GAME.describe(state, 0, action, None) == "Anna chooses a card"


def test_undo_allowed_for_an_early_sealed_choice_refused_for_the_revealing_one() -> None:
    match = Match.new(GAME, default_seats(2), {}, 5)
    first = GAME.legal(match.state, 0)[0]
    match.play(0, first)
    assert match.undo_refusal(0) is None
    match.undo(0)
    match.play(0, first)
    match.play(1, GAME.legal(match.state, 1)[0])
    assert match.undo_refusal(1) is not None


def test_wrong_seat_and_wrong_kind_are_refused_and_the_state_is_unchanged() -> None:
    state = table(P("S-A", hand="1 7 8"), P("S-B", hand="2 9 10"))
    before = state
    with pytest.raises(IllegalAction, match="does not fit"):
        GAME.apply(state, 0, GAME.decode("t-"))
    with pytest.raises(IllegalAction, match="no decision"):
        GAME.apply(state, None, GAME.decode("n"))
    with pytest.raises(IllegalAction, match="no decision"):
        GAME.apply(state, 5, GAME.decode("p1a"))
    assert state == before


def test_table_steps_are_public_and_the_only_dispute_action() -> None:
    state = play(table(P("S-A", hand="1 7 8"), P("S-B", hand="2 9 10")), {0: "1A", 1: "9B"})
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.STEP and decision.seats == ()
    assert GAME.legal(state, None) == [GAME.decode("n")] and GAME.legal(state, 0) == []
    with pytest.raises(IllegalAction, match="resolving disputes"):
        act(state, 0, "n")


def test_game_over_reveals_supporters_and_refuses_actions() -> None:
    states = _states(ALL_ON, 3, 7)
    final = states[-1]
    assert final.phase is Phase.OVER
    view = GAME.view(final, None)
    assert all(s.supporters is not None for s in view.seats)
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(final, 0, GAME.decode("p1a"))
    assert GAME.progress(final) == "Game over"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_playouts_with_every_module_keep_the_invariants(players: int) -> None:
    for seed in range(8):
        result = playout(GAME, players, 300 + seed, ALL_ON)
        assert sum(result.outcome.totals) != 0


def _tower_from_the_row_after_playing(card: int) -> Any:
    """Seat 0 plays `card` half A (cards 1 and 2 share it: 1 Knight + coin), wins the dispute and
    turns that card into a tower; seat 1 plays card 5 half A. Seat 0 holds the other of 1 and 2."""
    other = 3 - card
    state = table(P("S-A", hand=f"{card} {other} 9"), P("S-B", hand="5 6 7"), round=2)
    state = resolve(play(state, {0: f"{card}A", 1: "5A"}))
    return act(act(state, 0, f"tr{card}"), 1, "t-")


def test_leak_spec_3_others_cannot_tell_card_1_from_card_2_behind_a_shared_half_turned_tower() -> None:
    """Spec §3: others see a tower built from the row only as a tower and the half it showed. Cards
    1 and 2 share half A and differ on half B, so the id would tell the hidden half: seat 1's view
    and log must be the same whether seat 0 played card 1 or card 2."""
    with_1, with_2 = _tower_from_the_row_after_playing(1), _tower_from_the_row_after_playing(2)
    assert with_1 != with_2
    assert GAME.view(with_1, 1) == GAME.view(with_2, 1)
    assert GAME.view(with_1, None) == GAME.view(with_2, None)
    assert [e.text for e in GAME.log(with_1) if e.visible_to(1)] == [
        e.text for e in GAME.log(with_2) if e.visible_to(1)
    ]
    # The owner, who knows the card, sees which it is.
    assert GAME.view(with_1, 0).seats[0].towers[0].card == 1
    assert GAME.view(with_2, 0).seats[0].towers[0].card == 2


def test_leak_no_card_id_of_another_seat_in_a_view_before_final_scoring() -> None:
    """Ids of cards in another seat's row, plays and towers are hidden from every other viewer."""
    for options in (ALL_ON, SEALED_ALL):
        for state in _states(options, 3, 11):
            if state.phase is Phase.OVER:
                continue
            for viewer in (None, 0, 1, 2):
                for i, s in enumerate(GAME.view(state, viewer).seats):
                    if i == viewer:
                        continue
                    assert all(e.card is None for e in s.row)
                    assert all(t.card is None for t in s.towers)
                    assert s.play is None or s.play.card is None


def test_resample_redraws_which_card_stands_behind_a_shared_half() -> None:
    """The resampling leak tests must be able to fail on an id leak: resampling for seat 1 sometimes
    swaps card 1 for card 2 behind seat 0's half A, and always keeps the half."""
    state = _tower_from_the_row_after_playing(1)
    seen = {GAME.resample(state, 1, seed).seats[0].towers[0] for seed in range(40)}
    assert {t.card for t in seen} == {1, 2}
    assert {t.shown for t in seen} == {0}
