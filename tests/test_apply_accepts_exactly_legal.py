"""Issue 40 §2: `apply` accepts exactly what `legal(state, seat)` offers, for the seat that sends it.

A Die Tafelrunde save once replayed a window seat's `noveto` (only the table may close an open
veto call; that seat is offered only vetoes) as the table's close. Every save, import and replay
goes through `apply`, so along seeded random games of every game each seat and the table send
every action offered to anyone now, and mutated forms of them (each number in the action's text
form moved); each must be refused with IllegalAction and the state left as it was exactly when
it is not among that sender's legal actions, and taken when it is.

Small volumes by default (a few seconds); BOARDGAMES_FUZZ=1 plays more games and checks every
state of them with every candidate.
"""

from __future__ import annotations

import os
import pickle
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from boardgames_tui.engine.match import Match, Move, ReplayError
from boardgames_tui.engine.protocol import AnyGame, IllegalAction, Seat
from boardgames_tui.engine.simulate import choose, default_seats
from examples.high_card.rules.actions import REVEAL
from tests.test_games_generic import GAME_KEYS, RULES
from tests.toy import ToyGame

FUZZ = bool(os.environ.get("BOARDGAMES_FUZZ"))
GAMES_PER_COUNT = 3 if FUZZ else 1
EVERY = 1 if FUZZ else 7
"""Check one state in this many along each game."""
CANDIDATES = 10_000 if FUZZ else 14
"""At most this many candidate actions per state (drawn at random among all of them)."""
_NUMBER = re.compile(r"\d+")


def mutations(game: AnyGame, action: Any) -> list[Any]:
    """Actions read from `action`'s text form with one of its numbers moved (those that read back)."""
    text = game.encode(action)
    found = []
    for number in _NUMBER.finditer(text):
        value = int(number.group())
        for other in {value - 1, value + 1, 0, 99} - {value}:
            if other < 0:
                continue
            try:
                found.append(game.decode(f"{text[: number.start()]}{other}{text[number.end():]}"))
            except IllegalAction:
                continue
    return found


def _check_state(game: AnyGame, state: Any, senders: list[Seat | None], rng: random.Random) -> tuple[int, int]:
    """Every sender against every candidate (a sample of them): refused iff not offered. Counts (refused, taken)."""
    offered = {seat: game.legal(state, seat) for seat in senders}
    pool: list[Any] = []
    for actions in offered.values():
        pool += actions
    pool += [m for action in rng.sample(pool, min(len(pool), 4)) for m in mutations(game, action)]
    unique = list({game.encode(a): a for a in pool}.values())
    candidates = rng.sample(unique, min(len(unique), CANDIDATES))
    before = pickle.dumps(state)
    refused = taken = 0
    for seat in senders:
        for action in candidates:
            if action in offered[seat]:
                game.apply(state, seat, action)  # offered: taken without complaint
                taken += 1
                continue
            try:
                game.apply(state, seat, action)
            except IllegalAction as exc:
                assert str(exc), f"{game.key}: a refusal without a reason"
                refused += 1
            else:
                text = game.encode(action)
                raise AssertionError(f"{game.key}: {text!r} taken from seat {seat}, which is not offered it")
    assert game.to_act(state) is not None
    assert pickle.loads(before) == state, f"{game.key}: a refused or taken action changed the state it was given"
    return refused, taken


@pytest.mark.parametrize("key", GAME_KEYS)
def test_apply_accepts_exactly_what_legal_offers_to_the_sender(key: str) -> None:
    """Issue 40 §2 reproduction generalised: other seats' actions, the table's and mutated ones are
    refused with the state unchanged exactly when `legal` does not offer them to the sender."""
    game = RULES[key]
    refused = taken = 0
    for players in range(game.min_players, game.max_players + 1):
        senders: list[Seat | None] = [*range(players), None]
        for number in range(GAMES_PER_COUNT):
            seed = 4000 + 17 * players + number
            rng = random.Random(seed)
            match = Match.new(game, default_seats(players), game.default_options(), seed)
            step = rng.randrange(EVERY)
            while game.to_act(match.state) is not None:
                if step % EVERY == 0:
                    counts = _check_state(game, match.state, senders, rng)
                    refused, taken = refused + counts[0], taken + counts[1]
                step += 1
                match.play(*choose(game, match.state, rng))
    assert refused >= 20 and taken >= 5, f"{key}: only {refused} refusals and {taken} acceptances tried"


def test_tafelrunde_window_seat_cannot_close_an_open_veto_call() -> None:
    """Issue 40 §2, the case found: in an open veto call a window seat is offered only vetoes;
    its `noveto` is refused (only the table closes the call), and the state is unchanged."""
    from boardgames_tui.games.tafelrunde.rules.actions import NO_VETO

    game = RULES["tafelrunde"]
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        match = Match.new(game, default_seats(3), game.default_options(), seed)
        while (decision := game.to_act(match.state)) is not None:
            if decision.kind.value == "window":
                for seat in decision.seats:
                    assert NO_VETO not in game.legal(match.state, seat)
                    before = pickle.dumps(match.state)
                    with pytest.raises(IllegalAction, match="table"):
                        game.apply(match.state, seat, NO_VETO)
                    assert pickle.loads(before) == match.state
                    found += 1
            match.play(*choose(game, match.state, rng))
        if found >= 5:
            break
    assert found >= 5, "no open veto call met"


class _LenientToy(ToyGame):
    """The example game with a gap in its `apply`: any seat's reveal is taken as the table's."""

    def apply(self, state: Any, seat: Seat | None, action: Any) -> Any:
        return super().apply(state, None if action == REVEAL else seat, action)


def test_replay_and_play_refuse_an_action_apply_takes_but_legal_does_not_offer() -> None:
    """Issue 40 §2, the shared flow: whatever a game's `apply` lets through, a match (play, and the
    replay behind every save, import and replay) takes only what `legal` offers to the sender."""
    game = _LenientToy()
    match = Match.new(game, default_seats(2), {}, 3)
    for seat in (0, 1):
        match.play(seat, game.legal(match.state, seat)[0])
    assert game.legal(match.state, None) == [REVEAL] and game.legal(match.state, 0) == []
    assert game.apply(match.state, 0, REVEAL) is not None  # the gap: the rules alone take it
    before = match.record
    with pytest.raises(IllegalAction, match="not offered to seat 1"):
        match.play(0, REVEAL)
    assert match.record == before and len(match.states) == 3
    forged = replace(before, moves=(*before.moves, Move(0, "reveal")))
    with pytest.raises(ReplayError, match="not offered to seat 1"):
        Match(game, forged)
    Match(game, replace(before, moves=(*before.moves, Move(None, "reveal"))))  # the table's own reveal replays
