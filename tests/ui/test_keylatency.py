"""Issue 12 §4: `boardgames bench` measures key latencies in every game, and its JSON line has
"rules" (the rules page opening) in keys_ms. Only the presence of figures is checked, never a time."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.commands import bench
from boardgames_tui.devtools import keylatency
from boardgames_tui.games import GAMES


async def test_a_scripted_match_measures_every_kind_of_key_including_the_rules_page() -> None:
    """A short scripted Tallinn match: cursor moves, commits, hand-offs and rules-page openings."""
    samples = await keylatency.measure_key_latency(3 * keylatency.RULES_EVERY, "tallinn")
    assert set(samples) == {"cursor", "commit", "handoff", "rules"}
    assert samples["rules"] and samples["cursor"] and samples["commit"]
    summary = json.loads(json.dumps(bench.keys_summary(samples)))
    assert set(summary["rules"]) == {"median", "p95"}


def test_bench_keys_plays_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench_keys asks for a scripted match of each game, not only Tàin, and pools the samples."""
    asked: list[str | None] = []

    async def fake(presses: int, game_key: str | None = None) -> dict[str, list[float]]:
        asked.append(game_key)
        return {"cursor": [0.001], "commit": [0.002], "handoff": [0.003], "rules": [0.004]}

    monkeypatch.setattr(keylatency, "measure_key_latency", fake)
    by_game = bench.bench_keys(50)
    assert asked == list(GAMES) and set(by_game) == set(GAMES)
    assert len(bench.pooled(by_game)["rules"]) == len(GAMES)
