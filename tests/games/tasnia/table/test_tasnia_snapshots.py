"""SVG snapshots of the Tasnia table at 80×24 and 120×40 from seeded positions: a private building
turn (a tile in hand, the score change shown), the end of a turn (the cards gathered shown to their
owner before the hand-off) and the game-over screen. `export_readme_picture` writes the README's one."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tasnia.rules.actions import Put, Take
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SIZES = [(80, 24), (120, 40)]
SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bram", "sky blue", "▲"), SeatInfo("Cleo", "green", "■"))
SEED = 7
BUILDING_AT = 150
"""Random moves into seed 7's three-player game: Ada is building with a Stone Window Wall in hand."""


async def _position(pilot: Pilot, moves: int | None, seats: Any = SEATS, seed: int = SEED) -> Any:  # type: ignore[type-arg]
    """Start seed 7's match (or `seed`'s, of `seats`), play `moves` seeded random moves (None: to
    the end) and show the result."""
    app: Any = pilot.app
    match = app.start_match("tasnia", seats, {}, seed)
    rng = random.Random(seed)
    count = 0
    while match.decision() is not None and (moves is None or count < moves):
        match.play(*choose(match.game, match.state, rng))
        count += 1
    await pilot.pause()
    screen = app.screen
    if isinstance(screen, MatchScreen):
        screen.advance_flow()
    await pilot.pause()
    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
        await pilot.pause()
    return match


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_private_building_turn_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Ada's Building phase: her hand and stockpile, the held tile at the cursor, its score change."""

    async def run(pilot: Pilot) -> None:  # type: ignore[type-arg]
        match = await _position(pilot, BUILDING_AT)
        assert match.state.holding is not None and match.state.current == 0

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_end_cards_gathered_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Ada ends her turn: the cards she drew are shown to her before the laptop is passed on."""

    async def run(pilot: Pilot) -> None:  # type: ignore[type-arg]
        match = await _position(pilot, BUILDING_AT)
        body = pilot.app.screen.query_one(TasniaBody)
        await pilot.press("escape", "e")
        await pilot.pause()
        if pilot.app.screen.query_one("#match-status").display:  # ending gathers cards: asked twice
            await pilot.press("e")
            await pilot.pause()
        assert body.news is not None and match.state.current == 1

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_snapshot(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Seed 7's game played to its end: the score sheet with every seat's buildings revealed."""

    async def run(pilot: Pilot) -> None:  # type: ignore[type-arg]
        await _position(pilot, None)
        assert isinstance(pilot.app.screen, GameOverScreen)

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run)


def test_the_position_is_a_building_turn_with_a_put_to_preview() -> None:
    """The seeded position the snapshots use holds what they are meant to show (so a rules change
    that moves it is caught here, not only as a changed picture)."""
    from boardgames_tui.games.tasnia import GAME

    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    rng = random.Random(SEED)
    for _ in range(BUILDING_AT):
        state = GAME.apply(state, *choose(GAME, state, rng))
    assert state.holding is not None and state.holding.source is None
    assert any(isinstance(a, Put) for a in GAME.legal(state, 0))
    assert not any(isinstance(a, Take) for a in GAME.legal(state, 0))


async def export_readme_picture(path: Path, tmp_path: Path) -> None:
    """Write the README's picture: the private building turn at 120×40 (run by hand)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _position(pilot, BUILDING_AT)
        await pilot.pause()
        app.save_screenshot(str(path))
