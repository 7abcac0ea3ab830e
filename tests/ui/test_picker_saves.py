"""The Continue list: only saves that replay are playable, unreadable files always noticed, locks respected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.ui.picker import PickerScreen
from tests.toy import TOY, toy_lookup
from tests.ui.helpers import TOY_GAMES, make_app

SEATS = (SeatInfo("Ann", "orange", "●"), SeatInfo("Ben", "sky blue", "▲"))


def _fill(tmp_path: Path, count: int) -> SaveStore:
    store = SaveStore(tmp_path)
    for seed in range(count):
        match = Match.new(TOY, SEATS, {}, seed + 1)
        match.play(0, match.legal(0)[0])
        store.save(match)
    return store


def _damaged_in_the_middle(store: SaveStore) -> None:
    """A v1 file whose second move is illegal: it parses, but does not replay."""
    match = Match.new(TOY, SEATS, {}, 99)
    data = {"format": "boardgames-tui/match", "version": 1, "id": "x", "game": "toy", "title": "High Card",
            "seats": [{"name": s.name, "colour": s.colour, "glyph": s.glyph, "human": True} for s in SEATS],
            "options": {}, "seed": 99, "moves": [[0, TOY.encode(match.legal(0)[0])], [0, "play 9"]],
            "created": "2026-01-01T00:00:00+00:00", "updated": "2026-01-01T00:00:00+00:00"}
    (store.root / "damaged.json").write_text(json.dumps(data), encoding="utf-8")


async def _settled(app, pilot) -> PickerScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    picker = app.screen
    assert isinstance(picker, PickerScreen)
    return picker


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_unreadable_files_notice_stays_visible_however_long_the_list(tmp_path: Path,
                                                                              size: tuple[int, int]) -> None:
    """Issue 11 §1: the notice disappeared after 7 saves at 80x24 and 21 at 120x40; here 60 saves."""
    store = _fill(tmp_path, 60)
    _damaged_in_the_middle(store)
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=size) as pilot:
        picker = await _settled(app, pilot)
        saves = picker.query_one("#saves", OptionList)
        assert saves.option_count == 60 == len(picker._saves)  # the damaged one is not playable
        title = picker.query_one("#broken-title", Static)
        assert title.display and title.region.height > 0
        assert title.region.bottom <= size[1] - 1  # above the key bar, on screen
        broken = picker.query_one("#broken-saves", OptionList)
        assert broken.region.height > 0 and broken.region.bottom <= size[1] - 1
        assert "1 unreadable save file" in str(title.render())
        assert "damaged.json" in str(broken.get_option_at_index(0).prompt)
        assert "move 2" in str(broken.get_option_at_index(0).prompt)
        app.save_screenshot(str(tmp_path / f"picker-{size[0]}x{size[1]}.svg"))


async def test_saves_are_checked_after_the_first_paint_and_listed_once_they_replay(tmp_path: Path) -> None:
    """With many saves the picker paints at once and replays the files afterwards (not before the paint)."""
    _fill(tmp_path, 30)
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        picker = await _settled(app, pilot)
        assert len(picker._saves) == 30 and not picker._broken
        again = SaveStore(tmp_path)
        assert len(again.listing(toy_lookup, replay=False).pending) == 30  # a fresh store knows nothing yet


async def test_a_saves_folder_that_cannot_be_read_says_so(tmp_path: Path) -> None:
    """Issue 11 §1: today "No saved matches yet."; now the reason."""
    (tmp_path / "saves").write_text("a file where the folder should be", encoding="utf-8")
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await _settled(app, pilot)
        saves = picker.query_one("#saves", OptionList)
        text = str(saves.get_option_at_index(0).prompt)
        assert "cannot be read" in text and "No saved matches" not in text


async def test_a_match_open_in_another_window_is_not_opened_twice(tmp_path: Path) -> None:
    """Issue 11 §1: the second instance is told the match is open elsewhere, and stays on the picker."""
    store = _fill(tmp_path, 1)
    other = SaveStore(tmp_path)
    path = next(store.root.glob("*.json"))
    other.open(path, toy_lookup)  # "another window" holds the match
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await _settled(app, pilot)
        assert app.resume(path) is False
        await pilot.pause()
        assert app.screen is picker
        assert any("another window" in str(n.message) for n in app._notifications)
    other.release()


async def test_the_first_paint_shows_no_empty_box_for_unreadable_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Before the saves folder is read (just after the first paint) nothing is known to be
    unreadable: the notice and its list stay hidden rather than flash up as an empty box."""
    monkeypatch.setattr(PickerScreen, "_list_known_then_check", lambda self: None)  # the paint before the listing
    app = make_app(tmp_path, TOY_GAMES)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        for selector in ("#broken-title", "#broken-saves"):
            widget = picker.query_one(selector)
            assert not widget.display and widget.region.height == 0, selector
