"""Issue 40 §3: a match open in another window cannot be deleted; no window removes a lock it does not hold.

Reproduction: window B deleted (picker `d`, `y`) the match window A was playing, unlinking A's
lock file; A's next move made the file again, a third window C opened it without being told, and
the match forked in two when A and C both played.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine import savefs
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.savefs import LOCK_PREFIX, MatchLock
from boardgames_tui.engine.saves import MatchOpenElsewhere, SaveStore
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.picker import PickerScreen
from tests.toy import TOY, toy_lookup
from tests.ui.helpers import TOY_GAMES, make_app


def _saved(tmp_path: Path) -> Path:
    store = SaveStore(tmp_path)
    match = Match.new(TOY, default_seats(2), {}, 5)
    return store.save(match)


def test_a_store_refuses_to_delete_a_match_another_store_holds(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    lock_file = path.parent / f"{LOCK_PREFIX}{path.stem}"
    window_a, window_b, window_c = SaveStore(tmp_path), SaveStore(tmp_path), SaveStore(tmp_path)
    window_a.open(path, toy_lookup)
    with pytest.raises(MatchOpenElsewhere, match="open in another window"):
        window_b.delete(path)
    assert path.exists() and lock_file.exists()
    with pytest.raises(MatchOpenElsewhere):
        window_c.open(path, toy_lookup)  # still told: A's lock is where it was
    window_a.release()
    window_b.delete(path)  # nobody has it open now: deleted with its lock file
    assert not path.exists() and not lock_file.exists()
    assert window_b._locks == {}


def test_a_lock_on_a_file_removed_meanwhile_is_taken_again_on_the_new_file(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The race behind "never a lock it does not hold": a window opens the lock file just as its
    holder deletes the match and lets go; the lock it then gets is on a removed file, so it locks
    the file now at the path instead (else a third window could lock that one too)."""
    path = tmp_path / ".lock-m"
    real = savefs._try_lock
    calls = 0

    def holder_deletes_first(handle):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == 1:
            path.unlink()  # the holder removed the file this handle has open, then let go
        return real(handle)

    monkeypatch.setattr(savefs, "_try_lock", holder_deletes_first)
    lock = MatchLock(path)
    assert lock.acquire() and calls == 2
    monkeypatch.setattr(savefs, "_try_lock", real)
    assert not MatchLock(path).acquire()  # the file at the path is the one locked
    lock.release()


async def test_deleting_from_the_picker_a_match_open_elsewhere_says_why_and_keeps_it(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    window_a = SaveStore(tmp_path)
    window_a.open(path, toy_lookup)
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen) and app.screen._saves
        await pilot.press("tab", "d")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        said = [str(n.message) for n in app._notifications]
        assert any(m.startswith("Not deleted:") and "open in another window" in m for m in said), said
        assert not any(m.startswith("Deleted") for m in said)
    assert path.exists() and (path.parent / f"{LOCK_PREFIX}{path.stem}").exists()
    with pytest.raises(MatchOpenElsewhere):
        SaveStore(tmp_path).open(path, toy_lookup)
    window_a.release()
