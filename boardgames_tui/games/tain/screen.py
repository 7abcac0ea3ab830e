"""Tàin's body widget: the boards rendered as text; actions come from the shell's menu for now."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from boardgames_tui.games.tain.views import TainView
from boardgames_tui.ui.body import GameBody, Seen


class TainBody(GameBody):
    uses_action_menu = True

    def compose(self) -> ComposeResult:
        yield Static("", id="tain-text")

    def show(self, seen: Seen) -> None:
        view: TainView = seen.view
        text = Text()
        text.append(f"Turn {view.turn} of {view.turns}  FK cows {view.fk_cows}\n")
        for clan in view.clans:
            text.append(f"{clan.name}: {clan.cows} cows, {clan.jewels} jewels, screen {clan.screen_count}\n")
        self.query_one("#tain-text", Static).update(text)
