"""The hot-seat controller (`ui.flow.hotseat`) without any screen, along seeded games of every game.

Each test is named after the rule it checks; `tests.ui.flow.table.Table` plays the match through
the controller as a table of people (and bots, answered inline) would.
"""

from __future__ import annotations

import pytest

from boardgames_tui import bots
from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow import steps
from tests.ui.flow.table import GAME_KEYS, Table, table
from tests.ui.helpers import assert_news_tells, clause

STEPS = 400
"""Steps of the controller followed per seeded game (a few hundred moves of each game)."""
SEEDS = (1, 2)


def _played(key: str, seed: int, kinds: list[str | None] | None = None, **options: object) -> Table:
    played = table(key, kinds, seed, **options)
    played.play(STEPS)
    return played


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_seat_sees_only_its_own_views(key: str, seed: int) -> None:
    """A view drawn for a seat is that seat's `view` of the state and nobody else's, offered only
    while that seat is the person looking (its curtain lifted, or it plays alone), and what it
    offers is that seat's own choice (or the table's, on a public decision)."""
    played = _played(key, seed)
    game = GAMES[key].game
    private = 0
    for seen in played.seen:
        step = seen.step
        if not isinstance(step, steps.View):
            continue
        assert step.view == game.view(seen.state, step.viewer)
        if step.viewer is None:
            assert step.acting is None or (step.decision is not None and step.decision.public)
            continue
        private += 1
        assert seen.looking == step.viewer or played.flow.seating.skips_curtain(step.viewer)
        if step.actions:
            assert step.acting == step.viewer or (step.decision is not None and step.decision.public)
        assert step.labels == {a: game.describe(seen.state, step.acting, a, step.viewer) for a in step.actions}
    assert private > 0, "no private view was drawn: the test saw nothing"


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("seed", SEEDS)
def test_curtains_come_exactly_where_a_different_person_must_look(key: str, seed: int) -> None:
    """At a table of people, a seat's private view comes right after a curtain lifted for that
    seat, or right after its own view (it goes on deciding); and a curtain never comes up for the
    seat whose own view was the last one drawn."""
    played = _played(key, seed)
    curtains = 0
    last_view: steps.View | None = None
    previous: steps.Step | None = None
    for seen in played.seen:
        step = seen.step
        if isinstance(step, steps.Curtain):
            curtains += 1
            assert last_view is None or last_view.viewer != step.seat, "a curtain where nobody else must look"
        if isinstance(step, steps.View) and step.viewer is not None:
            came_after_curtain = isinstance(previous, steps.Curtain) and previous.seat == step.viewer
            went_on = isinstance(previous, steps.View) and previous.viewer == step.viewer
            assert came_after_curtain or went_on, f"{step.viewer}'s view without its curtain after {previous}"
        if isinstance(step, steps.View):
            last_view = step
        previous = step
    assert curtains >= 2


@pytest.mark.parametrize("key", GAME_KEYS)
def test_news_holds_public_lines_only(key: str) -> None:
    """A curtain's news is exactly the public log lines since that seat last decided: no line
    meant for some seats only, nothing from before its last decision."""
    played = _played(key, 3)
    game = GAMES[key].game
    checked = 0
    for seen in played.seen:
        step = seen.step
        if not isinstance(step, steps.Curtain):
            continue
        entries = game.log(seen.state)
        prefix = played.match.state_after(seen.moves)
        assert prefix is seen.state
        mark = _mark(played, step.seat, seen.moves)
        public = [e.text for e in entries[mark:] if e.audience is None]
        assert_news_tells(step.texts.news, public, [info.name for info in played.match.seats])
        private = {e.text for e in entries if e.audience is not None} - {e.text for e in entries if e.audience is None}
        names = [info.name for info in played.match.seats]
        assert not any(clause(line, names) in paragraph for line in private for paragraph in step.texts.news)
        checked += 1
    assert checked


def _mark(played: Table, seat: int, moves: int) -> int:
    """How many log entries there were right after `seat`'s last move among the first `moves`."""
    record = played.match.record.moves[:moves]
    game = played.match.game
    for index in range(len(record) - 1, -1, -1):
        if record[index].seat == seat:
            return len(game.log(played.match.state_after(index + 1)))
    return 0


@pytest.mark.parametrize("key", GAME_KEYS)
def test_undo_never_crosses_a_reveal(key: str) -> None:
    """At every step where a person could press `u`, the take-back is allowed only for the last
    mover's own move that revealed nothing; refused, it changes nothing; allowed, the state is
    exactly the one before that move (and the match goes on from there)."""
    played = table(key, seed=4)
    game = GAMES[key].game
    taken = refused = 0
    for _ in range(STEPS):
        step = played.step()
        if isinstance(step, steps.GameOver):
            break
        match = played.match
        if not match.record.moves or played.rng.random() > 0.3:
            continue
        last = match.record.moves[-1]
        before_moves, states = match.record.moves, match.states
        refusal = played.flow.take_back()
        if refusal is None:
            taken += 1
            assert last.seat is not None
            assert not game.reveals(states[-2], last.seat, game.decode(last.action))
            assert match.record.moves == before_moves[:-1] and match.state is states[-2]
        else:
            refused += 1
            assert match.record.moves == before_moves and match.states == states
            if last.seat is not None and (played.flow.viewer in (None, last.seat)):
                assert game.reveals(states[-2], last.seat, game.decode(last.action)) or last.seat is None
    assert refused > 0
    assert taken > 0 or key == "tasnia"


def test_a_stale_bot_answer_is_dropped() -> None:
    """Tàin, a person and a bot: the person moves, the bot is asked; the person takes the move
    back before the answer comes. The answer, for a state no longer current, is dropped."""
    played = table("tain", [None, "normal"], seed=5)
    flow = played.flow
    for _ in range(200):
        step = flow.next_step()
        if isinstance(step, steps.BotThinking) and flow.match.record.moves \
                and flow.match.record.moves[-1].seat == 0 and flow.undo_refusal(0) is None:
            request = step.request
            answer = request.answer()
            assert flow.take_back() is None
            moves = flow.match.record.moves
            assert not flow.bot_answered(request, answer)
            assert flow.match.record.moves == moves, "a stale answer was played"
            again = flow.next_step()
            assert isinstance(again, steps.View) and again.viewer == 0 and again.actions
            return
        played.seen.clear()
        _follow(played, step)
    pytest.fail("never found a bot asked right after a move the person may take back")


def _follow(played: Table, step: steps.Step) -> None:
    """Answer `step` as `Table.step` does (the step was taken already)."""
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


def test_a_bot_that_lets_a_window_pass_is_not_asked_again_for_it() -> None:
    """Die Tafelrunde with bots only but one person: each listed bot is asked once per window."""
    played = table("tafelrunde", [None, "random", "random"], seed=2)
    asked: list[tuple[int, int]] = []
    for _ in range(STEPS):
        step = played.flow.next_step()
        if isinstance(step, steps.GameOver):
            break
        if isinstance(step, steps.BotThinking):
            decision = played.match.decision()
            if decision is not None and decision.kind is DecisionKind.WINDOW:
                key = (len(played.match.record.moves), step.request.seat)
                assert key not in asked
                asked.append(key)
                assert played.flow.bot_answered(step.request, bots.PASS)
                continue
        _follow(played, step)
    assert asked, "no window was met"

