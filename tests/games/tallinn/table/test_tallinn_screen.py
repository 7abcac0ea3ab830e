"""Tallinn in the app: a whole four-player game with both expansions played by keyboard through
Tallinn's own body, and the body drawn at the smallest and the comfortable terminal sizes."""

from __future__ import annotations

import html
import inspect
import itertools
import os
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.table.body import TallinnBody
from boardgames_tui.games.tallinn.table.panes import HandPicker, TableView
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.kit import icon
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import again_if_asked, make_app

SEATS = (
    SeatInfo("Anna", "orange", "●"),
    SeatInfo("Ben", "sky blue", "▲"),
    SeatInfo("Cleo", "green", "■"),
    SeatInfo("Dirk", "yellow", "◆"),
)
BOTH = {"envoy": "on", "chronicles": "on"}


Check = Callable[[Any], Awaitable[None] | None]


async def _play_by_keyboard(app: Any, pilot: Any, rng: random.Random, check: Check | None = None) -> Match:
    """Play to the end by keyboard, random but legal; `check` looks at every table shown."""
    presses = 0
    while not isinstance(app.screen, GameOverScreen):
        presses += 1
        assert presses < 3000, "the game did not end"
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, Curtain):
            await pilot.press("enter")
            continue
        assert isinstance(screen, MatchScreen)
        if check is not None:
            await pilot.pause()
            looked = check(screen)
            if inspect.isawaitable(looked):
                await looked
        body = screen.query_one(TallinnBody)
        state = screen.match.state
        focused = app.focused
        if state.phase is Phase.CHOOSE:
            assert isinstance(focused, HandPicker)
            keys = ["down"] * rng.randrange(3) + [rng.choice(["left", "right"])]
            if rng.random() < 0.3:
                keys.append("f")
            await pilot.press(*keys, "enter")
            await again_if_asked(app, pilot)  # the last secret choice reveals them all: asked twice
        elif state.phase is Phase.REMOVE:
            await pilot.press(*(["space", "down"] * rng.randrange(3)), "r" if rng.random() < 0.5 else "n")
            await again_if_asked(app, pilot)
            if screen.match.state is state:  # a refused set: decline instead
                await pilot.press("n")
                await again_if_asked(app, pilot)
        else:
            assert focused is not None and body in focused.ancestors, "the body holds the focus"
            await pilot.press(*(["down"] * rng.randrange(3)), "enter")
            await again_if_asked(app, pilot)
    return app.screen.match  # type: ignore[no-any-return]


def _in_view(size: tuple[int, int]) -> Check:
    """Issue 13, every board issue: the table is in view without scrolling and nothing on it is cut
    short; at 120x40 the choice list shows every choice too (the Envoy exchange offers 16)."""

    def check(screen: Any) -> None:
        pane = screen.query_one("#body-pane")
        where = f"{screen.match.state.phase.name} round {screen.match.state.round}"
        assert pane.max_scroll_y == 0, f"the table scrolls by {pane.max_scroll_y} at {size}, {where}"
        if size == (120, 40):
            options = screen.query_one("#tl-options")
            assert not options.display or options.max_scroll_y == 0, f"the choices scroll, {where}"
            table = screen.query_one(TableView)
            lines = [line.plain.rstrip() for line in table.draw(table.content_region.width).lines]
            assert not [line for line in lines if line.endswith("…")], where

    return check


SIZES = ((80, 24), (120, 40))
WHOLE_GAME_SIZES = [*SIZES, None] if os.environ.get("BOARDGAMES_FUZZ") == "1" else [None]
"""A whole game at each size under BOARDGAMES_FUZZ=1; by default one game whose tables are
looked at in turn at 80x24 and at 120x40 (None), for half the time."""


def _in_view_by_turns(app: Any, pilot: Any) -> Check:
    """`_in_view` at 80x24 and at 120x40 in turn, the terminal resized before each look."""
    checks = {size: _in_view(size) for size in SIZES}
    looks = itertools.count()

    async def check(screen: Any) -> None:
        size = SIZES[next(looks) % 2]
        if tuple(app.size) != size:
            await pilot.resize_terminal(*size)
            await pilot.pause()
        checks[size](screen)

    return check


@pytest.mark.parametrize("size", WHOLE_GAME_SIZES, ids=lambda s: f"{s[0]}x{s[1]}" if s else "both-sizes-in-turn")
async def test_four_players_every_module_whole_game_by_keyboard_table_in_view(
    tmp_path: Path, size: tuple[int, int] | None
) -> None:
    """A whole seeded game with the Envoy, the Chronicles and the Supporters, played by keyboard in
    the app: every table in view without scrolling (issue 13; at 120x40 every choice and every
    line uncut as well), and the game over opens at the top with the winner in view (issue 12 §3)."""
    app = make_app(tmp_path)
    async with app.run_test(size=size or SIZES[1]) as pilot:
        app.start_match("tallinn", SEATS, {**BOTH, "supporters": "on"}, 2024)
        check = _in_view(size) if size else _in_view_by_turns(app, pilot)
        match = await _play_by_keyboard(app, pilot, random.Random(5), check)
        assert match.outcome() is not None
        phases = {s.phase for s in match._states}
        assert {Phase.EXCHANGE, Phase.CHOOSE, Phase.DISPUTE, Phase.TOWER, Phase.REMOVE} <= phases
        await pilot.pause()
        assert app.screen.query_one("#gameover").scroll_y == 0
        assert "Winner" in _plain(app)


class BodyApp(App[None]):
    """Just Tallinn's body, to draw chosen positions quickly."""

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TallinnBody()


def _moments() -> list[tuple[Any, int | None]]:
    """One position per kind of decision, each with the viewer who decides there."""
    options = {"envoy": "on", "chronicles": "on", "supporters": "on"}
    match = Match.new(GAME, SEATS[:4], options, 11)
    rng = random.Random(1)
    wanted: dict[Phase, tuple[Any, int | None]] = {}
    while (decision := match.decision()) is not None:
        seat = None if decision.kind is DecisionKind.STEP else decision.seats[0]
        wanted.setdefault(match.state.phase, (match.state, seat))
        match.play(seat, rng.choice(match.legal(seat)))
    wanted[Phase.OVER] = (match.state, None)
    return list(wanted.values())


def _plain(app: App[Any]) -> str:
    """The screenshot's text without markup."""
    svg = str(app.export_screenshot())
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def _seen(state: Any, viewer: int | None) -> Seen:
    decision = GAME.to_act(state)
    actions = tuple(GAME.legal(state, viewer)) if decision is not None else ()
    labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
    return Seen(GAME, GAME.view(state, viewer), viewer, SEATS[:4], decision, actions, labels)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_body_renders_every_phase_at_80x24_and_120x40(size: tuple[int, int]) -> None:
    moments = _moments()
    assert {Phase.EXCHANGE, Phase.CHOOSE, Phase.DISPUTE, Phase.TOWER, Phase.OVER} <= {m[0].phase for m in moments}
    app = BodyApp()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TallinnBody)
        for state, viewer in moments:
            body.show(_seen(state, viewer))
            await pilot.pause()
            text = _plain(app)
            # The score track, or on the tightest table each seat's score in its line, and the seats.
            assert "score" in text or text.count(icon("point")) >= len(state.seats)
            assert all(seat.name in text for seat in SEATS[: len(state.seats)])
            if state.phase is Phase.CHOOSE and viewer is not None:
                assert isinstance(app.focused, HandPicker)
                assert "Your hand" in text and "[ Play half" in text
        body.show(_seen(moments[-1][0], None))
        await pilot.pause()
        assert "Final scoring" in _plain(app)


async def test_an_illegal_choice_is_explained_not_taken(tmp_path: Path) -> None:
    match = Match.new(GAME, SEATS[:2], {"chronicles": "on"}, 3)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        body = screen.query_one(TallinnBody)
        notes: list[str] = []
        screen.notify = lambda message, **kw: notes.append(str(message))  # type: ignore[method-assign]
        body.choose(GAME.decode("p99a"))
        await pilot.pause()
        assert notes and "not in your hand" in notes[0]
        assert match.record.moves == ()


async def test_mouse_alone_picks_a_half_plays_it_and_resolves_a_dispute(tmp_path: Path) -> None:
    match = Match.new(GAME, SEATS[:2], {}, 3)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        for seat in (0, 1):
            await pilot.pause()
            assert isinstance(app.screen, Curtain)
            await pilot.click()
            await pilot.pause()
            hand = app.screen.query_one(HandPicker)
            # A coin card (ids 1-6) on half A, so that a dispute follows; else the last card's B.
            line = next((i for i, c in enumerate(hand.cards) if c <= 6), len(hand.cards) - 1)
            half = 0 if hand.cards[line] <= 6 else 1
            # Border and padding put the content at (2, 1). Cards stand side by side, 15 cells
            # apart: half A in their top three lines, half B below; the play line comes after the
            # "Your hand" title and the line saying what the lit half adds, right of the cards.
            await pilot.click(HandPicker, offset=(2 + 15 * line + 5, 1 + (1 if half == 0 else 3)))
            assert (hand.index, hand.half) == (line, half)
            card = hand.cards[line]
            play = (2 + 15 * len(hand.cards) + 1 + 3, 1 + 2)
            await pilot.click(HandPicker, offset=play)
            await again_if_asked(app, pilot, click=(HandPicker, play))  # the last secret choice
            assert match.record.moves[seat].action == f"p{card}{'ab'[half]}"
        steps = 0
        while (decision := match.decision()) is not None and decision.kind is DecisionKind.STEP:
            await pilot.pause()
            await pilot.click("#tl-options", offset=(3, 1))
            await again_if_asked(app, pilot, click=("#tl-options", (3, 1)))
            steps += 1
            assert len(match.record.moves) == 2 + steps
        assert steps >= 2  # at least one dispute and the step on to the towers


async def test_keyboard_adds_an_open_supporter_and_names_the_envoys_faction(tmp_path: Path) -> None:
    match = Match.new(GAME, SEATS[:2], {"envoy": "on", "supporters": "on"}, 1)  # Ben holds the envoy
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        for _ in range(2):  # both keep their hands in the envoy exchange
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")
            await again_if_asked(app, pilot)  # the second answer reveals both: asked twice
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain for the first player
        await pilot.pause()
        hand = app.screen.query_one(HandPicker)
        await pilot.press("p")
        expected = f"p{hand.cards[0]}a+{hand.tokens[0]}"
        await pilot.press("enter")
        await again_if_asked(app, pilot)
        assert match.record.moves[-1].action == expected
        # The second player plays the envoy's coin half and names the Merchants.
        await pilot.press("enter")
        await pilot.pause()
        hand = app.screen.query_one(HandPicker)
        assert 11 in hand.cards
        await pilot.press(*["right"] * hand.cards.index(11), "down", "f")
        envoy_line = next(line for line in hand.draw().plain().splitlines() if "Envoy disputes:" in line)
        assert "Merchants" in envoy_line
        await pilot.press("enter")
        await again_if_asked(app, pilot)  # the last secret choice reveals them all
        assert match.record.moves[-1].action == "p11b:M"
