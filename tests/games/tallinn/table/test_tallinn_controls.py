"""Tallinn's controls under issue 12 §2: a key that can do nothing says why, and the removal
choice marks a row so that marked and unmarked read apart without colour, on the highlighted row too."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer
from textual.widgets import SelectionList, Static

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.actions import Remove
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.table.body import TallinnBody
from boardgames_tui.games.tallinn.table.panes import HandPicker
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.kit import icon
from tests.games.tallinn.scenario import P, play, table

SEATS = (SeatInfo("Anna", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"))


class BodyApp(App[None]):
    """Tallinn's body for one viewer of one position; records choices and notifications."""

    def __init__(self, state: Any, viewer: int) -> None:
        super().__init__()
        self.state, self.viewer = state, viewer
        self.chosen: list[Any] = []
        self.notes: list[str] = []

    def compose(self) -> ComposeResult:
        with ScrollableContainer():
            yield TallinnBody()

    def on_mount(self) -> None:
        state, viewer = self.state, self.viewer
        actions = tuple(GAME.legal(state, viewer))
        labels = {a: GAME.describe(state, viewer, a, viewer) for a in actions}
        seen = Seen(GAME, GAME.view(state, viewer), viewer, SEATS, GAME.to_act(state), actions, labels)
        self.query_one(TallinnBody).show(seen)

    def on_game_body_chosen(self, event: GameBody.Chosen) -> None:
        self.chosen.append(event.action)

    def notify(self, message: str, **kwargs: Any) -> None:  # type: ignore[override]
        self.notes.append(str(message))


async def test_issue_12_keys_that_can_do_nothing_now_say_why() -> None:
    """No Envoy half lit, no Supporter held: f and p explain instead of doing nothing silently."""
    state = table(P("S-A", hand="1 2 3"), P("S-B", hand="4 5 6"), supporters=True)
    app = BodyApp(state, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.focused, HandPicker)
        await pilot.press("f", "p")
        assert any("Envoy" in n for n in app.notes) and any("no Supporter" in n for n in app.notes)
        assert app.chosen == []


def _removal() -> Any:
    """Chronicle I is "remove Knights 3+ for 1 coin": Anna's 9A and 8A show 4 Knights."""
    state = table(P("S-A", row="9A 8A", hand="10 1 2"), P("S-B", row="5B", hand="10 3 4"), round=4,
                  chronicles=(4, 1))
    state = play(state, {0: "10A", 1: "10A"})  # no coin: no dispute; then the draws and the chronicle
    assert state.phase is Phase.REMOVE and state.asked == (0,)
    return state


async def test_issue_13_removal_rows_read_marked_or_kept_by_their_words_not_only_a_colour() -> None:
    """Today a pale X against a dark X on the highlighted row: each row now says ✔ remove or
    · keep, so the highlighted row reads right too; r then removes exactly the marked cards."""
    app = BodyApp(_removal(), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        rows = app.query_one("#tl-remove", SelectionList)
        assert app.focused is rows

        def prompts() -> list[str]:
            return [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]

        assert len(prompts()) == 2 and all("keep" in p for p in prompts())  # 10A shows no Knight: not listed
        await pilot.press("space")
        await pilot.pause()
        assert "remove" in prompts()[0] and "keep" in prompts()[1]
        await pilot.press("down", "space")
        await pilot.pause()
        assert all("remove" in p for p in prompts())
        await pilot.press("space")  # unmark the highlighted row again
        await pilot.pause()
        assert "keep" in prompts()[1]
        await pilot.press("space", "r")
        await pilot.pause()
        assert app.chosen == [Remove((9, 8))]


def _note(app: App[Any]) -> str:
    return str(app.query_one("#tl-note", Static).render())


async def test_issue_13_removal_marks_add_up_on_the_board_and_only_cards_that_may_go_are_listed() -> None:
    """Everything needed to decide is drawn: the list holds the cards some legal removal takes
    (10A shows no Knight and stays), drawn as icons; the note adds up the Knights the marked
    cards show and says whether r would take them."""
    app = BodyApp(_removal(), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        rows = app.query_one("#tl-remove", SelectionList)
        assert [rows.get_option_at_index(i).value for i in range(rows.option_count)] == [9, 8]
        assert "Knights" in str(rows.border_title)
        assert icon("knight") in str(rows.get_option_at_index(0).prompt)
        assert "Marked:" in _note(app) and "none yet" in _note(app)
        await pilot.press("space")  # 9A: 2 Knights, 3 needed
        await pilot.pause()
        assert "not enough: 3+ needed" in _note(app)
        await pilot.press("down", "space")  # and 8A: 4 Knights
        await pilot.pause()
        assert "r removes 2 cards for 2 points" in _note(app)
        await pilot.press("r")
        await pilot.pause()
        assert app.chosen == [Remove((9, 8))]
