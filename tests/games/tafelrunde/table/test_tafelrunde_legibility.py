"""Die Tafelrunde read at a glance: at 80x24 every key-bar label a whole word (with a bot at the
table, so the hint key is on offer too, and a preview to flip) and the 4-player score sheet whole
on the game-over screen; at both sizes no table line cut while the table has room, and no code
where a player reads."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.table.body import TafelrundeBody
from boardgames_tui.games.tafelrunde.table.layout import draw_table
from boardgames_tui.games.tafelrunde.table.look import Look
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.kit.palette import DARK
from tests.ui.helpers import make_app, show_past_curtains

PEOPLE = (SeatInfo("Lilo", "orange", "●"), SeatInfo("Rudi", "sky blue", "▲"), SeatInfo("Greta", "green", "■"),
          SeatInfo("Yves", "vermilion", "✚"))
WITH_BOTS = (PEOPLE[0], *(SeatInfo(s.name, s.colour, s.glyph, human=False, level="easy") for s in PEOPLE[1:]))


def _played(seats: tuple[SeatInfo, ...], seed: int, until: object = None) -> Match:
    match = Match.new(GAME, seats, {}, seed)
    rng = random.Random(seed)
    while GAME.to_act(match.state) is not None and not (until is not None and until(match.state)):  # type: ignore[operator]
        match.play(*choose(GAME, match.state, rng))
    return match


def _lilo_declares_with_a_preview(state: object) -> bool:
    decl = state.decl  # type: ignore[attr-defined]
    if state.phase is not Phase.DECLARE or decl is None or decl.announced or decl.actor != 0:  # type: ignore[attr-defined]
        return False
    view = GAME.view(state, 0).decl  # type: ignore[arg-type]
    return view is not None and any(f is not None and f.order != state.order for f in view.forecasts)  # type: ignore[attr-defined]


async def test_every_key_bar_label_is_a_whole_word_at_80x24_with_a_bot_and_a_preview(tmp_path: Path) -> None:
    match = next(m for seed in range(60) if _lilo_declares_with_a_preview(
        (m := _played(WITH_BOTS, seed, _lilo_declares_with_a_preview)).state))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await show_past_curtains(app, pilot, match)
        body = app.screen.query_one(TafelrundeBody)
        order = match.state.order
        body.cursor = next(i for i, c in enumerate(body.choices)
                           if c.forecast is not None and c.forecast.order != order)
        body.refresh_bindings()
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        shown = {item.key for item in bar.items}
        assert {"enter", "p", "d", "h"} <= shown, shown  # choose, preview, pile, and the bot's hint
        drawn = str(bar.render())
        for item in bar.items:
            if item.key != app.COMMAND_PALETTE_BINDING:
                word = item.description.split(" ", 1)[0]
                assert f" {word}" in drawn, f"{item.key}: {word!r} is cut in {drawn!r}"


async def test_the_four_player_score_sheet_is_whole_at_80x24(tmp_path: Path) -> None:
    match = _played(PEOPLE, 8)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        sheet = app.screen.query_one("#score-sheet", DataTable)
        for _ in range(20):  # until the sheet is laid out with its five columns
            if len(sheet.columns) == 5 and sheet.virtual_size.width > 40:
                break
            await pilot.pause()
        assert sheet.virtual_size.width <= sheet.scrollable_content_region.width, "the sheet scrolls sideways"


HERO_ID = re.compile(r"\b(rogue|goblin|amazon|gnome)-(lilac|red|green|yellow)\b")
"""The rules' hero ids ("goblin-lilac"): a player reads "goblin (lilac)" or a plate."""

BODY_SIZES = {"120x40": (84, 38), "80x24": (78, 22)}
"""The body's width and height in the app at each terminal size (the log takes the rest)."""


def _walk(seed: int, players: int) -> Iterator[tuple[Any, Seen]]:
    """Every moment of a seeded game, seen by each seat to act and by the table."""
    state = GAME.setup([s.name for s in PEOPLE[:players]], {}, seed)
    rng = random.Random(seed)
    while True:
        decision = GAME.to_act(state)
        for viewer in ([*decision.seats, None] if decision is not None else [None]):
            actions = tuple(GAME.legal(state, viewer)) if decision is not None and viewer in decision.seats else ()
            labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
            yield state, Seen(GAME, GAME.view(state, viewer), viewer, PEOPLE[:players], decision, actions, labels)
        if decision is None:
            return
        state = GAME.apply(state, *choose(GAME, state, rng))


@pytest.mark.parametrize("size", BODY_SIZES)
def test_no_table_line_is_cut_and_no_code_is_shown_over_seeded_games(size: str) -> None:
    """Every moment of two seeded games (3 and 4 seats), every highlighted row: no line of the
    table ends cut with "…" or runs past the width, and no action's text form ("play 17",
    "answer hero zork") or hero id ("goblin-lilac") stands in the table, a row or the log."""
    width, height = BODY_SIZES[size]
    cut: dict[str, int] = {}
    for seed, players in ((0, 4), (3, 3)):
        for state, seen in _walk(seed, players):
            log = state.log
            forms = {GAME.encode(a) for a in seen.actions if " " in GAME.encode(a)}
            look = Look().showing(seen, False)
            for cursor in range(len(look.choices) or 1):
                canvas = Canvas()
                draw_table(canvas, seen, replace(look, cursor=cursor), True, width, height, pal=DARK)
                for line in canvas.lines:
                    if "…" in line.plain or line.cell_len > width:
                        cut.setdefault(line.plain.strip(), seed)
                page = "\n".join(line.plain for line in canvas.lines)
                assert not HERO_ID.search(page), page
                assert not [f for f in forms if f in page], (forms, page)
            for label in seen.labels.values():
                assert not HERO_ID.search(str(label)) and str(label) not in forms, label
        for entry in log:
            assert not HERO_ID.search(entry.text), entry.text
    assert not cut, "\n".join(cut)


def test_the_full_ring_names_the_castle_letters_on_the_plates() -> None:
    """Picture review: the heroes' plates carry their castle's initial (`rogue L`) so that colour
    is not the only sign, but no legend said what L, R, G and Y stand for. At 120x40, at every
    moment of two seeded games (3 and 4 seats), the ring's corner names each castle in play by
    its letter, and no castle that is not in play."""
    width, height = BODY_SIZES["120x40"]
    for seed, players in ((0, 4), (3, 3)):
        for _state, seen in _walk(seed, players):
            canvas = Canvas()
            draw_table(canvas, seen, Look().showing(seen, False), True, width, height, pal=DARK)
            page = "\n".join(line.plain for line in canvas.lines)
            colours = seen.view.colours
            assert len(colours) == players
            for colour in ("lilac", "red", "green", "yellow"):
                assert (f"{colour[0].upper()} {colour}" in page) == (colour in colours), (colour, page)
