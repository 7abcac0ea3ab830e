"""`literal` and the places text from files reaches: saves, file names, dialogs, notifications.

Issue 11 §2: a name from a save carrying escape sequences set the terminal's title and cleared
the curtain. Setup refuses such names and the save loader refuses files holding them; `literal`
is the second line: whatever gets past reaches the terminal with its control characters replaced.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games import GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.literal import REPLACEMENT, literal
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from tests.ui.helpers import make_app
from tests.ui.test_hostile_names import _assert_terminal_safe, _rows, _shows


def _unsafe(text: str) -> list[str]:
    return [c for c in text if (unicodedata.category(c) in ("Cc", "Cs") and c != "\n") or c in "\u202a\u202e\u2066"]


@given(st.text())
def test_literal_keeps_every_character_in_place_and_replaces_only_unsafe_ones(text: str) -> None:
    """One character for one: safe text is unchanged, every control, override or surrogate is a mark."""
    shown = literal(text).plain
    assert len(shown) == len(text)
    assert not _unsafe(shown)
    for before, after in zip(text, shown, strict=True):
        assert after in (before, REPLACEMENT)


@given(st.text(), st.text())
def test_literal_of_a_styled_text_keeps_its_styles(head: str, tail: str) -> None:
    """A Text goes through with its spans where they were (same length, same offsets)."""
    text = Text.assemble((head, "bold"), (tail, "italic"))
    shown = literal(text)
    assert shown.spans == text.spans
    assert not _unsafe(shown.plain)


def test_markup_in_a_str_is_never_parsed() -> None:
    """`[/]` and `[reverse]A` stay as typed: no MarkupError, no style."""
    for name in ("[/]", "[reverse]A", "\\[x]", "[bold"):
        shown = literal(name)
        assert shown.plain == name
        assert not shown.spans and not shown.style


def _hostile_save(tmp_path: Path, key: str) -> Match:
    """A save whose names carry escape sequences, as an edited file would (written without checks)."""
    game = GAMES[key].game
    names = ["\x1b]0;pwned\x07A", "\x1b[2J\x1b[HB", "C[/]", "D", "E"][: game.min_players]
    seats = tuple(SeatInfo(name, "", str(i + 1)) for i, name in enumerate(names))
    match = Match.new(game, seats, {}, 7)
    app = make_app(tmp_path)
    app.store.save(match)
    return match


async def test_escape_sequences_from_save_files_never_reach_the_terminal(tmp_path: Path) -> None:
    """Names with ESC/OSC in a save, and a file name with one: the picker and, if the save opens,
    the curtain and the match draw no control character (the loader may refuse the file instead)."""
    _hostile_save(tmp_path, "tallinn")
    (tmp_path / "saves" / "\x1b]2;retitled\x07.json").write_text("{", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        _assert_terminal_safe(app)
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        listed = bool(picker._saves)
        await pilot.press("tab", "enter")
        seen = set()
        for _ in range(4):
            await pilot.pause()
            _assert_terminal_safe(app)
            seen.add(type(app.screen))
            if not isinstance(app.screen, PickerScreen):
                await pilot.press("enter")
        # Either the save opened and was drawn safely, or the loader refused it (not playable).
        assert (Curtain in seen or MatchScreen in seen) if listed else True


def _toasts(app: BoardgamesApp) -> list[str]:
    """What the notifications on screen draw, toast by toast."""
    return [row for toast in app.screen.query("Toast") for row in _rows(app, toast)]


async def test_notifications_show_markup_and_escapes_literally(tmp_path: Path) -> None:
    """Every notify (app, screen or widget) is literal: `[/]` shows, ESC does not reach the terminal."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.screen.notify("Only [/] may \x1b[2Jtake back [reverse]A", title="[b]x")
        await pilot.pause()
        await pilot.pause()
        rows = _toasts(app)
        assert _shows(rows, "Only [/] may")
        assert _shows(rows, "[reverse]A")
        assert _shows(rows, "[b]x")
        _assert_terminal_safe(app)


async def test_a_dialog_naming_players_shows_the_names_literally(tmp_path: Path) -> None:
    """ConfirmDialog's question (e.g. deleting a save of `[/]` and `[reverse]A`) is shown as written."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ConfirmDialog("Delete the match of [/] and [reverse]A?", "[Delete]", "[/]Keep"))
        await pilot.pause()
        rows = _rows(app)
        assert _shows(rows, "Delete the match of [/] and [reverse]A?")
        assert _shows(rows, "[Delete] (y)")
        _assert_terminal_safe(app)


async def test_deleting_a_save_names_its_players_literally(tmp_path: Path) -> None:
    """The picker's delete question and its notice carry the players' names: both literal."""
    game = GAMES["tain"].game
    seats = tuple(SeatInfo(name, "", str(i + 1)) for i, name in enumerate(["[/]", "[reverse]A"]))
    app = make_app(tmp_path)
    app.store.save(Match.new(game, seats, {}, 3))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.press("tab", "d")
        await pilot.pause()
        assert _shows(_rows(app), "[/], [reverse]A?")
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert _shows(_toasts(app), "[/], [reverse]A.")
        _assert_terminal_safe(app)
        assert not list((tmp_path / "saves").glob("*.json"))
