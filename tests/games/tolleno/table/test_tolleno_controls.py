"""Tolleno's map controls in the app (issue 17) and the control rules every game follows (issue 12 §2):
panning by keys, drag and wheel, recentring, the minimap, the map filling its pane, focus coming back
to the board, and previews shown only to the seat that moves."""

from __future__ import annotations

import itertools
import os
import random
from pathlib import Path

from textual import events

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.games.tolleno.table.overview import ascii_safe
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.kit import set_ascii
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bruno", "sky blue", "▲"))


async def _lifted(app, pilot, seed: int = 3) -> tuple[MatchScreen, TollenoBody]:  # type: ignore[no-untyped-def]
    app.start_match("tolleno", SEATS, {}, seed)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    return screen, screen.query_one(TollenoBody)


async def _grown(app, pilot) -> TollenoBody:  # type: ignore[no-untyped-def]
    """A seeded two-seat game at 80x24 played by Enter on the highlighted choice until the city is
    too large for the map even in compact tiles (so the map pans and has its minimap)."""
    app.start_match("tolleno", SEATS, {}, 3)
    for _ in range(400):
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, MatchScreen) and screen.query_one(TollenoBody).phase() is Phase.PLACE:
            body = screen.query_one(TollenoBody)
            screen.query_one(CityMap).render()
            if not body.window.fits and body.minimap_box is not None:
                return body
    raise AssertionError("the city never outgrew the map")


async def _board_answers_an_arrow(pilot, body: TollenoBody) -> bool:  # type: ignore[no-untyped-def]
    before = body.cursor_tile
    await pilot.press("left")
    if body.cursor_tile == before:
        await pilot.press("right")
    return body.cursor_tile != before


async def test_control_rule_closing_the_action_list_gives_the_keys_back_to_the_board(tmp_path: Path) -> None:
    """Issue 12 §2: after `m` opens and closes the action list, arrows, r and Enter reach the board."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, body = await _lifted(app, pilot)
        await pilot.press("m")
        assert screen.focused is not body
        await pilot.press("m")
        assert screen.focused is body
        assert await _board_answers_an_arrow(pilot, body)
        rotation = body.rotation
        await pilot.press("r")
        assert body.rotation == (rotation + 1) % 4


async def test_control_rule_every_panel_key_sequence_then_esc_leaves_the_board_answering(tmp_path: Path) -> None:
    """Issue 12 §2: whatever m, l, ?, Esc and Tab did (every sequence up to two keys, up to three
    under BOARDGAMES_FUZZ=1; tests/ui/test_controls.py samples longer ones in every game), Esc
    gives the keys back to the board and an arrow moves its cursor."""
    keys = ("m", "l", "question_mark", "escape", "tab")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, body = await _lifted(app, pilot)
        for length in (1, 2, 3) if os.environ.get("BOARDGAMES_FUZZ") == "1" else (1, 2):
            for sequence in itertools.product(keys, repeat=length):
                await pilot.press(*sequence)
                await pilot.pause()
                while app.screen is not screen:  # the rules page: Esc closes it
                    await pilot.press("escape")
                    await pilot.pause()
                await pilot.press("escape")
                assert screen.focused is body, sequence
                assert await _board_answers_an_arrow(pilot, body), sequence
        assert not screen.match.record.moves


async def test_control_rule_the_action_list_closes_when_the_seat_changes(tmp_path: Path) -> None:
    """Issue 12 §2: a list one player opened is closed for the next, whose Enter then reaches the board."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, body = await _lifted(app, pilot)
        first = screen.match.state.current
        await pilot.press("m")
        for _ in range(40):
            if isinstance(app.screen, Curtain):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.state.current != first
        assert not screen.query_one("#actions").display
        # Each seat gets a fresh body (no view state crosses a hand-off): the keys are on the new one.
        assert screen.focused is screen.query_one(TollenoBody) and screen.focused is not body


async def test_map_pans_by_keys_drag_and_wheel_and_recentres(tmp_path: Path) -> None:
    """Issue 17: at 80x24, once the city (with its ring of free places) is larger than the map even
    in compact tiles, the map pans by shift+arrows, by a drag and by the wheel, and Home centres it
    on the city again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        body = await _grown(app, pilot)
        city = app.screen.query_one(CityMap)
        assert not body.window.fits
        await pilot.press("home")
        await pilot.pause()
        start = body.window.origin
        assert start is not None
        await pilot.press("shift+down")
        assert body.window.origin == (start[0] + 1, start[1])
        await pilot.press("shift+up")
        assert body.window.origin == start
        await pilot.mouse_down(CityMap, offset=(30, 10))
        city.on_mouse_move(events.MouseMove(city, 30, 2, 0, -8, 1, False, False, False))
        await pilot.mouse_up(CityMap, offset=(30, 2))
        await pilot.pause()
        assert body.window.origin == (start[0] + 2, start[1]), "dragging up by two tiles shows two rows lower"
        city.post_message(events.MouseScrollUp(city, 30, 5, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert body.window.origin == (start[0] + 1, start[1])
        await pilot.press("home")
        await pilot.pause()
        assert body.window.origin == start
        await pilot.press("shift+down", "down")
        assert body.window.follow, "a cursor move makes the map follow the cursor again"


async def test_minimap_shows_when_the_city_is_larger_than_the_map_and_a_click_centres_there(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        body = await _grown(app, pilot)
        city = app.screen.query_one(CityMap)
        city.render()
        assert body.minimap_box is not None
        column, line, _width, height, top, left = body.minimap_box
        await pilot.click(CityMap, offset=(column + 1, line + height - 2))
        await pilot.pause()
        origin = body.window.origin
        assert origin is not None
        bottom_row = top + height - 3
        assert origin[0] + body.window.size[1] // 2 == bottom_row, "the clicked row is in the middle"
        assert body.cursor_tile != (bottom_row, left), "a minimap click moves the map, not the cursor"


async def test_hiding_panel_and_log_lets_the_map_fill_its_pane(tmp_path: Path) -> None:
    """Issue 17 fix: after hiding the panel and the log the map takes the room, draws no stray rows
    beyond its size, and the whole city comes into view; a resize keeps it so."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, body = await _lifted(app, pilot)
        city = screen.query_one(CityMap)
        before = city.size
        await pilot.press("i", "l")
        await pilot.pause()
        assert not screen.query_one("#log-pane").display
        assert city.size.height > before.height and city.size.width > before.width
        lines = city.render().plain.split("\n")
        assert len(lines) <= city.size.height and all(len(line) <= city.size.width for line in lines)
        assert body.window.fits
        await pilot.resize_terminal(100, 36)
        await pilot.pause()
        assert len(city.render().plain.split("\n")) <= city.size.height


async def test_illegal_placement_shows_its_reason_at_once(tmp_path: Path) -> None:
    """Issue 17: the status line says why the held tile does not fit under the cursor, before Enter."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        _, body = await _lifted(app, pilot)
        body.cursor_tile = (-1, -1)
        body.refresh_all()
        assert "must touch the side" in body.status_text().plain


def _seen(state: TollenoState, viewer: int | None) -> Seen:
    decision = GAME.to_act(state)
    acting = decision is not None and viewer in decision.seats
    actions = tuple(GAME.legal(state, viewer)) if acting else ()
    return Seen(GAME, GAME.view(state, viewer), viewer, default_seats(len(state.names)), decision, actions,
                {a: GAME.describe(state, viewer, a, viewer) for a in actions})


def test_previews_are_drawn_only_for_the_seat_that_moves() -> None:
    """Issue 17 and DESIGN "Leaks": contract VP per space and the best VP per contract show for the
    seat laying or choosing a contract, never on the table view or another seat's screen."""
    rng = random.Random(2)
    state = GAME.setup(["Ada", "Bruno", "Chiara"], {}, 6)
    found = {Phase.SECOND: False, Phase.CONTRACT: False}
    while not all(found.values()) and GAME.to_act(state) is not None:
        seat = state.current
        if state.phase in found and not found[state.phase]:
            drawn = {}
            for viewer in (seat, (seat + 1) % 3, None):
                body = TollenoBody()
                body.show(_seen(state, viewer))
                drawn[viewer] = body.map_text(90, 30).plain + body.panel_text().plain
            if state.phase is Phase.SECOND:
                shows = "up to +" in drawn[seat]
            else:
                shows = any(f"+{v}" in drawn[seat] for v in range(0, 40))
            hidden = [v for v in ((seat + 1) % 3, None) if "up to +" in drawn[v] or "+0" in drawn[v]]
            if shows:
                found[state.phase] = True
                assert not hidden
        legal = GAME.legal(state, seat)
        takes = [a for a in legal if type(a).__name__ == "TakeContract"]
        state = GAME.apply(state, seat, takes[0] if takes and rng.random() < 0.7 else rng.choice(legal))
    assert all(found.values()), found


def test_ascii_terminal_gets_a_plain_ascii_map_overview_panel_and_status() -> None:
    """Issue 12 §1: with the ASCII icon set (LANG=C, an ASCII output, or the setting) every part of
    Tolleno's screen is plain ASCII, in each step of a turn and at game over."""
    from tests.games.tolleno.table.test_tolleno_snapshots import position

    set_ascii(True)
    try:
        for phase, after in ((Phase.PLACE, 80), (Phase.SECOND, 70), (Phase.CONTRACT, 30),
                             (Phase.NAVIGATE, 60), (Phase.CARRY, 40), (Phase.OVER, 0)):
            state = position(phase, after)
            for viewer in (state.current, None):
                body = TollenoBody()
                body.show(_seen(state, viewer))
                parts = [body.map_text(85, 26), ascii_safe(body.panel_text()), ascii_safe(body.status_text())]
                body.overview = True
                parts.append(body.map_text(85, 26))
                for part in parts:
                    assert part.plain.isascii(), (phase, viewer, sorted({c for c in part.plain if not c.isascii()}))
    finally:
        set_ascii(None)
