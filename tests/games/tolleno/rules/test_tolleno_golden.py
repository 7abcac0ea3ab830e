"""A golden playthrough: a seeded two-player game's public log and score sheet, kept as text.

It catches unintended rule changes. After an intended one, regenerate the file with
`TOLLENO_REGENERATE=1 pytest tests/games/tolleno/test_tolleno_golden.py` and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tolleno import GAME

GOLDEN = Path(__file__).with_name("golden_tolleno_2p.txt")


def playthrough() -> str:
    rng = random.Random(2718)
    match = Match.new(GAME, default_seats(2), {}, 2718)
    while (decision := match.decision()) is not None:
        seat = decision.seats[0]
        match.play(seat, rng.choice(match.legal(seat)))
    outcome = match.outcome()
    assert outcome is not None
    lines = [entry.text for entry in match.log_for(None)]
    lines += [f"{line.label}: {' '.join(map(str, line.values))}" for line in outcome.lines]
    lines.append(f"Totals: {' '.join(map(str, outcome.totals))}; ranking {outcome.ranking}")
    lines.append("Moves: " + " | ".join(m.action for m in match.record.moves))
    return "\n".join(lines) + "\n"


def test_golden_two_player_playthrough_is_unchanged() -> None:
    text = playthrough()
    if os.environ.get("TOLLENO_REGENERATE") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == text
