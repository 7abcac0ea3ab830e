"""Hostile player names through the whole app, for every game: shown literally, never a crash.

Issue 11 §2: a player named `[/]` crashed the app at the first curtain (MarkupError), `[reverse]A`
drew in reverse video, and a name carrying escape sequences reached the terminal. Each example
here types names into setup by pasting them (escape sequences and over-long names must be refused
there with a message), then goes setup → curtain → moves → log → save and Continue → the last
moves of a seeded random game → game over → Continue, and checks on every screen drawn that each
name on it appears literally and that no control character reaches the terminal.

A few examples per game by default; BOARDGAMES_FUZZ=1 runs many more with fresh random draws.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import OptionList, Select, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.seating import GLYPHS, PALETTE, name_problem
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.logview import LogView
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.setup import NameInput, SetupScreen
from tests.ui.helpers import again_if_asked, make_app

FUZZ = bool(os.environ.get("BOARDGAMES_FUZZ"))
EXAMPLES = 30 if FUZZ else 3
SIZE = (160, 50)
"""Wide enough for the log pane and for five 16-character names side by side on the score sheet."""
LAST_MOVES = 3
"""How many moves of the seeded random game are left to play in the app to reach game over."""

HOSTILE = [
    "[/]", "[reverse]A", "[bold", "\\[x]", "[b]x[/b]", "[@click=app.quit]q", "[link=https://x]y",
    "$accent", "[$primary]z[/]", ":smile:", "[/]" * 5 + "x", "[" * 16, "]" * 16, "W" * 16,
    "שלום [/]", "مرحبا", "abc אבג", "e\u0301\u0302\u0303x", "Z\u0324\u0354a\u0308\u0356",
    "🐉🐉🐉", "🐉" * 16, "漢字の名前", "🇪🇪 flag", "👍🏽x", "❤️[i]",
]  # fmt: skip
"""Names the name rule accepts and that a markup parser would mangle or choke on."""
REFUSED = [
    "\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "a\u202eb", "\x9b31mred", "tab\there", "nul\x00",
    "A" * 17, "\u2028x", "\x7fdel", "\u200bzero",
]  # fmt: skip
"""Names setup must refuse with a message: control characters, escape sequences, too long."""
PIECES = [*"[]/\\=@$#:bA é\u0301שبx", "🐉", "漢", "[/]", "[b]", "\\["]

BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _same(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


names = st.one_of(
    st.sampled_from(HOSTILE), st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join)
).filter(lambda name: name_problem(name) is None)


@st.composite
def tables(draw: st.DrawFn, key: str) -> tuple[list[str], str, int]:
    """Distinct accepted names for a valid player count, one name setup must refuse, and a seed."""
    game = GAMES[key].game
    count = draw(st.integers(game.min_players, game.max_players))
    chosen = draw(st.lists(names, min_size=count, max_size=count, unique_by=_same))
    return chosen, draw(st.sampled_from(REFUSED)), draw(st.integers(0, 2**31))


# --- what the terminal gets ------------------------------------------------------------------
def _rows(app: BoardgamesApp, widget: Widget | None = None) -> list[str]:
    """The text of every row drawn on the screen (or of one widget's region of it)."""
    strips = app.screen._compositor.render_strips()
    if widget is None:
        return ["".join(segment.text for segment in strip) for strip in strips]
    region = widget.region
    return [
        "".join(segment.text for segment in strips[y].crop(region.x, region.right))
        for y in range(region.y, min(region.bottom, len(strips)))
    ]


def _squeezed(rows: list[str]) -> str:
    """Rows joined with the spaces taken out, so a name wrapped at one of its spaces still matches."""
    return "".join(rows).replace(" ", "")


def _shows(rows: list[str], name: str) -> bool:
    return name.replace(" ", "") in _squeezed(rows)


def _assert_terminal_safe(app: BoardgamesApp) -> None:
    """No control character, bidi override or lone surrogate in anything drawn."""
    for row in _rows(app):
        bad = [c for c in row if unicodedata.category(c) in ("Cc", "Cs") or c in BIDI]
        assert not bad, f"unsafe characters {bad!r} drawn on {type(app.screen).__name__}: {row!r}"


def _check_screen(app: BoardgamesApp, table: list[str], log_names: set[str]) -> None:
    """Whatever is on screen now shows its names literally; the log shows every name its entries hold."""
    _assert_terminal_safe(app)
    screen = app.screen
    if isinstance(screen, Curtain):
        assert _shows(_rows(app), screen.seat.name), f"curtain for {screen.seat.name!r}"
    elif isinstance(screen, MatchScreen):
        log = screen.query_one("#log-pane", LogView)
        drawn = ["".join(s.text for s in strip) for strip in log._strips]
        for name in table:
            if any(name in text for text, _style in log.entries):
                assert _shows(drawn, name), f"log line naming {name!r}"
                log_names.add(name)
        menu = screen.query_one("#actions", OptionList)
        if menu.display and menu.highlighted is not None:
            prompt = menu.get_option_at_index(menu.highlighted).prompt
            label = prompt.plain if isinstance(prompt, Text) else str(prompt)
            for name in table:
                if name in label:
                    assert _shows(_rows(app, menu), name), f"action list row naming {name!r}"
        body = _rows(app, screen.query_one("#body-pane"))
        header = _rows(app, screen.query_one("#match-header"))
        assert any(_shows(body + header, name) for name in table), "neither board nor header names a player"


# --- driving the app -------------------------------------------------------------------------
async def _paste(pilot: Any, field: NameInput, text: str) -> None:
    field.focus()
    field.value = ""
    field.post_message(events.Paste(text))
    await pilot.pause()


async def _set_up(app: BoardgamesApp, pilot: Any, key: str, table: list[str], refused: str) -> None:
    """Picker → setup; the refused name is pasted first and must be turned away with a message."""
    games = app.screen.query_one("#games", OptionList)
    games.highlighted = next(i for i in range(games.option_count) if games.get_option_at_index(i).id == key)
    await pilot.press("enter")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    setup.query_one("#player-count", Select).value = len(table)
    await pilot.pause()
    first = setup.query_one("#name-0", NameInput)
    await _paste(pilot, first, refused)
    assert first.value == "", f"setup accepted {refused!r}"
    message = str(setup.query_one("#setup-error", Static).render())
    assert message.startswith("Seat 1: A name "), message
    _assert_terminal_safe(app)
    for seat, name in enumerate(table):
        field = setup.query_one(f"#name-{seat}", NameInput)
        await _paste(pilot, field, name)
        assert field.value == name, f"setup refused {name!r}"
    assert str(setup.query_one("#setup-error", Static).render()) == ""
    _assert_terminal_safe(app)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def _decide(app: BoardgamesApp, pilot: Any, rng: random.Random) -> None:
    """One key-driven step: lift a curtain, or take a random legal action from the action list."""
    screen = app.screen
    if isinstance(screen, Curtain):
        await pilot.press("enter")
        return
    assert isinstance(screen, MatchScreen), screen
    menu = screen.query_one("#actions", OptionList)
    if not menu.display:
        await pilot.press("m")
    decision = screen.match.decision()
    if decision is not None and decision.kind is DecisionKind.WINDOW and screen.responding is None:
        await pilot.press("end", "enter")
        await again_if_asked(app, pilot)
        return
    screen.set_focus(menu)  # a body may have kept the focus; the choice is made in the list
    actions = screen.menu_actions
    if actions:
        wanted = screen.match.game.random_choice(screen.match.state, screen.acting_seat(), actions, rng)
        menu.highlighted = next(
            i for i in range(menu.option_count) if menu.get_option_at_index(i).id == str(actions.index(wanted))
        )
    await pilot.press("enter")
    await again_if_asked(app, pilot)  # a move that cannot be taken back is shown first


def _near_end(key: str, table: list[str], seed: int) -> Match:
    """A seeded random game with these players, replayed to `LAST_MOVES` moves before its end."""
    game = GAMES[key].game
    seats = tuple(SeatInfo(name, PALETTE[i].name, GLYPHS[i]) for i, name in enumerate(table))
    match = Match.new(game, seats, {}, seed)
    rng = random.Random(seed)
    while match.decision() is not None:
        match.play(*choose(game, match.state, rng))
    moves = match.record.moves
    return Match(game, replace(match.record, moves=moves[: max(0, len(moves) - LAST_MOVES)]))


async def _continue(app: BoardgamesApp, pilot: Any, table: list[str], match_id: str | None) -> None:
    """On the picker: the Continue list shows every name literally; open `match_id` if given."""
    assert isinstance(app.screen, PickerScreen)
    await pilot.pause()
    saves = app.screen.query_one("#saves", OptionList)
    for name in table:
        assert _shows(_rows(app, saves), name), f"Continue list for {name!r}"
    _assert_terminal_safe(app)
    if match_id is not None:
        summaries = app.screen._saves
        saves.focus()
        saves.highlighted = next(
            i for i in range(saves.option_count)
            if saves.get_option_at_index(i).id in {s.path.name for s in summaries if s.match_id == match_id}
        )  # fmt: skip
        await pilot.press("enter")
        await pilot.pause()


async def _journey(key: str, table: list[str], refused: str, seed: int, root: Path) -> None:
    app = make_app(root)
    rng = random.Random(seed)
    log_names: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await _set_up(app, pilot, key, table, refused)
        # Curtains and moves until the log has named somebody (or a good number of decisions).
        for _ in range(40):
            _check_screen(app, table, log_names)
            if log_names and isinstance(app.screen, MatchScreen):
                break
            await _decide(app, pilot, rng)
            await pilot.pause()
        if not isinstance(app.screen, MatchScreen | Curtain):
            raise AssertionError(f"unexpected screen {app.screen!r}")
        if isinstance(app.screen, Curtain):
            await pilot.press("escape")  # the curtain's own "save and leave"
        else:
            await pilot.press("s")
        await pilot.pause()
        await _continue(app, pilot, table, None)
        # The end of a seeded random game with the same players, opened from Continue.
        ending = _near_end(key, table, seed)
        app.store.save(ending)
        app.screen.refresh_saves()  # type: ignore[attr-defined]
        await _continue(app, pilot, table, ending.record.match_id)
        for _ in range(400):
            if isinstance(app.screen, GameOverScreen):
                break
            _check_screen(app, table, log_names)
            await _decide(app, pilot, rng)
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen), "the game did not end"
        await pilot.pause()
        _assert_terminal_safe(app)
        over = _rows(app)
        for name in table:
            assert _shows(over, name), f"score sheet for {name!r}"
        assert log_names, "no log line named a player"
        await pilot.press("escape")
        await pilot.pause()
        await _continue(app, pilot, table, None)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_hostile_names_are_shown_literally_from_setup_to_continue(key: str) -> None:
    """Issue 11 §2 reproductions, generated: markup tags, right-to-left and combining characters,
    wide emoji and 16-character names go through every screen literally; escape sequences and
    other control characters are refused by setup with a message and never drawn."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not FUZZ,
        phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a shrink replays whole games: minutes
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(drawn=tables(key))
    def run(drawn: tuple[list[str], str, int]) -> None:
        table, refused, seed = drawn
        with tempfile.TemporaryDirectory() as root:
            asyncio.run(_journey(key, table, refused, seed, Path(root)))

    run()
