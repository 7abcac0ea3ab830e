"""The paths the bots' search takes give what the plain rules give: `apply_legal` (no checks) the
states of `apply`, `state.remade` the copies of `engine.evolve`, the legal plays' conditions the
answers of `playable_reason`, and a card outside `execute.PAYING` no payment."""

from __future__ import annotations

import pickle

import pytest

from boardgames_tui.engine.evolve import MEMO, evolve
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.components import CARD
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.effects import CONDITIONAL, condition_met, next_step, playable_reason
from boardgames_tui.games.tafelrunde.rules.execute import PAYING, money_effect
from boardgames_tui.games.tafelrunde.rules.state import PHASE, Phase, State, remade


def _games(seed: int) -> list[list[State]]:
    return [
        random_states(GAME, players, seed + players, {"veto_polls": polls})
        for players in (3, 4)
        for polls in ("on", "off")
    ]


@pytest.mark.parametrize("seed", [60, 70])
def test_apply_legal_gives_the_state_apply_gives_for_every_legal_action(seed: int) -> None:
    """Every legal action of every seat (and of the table) in seeded games: the state made without
    checks equals the checked one, log included, and the question kept with a declaration's next
    state is the one worked out afresh."""
    checked = 0
    kinds = set()
    for states in _games(seed):
        for state in states[::2]:
            for seat in (None, *range(state.players)):
                for action in GAME.legal(state, seat):
                    after = GAME.apply_legal(state, seat, action)
                    plain = GAME.apply(state, seat, action)
                    assert after == plain
                    if after.phase is Phase.DECLARE:
                        fresh: State = pickle.loads(pickle.dumps(after))
                        assert fresh.decl is not None
                        assert current_question(after) == next_step(fresh, fresh.decl)
                    kinds.add(type(action).__name__)
                    checked += 1
    assert checked > 1000
    assert kinds >= {"Play", "Draw", "Discard", "Answer", "Back", "Veto", "NoVeto"}


def test_remade_copies_as_evolve_does_and_starts_the_memo_with_what_it_is_given() -> None:
    state = random_states(GAME, 4, 5)[40]
    before = pickle.dumps(state)
    changes = {"turn": 2, "phase": PHASE.VETO, "polls": (1, 2)}
    copy = remade(state, changes, {"kept": 1})
    assert copy == evolve(state, **changes) and copy != state
    assert pickle.dumps(state) == before
    assert copy.__dict__[MEMO] == {"kept": 1}
    assert remade(state, changes).__dict__[MEMO] is None
    assert not evolve(copy, day=3).__dict__[MEMO]  # what was kept holds for `copy` only


def test_condition_met_is_playable_reason_with_the_cost_left_out() -> None:
    """For the cards that need more than their cost, at every seat of seeded games: the condition
    holds exactly when `playable_reason` finds nothing once the seat can pay."""
    checked = 0
    for states in _games(80):
        for state in states[::3]:
            rich = evolve(state, money=(99,) * state.players)
            for seat in range(state.players):
                for card in CONDITIONAL:
                    assert condition_met(state, seat, card) == (playable_reason(rich, seat, card) is None)
                    checked += 1
    assert checked > 1000


def test_cards_outside_paying_move_no_money() -> None:
    """`execute` skips `money_effect` for the kinds outside `PAYING`: for every declaration of
    seeded games it leaves the purses as they are and says nothing for those."""
    kinds = set()
    for states in _games(90):
        for state in states:
            decl = state.decl
            if decl is None or CARD[decl.card].kind in PAYING:
                continue
            kinds.add(CARD[decl.card].kind)
            assert money_effect(state, decl) == (state.money, ())
    assert len(kinds) > 12
