"""SVG snapshots of Tallinn's body at 80×24 and 120×40: a hand to choose from, and the dispute
tables with the tower choice (fixed positions, no shell around them, no blinking cursor)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.screen import TallinnBody
from boardgames_tui.ui.body import Seen
from tests.games.tallinn.scenario import P, play, resolve, table

SIZES = [(80, 24), (120, 40)]
SEATS = (SeatInfo("Anna", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"), SeatInfo("Cleo", "green", "■"))


def _round_two() -> Any:
    return table(
        P("S-A", row="9A", hand="1 4 5", tokens="K M"),
        P("S-B", row="3B", hand="2 5 6", tokens="Mo"),
        P("S-E", row="8A", hand="10 4 6"),
        round=2,
        envoy=True,
        chronicles=(2, 4),
        supporters=True,
    )


def _choosing() -> Any:
    return _round_two()


def _towers() -> Any:
    state = play(_round_two(), {0: "1A", 1: "2A", 2: "10A"})
    state = GAME.apply(state, 0, GAME.decode("s-"))
    state = GAME.apply(state, 1, GAME.decode("s-"))
    return resolve(state)


class SnapApp(App[None]):
    """Tallinn's body showing one seat's view of a fixed position."""

    def __init__(self, state: Any, viewer: int) -> None:
        super().__init__()
        self.state = state
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TallinnBody()

    def on_mount(self) -> None:
        state, viewer = self.state, self.viewer
        actions = tuple(GAME.legal(state, viewer))
        labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
        seen = Seen(GAME, GAME.view(state, viewer), viewer, SEATS, GAME.to_act(state), actions, labels)
        self.query_one(TallinnBody).show(seen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_hand_to_choose_from(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(_choosing(), 0), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_dispute_tables_and_tower_choice(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(_towers(), 1), terminal_size=size)
