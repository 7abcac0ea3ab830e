"""The hand-off curtain: an opaque full screen that hides everything until the named player is ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.arming import GatedScreen
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.mounting import unless_taken_apart
from boardgames_tui.ui.seats import colour_hex

CurtainResult = Literal["ready", "undo", "menu"]


class NewsBox(VerticalScroll, can_focus=False):
    """The curtain's "Since your last turn" paragraphs: scrolled by the curtain's own keys or the wheel."""

    def more_hint(self) -> str:
        """What the line under the box says: how many lines lie below or above, and the keys."""
        if self.max_scroll_y <= 0:
            return ""
        below = int(self.max_scroll_y - self.scroll_y)
        if below > 0:
            return f"{below} more line{'s' if below != 1 else ''} below: Down, Page Down or the wheel"
        return "Up or Page Up for the first lines"

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.post_message(NewsBox.Scrolled())

    def on_resize(self) -> None:
        self.post_message(NewsBox.Scrolled())

    class Scrolled(Message):
        """The box scrolled or changed size: the hint under it may change."""


class Curtain(GatedScreen[CurtainResult]):
    """"Pass to <name>": nothing of the board shows through; the player's key (or a click) lifts it.

    A match screen keeps one curtain and re-addresses it with `address` before each hand-off, so
    raising it updates a few labels instead of building a screen. It holds no focusable widget
    (its keys are the screen's own), which spares a restyle on every hand-off.

    Its input is armed (`ui.arming`): keys and clicks count only from `Arming.curtain` seconds
    after it was painted, and a lift closes it again at once for the next hand-off.
    """

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", priority=True),
        Binding("u", "undo", "Take back the last move"),
        Binding("escape", "menu", "Save and leave"),
        Binding("up", "news(-1)", "Scroll news", show=False),
        Binding("down", "news(1)", "Scroll news", show=False),
        Binding("pageup", "news(-10)", "Scroll news", show=False),
        Binding("pagedown", "news(10)", "Scroll news", show=False),
    ]

    def __init__(
        self, seat: SeatInfo, note: str = "", undo_label: str | None = None, news: list[str] | None = None
    ) -> None:
        super().__init__()
        self.seat = seat
        self.note = note
        self.undo_label = undo_label
        self.news = news or []
        self._shown: dict[str, str] = {}
        """What each label shows now (see `_show`)."""
        self.on_lift: Callable[[CurtainResult], None] | None = None
        """Called with the player's answer the moment the curtain is lifted, before it is taken
        away: the screen underneath redraws for its next viewer while still covered."""
        self.when_painted: Callable[[], None] | None = None
        """Called once after the curtain's next frame has been written and everything it had to
        lay out or draw has been done (see `ui.covered`)."""

    def compose(self) -> ComposeResult:
        for part in ("title", "note"):
            yield Static(id=f"curtain-{part}")
        with NewsBox(id="curtain-news-box"):
            yield Static(id="curtain-news")
        yield Static(id="curtain-news-more")
        for part in ("help", "ready", "undo"):
            yield Static(id=f"curtain-{part}")
        yield KeyBar()

    @unless_taken_apart
    def on_mount(self) -> None:
        self._fill()

    def address(
        self, seat: SeatInfo, note: str = "", undo_label: str | None = None, news: list[str] | None = None
    ) -> None:
        """Point the curtain at another hand-off (the next seat, its note, news and undo offer)."""
        self.seat, self.note, self.undo_label, self.news = seat, note, undo_label, news or []
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        seat = self.seat
        title = Text.assemble(("Pass to ", "bold"), (f"{seat.glyph} {seat.name}", f"bold {colour_hex(seat.colour)}"))
        self.query_one("#curtain-title", Static).update(literal(title))
        self._show("#curtain-note", self.note)
        # A paragraph per turn (`ui.flow.news.news_paragraphs`), a blank line between them.
        self._show("#curtain-news", "Since your last turn:\n" + "\n\n".join(self.news) if self.news else "")
        box = self.query_one(NewsBox)
        box.display = bool(self.news)
        box.scroll_home(animate=False)
        self.call_after_refresh(self._hint_more)
        self._show("#curtain-help",
                   f"Only {seat.name} should look at the screen now.\nPress Enter or click when ready.")
        self.query_one("#curtain-ready", Static).update(literal(f"I am {seat.name}: show my view"))
        self._show("#curtain-undo", self.undo_label or "")
        self.refresh_bindings()

    def _show(self, selector: str, text: str) -> None:
        """Put `text` (literally) in a label of the curtain, which shows only when there is something to say.

        A label already showing `text` is left alone: an update lays the curtain out again, and
        the hint under the news, set after the first paint, would cost a second layout and paint
        on every hand-off."""
        if self._shown.get(selector) == text:
            return
        self._shown[selector] = text
        label = self.query_one(selector, Static)
        label.update(literal(text))
        label.display = bool(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_label is not None
        return True

    def on_news_box_scrolled(self, event: NewsBox.Scrolled) -> None:
        self._hint_more()

    def _hint_more(self) -> None:
        if self.is_mounted:
            self._show("#curtain-news-more", self.query_one(NewsBox).more_hint())

    def action_news(self, lines: int) -> None:
        """Scroll the "Since your last turn" lines (the curtain takes no focus, so its keys do it)."""
        self.query_one(NewsBox).scroll_relative(y=lines, animate=False)

    def resume_arming(self) -> float:
        return self.arming().curtain

    def _compositor_refresh(self) -> None:
        super()._compositor_refresh()
        if self.when_painted is not None and self._on_top():
            callback, self.when_painted = self.when_painted, None
            self.call_after_refresh(callback)

    def on_click(self, event: events.Click) -> None:
        """A click anywhere lifts the curtain; a click on the undo offer takes it up."""
        if not self.accepts(event):  # a second click of a double click, after the first lifted it
            return
        if event.widget is not None and event.widget.id == "curtain-undo":
            self.action_undo()
        else:
            self.action_ready()

    def _lift(self, result: CurtainResult) -> None:
        self.close_gate(self.arming().curtain)  # before anything else can reach it
        if self.on_lift is not None:
            self.on_lift(result)
        self.dismiss(result)

    def action_ready(self) -> None:
        self._lift("ready")

    def action_undo(self) -> None:
        self._lift("undo")

    def action_menu(self) -> None:
        self._lift("menu")
