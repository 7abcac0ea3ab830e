"""Issue 18 §4: `boardgames arena` and `simulate --bot`."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.cli import main
from boardgames_tui.commands.arena import run_games, wilson
from boardgames_tui.games import GAMES
from tests.bots.states import GAME_KEYS


@pytest.mark.parametrize("key", GAME_KEYS)
def test_bots_play_every_game_to_its_end(key: str) -> None:
    """A game with a searching bot at every seat but one ends; every seat's score is counted and
    the win shares add up to the number of games (a shared win is split)."""
    game = GAMES[key].game
    levels = ["easy"] * (game.min_players - 1) + ["random"]
    entries = run_games(game, levels, game.default_options(), 1, 3, iterations=2)
    assert [len(e.scores) for e in entries] == [1] * len(levels)
    assert sum(e.wins for e in entries) == pytest.approx(1)
    assert entries[0].seconds, "the searching bot's decisions are timed"


def test_seats_rotate_so_each_entry_sits_everywhere() -> None:
    """Over as many games as seats, each --seats entry plays each seat once: every entry has a
    score from every game and the win shares sum to the number of games."""
    game = GAMES["tallinn"].game
    entries = run_games(game, ["random", "random", "random"], game.default_options(), 3, 1)
    assert all(len(e.scores) == 3 for e in entries)
    assert sum(e.wins for e in entries) == pytest.approx(3)


def test_the_last_line_is_json_with_win_shares_in_seats_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "tallinn", "--seats", "easy,random", "--games", "2", "--seed", "4"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    summary = json.loads(last)
    assert summary["seats"] == ["easy", "random"]
    assert len(summary["win_share"]) == len(summary["ms_per_decision"]) == 2
    assert sum(summary["win_share"]) == pytest.approx(1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "tallinn", "--seats", "easy,expert"], "no bot level 'expert'"),
        (["arena", "tafelrunde", "--seats", "easy,easy"], "takes 3 to 4 players"),
        (["arena", "chess", "--seats", "easy,easy"], "unknown game"),
        (["arena", "tallinn", "--seats", "easy,easy", "--option", "envoy=maybe"], "envoy"),
        (["simulate", "tallinn", "--bot", "expert", "--games", "1"], "no bot level"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_simulate_with_bots_checks_its_invariants(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --bot LEVEL` plays checked games with that bot at every seat."""
    assert main(["simulate", "tafelrunde", "--players", "3", "--games", "1", "--bot", "random"]) == 0
    assert main(["simulate", "tallinn", "--players", "2", "--games", "1", "--bot", "easy"]) == 0
    assert "1 games" in capsys.readouterr().out


def test_wilson_interval_brackets_the_share() -> None:
    """The 95% Wilson interval: 7 of 10 gives about [0.40, 0.89]; it stays inside [0, 1]."""
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-3) and high == pytest.approx(0.8922, abs=1e-3)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
