"""Issue 38 §3: `boardgames bench --bots` prints both search rates per game and ends with one JSON
line holding them (tiny volumes here: the shape is checked, not the figures)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from boardgames_tui.cli import main
from boardgames_tui.commands import bench_bots
from boardgames_tui.engine.protocol import AnyGame
from boardgames_tui.engine.simulate import choose, default_seats
from boardgames_tui.games import GAMES


def _opening(game: AnyGame, players: int, seed: int) -> list[Any]:
    """The first 40 states of a seeded random game (the bench walks whole games: slow for a test)."""
    rng = random.Random(seed)
    states = [game.setup([s.name for s in default_seats(players)], game.default_options(), seed)]
    while len(states) < 40 and game.to_act(states[-1]) is not None:
        states.append(game.apply(states[-1], *choose(game, states[-1], rng)))
    return states


def test_bench_bots_prints_both_rates_per_game_and_a_json_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bench_bots.VOLUMES, True, (3, 1))
    monkeypatch.setattr(bench_bots, "random_states", _opening)
    assert main(["bench", "--bots", "--quick", "--workers", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    for figure in ("bots_iterations_per_s", "bots_wall_iterations_per_s"):
        assert set(summary[figure]) == set(GAMES)
        assert all(rate > 0 for rate in summary[figure].values())
    assert summary["bots_workers"] == 2
    text = "\n".join(lines[:-1])
    assert "iterations per CPU second" in text and "iterations per wall second per decision (2 worker processes" in text
    for entry in GAMES.values():
        assert sum(line.strip().startswith(entry.game.title) for line in lines) == 2


def test_workers_go_with_bots_and_number_at_least_one(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["bench", "--workers", "2"], ["bench", "--bots", "--workers", "0"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
    assert "--workers" in capsys.readouterr().err
