"""A game's rules page (from assets/rules/<key>.md) and the keys that work everywhere.

The page is Rich's Markdown in a scrolling view: parsed once per game and kept, it draws in a few
milliseconds, where Textual's MarkdownViewer builds a widget per block (a second or more).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from boardgames_tui.assets_loader import asset_exists, asset_text
from boardgames_tui.ui.keybar import KeyBar

COMMON_KEYS = """
## Keys everywhere

| Key | What it does |
|---|---|
| arrows, Tab, Enter, mouse | move, switch panels, choose |
| ? or F1 | this rules page |
| u | take back your last decision (only while it revealed nothing) |
| a | show every remaining step of a resolution at once |
| l | show or hide the log |
| m | show the plain list of every legal action |
| s | save and return to the game list |
| q | quit (the match stays saved) |
| Esc | close this page |
"""


class LaidOut:
    """A renderable laid out once per width and then replayed: Textual renders a widget's content
    to measure its height and again to paint it, and a rules page is the same at a given width."""

    def __init__(self, renderable: Any) -> None:
        self.renderable = renderable
        self._lines: dict[int, list[list[Segment]]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = self._lines.get(width)
        if lines is None:
            layout = options.update(height=None)
            lines = self._lines[width] = console.render_lines(self.renderable, layout, pad=False)  # not markup
        new_line = Segment.line()
        for line in lines:
            yield from line
            yield new_line


@cache
def rules_page(key: str, title: str) -> LaidOut:
    """The rules page of a game: parsed once, laid out once per width."""
    if asset_exists("rules", f"{key}.md"):
        text = asset_text("rules", f"{key}.md")
    else:
        text = f"# {title}\n\nThe rules page for this game is not written yet.\n"
    return LaidOut(Markdown(text + "\n" + COMMON_KEYS, hyperlinks=False))


def warm_rules(key: str, title: str) -> None:
    """Parse a game's rules page ahead of time (safe in a worker thread: no Textual call)."""
    rules_page(key, title)


def show_rules(app: App[Any], key: str, title: str) -> None:
    """Push the rules page of `key`; each game's page is built once and kept installed."""
    name = f"rules-{key}"
    if not app.is_screen_installed(name):
        app.install_screen(RulesScreen(key, title), name)
    if app.screen is not app.get_screen(name):
        app.push_screen(name)


class RulesScreen(Screen[None]):
    """The rules page of one game, in our own words. Esc (or q) closes it; ? and F1 leave it open."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Close"),
        Binding("question_mark,f1", "already_open", "Rules", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]

    def __init__(self, key: str, title: str) -> None:
        super().__init__()
        self.key = key
        self.title_text = title

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            yield Static(rules_page(self.key, self.title_text), id="rules-text", markup=False)
        yield KeyBar()

    def on_screen_resume(self) -> None:
        pane = self.query_one("#rules", VerticalScroll)
        pane.scroll_home(animate=False)
        pane.focus()

    def action_already_open(self) -> None:
        """A second ? would close the page by surprise: say how to close it instead."""
        self.notify("This is the rules page: Esc closes it.", timeout=3)

    def action_scroll(self, where: str) -> None:
        pane = self.query_one("#rules", VerticalScroll)
        if where == "home":
            pane.scroll_home(animate=False)
        else:
            pane.scroll_end(animate=False)
