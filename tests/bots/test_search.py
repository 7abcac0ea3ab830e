"""Issue 18 §1: the bot's answers are legal, reproducible for a seed, and follow its level."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui import bots
from boardgames_tui.bots import LEVELS, Level, choose
from boardgames_tui.bots import _pick as pick
from boardgames_tui.bots.rewards import outcome_rewards
from boardgames_tui.bots.search import Search, window_open
from boardgames_tui.engine.protocol import Decision, DecisionKind, Game, Outcome, standing_values
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games import GAMES
from tests.bots.states import GAME_KEYS, Decide, bot_decisions, sample_states


def _legal_answer(game: Any, state: Any, seat: int, action: Any) -> bool:
    decision = game.to_act(state)
    if action is bots.PASS:
        return window_open(game, state, decision)
    return game.encode(action) in {game.encode(a) for a in game.legal(state, seat)}


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_bot_refuses_nothing_legal_and_answers_only_legally(key: str) -> None:
    """Every answer is one of the seat's legal actions (or a pass where the table may close the
    window), and `apply` accepts it."""
    game = GAMES[key].game
    for _, state in sample_states(key, per_game=6):
        for seat, _ in bot_decisions(game, state):
            action = choose(game, state, seat, seed=3, iterations=4)
            assert _legal_answer(game, state, seat, action)
            if action is not bots.PASS:
                game.apply(state, seat, action)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_bot_is_deterministic_for_a_seed(key: str, decide: Decide) -> None:
    """With `iterations` given, the same arguments give the same action, in one process and
    root-parallel in two (issue 38 §2)."""
    game = GAMES[key].game
    for _, state in sample_states(key, per_game=2):
        seat, _ = bot_decisions(game, state)[0]
        first = decide(game, state, seat, seed=9, iterations=8)
        again = decide(game, state, seat, seed=9, iterations=8)
        assert (first is bots.PASS and again is bots.PASS) or game.encode(first) == game.encode(again)


def test_a_single_possible_answer_returns_without_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision with one answer (one legal action, or only a pass) is returned at once."""

    def no_search(self: Search, iterations: int, seconds: float | None) -> None:
        raise AssertionError("searched a decision with one answer")

    monkeypatch.setattr(Search, "run", no_search)
    found = 0
    for key in GAME_KEYS:
        game = GAMES[key].game
        for state in random_states(game, game.min_players + 1, 3)[:400]:
            for seat, answers in bot_decisions(game, state):
                if answers == 1:
                    action = choose(game, state, seat, level="hard")
                    assert _legal_answer(game, state, seat, action)
                    found += 1
    assert found


def test_a_window_is_answered_like_a_person() -> None:
    """Die Tafelrunde's open veto call: a bot that cannot veto lets it pass; one that can either
    vetoes with one of its cards or passes; the table's closing is nobody's decision."""
    game = GAMES["tafelrunde"].game
    asked = 0
    for seed in range(6):
        for state in random_states(game, 3, seed):
            decision = game.to_act(state)
            if decision is None or decision.kind is not DecisionKind.WINDOW or not window_open(game, state, decision):
                continue
            for seat in decision.seats:
                action = choose(game, state, seat, seed=seed, iterations=10)
                if not game.legal(state, seat):
                    assert action is bots.PASS
                else:
                    assert _legal_answer(game, state, seat, action)
                    asked += 1
            with pytest.raises(ValueError):
                choose(game, state, next(s for s in range(3) if s not in decision.seats), iterations=4)
    assert asked


def test_a_seat_with_no_decision_is_refused() -> None:
    game = GAMES["tallinn"].game
    state = random_states(game, 2, 1)[-1]
    with pytest.raises(ValueError, match="no decision"):
        choose(game, state, 0, iterations=3)


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_within_its_own_budget(level: str) -> None:
    """Each level answers legally with its own iteration budget and time cap (no `iterations`)."""
    game = GAMES["tain"].game
    _, state = next(sample_states("tain", per_game=1))
    seat, _ = bot_decisions(game, state)[0]
    assert _legal_answer(game, state, seat, choose(game, state, seat, level=level, seed=1))


def test_an_unknown_level_is_refused_by_name() -> None:
    game = GAMES["tain"].game
    _, state = next(sample_states("tain", per_game=1))
    with pytest.raises(ValueError, match="valid: random, easy, normal, hard"):
        choose(game, state, bot_decisions(game, state)[0][0], level="expert")


def test_the_best_level_plays_the_most_visited_move_and_easy_only_visited_ones() -> None:
    """Normal and hard play the most visited move; easy draws among the visited moves, weighted
    by visits squared, never one the search did not try when others were tried."""
    stats = [(0.0, 0.0), (10.0, 0.6), (30.0, 0.7), (1.0, 0.1)]
    assert pick(stats, LEVELS["hard"], random.Random(1)) == 2
    easy = Level("easy", 10, 1.0, sharpness=2.0)
    drawn = [pick(stats, easy, random.Random(seed)) for seed in range(400)]
    assert 0 not in drawn
    assert drawn.count(2) > drawn.count(1) > drawn.count(3)


def test_rewards_favour_winning_then_place_then_score() -> None:
    """A sole winner gets most, a shared first place splits the win part, last place gets the least."""
    outcome = Outcome((), (10, 7, 7, 2), ((0,), (1, 2), (3,)))
    r = outcome_rewards(outcome)
    assert r[0] > r[1] == r[2] > r[3]
    assert r[0] == pytest.approx(1.0) and r[3] == pytest.approx(0.0)
    shared = outcome_rewards(Outcome((), (5, 5), ((0, 1),)))
    assert shared[0] == shared[1] == pytest.approx(0.6 * 0.5 + 0.3 * 0.5 + 0.1 * 0.5)
    assert standing_values([10, 7, 7, 2]) == pytest.approx(r)


class _Guess(Game[tuple[Any, ...], str, Any]):
    """A one-round sealed game: seat 0 hides a letter (or takes a sure draw), seat 1 guesses it.
    A right guess wins for seat 1, a wrong one for seat 0. Against a guesser who cannot see the
    letter, hiding wins two times in three; against one who could, it always loses."""

    key, title, blurb, min_players, max_players = "guess", "Guess", "Guess the hidden letter.", 2, 2
    HIDE, GUESS = ("a", "b", "c", "draw"), ("a", "b", "c")

    def setup(self, names: Any, options: Any, seed: int) -> tuple[Any, ...]:
        return (None, None)

    def to_act(self, state: tuple[Any, ...]) -> Decision | None:
        waiting = tuple(s for s in (0, 1) if state[s] is None)
        return Decision(DecisionKind.SEALED, waiting) if waiting else None

    def legal(self, state: tuple[Any, ...], seat: int | None) -> list[str]:
        if seat is None or state[seat] is not None:
            return []
        return list(self.HIDE if seat == 0 else self.GUESS)

    def apply(self, state: tuple[Any, ...], seat: int | None, action: str) -> tuple[Any, ...]:
        assert seat is not None and action in self.legal(state, seat)
        return (action, state[1]) if seat == 0 else (state[0], action)

    def outcome(self, state: tuple[Any, ...]) -> Outcome | None:
        if None in state:
            return None
        if state[0] == "draw":
            return Outcome((), (1, 1), ((0, 1),))
        if state[0] == state[1]:
            return Outcome((), (0, 1), ((1,), (0,)))
        return Outcome((), (1, 0), ((0,), (1,)))

    def describe(self, state: tuple[Any, ...], seat: int | None, action: str, viewer: int | None) -> str:
        return action if viewer == seat else f"seat {seat} chose"

    def view(self, state: tuple[Any, ...], seat: int | None) -> Any:
        return None

    def progress(self, state: tuple[Any, ...]) -> str:
        return ""

    def log(self, state: tuple[Any, ...]) -> tuple[Any, ...]:
        return ()

    def encode(self, action: str) -> str:
        return action

    def decode(self, text: str) -> str:
        return text

    def reveals(self, before: tuple[Any, ...], seat: int | None, action: str) -> bool:
        return False

    def resample(self, state: tuple[Any, ...], seat: int, seed: int) -> tuple[Any, ...]:
        return state if seat == 0 else (None if state[0] is None else "a", state[1])


def test_a_sealed_choice_is_weighed_against_seats_that_cannot_see_it() -> None:
    """In a sealed round the other seats choose without seeing the bot's choice, so the search
    weighs their choices where the round began: hiding a letter (won two times in three) beats
    the sure draw. A search that let the guesser answer the letter it was shown would find every
    letter guessed and take the draw."""
    game = _Guess()
    state = game.setup(["A", "B"], {}, 0)
    for seed in range(3):
        assert choose(game, state, 0, seed=seed, iterations=3_000) != "draw"
        search = Search(game, state, 0, seed)
        search.run(3_000, None)
        letters = [mean for _, mean in search.visits(["a", "b", "c"])]
        draw = search.visits(["draw"])[0][1]
        assert max(letters) > draw + 0.05


def test_every_choice_of_a_sealed_round_is_weighed_where_the_round_began() -> None:
    """High Card at three seats, two sealed rounds: the other seats' first-round statistics sit
    at the root beside the bot's, the nodes inside the round (after the bot's or a rival's
    choice, before the reveal) hold none, and the second round is weighed where it began."""
    from tests.toy import ToyGame

    game = ToyGame()
    state = game.setup(["A", "B", "C"], {}, 5)
    search = Search(game, state, 0, 1)
    search.run(400, None)
    assert {seat for seat, _ in search.root.stats} == {0, 1, 2}
    inside = [grand for child in search.root.children.values() for grand in (child, *child.children.values())]
    assert inside and all(not node.stats for node in inside)
    second_round = [node.stats for mid in inside for node in mid.children.values() if node.stats]
    assert second_round and all({seat for seat, _ in stats} == {0, 1, 2} for stats in second_round)
