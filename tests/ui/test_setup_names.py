"""Issue 40 §5: setup enforces the README's name rule exactly, and saves the same rule.

Reproductions: a pasted `ESC[31mRed` arrived as the keys `^[31mRed` (Textual reissues an escape
sequence it cannot read inside a paste as keys, its ESC as `^`) and was accepted; spaces at
either end were trimmed without a word; a name with nothing visible (a lone combining mark,
U+3164, only zero-width or combining characters) was accepted by setup and by 30 saves, and a
curtain read "Pass to ● ́"; a 16-wide-character name was cut to five by Tolleno's seat rows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.savefile import SaveError, decode_save, encode_save
from boardgames_tui.engine.seating import GLYPHS, NAME_RULE, PALETTE, name_problem
from boardgames_tui.games import GAMES
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.setup import NameInput, SetupScreen
from tests.toy import TOY, toy_lookup
from tests.ui.helpers import TOY_GAMES, make_app

README = Path(__file__).resolve().parents[2] / "README.md"
NOTHING_VISIBLE = ["\u0301", "\u3164", "\u0301\u0302", "\u20dd", "\u1160", "\u3164\u3164", "\u115f", "\u2800"]
"""A lone combining mark, the Hangul filler, only combining marks, an enclosing mark, a vowel that
draws nothing alone, fillers, the blank Braille cell."""
SPACED = [" Ann", "Ann ", " Ann ", "\u3000Ann"]


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_readme_states_the_name_rule_word_for_word() -> None:
    assert _words(NAME_RULE) in _words(README.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", NOTHING_VISIBLE + SPACED + ["^[31mRed", "A^]0;title", "x\u3164"])
def test_the_rule_refuses_names_with_a_reason(name: str) -> None:
    problem = name_problem(name)
    assert problem is not None and problem.startswith("A name "), (name, problem)


@pytest.mark.parametrize("name", ["Ann", "e\u0301va", "\u1100\u1161", "^_^", "🐉" * 16, "漢字の名前", "[/]", "Zoë Å"])
def test_the_rule_accepts_names_with_something_visible(name: str) -> None:
    assert name_problem(name) is None


async def _setup(app: Any, pilot: Any) -> SetupScreen:
    await pilot.pause()
    await pilot.press("enter")
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    return setup


def _message(setup: SetupScreen) -> str:
    return str(setup.query_one("#setup-error", Static).render())


async def test_a_pasted_escape_sequence_is_refused_with_a_reason(tmp_path: Path) -> None:
    """As a paste Textual reads (ESC inside: refused as it arrives) and as the keys it reissues
    for one it cannot read (`^`, `[`, ... : refused at Start, the field left as typed)."""
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await _setup(app, pilot)
        field = setup.query_one("#name-0", NameInput)
        field.focus()
        field.value = ""
        field.post_message(events.Paste("\x1b[31mRed"))
        await pilot.pause()
        assert field.value == "" and _message(setup).startswith("Seat 1: A name may hold only printable")
        await pilot.press("circumflex_accent", "left_square_bracket", "3", "1", "m", "R", "e", "d")
        assert field.value == "^[31mRed"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup, "the match started"
        assert _message(setup) == f"Seat 1: {name_problem('^[31mRed')}"
        assert "escape sequence" in _message(setup)
        assert field.value == "^[31mRed"


async def test_setup_refuses_spaces_at_either_end_and_names_with_nothing_visible(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        setup = await _setup(app, pilot)
        field = setup.query_one("#name-1", NameInput)
        for name in SPACED + NOTHING_VISIBLE:
            field.value = name
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is setup, f"{name!r} was accepted"
            assert field.value == name, "the name was changed instead of refused"
            assert _message(setup) == f"Seat 2: {name_problem(name)}"
        field.value = "Bo"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen_stack[1], MatchScreen)


@pytest.mark.parametrize("name", NOTHING_VISIBLE + SPACED + ["^[31mRed"])
def test_a_save_carrying_a_name_setup_refuses_is_refused(name: str) -> None:
    seats = (SeatInfo(name, PALETTE[0].name, GLYPHS[0]), SeatInfo("Bo", PALETTE[1].name, GLYPHS[1]))
    match = Match.new(TOY, seats, {}, 1)
    data = encode_save(match.record, title=TOY.title, progress="", finished=False)
    with pytest.raises(SaveError, match="name of seat 1 breaks the name rule"):
        decode_save(data, toy_lookup, "m")


WIDE = ["🐉" * 16, "漢" * 16]


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_16_wide_character_name_is_drawn_whole_where_the_seat_row_has_room(tmp_path: Path, key: str) -> None:
    """At 120×40 every seat row has room for 36 cells: both names show whole on the table."""
    game = GAMES[key].game
    names = [*WIDE, "Ann", "Bo"][: max(game.min_players, 2)]
    seats = tuple(SeatInfo(name, PALETTE[i].name, GLYPHS[i]) for i, name in enumerate(names))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        app.start_match(key, seats, game.default_options(), 3)
        await pilot.pause()
        await pilot.press("enter")  # the first curtain
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        strips = screen._compositor.render_strips()
        body = screen.query_one("#body-pane").region
        drawn = "".join("".join(s.text for s in strips[y].crop(body.x, body.right)) for y in range(body.y, body.bottom))
        for name in WIDE:
            assert name in drawn, f"{key}: {name[:2]}… is not drawn whole"
