"""Keys and clicks on Tasnia's table: each turns into a legal action, or a line saying why not.

A click acts on exactly what is drawn under the pointer (the canvas keeps each piece's place);
a purchase is shown with its payment first and bought by a second Enter or click on the same
stack; a key that can do nothing says why on the status line.
"""

from __future__ import annotations

from typing import Any

from textual import events

from boardgames_tui.games.tasnia.rules.actions import Cancel, EndBuilding, Lift, Put, Stock, Take, ToBuilding
from boardgames_tui.games.tasnia.rules.components import INSTALLABLE, ONE_SHOT, SPECIALS
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.view import put_refusal
from boardgames_tui.games.tasnia.table.screen_state import TasniaBodyState

Target = tuple[Any, ...]


class TasniaInput(TasniaBodyState):
    """The body's actions (bound to keys by `TasniaBody`) and its click handling."""

    def action_move(self, dx: int, dy: int) -> None:
        if not self._acting():
            self._say("It is not your turn to act." if self.seen else "")
            return
        self.armed = None
        phase = self._phase()
        if phase in (Phase.TRADE, Phase.PURCHASE):
            self.stack = (self.stack + dx) % len(self.view.market)  # type: ignore[union-attr]
            self.payment = 0
            self.trade = None
        elif phase is Phase.BUILD:
            self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
        self._redraw()

    def action_cycle_trade(self) -> None:
        if not self._acting() or self._phase() is not Phase.TRADE:
            self._say("You may trade only once, at the start of your turn, before buying.")
            return
        self.trade = 0 if self.trade is None else self.trade + 1
        self.special = None
        self.armed = None
        self._redraw()

    def action_cycle_special(self) -> None:
        if not self._acting():
            self._say("It is not your turn to act.")
            return
        if not self._specials():
            self._say(self._why_no_special())
            return
        self.special = 0 if self.special is None else self.special + 1
        self.trade = None
        self.armed = None
        self._redraw()

    def _why_no_special(self) -> str:
        seat = self._shown_seat()
        hand = seat.hand if seat is not None and seat.hand is not None else ()
        held = [c for c in dict.fromkeys(hand) if c in SPECIALS]
        if not held:
            return "No special card can be played now: you hold none."
        if self._phase() is not Phase.BUILD and not any(c in ONE_SHOT for c in held):
            return f"The {', '.join(held)} can be housed only in your Building phase (b goes on to building)."
        if any(c in INSTALLABLE for c in held):
            return f"No special card can be played now: none of your buildings suits the {', '.join(held)}."
        return f"No special card can be played now: nobody has a target for the {', '.join(held)}."

    def action_cycle_payment(self) -> None:
        if not self._acting() or self._phase() not in (Phase.TRADE, Phase.PURCHASE):
            self._say("Payments are chosen while buying.")
            return
        if len(self._buys(self.stack)) < 2:
            self._say("There is only one way to pay for this tile." if self._buys(self.stack) else
                      "You cannot pay for this tile.")  # fmt: skip
            return
        self.payment += 1
        self.armed = None
        self._redraw()

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
            self.trade = None
            self.choose(trade, confirmed=True)  # `t` showed it; this Enter is the second press
        elif special is not None:
            self.special = None
            self.choose(special, confirmed=True)  # `p` showed it; this Enter is the second press
        elif view.phase in (Phase.TRADE, Phase.PURCHASE):
            self._buy(self.stack)
        elif view.phase is Phase.BUILD:
            self._at_cell(self.cursor)

    def _buy(self, stack: int) -> None:
        """A first request shows the purchase and its payment; a second one on the same stack buys."""
        assert self.seen is not None
        if stack != self.stack:
            self.stack, self.payment = stack, 0
        buy = self.buy_choice()
        if buy is None:
            top = self.seen.view.market[stack]
            self.armed = None
            self._say(f"You cannot pay for stack {stack + 1}." if top else f"Stack {stack + 1} is empty.")
            return
        if self.armed == buy:
            self.armed = None
            self.choose(buy, confirmed=True)
            return
        self.armed = buy
        self._redraw()

    def _at_cell(self, cell: Cell) -> None:
        """Enter or a click on a cell of your area: the cursor goes there, then put or pick up."""
        assert self.seen is not None
        view = self.seen.view
        self.cursor = cell
        if view.holding is not None:
            reason = put_refusal(view, cell)
            if reason is not None:
                self._say(f"Not here: {reason}")
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
        self.show_others = not self.show_others
        self._redraw()

    def action_let_go(self) -> None:
        if self.special is not None or self.trade is not None or self.armed is not None:
            self.special = self.trade = None
            self.armed = None
            self._redraw()
        elif self._acting() and self.view is not None and self.view.holding is not None:
            self.choose(Cancel())
        elif self.show_others:
            self.action_toggle_others()

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - 1, event.y  # padding on the left
        target = self.canvas.hit(y, x)
        if target is not None:
            self._clicked(target)

    def _clicked(self, target: Target) -> None:
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
        elif kind == "others":
            self.action_toggle_others()
        elif kind == "stack":
            self.trade = None
            self._buy(target[1])
        elif kind == "cell":
            self._at_cell((target[1], target[2]))
        elif kind == "stock":
            if self.seen.view.holding is not None:
                self.choose(Cancel())
            self.choose(Take(target[1]))
        elif kind == "button":
            {"cancel": self.action_let_go, "stock": self.action_to_stock, "end": self.action_end_building}[target[1]]()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self._phase()
        acting = self._acting()
        if action == "to_building":
            return acting and phase in (Phase.TRADE, Phase.PURCHASE)
        if action == "end_building":
            return acting and phase is Phase.BUILD and self.view is not None and self.view.holding is None
        if action == "cycle_trade":
            return acting and phase is Phase.TRADE
        # The other keys stay live and say why when they can do nothing (issue 12 §2).
        return True
