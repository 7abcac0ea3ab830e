"""The rules page: opens on ? from the picker and the match, stays open on a second ?, Esc closes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.games import GAMES
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.rules_screen import RulesScreen
from tests.ui.helpers import make_app


@pytest.mark.parametrize("key", list(GAMES))
async def test_rules_page_opens_from_the_picker_and_a_second_question_mark_keeps_it_open(
    tmp_path: Path, key: str
) -> None:
    """Issue: a second ? no longer closes the page by surprise; Esc closes it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        picker = app.screen
        games = picker.query_one("#games")
        games.highlighted = games.get_option_index(key)  # type: ignore[attr-defined]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.key == key
        shown = app.export_screenshot().replace("&#160;", " ")
        assert GAMES[key].about.title in shown and "Keys everywhere" not in shown  # the top of the page
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        # Opened again, the page starts at the top.
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules").scroll_y == 0
