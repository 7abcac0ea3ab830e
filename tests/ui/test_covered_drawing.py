"""The next seat's view is drawn under its curtain, and reaches the terminal only once it is lifted.

Once a hand-off curtain has been painted (and before it takes keys) the match screen draws the
next seat's view under it (`ui.covered`), so that the lift only has to show it. These tests
replay every frame the app writes onto a picture of the terminal (`TerminalPicture`) and check
that no frame showed a private view before its seat lifted the curtain, whichever way the
curtain goes (lifted, left with Esc, or used to take a move back), and that the view shown at
the lift is the seat's own even when the table was redrawn meanwhile.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from boardgames_tui.devtools.keylatency import TerminalPicture
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.arming import ARMED, GatedScreen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from tests.toy import TOY
from tests.ui.helpers import TOY_GAMES, make_app

SEATS = (SeatInfo("Ada", "red", "●"), SeatInfo("Bo", "blue", "▲"))


class _Terminal:
    """Every frame the app writes, replayed: the picture after each one."""

    def __init__(self, app: BoardgamesApp) -> None:
        self.picture = TerminalPicture()
        self.shown: list[str] = []
        real = app._display

        def spy(screen: object, renderable: object) -> None:
            if renderable is not None:
                self.picture.apply(app.console, renderable)
                self.shown.append("\n".join(self.picture.lines()))
            real(screen, renderable)  # type: ignore[arg-type]

        app._display = spy  # type: ignore[method-assign]

    def now(self) -> str:
        return self.shown[-1] if self.shown else ""

    def ever(self, text: str) -> bool:
        return any(text in frame for frame in self.shown)


async def _armed(app: BoardgamesApp, pilot: Any) -> Screen[Any]:
    """Wait until the top screen takes input: by then a new curtain has been drawn under."""
    for _ in range(500):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, GatedScreen) or screen.gate_open():
            return screen
        await pilot.pause(0.02)
    raise AssertionError(f"{app.screen!r} never took input")


def _hand(screen: MatchScreen, seat: int) -> str:
    hand = TOY.view(screen.match.state, seat).hand or ()
    return f"Your hand: {', '.join(map(str, hand))}"


async def _first_curtain(app: BoardgamesApp, pilot: Any) -> tuple[Curtain, MatchScreen]:
    app.start_match("toy", SEATS, {}, 3)
    curtain = await _armed(app, pilot)
    assert isinstance(curtain, Curtain) and curtain.seat.name == "Ada"
    screen = app.screen_stack[-2]
    assert isinstance(screen, MatchScreen) and screen.curtain_up
    return curtain, screen


async def test_the_view_drawn_under_a_curtain_reaches_the_terminal_only_at_the_lift(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES, arming=ARMED)
    terminal = _Terminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        _curtain, screen = await _first_curtain(app, pilot)
        hand = _hand(screen, 0)
        # Drawn under the curtain once it was painted (on a loaded machine this can come a little
        # after the curtain takes keys; a lift before it draws the view itself)...
        for _ in range(300):
            if screen.viewer == 0 and screen._predrawn is not None:
                break
            await pilot.pause(0.01)
        assert screen.viewer == 0 and screen._predrawn is not None
        # ...and nowhere on the terminal, which shows the curtain alone.
        assert "Pass to ● Ada" in terminal.now() and not terminal.ever("Your hand")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 0
        assert hand in terminal.now() and "Pass to" not in terminal.now()
        # Ada plays: Bo's curtain comes up, and Ada's hand is gone before it.
        await _armed(app, pilot)
        await pilot.press("enter")
        curtain = await _armed(app, pilot)
        assert isinstance(curtain, Curtain) and curtain.seat.name == "Bo"
        assert screen.viewer == 1, "Bo's view is drawn under Bo's curtain"
        assert "Pass to ▲ Bo" in terminal.now() and "Your hand" not in terminal.now()
        assert not terminal.ever(_hand(screen, 1))


async def test_a_lift_takes_no_new_layout_when_the_view_was_drawn_under_the_curtain(tmp_path: Path) -> None:
    """What the drawing under the curtain is for: the lift only puts the drawn frame together."""
    app = make_app(tmp_path, TOY_GAMES, arming=ARMED)
    async with app.run_test(size=(80, 24)) as pilot:
        _curtain, screen = await _first_curtain(app, pilot)
        layouts: list[object] = []
        real = screen._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            layouts.append(args)
            real(*args, **kwargs)

        screen._refresh_layout = counted  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause(0.1)
        assert app.screen is screen and screen.viewer == 0
        assert layouts == [], "the lift laid the screen out again"


async def test_leaving_from_the_curtain_shows_nothing_of_the_view_drawn_under_it(tmp_path: Path) -> None:
    """Esc on the curtain saves and leaves: the view drawn under it never shows on the way out."""
    app = make_app(tmp_path, TOY_GAMES, arming=ARMED)
    terminal = _Terminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        _curtain, screen = await _first_curtain(app, pilot)
        assert screen.viewer == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert not terminal.ever("Your hand")


async def test_taking_a_move_back_from_the_curtain_shows_nothing_of_the_view_drawn_under_it(tmp_path: Path) -> None:
    """`u` on Bo's curtain takes Ada's move back: Bo's hand, drawn under the curtain, never shows."""
    app = make_app(tmp_path, TOY_GAMES, arming=ARMED)
    terminal = _Terminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        _curtain, screen = await _first_curtain(app, pilot)
        await pilot.press("enter")  # Ada's view
        await _armed(app, pilot)
        await pilot.press("enter")  # Ada plays; Bo's curtain
        curtain = await _armed(app, pilot)
        assert isinstance(curtain, Curtain) and curtain.seat.name == "Bo" and curtain.undo_label
        bo_hand = _hand(screen, 1)
        assert screen.viewer == 1
        await pilot.press("u")
        await _armed(app, pilot)
        assert not screen.match.record.moves, "Ada's move was taken back"
        assert not terminal.ever(bo_hand)


async def test_a_table_redrawn_under_the_curtain_is_drawn_again_for_the_seat_at_the_lift(tmp_path: Path) -> None:
    """The bot driver redraws the table view while it works; a curtain lifted after that shows
    its seat's view all the same, not the table's."""
    app = make_app(tmp_path, TOY_GAMES, arming=ARMED)
    terminal = _Terminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        _curtain, screen = await _first_curtain(app, pilot)
        screen.redraw()  # as the bot driver does: the table view, under the curtain
        assert screen.viewer is None
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 0
        assert _hand(screen, 0) in terminal.now()
