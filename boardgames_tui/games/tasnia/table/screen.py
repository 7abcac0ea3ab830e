"""Tasnia's body widget: keys and clicks on the table drawn by `screen_draw`.

Keyboard: in the Trade and Purchase phases left/right pick a market stack; Enter shows the
purchase with its payment and a second Enter buys (c changes the payment first), t chooses
cards to trade in (Enter trades), b goes on to building. In the Building phase the arrows move
the cursor over your area, 1-9 pick a stockpile tile, Enter puts the tile down (or picks up the
tile under the cursor), x sends a picked-up tile to the stockpile, Esc lets go, e ends the
phase. p steps through the special-card actions (housing or moving a card, Plague, Scoundrel,
where a divided building's card goes) and Enter plays the one shown; o shows the other seats at
small sizes. Every tile, stack and button is also clickable, and a click acts on exactly what
is drawn under the pointer. A key that can do nothing says why on the status line.
The widget never decides a rule: it offers `Seen.actions`, and asks the rules why a cell is
refused; an illegal request goes to the rules, whose reason the shell shows.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding

from boardgames_tui.games.tasnia.rules.actions import CODEC, Buy
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.table.screen_draw import Look
from boardgames_tui.games.tasnia.table.screen_fit import draw_fitted
from boardgames_tui.games.tasnia.table.screen_input import TasniaInput
from boardgames_tui.ui.body import Seen, room_height
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.literal import literal


class TasniaBody(TasniaInput, can_focus=True):
    """The Tasnia table for one viewer."""

    uses_action_menu = False

    DEFAULT_CSS = """
    TasniaBody {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    TasniaBody:focus {
        background: $boost;
    }
    """

    BINDINGS = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, 1)", "Up", show=False),
        Binding("down", "move(0, -1)", "Down", show=False),
        Binding("enter,space", "confirm", "Select (buy, put, pick up)"),
        Binding("c", "cycle_payment", "Payment", show=False),
        Binding("t", "cycle_trade", "Trade"),
        Binding("p", "cycle_special", "Special card"),
        Binding("b", "to_building", "Go build"),
        Binding("e", "end_building", "End building"),
        Binding("x", "to_stock", "To stockpile", show=False),
        Binding("o", "toggle_others", "Others", show=False),
        Binding("escape", "let_go", "Let go", show=False),
        *[Binding(str(n), f"take({n - 1})", f"Stock tile {n}", show=False) for n in range(1, 10)],
    ]

    # --- showing --------------------------------------------------------------------------
    def private_news(self, lines: list[str], done: Callable[[], None]) -> None:
        """Show the seat that just moved what only it learnt (the cards it gathered) until it
        presses Enter or clicks the notice; then `done` hands the laptop on."""
        self.news = (lines, done)
        self.refresh(layout=True)
        self.focus()

    def show(self, seen: Seen) -> None:
        self.news = None
        self.seen = seen
        self.special = None
        self.armed = None
        self.note = None
        if seen.viewer != self._viewer:
            self._viewer = seen.viewer
            self.cursor = self._home_cell()
            self.payment = 0
            self.trade = None
        if not any(isinstance(a, Buy) and a.stack == self.stack for a in seen.actions):
            stacks = sorted({a.stack for a in seen.actions if isinstance(a, Buy)})
            if stacks:
                self.stack = stacks[0]
                self.payment = 0
        self.refresh(layout=True)
        if self._acting() and not self._menu_has_focus():
            self.call_after_refresh(self._focus_unless_menu)
        self.refresh_bindings()  # the key bar repaints only if the keys on offer changed

    def _menu_has_focus(self) -> bool:
        """Whether the shell's action list is open and focused: Enter then belongs to it."""
        try:
            focused = self.screen.focused
        except Exception:  # not mounted on a screen yet
            return False
        return focused is not None and focused is not self and focused.id == "actions" and focused.display

    def _focus_unless_menu(self) -> None:
        if not self._menu_has_focus():
            self.focus()

    def _home_cell(self) -> Cell:
        seat = self._shown_seat()
        if seat is None or not seat.tiles:
            return (0, 0)
        xs = [c[0] for c, _ in seat.tiles]
        return (max(xs) + 2, 0)

    def _look(self) -> Look:
        width = max(40, self.size.width - 2) if self.size.width else 76
        height = room_height(self) or 38
        if self.view is not None and self.view.over:
            height = 10_000  # the game-over page scrolls: nothing is cut
        acting = self._acting()
        buy = self.buy_choice() if acting and self._phase() in (Phase.TRADE, Phase.PURCHASE) else None
        trade = self.trade_choice() if acting else None
        special = self.special_choice() if acting else None
        look = Look(width, height, self.cursor, self.stack, acting=acting, note=self.note, armed=self.armed,
                    show_others=self.show_others)  # fmt: skip
        look.payment = self.armed.payment if self.armed else buy.payment if buy is not None and trade is None else ()
        if trade is not None:
            look.payment = (trade.kind,) * trade.count
            look.trade_line = Text(f"Enter trades in {trade.count} {trade.kind} and draws as many", style="bold")
            look.trade_line.append(" · t: another trade · Esc: no trade", style="dim")
        if special is not None:
            label = self.seen.labels.get(special) if self.seen else None
            look.special_line = Text(f"Enter: {label or CODEC.encode(special)}", style="bold")
            look.special_line.append(" · p: next · Esc: never mind", style="dim")
        return look

    def render(self) -> Text:
        look = self._look()  # with the seen moment and the news: everything the table is drawn from
        return literal(self.drawn_once((self.seen, look, self.news, self.has_focus), lambda: self._render_table(look)))

    def _render_table(self, look: Look) -> Text:
        if self.seen is None:
            return Text("")
        canvas = Canvas()
        pal = palette_of(self.app)
        if self.news is not None:
            canvas.add(Text(" ".join(self.news[0]), style=f"bold {pal.text_success}"), target=("news",))
            canvas.newline()
            canvas.add(Text("Enter or click here: pass the laptop on", style="bold reverse"), target=("news",))
            canvas.newline()
        draw_fitted(canvas, self.seen, look, pal)
        self.canvas = canvas
        return literal(canvas.text(crop=True))
