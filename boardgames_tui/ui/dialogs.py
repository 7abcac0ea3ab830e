"""Small typed dialogs that dismiss with a value."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.mounting import unless_taken_apart


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; dismisses True for yes. The question may name players: it is shown literally."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(literal(self.question), id="question")
            with Horizontal(id="dialog-buttons"):
                yield Button(literal(f"{self.yes} (y)"), variant="error", id="yes")
                yield Button(literal(f"{self.no} (n)"), variant="primary", id="no")

    @unless_taken_apart
    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
