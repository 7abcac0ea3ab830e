"""Issue 40 §1: a data folder where no match can be saved.

Reproduction: `mkdir x; echo x > x/saves; BOARDGAMES_DATA_DIR=x boardgames`, Enter, ctrl+s: the
save failed, then locking the match made the folder again and crashed (exit 1); the same with the
data folder /dev/null or /proc, and the crash notice then said every match was saved. Here the
app starts in each such folder, says once and plainly that matches cannot be saved there and why,
lets a match be played, left and quit unsaved without a crash, and never claims a save.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.saves import SaveError, SaveStore
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.crash import notice
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.picker import PickerScreen
from tests.toy import TOY
from tests.ui.helpers import TOY_GAMES, make_app


def _a_file_where_the_saves_folder_goes(tmp_path: Path) -> Path:
    (tmp_path / "saves").write_text("x\n")
    return tmp_path


HOSTILE = {
    "a file named saves": (_a_file_where_the_saves_folder_goes, "is a file, not a folder"),
    "/dev/null": (lambda _tmp: Path("/dev/null"), "cannot be made (Not a directory)"),
    "/proc": (lambda _tmp: Path("/proc"), "cannot be made"),
}


def _spy(app: BoardgamesApp) -> list[str]:
    said: list[str] = []
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        said.append(message)
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    return said


@pytest.mark.parametrize("where", sorted(HOSTILE))
def test_the_store_says_why_a_hostile_folder_cannot_hold_saves(tmp_path: Path, where: str) -> None:
    make, reason = HOSTILE[where]
    store = SaveStore(make(tmp_path))
    problem = store.unusable()
    assert problem is not None and reason in problem and str(store.root) in problem
    store.lock("abc")  # no lock can be taken there: no error either
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.simulate import default_seats

    with pytest.raises(SaveError, match=reason.split(" (")[0]):
        store.save(Match.new(TOY, default_seats(2), {}, 1))
    assert store.listing(lambda _key: TOY).saves == []
    assert SaveStore(tmp_path / "fine").unusable() is None


@pytest.mark.parametrize("where", sorted(HOSTILE))
async def test_hostile_data_folder_plays_unsaved_says_so_once_and_never_claims_a_save(tmp_path: Path,
                                                                                     where: str) -> None:
    """Start, a match by the keys of the reproduction (Enter, ctrl+s), moves, `s`, a second match,
    `q`: no crash, one notice naming the reason (however many saves failed), and the quit question
    does not claim a save. The key bar offers "Leave", not "Save & leave", and `s` asks first."""
    make, reason = HOSTILE[where]
    app = make_app(make(tmp_path), TOY_GAMES)
    said = _spy(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        # one match played and left
        await pilot.press("enter")  # the game → setup
        await pilot.press("ctrl+s")  # start
        for _ in range(6):
            await pilot.press("enter")
        assert isinstance(app.screen_stack[1], MatchScreen)
        match = app.screen_stack[1].match  # type: ignore[attr-defined]
        assert match.record.moves, "no move was played"
        keys = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values()}
        assert keys["s"] == "Leave", keys
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog) and "could not be saved" in dialog.question
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        await pilot.press("enter", "ctrl+s", "enter")  # a second match, its curtain lifted
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "could not be saved" in dialog.question and "is saved" not in dialog.question
        await pilot.press("escape")
    assert app._exception is None and app.return_code in (0, None)
    cannot = [m for m in said if "cannot be saved" in m]
    assert len(cannot) == 1, said
    assert reason in cannot[0] and "You can play" in cannot[0]
    assert not [m for m in said if "saved as a separate match" in m]


async def test_the_leave_key_says_save_and_leave_while_saving_works(tmp_path: Path) -> None:
    """Issue 40 remnant: "Save & leave" names a save only where one is made; `s` leaves at once."""
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        keys = {b.binding.key: b.binding.description for b in app.screen.active_bindings.values()}
        assert keys["s"] == "Save & leave", keys
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
    assert app.store.listing(lambda _key: TOY).saves


def test_the_crash_notice_claims_saved_matches_only_when_they_were_saved() -> None:
    """Issue 40 §1 and §6: one line, with "every match is saved" only when saving worked."""
    for path in (None, Path("r/crash-1.txt")):
        for saved in (True, False):
            line = notice(path, saved=saved)
            assert "\n" not in line
            assert ("every match is saved" in line) == saved
            assert ("could not be saved" in line) == (not saved)
            assert (str(path) in line) if path else "no crash report could be written" in line


async def test_a_crash_in_a_hostile_folder_does_not_claim_a_save(tmp_path: Path) -> None:
    app = make_app(_a_file_where_the_saves_folder_goes(tmp_path), TOY_GAMES)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.pause()

            def boom() -> None:
                raise RuntimeError("boom")

            app.call_later(boom)
            await pilot.pause()
    line = app.crash_notice or ""
    assert "\n" not in line and "could not be saved" in line and "every match is saved" not in line
