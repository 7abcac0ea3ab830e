"""Seeded random playouts with invariant checks, shared by `boardgames simulate` and the tests."""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.match import MatchRecord, Move
from boardgames_tui.engine.protocol import AnyGame, DecisionKind, IllegalAction, Outcome, Seat, SeatInfo
from boardgames_tui.engine.savefile import decode_save, encode_save
from boardgames_tui.engine.seating import GLYPHS, PALETTE

MAX_ACTIONS = 50_000


class InvariantError(AssertionError):
    """A broken invariant in a seeded playout; the message names the seed and the move."""


@dataclass(slots=True)
class Playout:
    """The result of one random game."""

    seed: int
    players: int
    actions: int
    outcome: Outcome
    seconds: float
    final_state: Any = field(repr=False, default=None)


def default_seats(n: int) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(f"Player {i + 1}", PALETTE[i].name, GLYPHS[i]) for i in range(n))


Chooser = Callable[[AnyGame, Any, random.Random], tuple[Seat | None, Any]]
"""Who takes which action next, as `choose` below: the random player, or bots."""

_WINDOW, _STEP = DecisionKind.WINDOW, DecisionKind.STEP
"""Read once: on Python 3.11 every `DecisionKind.X` lookup runs the enum class's Python-level hook."""


def choose(game: AnyGame, state: Any, rng: random.Random) -> tuple[Seat | None, Any]:
    """A random legal (seat, action) for whatever decision is pending."""
    decision = game.to_act(state)
    assert decision is not None
    kind = decision.kind
    if kind is _WINDOW:
        candidates: list[Seat | None] = [s for s in decision.seats if game.legal(state, s)]
        # The table closes about half the time so windows do not drag on.
        seat: Seat | None = None if not candidates or rng.random() < 0.5 else rng.choice(candidates)
    elif kind is _STEP:
        seat = None
    else:
        seat = rng.choice(decision.seats)
    actions = game.legal(state, seat)
    if not actions:
        raise InvariantError(f"seat {seat} must act ({decision.kind}) but has no legal action")
    return seat, game.random_choice(state, seat, actions, rng)


def random_states(
    game: AnyGame, players: int, seed: int, options: Mapping[str, str] | None = None
) -> list[Any]:
    """Every state of one seeded random game, from setup to the end (no checks): for tests that
    compare what a game caches or copies against a fresh computation, state by state."""
    rng = random.Random(seed)
    state = game.setup([s.name for s in default_seats(players)], game.check_options(options or {}), seed)
    states = [state]
    while game.to_act(state) is not None:
        seat, action = choose(game, state, rng)
        state = game.apply(state, seat, action)
        states.append(state)
    return states


def _check_step(game: AnyGame, state: Any, rng: random.Random, deep: bool, immutable: bool) -> None:
    decision = game.to_act(state)
    outcome = game.outcome(state)
    if decision is None and outcome is None:
        raise InvariantError("nobody is to act but there is no outcome")
    if decision is not None and outcome is not None:
        raise InvariantError("an outcome exists while a decision is still pending")
    if decision is None:
        return
    if not decision.seats and not decision.table_may_act:
        raise InvariantError(f"to_act lists no seat for a {decision.kind} decision")
    game.check_invariants(state)
    if not deep:
        return
    seats: list[Seat | None] = [*decision.seats]
    if decision.table_may_act:
        seats.append(None)
    snapshot = pickle.dumps(state) if immutable else b""
    for seat in seats:
        actions = game.legal(state, seat)
        for action in rng.sample(actions, min(3, len(actions))):
            text = game.encode(action)
            if game.decode(text) != action:
                raise InvariantError(f"action {text!r} does not survive encode/decode")
            try:
                game.apply(state, seat, action)
            except IllegalAction as exc:
                raise InvariantError(f"legal action {text!r} of seat {seat} refused: {exc}") from None
    if immutable and pickle.dumps(state) != snapshot:
        raise InvariantError("apply changed the state it was given")


def playout(
    game: AnyGame,
    players: int,
    seed: int,
    options: Mapping[str, str] | None = None,
    *,
    check: bool = True,
    chooser: Chooser | None = None,
) -> Playout:
    """Play one seeded random game to its end, checking invariants when `check` is set; `chooser`
    takes the decisions instead of the random player (bots)."""
    pick = choose if chooser is None else chooser
    rng = random.Random(seed)
    chosen = game.check_options(options or {})
    seats = default_seats(players)
    started = time.perf_counter()
    state = game.setup([s.name for s in seats], chosen, seed)
    moves: list[Move] = []
    roundtrip_at = rng.randrange(1, 60)
    actions = 0
    try:
        while True:
            if check:
                _check_step(game, state, rng, deep=actions % 5 == 0, immutable=actions % 40 == 0)
                for viewer in (None, *range(players)):
                    if actions % 11 == 0:
                        game.view(state, viewer)
            if game.to_act(state) is None:
                break
            seat, action = pick(game, state, rng)
            try:
                state = game.apply(state, seat, action)
            except IllegalAction as exc:
                text = game.encode(action)
                raise InvariantError(f"legal action {text!r} of seat {seat} refused: {exc}") from None
            if check:
                moves.append(Move(seat, game.encode(action)))
            actions += 1
            if actions > MAX_ACTIONS:
                raise InvariantError(f"no end after {MAX_ACTIONS} actions")
            if check and actions == roundtrip_at:
                _check_roundtrip(game, MatchRecord(game.key, seats, chosen, seed, tuple(moves)), state)
        if check:
            _check_roundtrip(game, MatchRecord(game.key, seats, chosen, seed, tuple(moves)), state)
        outcome = game.outcome(state)
        assert outcome is not None
        if check:
            _check_outcome(outcome, players)
    except InvariantError as exc:
        raise InvariantError(
            f"{game.key}, {players} players, seed {seed}, options {dict(chosen)}, after {actions} actions: {exc}"
        ) from None
    except Exception as exc:
        raise InvariantError(
            f"{game.key}, {players} players, seed {seed}, options {dict(chosen)}, after {actions} actions: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    return Playout(seed, players, actions, outcome, time.perf_counter() - started, state)


def _check_roundtrip(game: AnyGame, record: MatchRecord, state: Any) -> None:
    """The record through the save format and back replays to the very same state."""
    data = encode_save(record, title=game.title, progress="", finished=False)
    loaded = decode_save(data, lambda key: game if key == game.key else None, record.match_id)
    if loaded.state != state:
        raise InvariantError("save/load round trip gives a different state")


def _check_outcome(outcome: Outcome, players: int) -> None:
    if len(outcome.totals) != players:
        raise InvariantError("score sheet has the wrong number of seats")
    for line in outcome.lines:
        if len(line.values) != players:
            raise InvariantError(f"score line {line.label!r} has the wrong number of seats")
    ranked = sorted(s for group in outcome.ranking for s in group)
    if ranked != list(range(players)):
        raise InvariantError(f"ranking {outcome.ranking} does not list every seat once")
