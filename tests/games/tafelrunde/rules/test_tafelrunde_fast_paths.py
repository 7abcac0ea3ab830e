"""The rules' fast paths give what the plain definitions give: the log written only when read
(`engine.lazylog`) reads exactly as the lines the rules used to write at once, and the legal
lists made from per-card facts match the rules' reasons."""

from __future__ import annotations

import hashlib

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import PLAY, Play
from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS
from boardgames_tui.games.tafelrunde.rules.effects import playable, playable_reason
from boardgames_tui.games.tafelrunde.rules.state import Phase, State

LOG_DIGEST = "44e86d134ea21da5"
"""The digest of `_logs_digest()` as recorded with the rules that wrote every line at once."""


def _games() -> list[list[State]]:
    return [
        random_states(GAME, players, seed, {"veto_polls": polls})
        for players in (3, 4)
        for seed in range(4)
        for polls in ("on", "off")
    ]


def _logs_digest() -> str:
    """Every seat's and the table's log, read at several points of seeded games (a log read part
    way keeps its lines; later states read on from there) and at the end."""
    digest = hashlib.sha256()
    for states in _games():
        for state in [*states[::9], states[-1]]:
            lines = [(e.text, sorted(e.audience) if e.audience is not None else None) for e in GAME.log(state)]
            digest.update(repr(lines).encode())
    return digest.hexdigest()[:16]


def test_logs_read_exactly_as_the_lines_written_at_once() -> None:
    assert _logs_digest() == LOG_DIGEST


@pytest.mark.parametrize("players", [3, 4])
def test_cards_to_play_match_the_rules_reasons(players: int) -> None:
    """`playable` asks `playable_reason` only about cards that need more than their cost: for
    every card and every seat on turn it agrees with the reason, and so do the legal plays."""
    checked = 0
    for seed in range(6):
        for state in random_states(GAME, players, 300 + seed):
            if state.phase is not Phase.ACT:
                continue
            seat = state.on_turn
            for card in ALL_CARD_IDS:
                assert playable(state, seat, card) == (playable_reason(state, seat, card) is None)
            plays = [a for a in GAME.legal(state, seat) if isinstance(a, Play)]
            assert plays == [PLAY[c] for c in state.hands[seat] if playable_reason(state, seat, c) is None]
            checked += len(state.hands[seat])
    assert checked > 500
