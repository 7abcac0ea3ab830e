"""The per-state memo (decision, open question, legal actions) is an invisible shortcut: it gives
what a recomputation gives, takes no part in equality, pickling or copies, and apply still refuses
illegal actions without touching the state."""

from __future__ import annotations

import pickle

import pytest

from boardgames_tui.engine.evolve import MEMO, evolve
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Discard, Play
from boardgames_tui.games.tafelrunde.rules.decisions import call_decision
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.effects import next_step
from boardgames_tui.games.tafelrunde.rules.state import Phase, State
from tests.games.tafelrunde.scenario import scenario


def _memo(state: State) -> dict[object, object]:
    """What the rules have kept on the state so far."""
    kept: dict[object, object] = state.__dict__.get(MEMO, {})
    return kept


def _fresh(state: State) -> State:
    """An equal state that has worked nothing out yet."""
    copy: State = pickle.loads(pickle.dumps(state))
    assert copy == state and not _memo(copy)
    return copy


def _states_of_a_game(players: int, seed: int, polls: str) -> list[State]:
    return random_states(GAME, players, seed, {"veto_polls": polls})


@pytest.mark.parametrize(("players", "polls"), [(3, "on"), (4, "off")])
def test_memoized_decision_question_and_legal_actions_match_a_recomputation(players: int, polls: str) -> None:
    for state in _states_of_a_game(players, 11, polls)[::4]:
        fresh = _fresh(state)
        assert GAME.to_act(state) == GAME.to_act(fresh)
        if state.phase is Phase.DECLARE:
            assert state.decl is not None
            assert current_question(state) == next_step(fresh, fresh.decl)
        for seat in (None, *range(players)):
            assert GAME.legal(state, seat) == GAME.legal(fresh, seat)


def test_memo_takes_no_part_in_equality_pickling_repr_or_copies() -> None:
    state = GAME.apply(scenario(4, {0: (17, 3)}), 0, Play(17))  # declaring: its open question is kept
    GAME.to_act(state)
    GAME.legal(state, 0)
    assert _memo(state)
    assert state == _fresh(state) and hash(state) == hash(_fresh(state))
    assert pickle.dumps(state) == pickle.dumps(_fresh(state))
    assert "memo" not in repr(state)
    assert not _memo(evolve(state, day=2))


@pytest.mark.parametrize("declaring", [False, True])
def test_legal_hands_out_a_copy_so_callers_cannot_change_the_memo(declaring: bool) -> None:
    """Also for a declaration's answers, which come from a list shared by every state asking the same question."""
    state = scenario(4, {0: (17, 3)})
    if declaring:
        state = GAME.apply(state, 0, Play(17))
    actions = GAME.legal(state, 0)
    actions.clear()
    assert GAME.legal(state, 0) == GAME.legal(_fresh(state), 0) != []


def test_rule_apply_refuses_an_illegal_action_and_leaves_a_memoized_state_unchanged() -> None:
    state = scenario(4, {0: (17, 3), 1: (18,)})
    GAME.to_act(state)
    for seat in range(4):
        GAME.legal(state, seat)
    before = pickle.dumps(state)
    for seat, action in ((1, Play(18)), (0, Play(18)), (0, Discard(18))):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, action)
    assert pickle.dumps(state) == before
    assert GAME.legal(state, 0) == GAME.legal(_fresh(state), 0)


def test_rule_evolve_changes_only_the_copy_and_keeps_every_other_field() -> None:
    """`evolve` leaves the state it copies as it was."""
    state = scenario(4, {0: (17, 3)})
    before = pickle.dumps(state)
    copy = evolve(state, day=5, money=(1, 2, 3, 4))
    assert pickle.dumps(state) == before
    assert (copy.day, copy.money) == (5, (1, 2, 3, 4))
    assert evolve(copy, day=state.day, money=state.money) == state


def test_shared_veto_call_decisions_match_a_recomputation() -> None:
    """A veto call's decision is one shared value per call: what the cache hands out must be what
    working it out afresh gives, for private polls and open calls alike."""
    states = [s for s in _states_of_a_game(3, 5, "on") + _states_of_a_game(4, 7, "off")
              if s.phase in (Phase.VETO, Phase.VETO_VETO)]
    assert states
    shared = [GAME.to_act(_fresh(state)) for state in states]
    for state, decision in zip(states, shared, strict=True):
        call_decision.cache_clear()
        assert GAME.to_act(_fresh(state)) == decision


def test_phase_kind_and_icon_members_are_the_enum_members_of_the_same_name() -> None:
    """The rules read phases, kinds and icons through `members` (faster than off the enum class)."""
    from boardgames_tui.games.tafelrunde.rules import components
    from boardgames_tui.games.tafelrunde.rules import state as model
    from boardgames_tui.games.tafelrunde.rules.components import Icon, Kind

    for prefix, module, enum in (("PHASE", model, Phase), ("KIND", components, Kind), ("ICON", components, Icon)):
        for member in enum:
            assert getattr(getattr(module, prefix), member.name) is member
