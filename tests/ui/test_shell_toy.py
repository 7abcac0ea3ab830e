"""The app shell on a tiny game: picker → setup → curtains → a whole game by keyboard → game over."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.setup import SetupScreen
from examples.high_card.table.body import HighCardBody
from tests.toy import TOY
from tests.ui.helpers import TOY_GAMES, make_app, play_to_end_by_keyboard


async def test_picker_setup_curtain_full_game_and_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        name = app.screen.query_one("#name-0", Input)
        name.value = "Arthur"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        assert "Arthur" in str(app.screen.seat.name)
        await play_to_end_by_keyboard(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        saves = app.screen.query_one("#saves", OptionList)
        assert saves.option_count == 1


async def test_curtain_hides_the_board_and_private_view_appears_only_after(tmp_path: Path) -> None:
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        match_screen = app.screen_stack[-2]
        assert isinstance(match_screen, MatchScreen)
        # Under the curtain the view may already be drawn for seat 0 (`ui.covered`), never shown.
        assert match_screen.curtain_up and match_screen.viewer in (None, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is match_screen
        assert match_screen.viewer == 0
        # Seat 0 chooses; the next curtain is for seat 1 and seat 0's hand is gone already.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        assert match_screen.viewer in (None, 1), "seat 0's view is gone (seat 1's may be drawn under the curtain)"


async def test_one_curtain_serves_every_hand_off_and_goes_with_its_match(tmp_path: Path) -> None:
    """The match re-addresses a single curtain for each seat; leaving the match uninstalls it."""
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, Curtain) and first.seat.name == "Player 1"
        await pilot.press("enter")  # lift: seat 0's view
        await pilot.pause()
        await pilot.press("enter")  # seat 0 acts: the curtain comes back for seat 1
        await pilot.pause()
        assert app.screen is first and first.seat.name == "Player 2"
        await pilot.press("escape")  # save and leave from the curtain
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert not app.is_screen_installed(first)
        assert not first.is_attached


async def test_no_frame_shows_a_hand_but_that_of_the_seat_that_lifted_the_last_curtain(tmp_path: Path) -> None:
    """DESIGN "Curtain": once a seat commits, its private view is never drawn again until it lifts
    its own curtain; every frame of the match screen shows the table or the last lifter's hand."""
    app = make_app(tmp_path, TOY_GAMES)
    lifter: list[int] = []  # the seat of the last curtain lifted
    seen_hands: list[str] = []
    real_display = app._display

    def spy(screen: object, renderable: object) -> None:
        if renderable is not None and isinstance(screen, MatchScreen):
            text = screen.query_one(HighCardBody).render().plain
            hand = next((line for line in text.splitlines() if line.startswith("Your hand")), None)
            if hand is not None:
                assert lifter, "a hand was drawn before any curtain was lifted"
                own = TOY.view(screen.match.state, lifter[-1]).hand or ()
                assert hand == f"Your hand: {', '.join(map(str, own))}", (hand, lifter[-1])
                seen_hands.append(hand)
        real_display(screen, renderable)  # type: ignore[arg-type]

    app._display = spy  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "ctrl+s")
        for _ in range(12):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, Curtain):
                lifter.append(int(screen.seat.name.rsplit(" ", 1)[1]) - 1)  # default names: Player 1, 2
            await pilot.press("enter")
        await pilot.pause()
    assert len(set(lifter)) == 2 and seen_hands
