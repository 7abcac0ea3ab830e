"""The hand-off curtain: an opaque full screen that hides everything until the named player is ready."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.seats import colour_hex

CurtainResult = Literal["ready", "undo", "menu"]


class Curtain(Screen[CurtainResult]):
    """"Pass to <name>": nothing of the board shows through; the player's key (or a click) lifts it."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", priority=True),
        Binding("u", "undo", "Take back the last move"),
        Binding("escape", "menu", "Save and leave"),
    ]

    def __init__(
        self, seat: SeatInfo, note: str = "", undo_label: str | None = None, news: list[str] | None = None
    ) -> None:
        super().__init__()
        self.seat = seat
        self.note = note
        self.undo_label = undo_label
        self.news = news or []

    def compose(self) -> ComposeResult:
        colour = colour_hex(self.seat.colour)
        title = Text.assemble(
            ("Pass to ", "bold"), (f"{self.seat.glyph} {self.seat.name}", f"bold {colour}"), ("", "")
        )
        with Middle(), Center():
            yield Static(title, id="curtain-title")
            if self.note:
                yield Static(self.note, id="curtain-note")
            if self.news:
                lines = "\n".join(f"· {line}" for line in self.news)
                yield Static(f"Since your last turn:\n{lines}", id="curtain-news")
            yield Static(
                f"Only {self.seat.name} should look at the screen now.\nPress Enter or click when ready.",
                id="curtain-help",
            )
            yield Button(f"I am {self.seat.name}: show my view", id="curtain-ready", variant="primary")
            if self.undo_label:
                yield Button(self.undo_label, id="curtain-undo")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_label is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("undo" if event.button.id == "curtain-undo" else "ready")

    def on_click(self, event: events.Click) -> None:
        if not isinstance(event.widget, Button):
            self.dismiss("ready")

    def action_ready(self) -> None:
        self.dismiss("ready")

    def action_undo(self) -> None:
        self.dismiss("undo")

    def action_menu(self) -> None:
        self.dismiss("menu")
