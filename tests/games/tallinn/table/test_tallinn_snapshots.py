"""SVG snapshots of Tallinn's table at 80×24 and 120×40 from seeded positions: a private turn (the
hand to choose from, four seats, every module), a public resolution step (a dispute as bars with
an open Supporter in it) and the game over (every card face up). Body only, no shell around it,
no blinking cursor."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.state import DisputeResult, Phase
from boardgames_tui.games.tallinn.table.body import TallinnBody
from boardgames_tui.ui.body import Seen
from tests.games.tallinn.scenario import P, act, play, table

SIZES = [(80, 24), (120, 40)]
SEATS = (
    SeatInfo("Anna", "orange", "●"),
    SeatInfo("Ben", "sky blue", "▲"),
    SeatInfo("Cleo", "green", "■"),
    SeatInfo("Dirk", "yellow", "◆"),
)


def _round_five() -> Any:
    """Four players in round 5 with every module: rows, towers of both kinds, Supporters spent;
    Ben's Envoy disputed the Merchants in round 3 (so his row shows it under the Merchants)."""
    state = table(
        P("S-A", row="9A 4B", towers="8 h3", hand="1 5 11", tokens="K M", score=14),
        P("S-B", row="3B 11B 6A", towers="7", hand="2 5 9", tokens="Mo", score=11),
        P("S-E", row="8A 10A", hand="4 6 1", score=9),
        P("S-D", row="5B 2A 7B", towers="h10", hand="3 8 9", tokens="K", score=6),
        round=5,
        envoy=True,
        chronicles=(2, 6),
        supporters=True,
    )
    envoy = DisputeResult(3, 1, "M", (4, 3, 4, 5), (0, 0, 0, 0), envoy=True, own_support=False)  # 3 < all: +0
    return evolve(state, history=(envoy,))


def private_turn() -> tuple[Any, int]:
    """Anna chooses her card; Ben and Dirk have chosen already (only that shows)."""
    state = act(act(_round_five(), 1, "p2a"), 3, "p9a")
    return state, 0


def public_step() -> tuple[Any, None]:
    """The table resolves the disputes: Anna's is shown, Ben's and Dirk's are still to come."""
    state = play(_round_five(), {0: "1A+K", 1: "2A+Mo", 2: "4B", 3: "3A"})
    for seat in state.asked:
        state = act(state, seat, "s-")
    return act(state, None, "n"), None


def game_over() -> tuple[Any, None]:
    """Two players after their last cards: final scoring done, every tower face up."""
    state = table(
        P("S-F", row="1A 2B 3A 4A 5A 6B 8B 9B", towers="h7", hand="10", pile="", score=8),
        P("S-E", row="1A 2A 3A 4B 5A 6B 7A", towers="8 h9", hand="10", pile="", score=5),
        round=10,
    )
    state = play(state, {0: "10A", 1: "10B"})  # no coin: no dispute, no tower; nobody holds a card
    return state, None


class SnapApp(App[None]):
    """Tallinn's body showing one seat's view of a fixed position."""

    def __init__(self, state: Any, viewer: int | None, seats: tuple[SeatInfo, ...]) -> None:
        super().__init__()
        self.state = state
        self.viewer = viewer
        self.seats = seats

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TallinnBody()

    def on_mount(self) -> None:
        state, viewer = self.state, self.viewer
        actions = tuple(GAME.legal(state, viewer))
        labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
        seen = Seen(GAME, GAME.view(state, viewer), viewer, self.seats, GAME.to_act(state), actions, labels)
        self.query_one(TallinnBody).show(seen)


def _app(position: tuple[Any, int | None]) -> SnapApp:
    state, viewer = position
    return SnapApp(state, viewer, SEATS[: state.players])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_private_turn_hand_as_cards_and_four_rows(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_app(private_turn()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_public_step_dispute_bars_with_open_supporter(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_app(public_step()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_game_over_every_card_face_up(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_app(game_over()), terminal_size=size)


async def export_readme_picture(path: str, seed: int = 5) -> None:
    """Write the README's picture (run by hand: `python -m tests.games.tallinn.table.test_tallinn_snapshots
    assets/screenshots/tallinn.svg`): four seats with every module in the app at 120x40, played by
    Enter on the highlighted choice up to Anna's secret choice in round 5."""
    import tempfile
    from pathlib import Path

    from boardgames_tui.ui.curtain import Curtain
    from boardgames_tui.ui.match_screen import MatchScreen
    from tests.ui.helpers import again_if_asked, make_app

    app = make_app(Path(tempfile.mkdtemp()))
    options = {"envoy": "on", "chronicles": "on", "supporters": "on"}
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tallinn", SEATS, options, seed)
        await pilot.pause()
        while True:
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
            else:
                assert isinstance(screen, MatchScreen)
                state = screen.match.state
                if state.round == 5 and state.phase is Phase.CHOOSE and screen.viewer == 0:
                    break
                await pilot.press("enter")
                await again_if_asked(app, pilot)
            await pilot.pause()
        app.save_screenshot(path)


if __name__ == "__main__":
    import asyncio
    import sys

    asyncio.run(export_readme_picture(sys.argv[1]))
