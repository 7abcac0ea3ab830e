"""Issue 40 §4: PageDown in Die Tafelrunde's action list at 81×25 raised `KeyError: 0` inside
Textual's `OptionList._move_page`.

The cause is upstream (Textual 8.2.8): `_move_page` looks the highlighted option up in the map of
laid-out lines, which is empty until the list has a size. Our action list is shown (`m`) and
takes the keys at once, so PageDown read together with `m` arrives before the list is laid out.
`ActionList` guards it: a page key on a list not laid out yet does nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import OptionList

from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_panels import ActionList
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app


@pytest.mark.parametrize("page_key", ["pagedown", "pageup"])
async def test_page_keys_read_together_with_m_in_tafelrunde_at_81x25_do_not_crash(tmp_path: Path,
                                                                                  page_key: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(81, 25)) as pilot:
        app.start_match("tafelrunde", default_seats(3), {}, 1)
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        menu = screen.query_one("#actions", ActionList)
        assert not menu.display and menu.option_count > 1
        driver = app._driver
        assert driver is not None
        for key in ("m", page_key):  # read together: the second comes before the list is laid out
            event = events.Key(key, "m" if key == "m" else None)
            event.set_sender(app)
            driver.send_message(event)
        await pilot.pause()
        await pilot.pause()
        assert menu.display and app.focused is menu
        await pilot.press(page_key)  # laid out now: the key pages as Textual's own list does
        await pilot.press("pagedown")
        assert menu.highlighted == menu.option_count - 1 or menu.highlighted > 0
    assert app._exception is None


async def test_the_action_list_not_laid_out_yet_ignores_page_keys(tmp_path: Path) -> None:
    """The guard itself, and the upstream behaviour it guards against."""
    app = make_app(tmp_path)
    async with app.run_test(size=(81, 25)) as pilot:
        app.start_match("tafelrunde", default_seats(3), {}, 1)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        screen.action_toggle_menu()  # shown, not laid out yet (no await in between)
        menu = screen.query_one("#actions", ActionList)
        with pytest.raises(KeyError):
            OptionList._move_page(menu, 1)  # Textual's own: the upstream bug, still there
        before = menu.highlighted
        menu.action_page_down()
        menu.action_page_up()
        assert menu.highlighted == before
    assert app._exception is None
