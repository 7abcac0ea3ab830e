"""A game's rules page (from assets/rules/<key>.md) and the keys that work everywhere."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer

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


class RulesScreen(Screen[None]):
    """The rules page of one game, in our own words."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "app.pop_screen", "Close")]

    def __init__(self, key: str, title: str) -> None:
        super().__init__()
        self.key = key
        self.title_text = title

    def compose(self) -> ComposeResult:
        if asset_exists("rules", f"{self.key}.md"):
            text = asset_text("rules", f"{self.key}.md")
        else:
            text = f"# {self.title_text}\n\nThe rules page for this game is not written yet.\n"
        yield MarkdownViewer(text + "\n" + COMMON_KEYS, show_table_of_contents=False, id="rules")
        yield KeyBar()
