"""Issue 12 §2, controls the same in every game: each rule is checked in a seeded game of each of
the five games, in the app, by Pilot at 80x24 (where rows wrap).

1. An action that cannot be taken back (it reveals something) is first only shown, and taken by
   a second Enter or click on it; any other key cancels it.
2. A click takes exactly the row drawn under the pointer, every line of a wrapped row included.
3. Whatever m, l, ?, Esc and Tab did, Esc brings the board back and it answers an arrow; closing
   the action list gives the keys back to the board.
4. A game key that can do nothing now says why instead of staying silent.

The volumes are modest by default; BOARDGAMES_FUZZ=1 runs longer walks and every key sequence.
"""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games import GAME_PACKAGES, GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.seats import GLYPHS, PALETTE
from tests.ui.helpers import make_app

FUZZ = os.environ.get("BOARDGAMES_FUZZ") == "1"
SEED = 20261212
SIZE = (80, 24)
ARROWS = ("up", "down", "left", "right")


def _match(key: str, seed: int = SEED) -> Match:
    game = GAMES[key].game
    players = min(max(game.min_players, 3), game.max_players)
    seats = tuple(SeatInfo(f"Player {i + 1}", PALETTE[i].name, GLYPHS[i]) for i in range(players))
    return Match.new(game, seats, {}, seed)


def _screen_text(app: BoardgamesApp) -> str:
    """Every character on screen now, line by line (what the player sees)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _status(screen: MatchScreen) -> str:
    """The shell's status line, or "" while it is hidden."""
    status = screen.query_one("#match-status", Static)
    content = status.content
    return (getattr(content, "plain", None) or str(content)) if status.display else ""


async def _to_match_screen(app: BoardgamesApp, pilot: Any) -> MatchScreen | None:
    """Lift curtains (and read private news) until a match screen takes input; None at game over."""
    for _ in range(50):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return None
        if isinstance(screen, Curtain):
            await pilot.press("enter")
            continue
        if isinstance(screen, MatchScreen):
            news = getattr(screen.body, "news", None)
            if news is None:
                return screen
            await pilot.press("enter")
            continue
        await pilot.press("escape")
    raise AssertionError(f"stuck on {app.screen!r}")


def _body_previews(screen: MatchScreen) -> set[Any]:
    """Actions a game's own screen shows and takes on the next press (Tasnia's purchase, with its
    payment; a trade or special card cycled with t or p)."""
    body = screen.body
    shown = {getattr(body, "armed", None)}
    for name in ("trade_choice", "special_choice"):
        getter = getattr(body, name, None)
        if callable(getter):
            shown.add(getter())
    shown.discard(None)
    return shown


@dataclass
class Before:
    """What was on screen before a key: to judge what that key did."""

    moves: int
    state: Any
    kind: DecisionKind | None
    status: str
    asked: Any
    previews: set[Any]


def _before(screen: MatchScreen) -> Before:
    decision = screen.match.decision()
    return Before(len(screen.match.record.moves), screen.match.state, decision.kind if decision else None,
                  _status(screen), screen._asked, _body_previews(screen))


@dataclass
class Tally:
    previews: int = 0
    confirmed: int = 0
    cancelled: int = 0
    commits: int = 0


def _judge(screen: MatchScreen, key: str, before: Before, tally: Tally) -> None:
    """Rule 1 for one key: nothing that cannot be taken back was taken without being shown first,
    a preview says what and "Enter again", and a move of the cursor cancels it."""
    match = screen.match
    game = match.game
    new = match.record.moves[before.moves:]
    if new:
        tally.commits += 1
        move = new[0]
        action = game.decode(move.action)
        if before.kind is not DecisionKind.STEP and game.asks_twice(before.state, move.seat, action):
            label = game.describe(before.state, move.seat, action, move.seat)
            shell = before.asked == (before.moves, move.seat, move.action) and label in before.status
            assert shell or action in before.previews, f"{key!r} took {label!r} without showing it first"
            assert shell <= ("Enter again" in before.status)
            tally.confirmed += 1
        return
    status = _status(screen)
    if before.asked is not None and key in ARROWS:
        assert status == "" and screen._asked is None, "moving elsewhere cancels what was shown"
        tally.cancelled += 1
    if screen._asked is not None and screen._asked != before.asked:
        assert "Enter again" in status and status != before.status
        tally.previews += 1


# --- 1. shown first, taken on a second press ---------------------------------------------------
WALK = 2000 if FUZZ else 220


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_1_an_action_that_cannot_be_taken_back_is_shown_first_and_taken_by_a_second_press(
        tmp_path: Path, key: str) -> None:
    """A seeded game played by keys (mostly Enter, some arrows, the action list now and then): no
    move that reveals something (the engine's `asks_twice`, by default `reveals`: the notion that
    refuses undo) is ever taken by one press; a first Enter says what it will do and "Enter
    again"; an arrow after it cancels. Tàin asks nothing: its only revealing moves are the table's
    raid steps, and whether a placement forces another clan to pass is that clan's secret."""
    rng = random.Random(f"{key}-walk")
    app = make_app(tmp_path)
    tally = Tally()
    async with app.run_test(size=SIZE) as pilot:
        app.play(_match(key))
        for _ in range(WALK):
            screen = await _to_match_screen(app, pilot)
            if screen is None:
                break
            if screen._asked is not None:
                press = rng.choice(("enter", "enter", "enter", *ARROWS))
            else:
                press = rng.choice(("enter",) * 6 + ARROWS + ("m",))
            before = _before(screen)
            await pilot.press(press)
            await pilot.pause()
            if app.screen is screen or isinstance(app.screen, (Curtain, GameOverScreen)):
                _judge(screen, press, before, tally)
    assert tally.commits >= 10
    if key == "tain":
        assert tally.previews == tally.confirmed == 0
    else:
        assert tally.previews >= 1 and tally.confirmed >= 1 and tally.cancelled >= 1, tally
