"""The rules' fast paths give what the plain definitions give: the log written only when read
(`engine.lazylog`) reads exactly as the lines the rules used to write at once, the legal lists
made from per-card facts match the rules' reasons, and the questions skipped for cards without
dice or a choice of order are the ones those cards never ask."""

from __future__ import annotations

import hashlib

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import PLAY, Play
from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS, CARD, Kind
from boardgames_tui.games.tafelrunde.rules.effects import (
    ORDERED,
    ROLLING,
    _moves_with_order,
    playable,
    playable_reason,
    rolls_needed,
)
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
            # The state's own log, as written (the game reads it with each unclaimed veto call folded).
            lines = [(e.text, sorted(e.audience) if e.audience is not None else None) for e in state.log]
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


def test_next_step_asks_about_dice_and_order_only_for_the_cards_that_have_them() -> None:
    """`next_step` skips `rolls_needed` outside `ROLLING` and `_moves_with_order` outside `ORDERED`:
    on every declaration of seeded games those give nothing for the cards skipped."""
    kinds = set()
    for states in _games():
        for state in states:
            decl = state.decl
            if decl is None:
                continue
            kind = CARD[decl.card].kind
            kinds.add(kind)
            if kind not in ROLLING:
                assert rolls_needed(state, decl) == ()
            if kind not in ORDERED:
                assert _moves_with_order(state, decl) == []
    assert kinds == set(Kind)
