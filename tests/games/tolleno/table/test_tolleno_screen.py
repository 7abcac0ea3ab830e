"""Tolleno's screen in the app: a whole two-player game by keyboard, and rendering at both sizes."""

from __future__ import annotations

import random
from pathlib import Path

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tolleno.rules.actions import Carry, MoveBoat, PlaceContract, TakeContract
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.kit import icon
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bruno", "sky blue", "▲"))


async def _start(app, pilot, seed: int) -> None:  # type: ignore[no-untyped-def]
    app.start_match("tolleno", SEATS, {}, seed)
    await pilot.pause()


async def test_full_two_player_game_by_keyboard_with_boats_and_contracts(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rng = random.Random(11)
    seen_actions: set[type] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start(app, pilot, 2024)
        for _ in range(3000):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, Curtain):
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen)
            state: TollenoState = screen.match.state
            # Mostly Enter on the highlighted choice; now and then browse like a player would.
            keys: list[str] = []
            if state.phase is Phase.SECOND and rng.random() < 0.3:
                keys.append(rng.choice("123"))  # takes a contract at once
            elif state.phase is Phase.CARRY:
                keys += ["c"] * rng.randrange(0, 3)
            elif rng.random() < 0.15:
                keys += ["n"] * rng.randrange(1, 4) + ["p"] * rng.randrange(0, 2)
            moves = len(screen.match.record.moves)
            await pilot.press(*keys, "enter")
            for move in screen.match.record.moves[moves:]:
                seen_actions.add(type(screen.match.game.decode(move.action)))
        assert isinstance(app.screen, GameOverScreen)
        final: TollenoState = app.screen.match.state
        assert final.phase is Phase.OVER
        assert all(p.boat is not None for p in final.players), "both boats sailed"
        assert {MoveBoat, Carry, TakeContract, PlaceContract} <= seen_actions


async def test_illegal_choice_is_explained_and_nothing_changes(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _start(app, pilot, 5)
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        body = screen.query_one(TollenoBody)
        body.cursor_tile = (5, 5)  # far from the city
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.match.record.moves
        assert any("touch" in n.message for n in app._notifications)


async def test_body_renders_at_both_sizes_and_in_overview(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 40)):
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await _start(app, pilot, 9)
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            body = screen.query_one(TollenoBody)
            city = screen.query_one(CityMap)
            assert city.size.height >= 8
            text = body.map_text(city.size.width, city.size.height).plain
            water = icon("water") * 3
            assert "[" in text and water in text
            await pilot.press("z")
            await pilot.pause()
            overview = body.map_text(city.size.width, city.size.height).plain
            assert water not in overview
            await pilot.press("i", "right", "down", "r")
            await pilot.pause()
            assert body.rotation == (body.rotation % 4)


def _cell_offset(body: TollenoBody, pos: tuple[int, int], cell: tuple[int, int]) -> tuple[int, int]:
    """Where a cell of a tile is drawn on the map (a ruler line, a margin; in the framed form the
    tiles share borders, in the compact form they have none)."""
    origin = body.window.origin
    assert origin is not None
    (tile_w, tile_h), frame = body.tile_size(), 0 if body.window.compact else 1
    x = 4 + (pos[1] - origin[1]) * tile_w + frame + cell[1] * 3 + 1
    return x, 1 + (pos[0] - origin[0]) * tile_h + frame + cell[0]


async def test_mouse_click_selects_and_a_second_click_plays(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _start(app, pilot, 3)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        body = screen.query_one(TollenoBody)
        city = screen.query_one(CityMap)
        body.map_text(city.size.width, city.size.height)
        # The cursor starts on the first legal placement: clicking it plays it.
        await pilot.click(CityMap, offset=_cell_offset(body, body.cursor_tile, (1, 1)))
        await pilot.pause()
        assert len(screen.match.record.moves) == 1
        # Now a floor: a click on a tile centre only selects; a click on a legal corner selects it,
        # and a second click there builds.
        target = sorted(body.look.target_spaces())[-1]
        await pilot.click(CityMap, offset=_cell_offset(body, target[0], (1, 1)))
        await pilot.pause()
        assert len(screen.match.record.moves) == 1
        cell = {"NW": (0, 0), "NE": (0, 2), "SE": (2, 2), "SW": (2, 0)}[target[1]]
        await pilot.click(CityMap, offset=_cell_offset(body, target[0], cell))
        await pilot.pause()
        assert body.cursor_space == target
        await pilot.click(CityMap, offset=_cell_offset(body, target[0], cell))
        await pilot.pause()
        assert screen.match.record.moves[-1].action == f"F {target[0][0]},{target[0][1]} {target[1]}"


def test_screen_text_for_a_seat_is_the_same_after_resampling_its_secrets() -> None:
    """DESIGN "Leaks": what the body draws for a seat depends only on that seat's view."""
    from boardgames_tui.engine.simulate import default_seats
    from boardgames_tui.games.tolleno import GAME
    from boardgames_tui.ui.body import Seen

    match = random.Random(3)
    state = GAME.setup(["Ada", "Bruno", "Chiara"], {}, 12)
    for _ in range(40):
        decision = GAME.to_act(state)
        assert decision is not None
        seat = decision.seats[0]
        state = GAME.apply(state, seat, match.choice(GAME.legal(state, seat)))
    seats = default_seats(3)

    def drawn(s: TollenoState, viewer: int | None) -> tuple[str, str, str]:
        body = TollenoBody()
        decision = GAME.to_act(s)
        acting = decision is not None and viewer in decision.seats
        actions = tuple(GAME.legal(s, viewer)) if acting else ()
        seen = Seen(GAME, GAME.view(s, viewer), viewer, seats, decision, actions,
                    {a: GAME.describe(s, viewer, a, viewer) for a in actions})
        body.show(seen)
        return body.map_text(90, 30).plain, body.panel_text().plain, body.status_text().plain

    for viewer in (None, 0, 1, 2):
        other = GAME.resample(state, viewer if viewer is not None else 0, 99)
        assert other != state
        if viewer is None:
            assert drawn(other, None) == drawn(state, None)
        else:
            assert drawn(other, viewer) == drawn(state, viewer)
    held = state.players[state.current].held
    panel_for_others = drawn(state, (state.current + 1) % 3)[1]
    assert held is None or f"Hand {held}" not in panel_for_others
