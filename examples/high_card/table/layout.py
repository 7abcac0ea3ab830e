"""What goes where: the round and scores on top, the played cards, then the viewer's hand."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette, draw_on
from examples.high_card.rules.view import View
from examples.high_card.table.cards import hand, table_row
from examples.high_card.table.look import Look


def draw(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    view: View = seen.view
    scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(seen.seats, view.scores, strict=True))
    canvas.add(Text(f"Round {view.round} · points: {scores}", style="bold"))
    canvas.newline()
    canvas.newline()
    draw_on(canvas, table_row(seen.seats, view.chosen, view.shown, pal))
    canvas.newline()
    if view.hand is None:
        canvas.add("Table view: every hand is hidden.")
        return
    canvas.add(f"Your hand: {', '.join(map(str, view.hand))}")
    canvas.newline()
    if seen.actions:
        canvas.add("Play a card: ←/→ and Enter, or click it.")
        canvas.newline()
    cursor = look.cursor if seen.actions else None
    draw_on(canvas, hand(view.hand, cursor, bool(seen.actions), pal))
