"""What the engine's speed-ups must not change: the shared decisions and option lists, `apply`
changing only a copy of the state it is given (the draft), the row counts kept by row, a sealed
commitment counted without asking `to_act`, and the search's `apply_legal` (no second check)
against `apply`."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from boardgames_tui.engine.evolve import MEMO as MEMO_KEY
from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.actions import BuildTower, Play, TowerSource
from boardgames_tui.games.tallinn.rules.components import INFLUENCE, START_CARDS
from boardgames_tui.games.tallinn.rules.scoring import count_row, row_counts
from boardgames_tui.games.tallinn.rules.state import Phase, SeatState, TallinnState

ALL_ON = {"envoy": "on", "chronicles": "on", "supporters": "on", "tower_order": "on"}
SEALED_ALL = {"envoy": "on", "chronicles": "on", "supporters": "on"}


def _game(options: dict[str, str], players: int, seed: int) -> list[tuple[TallinnState, Any, Any]]:
    """Every (state, seat, action) of a seeded random game, checking that `apply` leaves the
    state it is given exactly as it was, round ends and final scoring included."""
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], options, seed)
    steps = []
    while GAME.to_act(state) is not None:
        seat, action = choose(GAME, state, rng)
        before = pickle.dumps(state)
        steps.append((state, seat, action))
        after = GAME.apply(state, seat, action)
        assert pickle.dumps(state) == before, f"apply changed its input in phase {state.phase}"
        assert after is not state
        state = after
    return steps


@pytest.mark.parametrize(("options", "players"), [(ALL_ON, 4), (SEALED_ALL, 3), ({}, 2)])
def test_apply_changes_a_copy_never_the_state_it_is_given(options: dict[str, str], players: int) -> None:
    assert len(_game(options, players, 11)) > 20


def test_decisions_are_shared_values_that_a_copy_of_the_state_gives_again() -> None:
    for options, players in ((ALL_ON, 4), (SEALED_ALL, 3)):
        for state, _, _ in _game(options, players, 5):
            decision = GAME.to_act(state)
            assert GAME.to_act(state) is decision  # made once per kind, not per state
            assert GAME.to_act(evolve(state)) == decision == GAME.to_act(pickle.loads(pickle.dumps(state)))


def test_what_is_kept_on_a_seat_is_not_part_of_the_state() -> None:
    state = GAME.setup(["A", "B", "C"], SEALED_ALL, 8)
    fresh = pickle.dumps(state)
    GAME.resample(state, 1, 0)  # keeps what redrawing seat 0 takes on that seat
    assert MEMO_KEY in state.seats[0].__dict__
    assert pickle.dumps(state) == fresh
    assert evolve(state.seats[0]).__dict__.get(MEMO_KEY) is None  # nothing kept is carried to a copy
    assert MEMO_KEY not in pickle.loads(pickle.dumps(state)).seats[0].__dict__
    assert pickle.loads(fresh) == state


def test_shared_option_lists_equal_freshly_built_actions() -> None:
    towers = 0
    for state, seat, _ in _game(SEALED_ALL, 3, 21):
        options = GAME.legal(state, seat)
        if state.phase is Phase.TOWER:
            s = state.seats[seat]
            fresh = [
                BuildTower(),
                *(BuildTower(TowerSource.ROW, e.card) for e in s.row),
                *(BuildTower(TowerSource.HAND, c) for c in s.hand),
            ]
            assert options == fresh
            towers += 1
        options.clear()  # a caller may change the list it gets: the next one is whole again
        assert GAME.legal(state, seat)
    assert towers


def test_apply_refuses_an_illegal_action_and_leaves_the_state_and_its_decision_unchanged() -> None:
    state = GAME.setup(["A", "B", "C"], {}, 3)
    decision = GAME.to_act(state)
    assert decision is not None and state.phase is Phase.CHOOSE
    before = pickle.dumps(state)
    not_in_hand = next(c for c in range(1, 11) if c not in state.seats[0].hand)
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(state, 0, Play(not_in_hand, 0))
    committed = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    with pytest.raises(IllegalAction, match="already decided"):
        GAME.apply(committed, 0, GAME.legal(state, 0)[0])
    with pytest.raises(IllegalAction, match="no decision"):
        GAME.apply(state, None, GAME.legal(state, 0)[0])
    assert pickle.dumps(state) == before
    assert GAME.to_act(state) is decision


def _plain_row_count(s: SeatState) -> tuple[int, ...]:
    """The starting card's symbols plus those of the half each row card shows, faction by faction."""
    shown = [START_CARDS[s.start], *(INFLUENCE[e.card].halves[e.half].symbols for e in s.row)]
    return tuple(sum(symbols[fi] for symbols in shown) for fi in range(3))


def test_row_counts_kept_by_row_match_a_fresh_count() -> None:
    counted = 0
    for options, players in ((ALL_ON, 4), (SEALED_ALL, 3), ({}, 2)):
        for state, _, _ in _game(options, players, 17):
            for s in state.seats:
                kept = row_counts(s)
                assert row_counts(s) is kept and row_counts(evolve(s)) is kept  # kept by start and row
                assert kept == count_row(s) == _plain_row_count(s)
                counted += 1
    assert counted > 100


def test_the_search_s_apply_legal_gives_apply_s_states_for_every_legal_action() -> None:
    # `Tallinn.apply_legal` (rules.rounds.take) skips the check of an action `legal` offered.
    checked = 0
    for options, players in ((ALL_ON, 4), (SEALED_ALL, 3), ({}, 2)):
        for state, _, _ in _game(options, players, 23)[::2]:
            decision = GAME.to_act(state)
            assert decision is not None
            for seat in decision.seats or (None,):
                for action in GAME.legal(state, seat)[:6]:
                    assert GAME.apply_legal(state, seat, action) == GAME.apply(state, seat, action)
                    checked += 1
    assert checked > 200


def test_a_commitment_stays_sealed_exactly_while_the_decision_names_other_seats() -> None:
    # `take` counts the seats still to choose from the commitments instead of asking `to_act`.
    sealed = revealed = 0
    for options, players in ((SEALED_ALL, 4), (SEALED_ALL, 3), ({}, 2)):
        for state, seat, action in _game(options, players, 29):
            decision = GAME.to_act(state)
            assert decision is not None
            if decision.kind.name != "SEALED":
                continue
            after = GAME.apply(state, seat, action)
            if len(decision.seats) > 1:  # the plain rule: others are still to choose
                assert after.pending[seat] is action and after.phase is state.phase and after.seats == state.seats
                sealed += 1
            else:
                assert all(p is None for p in after.pending)
                revealed += 1
    assert sealed > 20 and revealed > 20
