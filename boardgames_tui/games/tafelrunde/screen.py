"""Die Tafelrunde's body widget: the round table as text; actions come from the shell's menu."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from boardgames_tui.games.tafelrunde.components import hero_label
from boardgames_tui.games.tafelrunde.views import TableView
from boardgames_tui.ui.body import GameBody, Seen


class TafelrundeBody(GameBody):
    uses_action_menu = True

    def compose(self) -> ComposeResult:
        yield Static("", id="tafelrunde-text")

    def show(self, seen: Seen) -> None:
        view: TableView = seen.view
        text = Text()
        text.append(f"Day {view.day} of {view.days}\n")
        for index, hero in enumerate(view.order):
            text.append(f"{index + 1:>2} {hero_label(hero)} ({view.values[index]:+d})\n")
        for seat, name in enumerate(view.names):
            text.append(f"{name} ({view.colours[seat]}): {view.money[seat]} silver\n")
        self.query_one("#tafelrunde-text", Static).update(text)
