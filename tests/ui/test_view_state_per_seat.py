"""Issue 36 §2: what a seat's view holds is the seat's. In every game, whatever seat A does with
cursors and lists before ending its turn, seat B's first frame after the lift is the same picture
(the issue's Tasnia report, where B's view opened on the market stack A had moved to, was one
case of a body serving every seat; now each owner of the board gets a fresh body)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.games import GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.bot_helpers import until
from tests.ui.flow.table import people
from tests.ui.helpers import make_app

LOOKING_KEYS = ("up", "down", "left", "right", "pageup", "pagedown", "home", "end", "tab", "shift+tab", "m")
"""Keys that move cursors, scroll, switch lists and open the action list, and take no move."""


def _hand_off_point(key: str, seed: int, skip: int) -> tuple[Match, int, Any, int, bool]:
    """A match at a view of seat A whose action hands the board to another seat B, behind a curtain
    (a private view) or on the table view (the `skip`-th such point): (the match before A's move,
    A, the action, B, whether it is behind a curtain)."""
    game = GAMES[key].game
    match = Match.new(game, people(key), {}, seed)
    flow = HotSeat(match)
    rng = random.Random(seed)
    found = 0
    for _ in range(2000):
        step = flow.next_step()
        if isinstance(step, steps.Curtain):
            flow.lifted(step.seat, "ready")
            continue
        if isinstance(step, steps.PrivateNews):
            flow.news_read()
            continue
        if isinstance(step, steps.Held):
            flow.go_on()
            continue
        assert isinstance(step, steps.View) and step.actions, step
        action = game.random_choice(match.state, step.acting, list(step.actions), rng)
        before = Match(game, match.record)
        flow.choose(action, confirmed=True)
        after = flow.next_step()
        while isinstance(after, steps.PrivateNews):  # what A alone learnt, read before the hand-off
            flow.news_read()
            after = flow.next_step()
        behind_a_curtain = isinstance(after, steps.Curtain) and step.viewer is not None and after.seat != step.viewer
        # A game without secrets hands over on the table view: the turn passes to another seat.
        on_the_table = (isinstance(after, steps.View) and step.viewer is None and after.viewer is None
                        and step.acting is not None and after.acting is not None and after.acting != step.acting
                        and after.decision is not None and after.decision.public)
        if behind_a_curtain or on_the_table:
            found += 1
            if found > skip:
                a, b = (step.viewer, after.seat) if isinstance(after, steps.Curtain) else (step.acting, after.acting)
                assert a is not None and b is not None
                return before, a, action, b, behind_a_curtain
        if isinstance(after, steps.Curtain):
            flow.lifted(after.seat, "ready")
        elif isinstance(after, steps.View) and after.actions:
            flow.choose(game.random_choice(match.state, after.acting, list(after.actions), rng), confirmed=True)
    raise AssertionError("no hand-off found")


def _screen_text(app: BoardgamesApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _frame_after_hand_off(tmp_path: Path, key: str, match: Match, seat: int, action: Any, other: int,
                                keys: tuple[str, ...], private: bool) -> str:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        if private:
            await until(pilot, lambda: isinstance(app.screen, Curtain), "A's curtain")
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MatchScreen) and app.screen.acting_seat() == seat
                    and bool(app.screen.menu_actions), "A's view")
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        for press in keys:
            await pilot.press(press)
        await pilot.pause()
        assert len(screen.match.record.moves) == len(match.record.moves), "a looking key took a move"
        assert (screen.viewer is not None) == private
        screen.commit(action, confirmed=True)
        if private:
            await pilot.pause()
            if getattr(screen.body, "news", None):  # what A alone learnt, shown until Enter
                await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, Curtain)
                        and app.screen.seat.name == f"Player {other + 1}", "B's curtain")
            await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and screen.acting_seat() == other and screen.body.is_mounted,
                    "B's view")
        for _ in range(3):
            await pilot.pause()
        return _screen_text(app)


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_seat_bs_first_frame_after_the_lift_is_the_same_whatever_seat_a_did(tmp_path: Path, key: str) -> None:
    rng = random.Random(key)
    match, seat, action, other, private = _hand_off_point(key, 11, skip=1)
    untouched = await _frame_after_hand_off(tmp_path / "a", key, Match(match.game, match.record), seat, action,
                                            other, (), private)
    for attempt in range(2):
        keys = tuple(rng.choice(LOOKING_KEYS) for _ in range(14))
        busy = await _frame_after_hand_off(tmp_path / f"b{attempt}", key, Match(match.game, match.record), seat,
                                           action, other, keys, private)
        assert busy == untouched, f"after {keys} seat {other + 1}'s first frame differs"
