"""Tolleno's city map is drawn once per change (a cursor move drew it once per screen line when
every `render()` made a new Text), and the panel under it, laid out again only when its number
of lines changes, always shows every one of its lines."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.geometry import Corner
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.games.tolleno.table.look import Look
from boardgames_tui.games.tolleno.table.panel import Panel, panel_text
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.kit import DARK
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bruno", "sky blue", "▲"))
MOVES = ["right", "right", "down", "down", "left", "up", "right", "down", "down", "left", "left", "up"]


async def _lifted(app, pilot) -> TollenoBody:  # type: ignore[no-untyped-def]
    app.start_match("tolleno", SEATS, {}, 3)
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, MatchScreen)
    return app.screen.query_one(TollenoBody)


async def test_a_cursor_move_draws_the_map_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each arrow key on the board makes exactly one drawing of the map, however many lines the
    map pane has, and the pane shows that drawing."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _lifted(app, pilot)
        cmap = app.screen.query_one(CityMap)
        drawn: list[int] = []
        map_text = body.map_text

        def counting(width: int, height: int):  # type: ignore[no-untyped-def]
            drawn.append(height)
            return map_text(width, height)

        monkeypatch.setattr(body, "map_text", counting)
        for key in MOVES:
            before = len(drawn)
            await pilot.press(key)
            await pilot.pause()
            assert len(drawn) - before == 1, f"{key}: the map was drawn {len(drawn) - before} times"
            shown = "\n".join(strip.text for strip in (cmap.render_line(y) for y in range(cmap.size.height)))
            assert shown.rstrip() == "\n".join(
                line.ljust(cmap.size.width)[: cmap.size.width] for line in cmap.render().plain.split("\n")
            ).rstrip()
        assert cmap.size.height >= 18  # a tall pane (the full panel and the log take the rest)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_panel_shows_all_its_lines_after_every_key(tmp_path: Path, size: tuple[int, int]) -> None:
    """The panel is laid out again only when its number of lines changes: with cursor moves (same
    number of lines) and `i` (compact three lines, or the full panel) in turn, its height is always
    its number of lines: nothing cut, no stale blank line."""
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        body = await _lifted(app, pilot)
        panel = app.screen.query_one(Panel)
        heights: set[int] = set()
        for press, key in enumerate(MOVES * 2):
            await pilot.press("i" if press % 4 == 3 else key)
            await pilot.pause()
            lines = body._shown["#tl-panel"][0].count("\n") + 1
            assert panel.content_region.height == lines, (press, key)
            heights.add(lines)
        assert len(heights) == 2, heights


def test_the_panel_never_reads_the_cursor() -> None:
    """A cursor move reuses the panel's last drawing (`TollenoBody._panel_lines`), which is right
    only while the panel reads nothing of the cursor: along seeded games, for the seat that moves,
    the panel drawn with the cursor anywhere on the city is the panel drawn with it at the origin."""
    checked = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = GAME.setup(["Ada", "Bruno", "Cleo"][: 2 + seed % 2], GAME.default_options(), seed)
        for step in range(120):
            decision = GAME.to_act(state)
            if decision is None:
                break
            seat = decision.seats[0]
            actions = tuple(GAME.legal(state, seat))
            if step % 7 == 0:
                seen = Seen(GAME, GAME.view(state, seat), seat, default_seats(state.n), decision, actions,
                            {a: GAME.describe(state, seat, a, seat) for a in actions})
                look = Look(seen)
                for height in (24, 40):
                    plain = panel_text(look, 118, height, DARK)
                    for pos in [t.pos for t in seen.view.tiles][:6]:
                        moved = replace(look, cursor_tile=pos, cursor_space=(pos, Corner.SE))
                        assert panel_text(moved, 118, height, DARK) == plain, (seed, step, pos)
                        checked += 1
            state = GAME.apply(state, seat, rng.choice(actions))
    assert checked > 50
