"""High Card's body: the table for one viewer, and the keys and clicks that play a card.

Left/Right move along the hand, Enter plays the highlighted card, a click plays the card under
the pointer. The body renders `Seen.view` and offers only `Seen.actions`; it decides no rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding

from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal
from examples.high_card.rules.actions import Play
from examples.high_card.table.layout import draw
from examples.high_card.table.look import Look


class HighCardBody(LineDrawn, GameBody, can_focus=True):
    """The table of High Card for one viewer (or the whole table)."""

    DEFAULT_CSS = """
    HighCardBody { height: auto; width: 1fr; padding: 0 1; }
    HighCardBody:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("enter", "play", "Play"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.look = Look()
        self._canvas = Canvas()

    def show(self, seen: Seen) -> None:
        if self.seen is None or self.seen.viewer != seen.viewer:
            self.look = Look()  # a new viewer starts with its own cursor, never the last one's
        self.seen = seen
        self.refresh(layout=True)
        self.refresh_bindings()

    def _plays(self) -> list[Play]:
        return [a for a in self.seen.actions if isinstance(a, Play)] if self.seen else []

    def render(self) -> Text:
        key = (self.seen, self.look, self.has_focus)
        return literal(self.drawn_once(key, self._draw))

    def _draw(self) -> Text:
        canvas = Canvas()
        if self.seen is not None:
            draw(canvas, self.seen, replace(self.look, focused=self.has_focus), palette_of(self.app))
        self._canvas = canvas
        return canvas.text(crop=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "play"):
            return bool(self._plays())
        return True

    def action_move(self, step: int) -> None:
        hand = self.seen.view.hand if self.seen else None
        if hand:
            self.look = replace(self.look, cursor=(self.look.cursor + step) % len(hand))
            self.refresh()

    def action_play(self) -> None:
        hand = self.seen.view.hand if self.seen else None
        if hand and self._plays():
            self.choose(Play(hand[min(self.look.cursor, len(hand) - 1)]))

    def on_click(self, event: events.Click) -> None:
        target = self._canvas.hit(event.y, event.x - 1)
        if isinstance(target, Play) and target in self._plays():
            event.stop()
            self.choose(target)
