"""Replaces everything while the terminal is smaller than the minimum size."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """"Enlarge the terminal": nothing else is drawn until it is at least 80×24."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Please enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                "The game is paused and resumes as soon as it fits.",
                id="too-small",
            )
