"""Bots in the app, every game (issue 18 §3): a table of bots plays to game over, and a bot seat's
private information is never drawn.

Parametrized over the registry. The bots play the random level with no pause (`FAST`), so the
runs stay short; what is checked is the app's flow, not the bots' strength.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_screen import MatchScreen
from tests.engine.savecases import lookup
from tests.ui.bot_helpers import FAST, HeldBot, game_over, held_pacing, match_screen, seats, until
from tests.ui.helpers import again_if_asked, make_app

KEYS = sorted(GAMES)


def _spy_on_views(screen: MatchScreen) -> list[Seat | None]:
    """Record the viewer of every view the match screen hands its body (whichever body it is:
    every owner of the board gets a fresh one)."""
    viewers: list[Seat | None] = []
    show = screen.show_body

    def spying(seen: Seen, owner: object) -> None:
        viewers.append(seen.viewer)
        show(seen, owner)

    screen.show_body = spying  # type: ignore[method-assign]
    return viewers


@pytest.mark.parametrize("key", KEYS)
async def test_a_table_of_bots_plays_to_game_over_in_the_app(tmp_path: Path, key: str) -> None:
    """Every seat a bot: the match runs by itself to the game-over screen, no curtain is ever
    raised, every view drawn is the table's, and the save holds every move."""
    game = GAMES[key].game
    app = make_app(tmp_path)
    app.bot_pacing = FAST
    curtains: list[Seat] = []
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match(key, seats(["hard"] * game.min_players), {}, 7)
        screen = match_screen(app)
        screen._raise_curtain = curtains.append  # type: ignore[method-assign]
        viewers = _spy_on_views(screen)
        await until(pilot, lambda: game_over(app), "game over", limit=20_000)
        await pilot.pause()
        assert match.outcome() is not None
        assert curtains == []
        assert viewers and set(viewers) == {None}
        store = SaveStore(tmp_path)
        saved = store.load(store.path_for(match.record.match_id), lookup)
        assert saved.record.moves == match.record.moves
        if key == "tallinn":  # the shortest game: "play again" keeps the bots and their levels
            await pilot.press("r")
            await until(pilot, lambda: match_screen(app).match is not match, "a new match")
            assert match_screen(app).match.record.seats == match.record.seats


def _bot_thinking_case(key: str) -> tuple[Match, Seat, Seat]:
    """A match of one person (seat 0) and bots, stopped some way in where a bot must decide in
    private: (match, the person, the bot)."""
    game = GAMES[key].game
    kinds: list[str | None] = [None] + ["normal"] * (game.min_players - 1)
    match = Match.new(game, seats(kinds), game.default_options(), 3)
    rng = random.Random(3)
    found = 0
    while (decision := game.to_act(match.state)) is not None:
        private = decision.kind in (DecisionKind.TURN, DecisionKind.SEALED) and not decision.public
        bot = next((s for s in decision.seats if s != 0), None) if private else None
        if bot is not None and (decision.kind is DecisionKind.SEALED or decision.seats[0] == bot):
            found += 1
            if found == 4:
                return match, 0, bot
        match.play(*choose(game, match.state, rng))
    raise AssertionError("no private bot decision found")


def _screen_text(app: Any) -> str:
    return re.sub(r"terminal-\d+", "terminal", str(app.export_screenshot()))


@pytest.mark.parametrize("key", KEYS)
async def test_a_bots_private_view_is_never_drawn_while_it_thinks(tmp_path: Path, key: str) -> None:
    """DESIGN "Leaks" for bots: while a bot decides in private the table sees "<bot> is thinking…"
    and the same screen whatever the bot holds (its hidden information redrawn from the person's
    point of view), and no view of the bot's seat is ever handed to the body."""
    match, person, bot = _bot_thinking_case(key)
    game = match.game
    shots = []
    for variant in range(2):
        states = list(match.states)
        if variant:
            states[-1] = game.resample(states[-1], person, 99)
            assert states[-1] != match.state, "nothing was redrawn"
        shown = Match(game, match.record, states)
        held = HeldBot()
        app = make_app(tmp_path)
        app.bot_pacing = held_pacing(held)
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                app.play(shown)
                viewers = _spy_on_views(match_screen(app))
                await until(pilot, held.asked.is_set, "the bot was asked")
                await pilot.pause()
                await pilot.wait_for_scheduled_animations()
                assert isinstance(app.screen, MatchScreen) and app.screen.viewer is None
                header = str(app.screen.query_one("#match-header", Static).render())
                assert f"{match.seats[bot].name} is thinking" in header
                assert bot not in viewers
                shots.append(_screen_text(app))
        finally:
            held.release()
    assert shots[0] == shots[1]


@pytest.mark.parametrize("key", ["tain", "tafelrunde"])
async def test_a_person_among_bots_plays_a_whole_game_and_no_bot_view_is_drawn(tmp_path: Path, key: str) -> None:
    """One person (Enter on whatever is offered) against bots, to game over: the person's own
    view is drawn, never a bot's, and with one person no curtain comes up."""
    game = GAMES[key].game
    app = make_app(tmp_path)
    app.bot_pacing = FAST
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match(key, seats([None] + ["easy"] * (game.min_players - 1)), {}, 5)
        viewers = _spy_on_views(match_screen(app))
        for _ in range(20_000):
            await pilot.pause(0.01)
            screen = app.screen
            if game_over(app):
                break
            assert not isinstance(screen, Curtain), "a curtain with one person at the table"
            if isinstance(screen, MatchScreen) and screen.menu_actions:
                menu = screen.query_one("#actions", OptionList)
                if not menu.display:
                    await pilot.press("m")
                decision = screen.match.decision()
                if decision is not None and decision.kind is DecisionKind.WINDOW and screen.responding is None:
                    await pilot.press("end")  # the table lets the call pass (its row is the last)
                await pilot.press("enter")
                await again_if_asked(app, pilot)  # a move that cannot be taken back is shown first
        assert match.outcome() is not None
        assert 0 in viewers and set(viewers) <= {None, 0}
