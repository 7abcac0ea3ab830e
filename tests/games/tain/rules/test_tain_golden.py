"""A golden playthrough: one seeded random game whose result is pinned, to catch unintended rule
changes (any change to the rules, the random draws or the step order shows up here)."""

from __future__ import annotations

from boardgames_tui.engine.simulate import playout
from boardgames_tui.games.tain import GAME


def test_golden_three_player_seeded_game() -> None:
    result = playout(GAME, 3, 2024)
    assert result.actions == 228
    assert result.outcome.totals == (48, 12, 7)
    assert result.outcome.ranking == ((0,), (1,), (2,))
    steps = [e.text for e in result.final_state.log if e.step]
    assert steps[-2:] == [
        "Player 1 brings home 2 cows, 2 jewels.",
        "The game ends: Player 1 has 11 cows or more.",
    ]
