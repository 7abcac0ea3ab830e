"""Tasnia's body widget: keys and clicks on the table drawn by `layout`, into legal actions.

Keyboard: in the Trade and Purchase phases left/right pick a market stack; Enter shows the purchase with its
payment and a second Enter buys (c changes the payment first), t chooses cards to trade in (Enter trades), b goes
on to building. In the Building phase the arrows move the cursor over your area, 1-9 pick a stockpile tile, Enter
puts the tile down (or picks up the tile under the cursor), x sends a picked-up tile to the stockpile, Esc lets
go, e ends the phase. p steps through the special-card actions (housing or moving a card, Plague, Scoundrel, where
a divided building's card goes) and Enter plays the one shown; o shows the other seats at small sizes. Every
tile, stack and button is also clickable, and a click acts on exactly what is drawn under the pointer. A key that
can do nothing says why on the status line. The widget never decides a rule: it offers `Seen.actions`, and asks
the view why a cell is refused; an illegal request goes to the rules, whose reason the shell shows.

The viewer's cursor and choices are one `Look` value, replaced on every key (see `look`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding

from boardgames_tui.games.tasnia.rules.actions import (
    Buy,
    Cancel,
    EndBuilding,
    Lift,
    Put,
    Stock,
    Take,
    ToBuilding,
    Trade,
)
from boardgames_tui.games.tasnia.rules.components import Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.text import plain_reason
from boardgames_tui.games.tasnia.rules.view import TasniaView, put_refusal
from boardgames_tui.games.tasnia.table import look as looks
from boardgames_tui.games.tasnia.table.layout import draw_fitted, draw_news, seen_after
from boardgames_tui.games.tasnia.table.look import Look, Special, buys, dressed, home_cell, specials, why_no_special
from boardgames_tui.ui.body import GameBody, Seen, room_height
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal


class TasniaBody(LineDrawn, GameBody, can_focus=True):
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
        Binding("b", "to_building", "Build"),
        Binding("e", "end_building", "End building"),
        Binding("x", "to_stock", "To stockpile", show=False),
        Binding("o", "toggle_others", "Others", show=False),
        Binding("escape", "let_go", "Let go", show=False),
        *[Binding(str(n), f"take({n - 1})", f"Stock tile {n}", show=False) for n in range(1, 10)],
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.look = Look()
        """The viewer's cursor, choices and note (a new viewer starts at its home cell, nothing chosen)."""
        self.news: tuple[list[str], Callable[[], None]] | None = None
        """What the seat that just ended its turn alone learnt (its cards drawn) and how to go on."""
        self.canvas = Canvas()
        """The last drawing, whose spans map a click back to what was drawn there."""
        self._viewer: int | None = None
        self._market_at_trade: tuple[int, ...] | None = None  # stack sizes while the viewer could trade

    # --- what the viewer sees and may do ----------------------------------------------------
    @property
    def view(self) -> TasniaView | None:
        return self.seen.view if self.seen is not None else None

    cursor = property(lambda self: self.look.cursor, doc="The cell of the viewer's area the cursor is on.")
    stack = property(lambda self: self.look.stack, doc="The market stack the cursor is on.")
    armed = property(lambda self: self.look.armed, doc="The purchase shown, waiting for its second Enter.")

    @property
    def note(self) -> Text | None:
        """Why the last key could do nothing (on the status line), None when it did something."""
        return self.look.note

    @note.setter
    def note(self, note: Text | None) -> None:
        self._change(note=note)

    def buy_choice(self) -> Buy | None:
        return self.look.buy_choice(self.seen)

    def trade_choice(self) -> Trade | None:
        return self.look.trade_choice(self.seen)

    def special_choice(self) -> Special | None:
        return self.look.special_choice(self.seen)

    def _acting(self) -> bool:
        seen = self.seen
        return self.news is None and seen is not None and bool(seen.actions) and seen.viewer == seen.view.current

    def _phase(self) -> Phase | None:
        return self.view.phase if self.view is not None else None

    def _change(self, **changes: Any) -> None:
        self.look = replace(self.look, **changes)

    def _say(self, why: str) -> None:
        """Put why a key could do nothing on the status line."""
        self._change(note=Text(why, style="bold"))
        self.refresh(layout=True)

    def _redraw(self, **changes: Any) -> None:
        self._change(note=None, **changes)
        self.refresh(layout=True)

    def _news_read(self) -> None:
        news, self.news = self.news, None
        if news is not None:
            news[1]()

    # --- showing --------------------------------------------------------------------------
    def private_news(self, lines: list[str], done: Callable[[], None]) -> None:
        """Show the seat that just moved what only it learnt (the cards it gathered) until it
        presses Enter or clicks the notice; then `done` hands the laptop on."""
        self.news = (lines, done)
        self.seen = seen_after(self.seen, lines)  # the table as it is after the drawing
        self.refresh(layout=True)
        self.focus()

    def show(self, seen: Seen) -> None:
        self.news, self.seen = None, seen
        self._change(special=None, armed=None, note=None)
        if seen.view.phase is Phase.TRADE:
            self._market_at_trade = seen.view.stack_sizes
        if seen.viewer != self._viewer:
            self._viewer = seen.viewer
            self._change(cursor=home_cell(seen), choice=0, trade=None)
        if not any(isinstance(a, Buy) and a.stack == self.look.stack for a in seen.actions):
            stacks = sorted({a.stack for a in seen.actions if isinstance(a, Buy)})
            if stacks:
                self._change(stack=stacks[0], choice=0)
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

    def _look(self) -> Look:
        width = max(40, self.size.width - 2) if self.size.width else 76
        height = room_height(self) or 38
        if self.view is not None and self.view.over:
            height = 10_000  # the game-over page scrolls: nothing is cut
        return dressed(self.look, self.seen, width=width, height=height, acting=self._acting())

    def render(self) -> Text:
        look = self._look()  # with the seen moment and the news: everything the table is drawn from
        return literal(self.drawn_once((self.seen, look, self.news, self.has_focus), lambda: self._render_table(look)))

    def _render_table(self, look: Look) -> Text:
        if self.seen is None:
            return Text("")
        canvas = Canvas()
        pal = palette_of(self.app)
        if self.news is not None:
            draw_news(canvas, self.news[0], self.seen, pal)
        draw_fitted(canvas, self.seen, look, pal)
        self.canvas = canvas
        return literal(canvas.text(crop=True))

    def action_move(self, dx: int, dy: int) -> None:
        if not self._acting():
            self._say("It is not your turn to act." if self.seen else "")
            return
        self._change(armed=None)
        phase = self._phase()
        if phase in (Phase.TRADE, Phase.PURCHASE):
            self._change(stack=(self.stack + dx) % len(self.view.market), choice=0, trade=None)  # type: ignore[union-attr]
        elif phase is Phase.BUILD:
            self._change(cursor=(self.cursor[0] + dx, self.cursor[1] + dy))
        self._redraw()

    def action_cycle_trade(self) -> None:
        if not self._acting() or self._phase() is not Phase.TRADE:
            self._say("You may trade only once, at the start of your turn, before buying.")
            return
        trade = self.look.trade
        self._redraw(trade=0 if trade is None else trade + 1, special=None, armed=None)

    def action_cycle_special(self) -> None:
        if not self._acting():
            self._say("It is not your turn to act.")
            return
        if not specials(self.seen):
            self._say(why_no_special(self.seen, self._phase()))
            return
        special = self.look.special
        self._redraw(special=0 if special is None else special + 1, trade=None, armed=None)

    def action_cycle_payment(self) -> None:
        if not self._acting() or self._phase() not in (Phase.TRADE, Phase.PURCHASE):
            self._say("Payments are chosen while buying.")
            return
        if len(buys(self.seen, self.stack)) < 2:
            self._say("There is only one way to pay for this tile." if buys(self.seen, self.stack) else
                      "You cannot pay for this tile.")  # fmt: skip
            return
        self._redraw(choice=self.look.choice + 1, armed=None)

    def action_confirm(self) -> None:
        if self.news is not None:
            self._news_read()
            return
        if not self._acting() or self.seen is None:
            self._say("It is not your turn to act.")
            return
        view = self.seen.view
        trade = self.trade_choice()
        special = self.special_choice()
        if trade is not None:
            self._change(trade=None)
            self.choose(trade, confirmed=True)  # `t` showed it; this Enter is the second press
        elif special is not None:
            self._change(special=None)
            self.choose(special, confirmed=True)  # `p` showed it; this Enter is the second press
        elif view.phase in (Phase.TRADE, Phase.PURCHASE):
            self._buy(self.stack)
        elif view.phase is Phase.BUILD:
            self._at_cell(self.cursor)

    def _buy(self, stack: int) -> None:
        """A first request shows the purchase and its payment; a second one on the same stack buys."""
        assert self.seen is not None
        if stack != self.stack:
            self._change(stack=stack, choice=0)
        buy = self.buy_choice()
        if buy is None:
            top = self.seen.view.market[stack]
            self._change(armed=None)
            self._say(f"You cannot pay for stack {stack + 1}." if top else f"Stack {stack + 1} is empty.")
            return
        if self.armed == buy:
            self._change(armed=None)
            self.choose(buy, confirmed=True)
            return
        self._redraw(armed=buy)

    def _at_cell(self, cell: Cell) -> None:
        """Enter or a click on a cell of your area: the cursor goes there, then put or pick up."""
        assert self.seen is not None
        view = self.seen.view
        self._change(cursor=cell)
        if view.holding is not None:
            reason = put_refusal(view, cell)
            if reason is not None:
                self._say(f"Not here: {plain_reason(reason)}")
                return
            self.choose(Put(cell))
            return
        seat = view.seats[view.current]
        if cell in dict(seat.tiles):
            if cell in seat.locked:
                self._say("That tile is locked: its building was completed, so it never moves again.")
                return
            self.choose(Lift(cell))
        else:
            self._say("Pick a tile from your stockpile first (1-9 or click it).")

    def action_take(self, index: int) -> None:
        if not self._acting() or self.seen is None or self._phase() is not Phase.BUILD:
            self._say("Stockpile tiles are placed in the Building phase (b goes on to building).")
            return
        tiles = list(dict.fromkeys(self.seen.view.seats[self.seen.view.current].stock))
        if index >= len(tiles):
            self._say(f"Your stockpile has no tile {index + 1}." if tiles else "Your stockpile is empty.")
            return
        if self.seen.view.holding is not None:
            self.choose(Cancel())
        self.choose(Take(tiles[index]))

    def action_to_building(self) -> None:
        if self._acting() and self._phase() in (Phase.TRADE, Phase.PURCHASE):
            self.choose(ToBuilding())
        else:
            self._say("You are already building." if self._acting() else "It is not your turn to act.")

    def action_end_building(self) -> None:
        if not self._acting() or self._phase() is not Phase.BUILD:
            self._say("Go on to building first (b)." if self._acting() else "It is not your turn to act.")
        elif self.view is not None and self.view.holding is not None:
            self._say("Put down or let go (Esc) of the tile you are holding first.")
        else:
            self.choose(EndBuilding())

    def action_to_stock(self) -> None:
        held = self.view.holding if self.view is not None else None
        if not self._acting() or held is None or held.source is None:
            self._say("Pick up a tile of your area first (Enter on it) to send it back to the stockpile.")
            return
        self.choose(Stock())

    def action_toggle_others(self) -> None:
        self._redraw(show_others=not self.look.show_others)

    def action_let_go(self) -> None:
        if self.look.special is not None or self.look.trade is not None or self.armed is not None:
            self._redraw(special=None, trade=None, armed=None)
        elif self._acting() and self.view is not None and self.view.holding is not None:
            self.choose(Cancel())
        elif self.look.show_others:
            self.action_toggle_others()

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - 1, event.y  # padding on the left
        target = self.canvas.hit(y, x)
        if target is not None:
            self._clicked(target)

    def _clicked(self, target: tuple[Any, ...]) -> None:
        if self.seen is None:
            return
        kind = target[0]
        if self.news is not None:
            if kind == "news":
                self._news_read()
            return
        if kind == "others":
            self.action_toggle_others()
            return
        if not self._acting():
            return
        if kind == "confirm":
            if self.armed is not None:
                self._buy(self.armed.stack)
            else:
                self.action_confirm()
        elif kind == "stack":
            self._change(trade=None)
            self._buy(target[1])
        elif kind == "cell":
            self._at_cell((target[1], target[2]))
        elif kind == "stock":
            if self.seen.view.holding is not None:
                self.choose(Cancel())
            self.choose(Take(target[1]))
        elif kind == "button":
            {"cancel": self.action_let_go, "stock": self.action_to_stock, "end": self.action_end_building}[target[1]]()

    def why_not(self, action: str) -> str | None:
        return looks.why_key_off(action, self.seen, self._acting(), self._market_at_trade)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self._phase()
        acting = self._acting()
        if action == "to_building":
            return acting and phase in (Phase.TRADE, Phase.PURCHASE)
        if action == "end_building":
            return acting and phase is Phase.BUILD and self.view is not None and self.view.holding is None
        if action == "cycle_trade":  # offered only while a trade can be made (one a turn, before buying)
            return acting and phase is Phase.TRADE and bool(looks.trades(self.seen))
        # The other keys stay live and say why when they can do nothing (issue 12 §2).
        return True
