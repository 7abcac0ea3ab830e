"""SVG snapshots of Die Tafelrunde's body at 80×24 and 120×40 from fixed positions: a private
turn (a card's question with its preview on the ring), a public step (the call to overrule a
veto, seen by the table), and the game-over table with every hand shown."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Play, Veto
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.table.body import TafelrundeBody
from boardgames_tui.ui.body import Seen
from tests.games.tafelrunde.scenario import act, on_day, scenario

SIZES = [(80, 24), (120, 40)]
SEATS = (SeatInfo("Lilo", "orange", "●"), SeatInfo("Rudi", "sky blue", "▲"), SeatInfo("Greta", "green", "■"),
         SeatInfo("Yves", "vermilion", "✚"))


class SnapApp(App[None]):
    """The Tafelrunde body showing one viewer's view of a fixed position."""

    def __init__(self, state: Any, viewer: int | None, cursor: int = 0) -> None:
        super().__init__()
        self.state = state
        self.viewer = viewer
        self.cursor = cursor

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TafelrundeBody()

    def on_mount(self) -> None:
        state, viewer = self.state, self.viewer
        decision = GAME.to_act(state)
        deciding = decision is not None and (viewer in decision.seats or decision.kind is DecisionKind.WINDOW)
        actions = tuple(GAME.legal(state, viewer)) if deciding else ()
        labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
        seen = Seen(GAME, GAME.view(state, viewer), viewer, SEATS[: state.players], decision, actions, labels)
        body = self.query_one(TafelrundeBody)
        body.show(seen)
        body.cursor = self.cursor  # as if the player had moved the highlight there


def private_turn() -> Any:
    """Day 5, Lilo (4 silver) plays Favourite #17 and picks the hero to go up 2."""
    state = scenario(4, {0: [17, 39, 24, 13], 1: [28], 2: [11, 5]}, money=(4, 9, 6, 5),
                     order="ar gg rl ay ry gog gr Z gol", discard=(7, 30))
    return act(on_day(state, 5), Play(17))


def public_step() -> Any:
    """Day 8, evening: Yves's Venal #40 (goblin-lilac down 3) was vetoed by Rudi with #28; the
    table is asked whether anyone overrules."""
    state = scenario(4, {0: [2], 1: [28, 4], 2: [11, 19], 3: [40, 3]}, money=(5, 8, 3, 6), start=3)
    state = on_day(state, 8, 1)
    return act(state, Play(40), "goblin-lilac", "down", "3", (1, Veto(28)))


def game_over() -> Any:
    state = GAME.setup([s.name for s in SEATS[:3]], {}, 8)
    rng = random.Random(8)
    while GAME.to_act(state) is not None:
        seat, action = choose(GAME, state, rng)
        state = GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_private_turn_with_preview(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(private_turn(), 0, cursor=4), terminal_size=size)  # rogue (yellow), now at 5


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_public_call_to_overrule_a_veto(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(public_step(), None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_game_over(snap_compare, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(SnapApp(game_over(), None), terminal_size=size)


README_SEED = 4
"""The seeded 4-seat game whose moment the README shows."""


def readme_match() -> Any:
    """A seeded 4-seat game up to a private question whose answer moves heroes, from day 3 on
    with Zork siding with someone: the moment the README shows."""
    from boardgames_tui.engine.match import Match

    match = Match.new(GAME, SEATS, {}, README_SEED)
    rng = random.Random(README_SEED)
    while True:
        state = match.state
        decl = state.decl
        if state.day >= 3 and decl is not None and not decl.announced and state.phase is Phase.DECLARE:
            view = GAME.view(state, decl.actor).decl
            if view is not None and sum(f is not None and f.order != state.order for f in view.forecasts) >= 3 \
                    and GAME.view(state, None).zork_owner is not None:
                return match
        match.play(*choose(GAME, state, rng))


async def export_readme_picture(path: Any, tmp_path: Any) -> None:
    """Write the README's picture: the whole app at 120x40, a seat choosing a card's hero with the
    preview on the ring (run by hand: `asyncio.run(export_readme_picture(...))`)."""
    from boardgames_tui.ui.curtain import Curtain
    from tests.ui.helpers import make_app

    match = readme_match()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
            await pilot.pause()
        body = app.screen.query_one(TafelrundeBody)
        order = match.state.order
        moving = [i for i, c in enumerate(body.choices) if c.forecast is not None and c.forecast.order != order]
        await pilot.press(*["down"] * moving[len(moving) // 2])
        await pilot.pause()
        app.save_screenshot(str(path))
