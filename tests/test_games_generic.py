"""Tests every registered game (and the example game) plugs into: seeded random playouts with invariants, leak tests by
resampling, and option coverage. A new game is covered by registering it."""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import AnyGame, IllegalAction
from boardgames_tui.engine.simulate import choose, default_seats, playout
from boardgames_tui.games import GAMES
from tests.toy import TOY

RULES: dict[str, AnyGame] = {**{key: entry.game for key, entry in GAMES.items()}, TOY.key: TOY}
"""Every registered game, and the example game a new one is copied from."""
GAME_KEYS = sorted(RULES)


def option_sets(game: AnyGame) -> list[dict[str, str]]:
    """The defaults, then each choice of each option switched on alone, then everything on."""
    sets = [game.default_options()]
    for spec in game.options:
        for choice in spec.choices:
            if choice != spec.default:
                sets.append({**game.default_options(), spec.key: choice})
    if len(game.options) > 1:
        sets.append({spec.key: spec.choices[-1] for spec in game.options})
    return sets


def playout_params() -> list[Any]:
    params = []
    for key in GAME_KEYS:
        game = RULES[key]
        counts = range(game.min_players, game.max_players + 1)
        combos = list(itertools.product(counts, range(len(option_sets(game)))))
        per_combo = max(1, game.fuzz_games // len(combos))
        for players, opt_index in combos:
            params.append(pytest.param(key, players, opt_index, per_combo, id=f"{key}-{players}p-opt{opt_index}"))
    return params


@pytest.mark.parametrize(("key", "players", "opt_index", "games"), playout_params())
def test_seeded_random_playouts_keep_invariants(key: str, players: int, opt_index: int, games: int) -> None:
    """DESIGN "Fuzzing": random legal games end without an exception, invariants hold, a save/load
    round trip equals the original, the outcome appears exactly at the end."""
    game = RULES[key]
    options = option_sets(game)[opt_index]
    for seed in range(1000 + opt_index * 100, 1000 + opt_index * 100 + games):
        result = playout(game, players, seed, options)
        assert result.outcome.ranking


def _states_along_a_game(game: AnyGame, players: int, seed: int, every: int) -> list[Any]:
    rng = random.Random(seed)
    match = Match.new(game, default_seats(players), game.default_options(), seed)
    states = []
    while game.to_act(match.state) is not None:
        if len(match.record.moves) % every == 0:
            states.append(match.state)
        seat, action = choose(game, match.state, rng)
        match.play(seat, action)
    return states


@pytest.mark.parametrize("key", GAME_KEYS)
def test_views_and_logs_survive_resampling_of_hidden_information(key: str) -> None:
    """DESIGN "Leaks": redraw what a seat cannot know; its view, log and legal actions must not change.
    The resampling must actually change something, or the test could not fail."""
    game = RULES[key]
    changed = 0
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            for state in _states_along_a_game(game, players, 500 + seed, every=5):
                for seat in range(players):
                    other = game.resample(state, seat, seed * 7919 + seat)
                    checked += 1
                    changed += other != state
                    assert game.view(other, seat) == game.view(state, seat)
                    log_a = [e.text for e in game.log(state) if e.visible_to(seat)]
                    log_b = [e.text for e in game.log(other) if e.visible_to(seat)]
                    assert log_a == log_b
                    decision = game.to_act(state)
                    assert game.to_act(other) == decision
                    if decision is not None and seat in decision.seats:
                        assert game.legal(other, seat) == game.legal(state, seat)
                    assert game.view(other, None) == game.view(state, None)
    assert checked > 0
    assert changed > checked // 4, "resample never hides anything: the leak test would be vacuous"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_illegal_action_is_refused_and_state_unchanged(key: str) -> None:
    """Bad input never crashes: along a seeded game, an action offered to the acting seat is refused
    with a reason when a seat that may not act now sends it, and so is an action that was legal a
    move ago but is not now; the state is left as it was. Sealed rounds (Tallinn's first decision
    lists every seat) are covered by the seats that have already chosen and by the stale action."""
    game = RULES[key]
    rng = random.Random(7)
    refused = 0
    for players in (game.min_players, game.max_players):
        match = Match.new(game, default_seats(players), game.default_options(), 7 + players)
        stale: Any = None
        for _ in range(40):
            state = match.state
            decision = game.to_act(state)
            if decision is None:
                break
            before = pickle.loads(pickle.dumps(state))
            candidates: list[Any] = [*decision.seats, *([None] if decision.table_may_act else [])]
            acting, offered = next((s, a) for s in candidates if (a := game.legal(state, s)))
            attempts = [(seat, offered[0]) for seat in range(players) if seat not in decision.seats]
            if stale is not None and stale not in offered:
                attempts.append((acting, stale))
            for seat, action in attempts:
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, seat, action)
                assert str(info.value), f"{key}: a refusal without a reason"
                refused += 1
            assert state == before, f"{key}: a refused action changed the state"
            stale = offered[-1]
            seat, action = choose(game, state, rng)
            match.play(seat, action)
    assert refused >= 10, f"{key}: only {refused} refusals were tried"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_legal_action_reads_back_from_its_text_form(key: str) -> None:
    """The one action codec: along seeded games, every action offered to any seat is written as a
    short text that reads back as the very same action; malformed texts are refused with a reason."""
    game = RULES[key]
    texts: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        rng = random.Random(players)
        match = Match.new(game, default_seats(players), game.default_options(), 31 + players)
        while (decision := game.to_act(match.state)) is not None:
            seats: list[Any] = [*decision.seats, *([None] if decision.table_may_act else [])]
            for seat in seats:
                for action in game.legal(match.state, seat):
                    text = game.encode(action)
                    assert game.decode(text) == action, f"{key}: {action!r} is written {text!r}"
                    texts.add(text)
            seat, action = choose(game, match.state, rng)
            match.play(seat, action)
    assert len(texts) >= 10, f"{key}: only {len(texts)} distinct actions seen"
    for text in sorted(texts)[:50]:
        for bad in (text + " x", " " + text, text + "\n", "\x00" + text):
            with pytest.raises(IllegalAction) as info:
                game.decode(bad)
            assert repr(bad) in str(info.value)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_game_identity_is_complete(key: str) -> None:
    game = RULES[key]
    assert game.key == key
    assert game.title and game.blurb
    assert 1 <= game.min_players <= game.max_players
    for spec in game.options:
        assert spec.default in spec.choices
