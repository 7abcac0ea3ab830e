"""Issue 36 §3 and §4 in the controller and the hint search: each test is named after the
reproduction it answers."""

from __future__ import annotations

import pytest

from boardgames_tui.bots.advice import MIN_PLAYOUTS, advise, within_noise
from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow import steps
from tests.bots.states import sample_states
from tests.ui.flow.table import GAME_KEYS, table

STEPS = 600
SUPPORTERS = {"supporters": "on"}
"""Tallinn's Supporters module: each dispute asks its disputers whether to add a Supporter."""


def test_tallinn_with_one_human_the_only_answer_no_supporter_is_given_for_them() -> None:
    """Tallinn, one person and two bots: a poll (a sealed choice) where the person has a single
    answer is never put to them; at least one was answered for them, and said so."""
    played = table("tallinn", [None, "random", "random"], seed=2, options=SUPPORTERS)
    played.play(STEPS)
    game = GAMES["tallinn"].game
    given = 0
    for seen in played.seen:
        step = seen.step
        if isinstance(step, steps.View) and step.viewer == 0 and step.decision is not None:
            assert not (step.decision.kind is DecisionKind.SEALED and len(step.actions) == 1), step.labels
        if isinstance(step, steps.MoveShown) and step.seat == 0:
            assert "the only answer" in step.line
            given += 1
    assert given > 0
    assert game.outcome(played.match.state) is not None


def test_with_several_people_a_single_answer_poll_stays_theirs() -> None:
    """Three people: nobody's answer is given for them (the poll itself is part of the secret)."""
    played = table("tallinn", seed=4, options=SUPPORTERS)  # a seed where such a poll comes up
    played.play(STEPS)
    asked = sum(1 for seen in played.seen if isinstance(seen.step, steps.View) and seen.step.viewer is not None
                and len(seen.step.actions) == 1 and seen.step.decision is not None
                and seen.step.decision.kind is DecisionKind.SEALED)
    assert asked > 0
    assert not any(isinstance(seen.step, steps.MoveShown) for seen in played.seen)


@pytest.mark.parametrize("kinds", [None, [None, "random", "random"]], ids=["people", "one-person"])
def test_tafelrunde_letting_a_window_pass_takes_one_press(kinds: list[str | None] | None) -> None:
    """An open window's "let it pass" (the table closing it) is taken at once, never asked twice:
    it reveals nothing about anyone."""
    played = table("tafelrunde", kinds, seed=3)
    closed = 0
    for _ in range(STEPS):
        flow = played.flow
        step = flow.next_step()
        if isinstance(step, steps.GameOver):
            break
        if isinstance(step, steps.View) and step.decision is not None \
                and step.decision.kind is DecisionKind.WINDOW and step.responding is None and step.actions:
            assert step.acting is None
            assert isinstance(flow.choose(step.actions[0]), steps.Played)
            closed += 1
            continue
        played.seen.clear()
        _answer(played, step)
    assert closed > 0


def _answer(played, step):  # type: ignore[no-untyped-def]
    flow = played.flow
    if isinstance(step, steps.Curtain):
        flow.lifted(step.seat, "ready")
    elif isinstance(step, steps.View):
        played._answer(step)
    elif isinstance(step, steps.BotThinking):
        flow.bot_answered(step.request, step.request.answer())
    elif isinstance(step, steps.MoveShown):
        flow.pause_over()
    elif isinstance(step, steps.PrivateNews):
        flow.news_read()
    elif isinstance(step, steps.Held):
        flow.go_on()


def test_a_lone_person_who_cannot_answer_a_window_is_not_asked() -> None:
    """Die Tafelrunde, one person and bots: a window the person has nothing to answer with is
    closed for them once the bots let it pass (nobody else looks, so nothing is hidden)."""
    played = table("tafelrunde", [None, "random", "random"], seed=4)
    played.play(STEPS)
    match_game = GAMES["tafelrunde"].game
    for seen in played.seen:
        step = seen.step
        if isinstance(step, steps.View) and step.decision is not None \
                and step.decision.kind is DecisionKind.WINDOW and step.responding is None:
            assert match_game.legal(seen.state, 0), "the person was asked about a window it cannot answer"


HINT_GAMES = [key for key in GAME_KEYS if key in ("tain", "tolleno", "tasnia")]


@pytest.mark.parametrize("key", HINT_GAMES)
def test_the_hint_never_rests_on_a_handful_of_playouts(key: str) -> None:
    """Tàin said "100/100 over 1 playout", Tolleno 5, Tasnia 21: the advice now rests on at least
    `MIN_PLAYOUTS` for its best move, and when it stops with the top two within noise it says so."""
    game = GAMES[key].game
    checked = 0
    for players, state in sample_states(key, per_game=1, seeds=1):
        if players != game.min_players:
            continue
        decision = game.to_act(state)
        assert decision is not None
        seat = decision.seats[0]
        advice = advise(game, state, seat, seed=7, seconds=60.0)
        if len(advice.moves) == 1:
            continue
        assert advice.settled
        assert advice.best.playouts >= MIN_PLAYOUTS
        assert advice.close == within_noise(advice.moves[0], advice.moves[1])
        if advice.close:
            assert advice.moves[1].playouts >= MIN_PLAYOUTS
        checked += 1
    assert checked


def test_the_same_state_and_seed_give_the_same_hint() -> None:
    game = GAMES["tain"].game
    _, state = next(iter(sample_states("tain", per_game=1, seeds=1)))
    seat = game.to_act(state).seats[0]  # type: ignore[union-attr]
    first = advise(game, state, seat, seed=3, seconds=60.0)
    again = advise(game, state, seat, seed=3, seconds=60.0)
    assert first == again
