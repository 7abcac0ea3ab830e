"""Issue 12 §3: the Continue list names the round and who is to act, "… · <name> to act",
several names for a sealed choice, the names shown literally."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games import GAMES
from boardgames_tui.ui.picker import PickerScreen
from tests.toy import TOY
from tests.ui.helpers import TOY_GAMES, make_app

HOSTILE = (SeatInfo("[bold]Ann[/]", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"))


async def _continue_lines(app, pilot) -> list[str]:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    picker = app.screen
    assert isinstance(picker, PickerScreen)
    saves = picker.query_one("#saves", OptionList)
    return [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)
            if saves.get_option_at_index(i).id is not None]


async def test_continue_names_both_seats_of_a_sealed_choice_then_the_one_still_to_choose(tmp_path: Path) -> None:
    """A sealed choice waits for every seat that has not chosen: both names, then only Ben's;
    a name with markup in it is shown as typed."""
    store = SaveStore(tmp_path)
    match = Match.new(TOY, HOSTILE, {}, 4)
    store.save(match)
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        [label] = await _continue_lines(app, pilot)
        first = label.splitlines()[0]
        assert first.startswith("High Card · ") and first.endswith(" · [bold]Ann[/], Ben to act")
    match.play(0, match.legal(0)[0])
    store.save(match)
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        [label] = await _continue_lines(app, pilot)
        assert label.splitlines()[0].endswith(" · Ben to act")


async def test_continue_wording_for_tain_names_the_turn_and_the_player(tmp_path: Path) -> None:
    """The issue's example shape: "Tàin · turn 1 of 8, scouting · Bob to act"."""
    game = GAMES["tain"].game
    seats = (SeatInfo("Bob", "orange", "●"), SeatInfo("Cleo", "sky blue", "▲"))
    match = Match.new(game, seats, game.default_options(), 8)
    decision = match.decision()
    assert decision is not None
    SaveStore(tmp_path).save(match)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        [label] = await _continue_lines(app, pilot)
        progress = game.progress(match.state)
        who = seats[decision.seats[0]].name
        assert label.splitlines()[0] == f"Tàin · {progress[0].lower()}{progress[1:]} · {who} to act"
