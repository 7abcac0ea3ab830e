"""Tolleno's body widget (placeholder): the view as text; actions come from the shell's menu."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from boardgames_tui.games.tolleno.state import TollenoView
from boardgames_tui.ui.body import GameBody, Seen


class TollenoBody(GameBody):
    uses_action_menu = True

    def compose(self) -> ComposeResult:
        yield Static("", id="tolleno-text")

    def show(self, seen: Seen) -> None:
        view: TollenoView = seen.view
        text = Text()
        text.append(f"Round {view.turn}  offer {' '.join(view.offer)}\n")
        for seat in view.seats:
            text.append(f"{seat.name}: {seat.floors}/20 floors, board {seat.board}\n")
        self.query_one("#tolleno-text", Static).update(text)
