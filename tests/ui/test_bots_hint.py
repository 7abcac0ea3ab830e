"""`h`, the hint (issue 18 §3): a normal bot's suggestion for the person whose private view is on
screen, from that seat's information only, with its expected result against the next best; it
goes with that view."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.bot_turns import hint_text
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.flow.seating import BotPacing
from boardgames_tui.ui.keybar import KeyBar
from tests.ui.bot_helpers import HeldBot, held_pacing, match_screen, seats, until
from tests.ui.helpers import make_app

PACING = BotPacing(pause=0.0, level="random", seed=1, even_time=False, iterations=8)
SOLO = [None, "normal"]


def _keys(app: Any) -> set[str]:
    return {item.description for item in match_screen(app).query_one(KeyBar).items}


def _hint(app: Any) -> str:
    line = match_screen(app).hint_line
    return str(line.render()) if line.is_attached and line.display else ""


def _after_the_bots_first_move(resampled: bool) -> Match:
    """Tàin, seed 5: the bot (seat 1) has placed its first token; the person (seat 0) is to act.
    With `resampled`, what seat 0 cannot know is redrawn."""
    game = GAMES["tain"].game
    match = Match.new(game, seats(SOLO), {}, 5)
    match.play(*choose(game, match.state, random.Random(2)))
    states = list(match.states)
    if resampled:
        states[-1] = game.resample(states[-1], 0, 77)
        assert states[-1] != match.state
    return Match(game, match.record, states)


async def _hint_shown(tmp_path: Path, match: Match) -> str:
    app = make_app(tmp_path)
    app.bot_pacing = PACING
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        screen = match_screen(app)
        await until(pilot, lambda: screen.viewer == 0, "the person's view (no curtain: one person)")
        await until(pilot, lambda: "Hint" in _keys(app), "the key bar offering h")  # the bar updates a moment later
        await pilot.press("h")
        await until(pilot, lambda: _hint(app).startswith("Hint:") and "thinking" not in _hint(app), "the hint")
        expected = hint_text(match.game, match.state, 0, screen.flow.seating.hint_seed(0), PACING.iterations)
        assert _hint(app) == expected.plain
        return _hint(app)


async def test_the_hint_names_the_normal_bots_move_with_its_expected_result(tmp_path: Path) -> None:
    """The text is the normal bot's best answer for seat 0 and why: "Hint: <move> — expected
    result N/100 over n playouts, next best M/100 over m playouts: <move>.", the moves as seat 0
    reads them (the text is checked whole against the search's own statistics)."""
    text = await _hint_shown(tmp_path, _after_the_bots_first_move(resampled=False))
    assert text.startswith("Hint: ") and ("next best" in text or "too close to call" in text)
    assert text.count("/100 over") == 2


async def test_the_hint_uses_only_the_seats_information(tmp_path: Path) -> None:
    """Redrawing what seat 0 cannot know (the bot's tokens behind its screen) changes nothing in it."""
    plain = await _hint_shown(tmp_path, _after_the_bots_first_move(resampled=False))
    redrawn = await _hint_shown(tmp_path, _after_the_bots_first_move(resampled=True))
    assert plain == redrawn


async def test_the_hint_goes_with_the_view_it_was_asked_on(tmp_path: Path) -> None:
    """Once the person commits, the hint is gone before anything else is drawn."""
    app = make_app(tmp_path)
    app.bot_pacing = PACING
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(_after_the_bots_first_move(resampled=False))
        screen = match_screen(app)
        await until(pilot, lambda: screen.viewer == 0, "the person's view")
        await pilot.press("h")
        await until(pilot, lambda: _hint(app).startswith("Hint:") and "thinking" not in _hint(app), "the hint")
        screen.commit(screen.menu_actions[0])
        assert _hint(app) == ""
        assert not screen.hint_line.display


async def test_the_hint_is_gone_before_the_next_seats_curtain(tmp_path: Path) -> None:
    """Two people and a bot: the hint of the seat that just played is off the screen by the time
    the next person's curtain is up (and so before that person can lift it)."""
    app = make_app(tmp_path)
    app.bot_pacing = PACING
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tain", seats([None, None, "normal"]), {}, 5)
        screen = match_screen(app)
        await until(pilot, lambda: isinstance(app.screen, Curtain), "the first person's curtain")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and screen.viewer is not None, "that person's view")
        seat = screen.viewer
        await pilot.press("h")
        await until(pilot, lambda: _hint(app).startswith("Hint:") and "thinking" not in _hint(app), "the hint")
        screen.commit(screen.menu_actions[0])
        await until(pilot, lambda: isinstance(app.screen, Curtain), "the next curtain")
        assert app.screen.seat.name != match.seats[seat].name  # type: ignore[attr-defined,index]
        assert not screen.hint_line.display


async def test_no_hint_while_a_bot_thinks_nor_at_a_table_of_people(tmp_path: Path) -> None:
    held = HeldBot()
    app = make_app(tmp_path)
    app.bot_pacing = held_pacing(held)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_match("tain", seats(SOLO), {}, 5)
            await until(pilot, held.asked.is_set, "the bot was asked")
            await pilot.pause()
            assert "Hint" not in _keys(app) and match_screen(app).check_action("hint", ()) is False
            await pilot.press("h")
            await pilot.pause()
            assert _hint(app) == ""
    finally:
        held.release()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tain", seats([None, None]), {}, 5)
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain: seat 1's private view
        await until(pilot, lambda: match_screen(app).viewer == 1, "seat 2's view")
        assert "Hint" not in _keys(app) and match_screen(app).check_action("hint", ()) is False
        await pilot.press("h")
        await pilot.pause()
        assert _hint(app) == ""
