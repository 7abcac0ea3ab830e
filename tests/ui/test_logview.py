"""The match log panel: wrapping, following the newest line, and leaving a reader where they scrolled."""

from __future__ import annotations

from textual.app import App, ComposeResult

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
