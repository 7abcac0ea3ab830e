"""SVG snapshots of the Tàin table at 80×24 and 120×40 from seeded positions: a private scouting
turn (after the curtain), a public raid step with its match-up lit, and the game-over screen."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import PASS
from boardgames_tui.games.tain.rules.state import Phase
from boardgames_tui.ui.curtain import Curtain
from tests.ui.helpers import make_app

SIZES = [(80, 24), (120, 40)]
SEATS = (
    SeatInfo("Patrick", "orange", "●"),
    SeatInfo("Brigitte", "sky blue", "▲"),
    SeatInfo("Arthur", "green", "■"),
)


def _placed(match: Match) -> int:
    state = match.state
    return sum(t is not None for row in (*state.scouts, *state.guards, state.fk) for t in row)


def seeded_match(stop: Callable[[Match], bool], raid_steps: int = 0) -> Match:
    """A 3-player match played by a seeded chooser (mostly placing, sometimes passing) until `stop`."""
    rng = random.Random(3)
    match = Match.new(GAME, SEATS, {}, 7)
    while not stop(match):
        decision = match.decision()
        assert decision is not None
        seat = decision.seats[0] if decision.seats else None
        legal = match.legal(seat)
        placing = [a for a in legal if a != PASS]
        match.play(seat, rng.choice(placing if placing and rng.random() < 0.85 else legal))
    for _ in range(raid_steps):
        decision = match.decision()
        assert decision is not None and decision.kind is DecisionKind.STEP
        match.play(None, match.legal(None)[0])
    return match


POSITIONS = {
    "private_turn": lambda: seeded_match(lambda m: m.state.phase is Phase.SCOUT and _placed(m) >= 5),
    "raid_step": lambda: seeded_match(lambda m: m.state.phase is Phase.RAID, raid_steps=1),
    "game_over": lambda: seeded_match(lambda m: m.outcome() is not None),
}


@pytest.mark.parametrize("position", list(POSITIONS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tain_table_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int], position: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(tmp_path)
    match = POSITIONS[position]()

    async def show(pilot: Pilot) -> None:  # type: ignore[type-arg]
        app.play(match)
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, Curtain):
                await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=show)


def _spoils_taken(match: Match) -> bool:
    """The latest raid step took a cow or a jewel (the README's picture shows one moving)."""
    return match.state.phase is Phase.RAID and any(m[4] in ("cow", "jewel") for m in match.state.last)


def test_the_readme_position_shows_spoils_taken() -> None:
    """The README's picture is a raid step whose match-up took a cow or a jewel (so a rules
    change that moves it is caught here, not only as a changed picture)."""
    match = seeded_match(_spoils_taken)
    assert match.decision() is not None and match.decision().kind is DecisionKind.STEP  # type: ignore[union-attr]
    assert any(clan.loot_cows or clan.loot_jewels for clan in match.state.clans)


async def export_readme_picture(path: Path, tmp_path: Path) -> None:
    """Write the README's picture: a raid step at 120×40 where a cow or jewel was just taken
    (run by hand: `asyncio.run(export_readme_picture(Path("assets/screenshots/tain.svg"), ...))`)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(seeded_match(_spoils_taken))
        for _ in range(10):
            await pilot.pause()
        app.save_screenshot(str(path))
