"""The match log panel: wrapping, following the newest line, and leaving a reader where they scrolled."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.ui.logview import LogView


class _LogApp(App[None]):
    CSS = "LogView { width: 20; height: 5; }"

    def compose(self) -> ComposeResult:
        yield LogView(id="log")


def _visible(view: LogView) -> list[str]:
    return [view.render_line(y).text.rstrip() for y in range(view.scrollable_content_region.height)]


async def test_long_lines_wrap_to_the_panel_width_and_the_newest_line_shows() -> None:
    app = _LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LogView)
        lines = (*((f"line {n}", "") for n in range(8)), ("a rather long entry that must wrap", "italic"))
        view.set_entries(lines)
        await pilot.pause()
        assert view.virtual_size.height > len(lines)  # the last entry took more than one row
        shown = _visible(view)
        assert shown[-1] and "wrap" in " ".join(shown)  # scrolled to the newest line
        assert all(len(row) <= view.scrollable_content_region.width for row in shown)


async def test_a_reader_who_scrolled_up_is_not_pulled_down_by_new_lines() -> None:
    app = _LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LogView)
        view.set_entries(tuple((f"line {n}", "") for n in range(20)))
        await pilot.pause()
        view.scroll_home(animate=False)
        await pilot.pause()
        view.set_entries(tuple((f"line {n}", "") for n in range(21)))
        await pilot.pause()
        assert _visible(view)[0] == "line 0"
        view.scroll_end(animate=False)
        await pilot.pause()
        view.set_entries(tuple((f"line {n}", "") for n in range(22)))
        await pilot.pause()
        assert _visible(view)[-1] == "line 21"


async def test_issue_13_no_word_is_cut_when_the_scrollbar_appears() -> None:
    """Issue 13, found in play: "Cat starts the faction row wi" — the lines were wrapped for the
    width without a scrollbar, then the scrollbar took the last columns. Every word of every entry
    must be whole on screen once the log is long enough to scroll."""
    app = _LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LogView)
        entry = "Cat starts the faction row with S-C"
        view.set_entries(((entry, ""),))
        await pilot.pause()
        view.set_entries(tuple((entry, "") for _ in range(12)))
        await pilot.pause()
        assert view.max_scroll_y > 0  # the scrollbar is there
        rows = [view.render_line(y).text for y in range(view.scrollable_content_region.height)]
        words = " ".join(row.strip() for row in rows).split()
        assert set(words) <= set(entry.split()), words


async def _laid_out_at(pilot: Pilot[None], view: LogView, height: int) -> None:
    """Give the pane `height` rows and wait until a layout has given them (a busy machine may
    need more than one pause); the checks are then on what that layout left, not on timing."""
    view.styles.height = height
    for _ in range(50):
        await pilot.pause()
        if view.size.height == height:
            return
    raise AssertionError(f"the pane never became {height} rows high")


async def test_the_log_keeps_to_its_newest_line_when_its_pane_grows_shorter() -> None:
    """Reproduction: lines set while the pane was still tall (before the board above it took its
    rows) were shown from the top once the pane shrank, so the newest move was out of sight. A
    reader at the end stays at the end; one who scrolled up stays where they were."""
    app = _LogApp()
    async with app.run_test(size=(40, 30)) as pilot:
        view = app.query_one(LogView)
        await _laid_out_at(pilot, view, 25)
        view.set_entries(tuple((f"line {n}", "") for n in range(12)))  # all fit: nothing to scroll
        await pilot.pause()
        await _laid_out_at(pilot, view, 5)
        assert view.max_scroll_y > 0 and view.scroll_y == view.max_scroll_y
        assert _visible(view)[-1] == "line 11"
        view.scroll_home(animate=False)
        await pilot.pause()
        await _laid_out_at(pilot, view, 4)
        assert view.scroll_y == 0 and _visible(view)[0] == "line 0"


MARK = "── since ──"


async def test_a_new_reader_opens_at_the_marker_as_the_pane_is_when_shown() -> None:
    """Issue 36 §2 (each seat's view its own), reproduction in Tasnia: the log opened for the next
    seat was placed with the height the previous seat's screen had left (its action list open or
    closed), so the next seat's first picture depended on the previous seat's keys. Opened while
    the pane is tall (everything after the marker fits: the newest line) and shown once it is
    short (no longer fits), it opens with the marker on top."""
    app = _LogApp()
    async with app.run_test(size=(40, 30)) as pilot:
        view = app.query_one(LogView)
        await _laid_out_at(pilot, view, 10)
        view.set_entries((*((f"old {n}", "") for n in range(6)), (MARK, ""),
                          *((f"new {n}", "") for n in range(6))))
        view.open_at(MARK)
        await _laid_out_at(pilot, view, 5)
        assert _visible(view)[0] == MARK


async def test_a_new_reader_behind_another_screen_sees_the_newest_line() -> None:
    """The same issue's Tasnia failure itself: the lines grew from fitting the pane to needing a
    scroll bar while a curtain covered it; Textual refused the scroll to the newest line (no bar
    yet), so the pane opened at the top, hiding the last move."""
    app = _LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LogView)
        view.set_entries(tuple((f"old {n}", "") for n in range(5)))  # fits: no scroll bar
        await pilot.pause()
        await app.push_screen(Screen())
        await pilot.pause()
        view.set_entries((*((f"old {n}", "") for n in range(5)), (MARK, ""), ("new 0", ""), ("new 1", "")))
        view.open_at(MARK)
        await pilot.pause()
        app.pop_screen()
        for _ in range(3):
            await pilot.pause()
        assert view.max_scroll_y > 0
        assert _visible(view)[-1] == "new 1"
