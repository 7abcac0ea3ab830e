"""The newest log lines under the board on a narrow terminal (the "Recent" strip).

At 80×24 the log pane is hidden, so what the other seats just did was out of sight until `l`.
The rows a board leaves free below it now show the newest lines of the log, told for the same
viewer as the log pane: never a line the viewer may not see. The strip gives way to the log pane
(`l`, or a wide terminal), shows nothing in fewer than three rows, never scrolls away from the
newest line, and a body that fills its pane (Tolleno's map) keeps all of it.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.pilot import Pilot

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.logview import LogView, NewsStrip
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SEATS = (
    SeatInfo("[/]", "orange", "●"),
    SeatInfo("[reverse]B", "sky blue", "▲"),
    SeatInfo("Arthur", "green", "■"),
)
"""Names a markup parser would mangle: the strip must show them as typed."""


def _rows(strip: LogView) -> list[str]:
    """The strip's lines as drawn, below its rule."""
    rows = [strip.render_line(y).text.rstrip() for y in range(strip.scrollable_content_region.height)]
    if rows and rows[0].startswith(NewsStrip.TITLE.rstrip()):
        return rows[1:]
    return rows


async def _table(app: BoardgamesApp, pilot: Pilot[None], key: str, seed: int = 5) -> MatchScreen:
    """A match of `key` for SEATS, past the first curtain, with a few moves made."""
    app.start_match(key, SEATS, {}, seed)
    for _ in range(200):
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
        elif isinstance(app.screen, MatchScreen) and app.screen.viewer is not None:
            break
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    return screen


async def _play(app: BoardgamesApp, pilot: Pilot[None], moves: int) -> MatchScreen:
    """Take `moves` of the highlighted actions by keyboard, lifting curtains on the way."""
    done = 0
    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
        elif isinstance(app.screen, MatchScreen):
            if done == moves:
                break
            before = len(app.screen.match.record.moves)
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(app.screen, MatchScreen) and len(app.screen.match.record.moves) > before:
                done += 1
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    return screen


async def test_at_80x24_the_free_rows_under_the_board_show_the_newest_log_lines(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(app, pilot, "tain")
        screen = await _play(app, pilot, 4)
        await pilot.pause()
        strip = screen.query_one("#news", NewsStrip)
        pane = screen.query_one("#body-pane")
        assert strip.display and strip.size.height >= NewsStrip.MIN_ROWS
        # The board keeps its whole height; the strip has what is left of the column.
        assert pane.size.height == screen.body.outer_size.height
        assert pane.size.height + strip.outer_size.height == screen.query_one("#board-column").size.height
        # The strip tells the log pane's lines for this viewer, and ends on the newest of them.
        log = screen.query_one("#log-pane", LogView)
        assert strip.entries == log.entries and strip.entries
        shown = [row for row in _rows(strip) if row]
        newest = strip.entries[-1][0].split()
        assert shown[-1].split()[-1] == newest[-1]
        # Names are drawn as typed: no markup reaches the terminal.
        text = " ".join(_rows(strip))
        assert "[/]" in text or "[reverse]B" in text


async def test_the_strip_never_holds_a_line_the_viewer_may_not_see(tmp_path: Path) -> None:
    """Every line in the strip is public or addressed to the seat whose view is on screen; on the
    table view under a curtain (no viewer) every line is public."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(app, pilot, "tain")
        for _ in range(6):
            screen = await _play(app, pilot, 1)
            for viewer in (screen.viewer, None):
                screen.show_log(viewer)
                allowed = {e.text for e in screen.match.game.log(screen.match.state) if e.visible_to(viewer)}
                texts = {text for text, _style in screen.query_one("#news", NewsStrip).entries}
                assert texts - {"── since your last turn ──"} <= allowed
            screen.show_log(screen.viewer)
        private = [e for e in screen.match.game.log(screen.match.state) if e.audience is not None]
        assert private, "the game logged some private line, so the check above had something to refuse"


async def test_the_strip_gives_way_to_the_log_pane(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _table(app, pilot, "tain")
        strip = screen.query_one("#news", NewsStrip)
        assert strip.display
        await pilot.press("l")
        await pilot.pause()
        assert screen.query_one("#log-pane").display and not strip.display
        await pilot.press("l")
        await pilot.pause()
        assert not screen.query_one("#log-pane").display and strip.display
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _table(app, pilot, "tain")
        assert screen.query_one("#log-pane").display
        assert not screen.query_one("#news", NewsStrip).display


async def test_a_body_that_fills_its_pane_keeps_the_whole_column(tmp_path: Path) -> None:
    """Tolleno's map grows with the terminal (its height is a fraction): no strip takes rows from it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _table(app, pilot, "tolleno")
        assert screen.body.fills_pane()
        assert not screen.query_one("#news", NewsStrip).display
        assert screen.query_one("#body-pane").size.height == screen.query_one("#board-column").size.height


class _StripApp(App[None]):
    def __init__(self, height: int) -> None:
        super().__init__()
        self.height = height

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield NewsStrip(id="news")

    def on_mount(self) -> None:
        self.query_one("#box").styles.height = self.height


async def test_fewer_than_three_rows_show_nothing_and_the_newest_line_is_always_last() -> None:
    for height, drawn in ((2, False), (3, True), (6, True)):
        app = _StripApp(height)
        async with app.run_test(size=(40, 10)) as pilot:
            strip = app.query_one(NewsStrip)
            strip.set_entries(tuple((f"line {n}", "") for n in range(20)))
            await pilot.pause()
            raw = [strip.render_line(y).text.strip() for y in range(height)]
            assert any(raw) is drawn, height
            if drawn:
                assert raw[0].startswith("─ Recent")
                rows = _rows(strip)
                assert len(rows) == height - 1  # the rule on top takes a row
                assert rows == [f"line {n}" for n in range(21 - height, 20)]
                strip.scroll_home(animate=False)  # a wheel or a stray scroll cannot move it
                await pilot.pause()
                assert _rows(strip)[-1] == "line 19"
    app = _StripApp(2)
    async with app.run_test(size=(40, 10)) as pilot:
        strip = app.query_one(NewsStrip)
        strip.set_entries((("a", ""),))
        await pilot.pause()
        app.query_one("#box").styles.height = 5  # room comes back: the strip draws again
        await pilot.pause()
        assert _rows(strip)[0] == "a"
    app = _StripApp(6)
    async with app.run_test(size=(40, 10)) as pilot:
        strip = app.query_one(NewsStrip)
        strip.set_entries((("only", ""), ("two", "")))
        await pilot.pause()
        assert _rows(strip)[:3] == ["only", "two", ""], "fewer lines than rows start at the top"
