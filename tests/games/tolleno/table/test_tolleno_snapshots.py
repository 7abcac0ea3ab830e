"""SVG snapshots of Tolleno's body at 80×24 and 120×40 from seeded positions (issue 17): a private
turn (the boat's stops with the course to one, and a contract being laid with its VP per space),
the table view between turns, and the final city at game over."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.ui.body import Seen

SIZES = [(80, 24), (120, 40)]
SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bruno", "sky blue", "▲"), SeatInfo("Chiara", "green", "■"))


def position(phase: Phase, after: int, seed: int = 7, players: int = 2) -> TollenoState:
    """The first state in `phase` after `after` random decisions of a seeded game."""
    rng = random.Random(seed)
    state = GAME.setup([s.name for s in SEATS[:players]], {}, seed)
    done = 0
    while GAME.to_act(state) is not None and not (done >= after and state.phase is phase):
        seat = state.current
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        done += 1
    assert state.phase is phase
    return state


class SnapApp(App[None]):
    """Tolleno's body showing one viewer's view of a fixed position."""

    def __init__(self, state: TollenoState, viewer: int | None, keys: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.state, self.viewer, self.keys = state, viewer, keys

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TollenoBody()

    def on_mount(self) -> None:
        state, viewer = self.state, self.viewer
        decision = GAME.to_act(state)
        acting = decision is not None and viewer in decision.seats
        actions: tuple[Any, ...] = tuple(GAME.legal(state, viewer)) if acting else ()
        labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
        seats = SEATS[: state.n]
        self.query_one(TollenoBody).show(Seen(GAME, GAME.view(state, viewer), viewer, seats, decision, actions, labels))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_private_turn_boat_stops_and_course(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state = position(Phase.NAVIGATE, 60)
    assert snap_compare(SnapApp(state, state.current), terminal_size=size, press=["n"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_private_turn_contract_vp_per_space(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state = position(Phase.CONTRACT, 30, seed=5, players=3)
    assert snap_compare(SnapApp(state, state.current), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_table_view_between_turns(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(position(Phase.PLACE, 45), None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_final_city_at_game_over(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(position(Phase.OVER, 0), None), terminal_size=size)


async def export_readme_picture(path: str) -> None:
    """Write the README's picture (run by hand): a three-seat game in the app at 120×40, played by
    Enter on the highlighted choice up to a private sailing turn, its second stop highlighted."""
    import tempfile
    from pathlib import Path

    from boardgames_tui.ui.curtain import Curtain
    from boardgames_tui.ui.match_screen import MatchScreen
    from tests.ui.helpers import make_app

    app = make_app(Path(tempfile.mkdtemp()))
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tolleno", SEATS, {}, 4242)
        await pilot.pause()
        while True:
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
            else:
                assert isinstance(screen, MatchScreen)
                state: TollenoState = screen.match.state
                if state.phase is Phase.NAVIGATE and state.players[state.current].floors >= 9:
                    break
                await pilot.press("enter")
            await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.save_screenshot(path)


if __name__ == "__main__":
    import asyncio
    import sys

    asyncio.run(export_readme_picture(sys.argv[1]))
