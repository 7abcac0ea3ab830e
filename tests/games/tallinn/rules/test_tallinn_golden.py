"""A golden playthrough: one seeded three-player game with every module, move by move, with the
log lines each move produced and who may read them. A change in the rules shows up as a diff.

After an intended rule change, regenerate with TALLINN_GOLDEN_UPDATE=1 and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import choose, default_seats
from boardgames_tui.games.tallinn import GAME

GOLDEN = Path(__file__).with_name("golden_3p_all_modules.txt")
OPTIONS = {"envoy": "on", "chronicles": "on", "supporters": "on", "tower_order": "on"}


def _playthrough() -> str:
    rng = random.Random(2718)
    match = Match.new(GAME, default_seats(3), OPTIONS, 2718)
    lines = [f"setup seed 2718, options {sorted(OPTIONS.items())}"]
    shown = 0
    while True:
        log = GAME.log(match.state)
        for entry in log[shown:]:
            who = "all" if entry.audience is None else ",".join(str(s) for s in sorted(entry.audience))
            lines.append(f"    [{who}] {entry.text}")
        shown = len(log)
        if GAME.to_act(match.state) is None:
            break
        seat, action = choose(GAME, match.state, rng)
        lines.append(f"{GAME.progress(match.state)} | seat {seat}: {GAME.encode(action)}")
        match.play(seat, action)
    outcome = GAME.outcome(match.state)
    assert outcome is not None
    for line in outcome.lines:
        lines.append(f"{line.label}: {line.values}")
    lines.append(f"totals {outcome.totals} ranking {outcome.ranking} {outcome.tiebreak}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_three_players_every_module() -> None:
    text = _playthrough()
    if os.environ.get("TALLINN_GOLDEN_UPDATE"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
