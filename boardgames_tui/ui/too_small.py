"""The "enlarge the terminal" notice: drawn over whatever screen is on top while the terminal is small.

It is a widget on the screen's overlay, not a screen of its own: screens pushed or popped while the
terminal is small (a dialog, the command palette, a curtain) can then never end up above or below it,
and the app adds or removes it in one place (`BoardgamesApp.fit_to_terminal`) after every resize and
every screen change.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24

NOTICE = (
    f"Please enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
    "The game is paused and resumes as soon as it fits."
)


def too_small(size: Size) -> bool:
    """Is a terminal of this size below the minimum the screens are drawn for?"""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class TooSmallNotice(Static):
    """Covers the whole screen with the notice; nothing under it can be seen or clicked."""

    DEFAULT_CSS = """
    TooSmallNotice {
        overlay: screen;
        position: absolute;
        offset: 0 0;
        width: 100vw;
        height: 100vh;
        background: $background;
        content-align: center middle;
        text-align: center;
    }
    """

    def __init__(self) -> None:
        super().__init__(NOTICE, markup=False, classes="too-small-notice")


def notice_of(screen: Screen[object]) -> TooSmallNotice | None:
    """The notice shown on `screen`, if any."""
    found = screen.query_children(TooSmallNotice)
    return found.first() if found else None


def show_notice(screen: Screen[object], show: bool) -> None:
    """Put the notice on `screen` or take it away, whichever `show` asks for."""
    notice = notice_of(screen)
    if show and notice is None and screen.is_mounted:
        screen.mount(TooSmallNotice())
    elif not show and notice is not None:
        notice.remove()
