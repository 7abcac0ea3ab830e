"""The engine's fast paths keep the protocol's promises: copies equal to `dataclasses.replace`,
memoised texts equal to a fresh build, apply never touching its input, refusals changing nothing."""

from __future__ import annotations

import pickle
import random
from dataclasses import FrozenInstanceError, replace

import pytest

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import CODEC, PASS, STEP
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.raid import _matchup, _revealed_slot
from boardgames_tui.games.tain.rules.raid_order import next_step
from boardgames_tui.games.tain.rules.state import Clan, Phase, TainState, private, public
from boardgames_tui.games.tain.rules.text import raid_prompt, step_prompt
from tests.games.tain.scenario import A, B, P, play, table


def _random_states(seed: int, players: int) -> list[TainState]:
    """Every state of one seeded random game."""
    return random_states(GAME, players, seed)


def test_state_and_clan_copies_equal_dataclasses_replace_and_stay_frozen() -> None:
    state = play(table(), (P, "bs1.0"))
    copy = evolve(state, turn=2, current=A)
    assert type(copy) is TainState and copy == replace(state, turn=2, current=A)
    assert (state.turn, state.current) == (1, B), "the original is untouched"
    clan = evolve(state.clans[P], cows=9)
    assert type(clan) is Clan and clan == replace(state.clans[P], cows=9)
    with pytest.raises(FrozenInstanceError):
        copy.turn = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(copy)) == copy


def test_log_lines_built_through_their_slots_equal_log_entries() -> None:
    line = public("The tokens are turned face up.", step=True)
    assert type(line) is LogEntry and line == LogEntry("The tokens are turned face up.", None, True)
    assert private("(You placed your boy there.)", B) == LogEntry("(You placed your boy there.)", frozenset({B}), False)


def test_memoised_raid_prompts_and_matchup_texts_equal_a_fresh_build() -> None:
    for state in _random_states(seed=5, players=4):
        if state.phase is not Phase.RAID:
            continue
        step = next_step(state)
        assert step_prompt(state) == raid_prompt.__wrapped__(state.names, step)
        assert GAME.to_act(state).prompt == step_prompt(state)  # type: ignore[union-attr]
        kind, board, entrance = step
        if kind == "entrance":
            scout, guard = state.scouts[board][entrance], state.guards[board][entrance]
            assert scout is not None
            assert _matchup(state.names, board, entrance, scout, guard) == _matchup.__wrapped__(
                state.names, board, entrance, scout, guard
            )
    names = ("Patrick", "Brigitte")
    for scout, guard in [((P, Kind.BOY), None), (None, (B, Kind.DAUGHTER)), ((B, Kind.WARRIOR), (P, Kind.BLUFF))]:
        assert _revealed_slot(names, 3, scout, guard) == _revealed_slot.__wrapped__(names, 3, scout, guard)


def test_apply_never_changes_the_state_it_was_given_across_a_whole_game() -> None:
    rng = random.Random(11)
    for state in _random_states(seed=11, players=3):
        decision = GAME.to_act(state)
        if decision is None:
            break
        snapshot = pickle.dumps(state)
        for seat in (*decision.seats, None):
            actions = GAME.legal(state, seat)
            for action in [*actions[:3], rng.choice(actions)] if actions else []:
                GAME.apply(state, seat, action)
        assert pickle.dumps(state) == snapshot


def test_apply_refuses_illegal_actions_and_leaves_the_state_unchanged() -> None:
    state = play(table(active=P), (P, "bs1.0"))
    snapshot = pickle.dumps(state)
    refused = [
        (B, CODEC.decode("wg0.0")),  # guarding another clan's board
        (P, CODEC.decode("bs2.0")),  # not Patrick's turn
        (B, CODEC.decode("bs1.1")),  # scouting one's own board
        (None, STEP),  # no raid step while scouting
        (A, PASS),  # passing out of turn
    ]
    for seat, action in refused:
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, action)
    assert pickle.dumps(state) == snapshot
