"""Tasnia's body widget (first version: the table as text; actions come from the shell's list)."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.ui.body import GameBody, Seen


class TasniaBody(GameBody):
    """The Tasnia table for one viewer."""

    uses_action_menu = True

    DEFAULT_CSS = """
    TasniaBody { height: auto; width: 1fr; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.seen: Seen | None = None

    def show(self, seen: Seen) -> None:
        self.seen = seen
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.seen is None:
            return Text("")
        view = self.seen.view
        out = Text()
        out.append("Market: " + "  ".join(t or "--" for t in view.market) + "\n")
        for seat in view.seats:
            out.append(f"{seat.name}: {len(seat.tiles)} tiles, stock {' '.join(seat.stock)}\n")
        return out
