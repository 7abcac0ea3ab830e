"""Tasnia's body widget: the market, the viewer's hand, build areas as tile art, other seats.

Keyboard: in the Trade and Purchase phases left/right pick a market stack, Enter buys it (c
changes the payment), t chooses cards to trade in (Enter trades), b goes on to building. In the
Building phase the arrows move the cursor over your area, 1-9 pick a stockpile tile, Enter puts
the tile down (or picks up the tile under the cursor), x sends a picked-up tile to the
stockpile, Esc lets go, e ends the phase. Every tile, stack and button is also clickable.
p chooses among the special-card actions (housing or moving a card, Plague, Scoundrel) and
Enter plays the one shown, so the body offers every action itself; the shell's action list (m)
stays available as a plain alternative.
The widget never decides a rule: it offers `Seen.actions`, and asks the rules why a cell is
refused; an illegal request goes to the rules, whose reason the shell shows.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding

from boardgames_tui.games.tasnia.components import TYPES
from boardgames_tui.games.tasnia.geometry import Cell
from boardgames_tui.games.tasnia.rules import put_refusal
from boardgames_tui.games.tasnia.screen_render import (
    LEGEND,
    Target,
    cards_text,
    draw_area,
    draw_buildings,
    draw_market,
    draw_stock,
    score_text,
    tile_text,
)
from boardgames_tui.games.tasnia.state import (
    Buy,
    Cancel,
    EndBuilding,
    Install,
    Lift,
    MoveCard,
    Phase,
    Plague,
    Put,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
)
from boardgames_tui.games.tasnia.view import SeatView, TasniaView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.seats import colour_hex


class TasniaBody(GameBody, can_focus=True):
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
        Binding("enter,space", "confirm", "Buy / put / pick up"),
        Binding("c", "cycle_payment", "Payment", show=False),
        Binding("t", "cycle_trade", "Trade"),
        Binding("p", "cycle_special", "Special card"),
        Binding("b", "to_building", "Go build"),
        Binding("e", "end_building", "End building"),
        Binding("x", "to_stock", "To stockpile", show=False),
        Binding("escape", "let_go", "Let go", show=False),
        *[Binding(str(n), f"take({n - 1})", f"Stock tile {n}", show=False) for n in range(1, 10)],
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.cursor: Cell = (0, 0)
        self.stack = 0
        self.payment = 0
        self.trade: int | None = None
        """Index of the trade the player is choosing (t cycles), or None when not trading."""
        self.special: int | None = None
        """Index of the special-card action the player is choosing (p cycles), or None."""
        self.canvas = Canvas()
        """The last drawing, whose spans map a click back to what was drawn there."""
        self._viewer: int | None = None

    # --- what the viewer may do -----------------------------------------------------------
    @property
    def view(self) -> TasniaView | None:
        return self.seen.view if self.seen is not None else None

    def _acting(self) -> bool:
        seen = self.seen
        return seen is not None and bool(seen.actions) and seen.viewer == seen.view.current

    def _phase(self) -> Phase | None:
        view = self.view
        return view.phase if view is not None else None

    def _buys(self, stack: int) -> list[Buy]:
        assert self.seen is not None
        return [a for a in self.seen.actions if isinstance(a, Buy) and a.stack == stack]

    def _trades(self) -> list[Trade]:
        return [a for a in self.seen.actions if isinstance(a, Trade)] if self.seen is not None else []

    def trade_choice(self) -> Trade | None:
        """The trade chosen with t, if any."""
        trades = self._trades()
        return trades[self.trade % len(trades)] if trades and self.trade is not None else None

    def _specials(self) -> list[Install | MoveCard | Plague | Steal]:
        if self.seen is None:
            return []
        return [a for a in self.seen.actions if isinstance(a, Install | MoveCard | Plague | Steal)]

    def special_choice(self) -> Install | MoveCard | Plague | Steal | None:
        """The special-card action chosen with p, if any."""
        specials = self._specials()
        return specials[self.special % len(specials)] if specials and self.special is not None else None

    def _shown_seat(self) -> SeatView | None:
        view = self.view
        if view is None:
            return None
        return view.seats[self.seen.viewer if self.seen and self.seen.viewer is not None else view.current]

    # --- showing --------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        self.seen = seen
        self.special = None
        if seen.viewer != self._viewer:
            self._viewer = seen.viewer
            self.cursor = self._home_cell()
            self.payment = 0
        if not any(isinstance(a, Buy) and a.stack == self.stack for a in seen.actions):
            stacks = sorted({a.stack for a in seen.actions if isinstance(a, Buy)})
            if stacks:
                self.stack = stacks[0]
                self.payment = 0
        self.refresh(layout=True)
        if self._acting():
            self.call_after_refresh(self.focus)
        self.refresh_bindings()  # the key bar repaints only if the keys on offer changed

    def _home_cell(self) -> Cell:
        seat = self._shown_seat()
        if seat is None or not seat.tiles:
            return (0, 0)
        xs = [c[0] for c, _ in seat.tiles]
        return (max(xs) + 2, 0)

    def render(self) -> Text:
        if self.seen is None:
            return Text("")
        canvas = Canvas()
        self._draw(canvas, self.seen, self.seen.view)
        self.canvas = canvas
        return literal(canvas.text())

    def _seat_label(self, seat: int) -> Text:
        assert self.seen is not None
        info = self.seen.seats[seat]
        return Text(f"{info.glyph or seat + 1} {info.name}", style=f"bold {colour_hex(info.colour)}")

    def _draw(self, canvas: Canvas, seen: Seen, view: TasniaView) -> None:
        width = max(40, self.size.width - 2) if self.size.width else 76
        acting = self._acting()
        buying = acting and view.phase in (Phase.TRADE, Phase.PURCHASE)
        buyable = {a.stack for a in seen.actions if isinstance(a, Buy)} if acting else set()
        draw_market(canvas, view, self.stack if buying else None, buyable)
        trade = self.trade_choice() if buying else None
        if trade is not None:
            canvas.add(f"  Enter trades in {trade.count} {trade.kind} (t: another trade)", "bold green",
                       target=("trade",))  # fmt: skip
            canvas.newline()
        elif buying and self._trades():
            canvas.add("  t: choose cards to trade in", "dim")
            canvas.newline()
        if buying and trade is None:
            buys = self._buys(self.stack)
            if buys:
                pay = buys[self.payment % len(buys)].payment
                more = "  (c: other payment)" if len(buys) > 1 else ""
                canvas.add(f"  Enter/click buys it paying {', '.join(pay)}{more}", "green")
            else:
                canvas.add("  You cannot pay for this stack now.", "dim")
            canvas.newline()
        special = self.special_choice() if acting else None
        if special is not None:
            label = seen.labels.get(special) or special.encode()
            canvas.add(f"  Enter: {label} (p: next, Esc: never mind)", "bold green", target=("special",))
            canvas.newline()
        elif acting and self._specials():
            canvas.add("  p: play or house a special card", "dim", target=("special_next",))
            canvas.newline()
        canvas.newline()
        self._draw_own(canvas, seen, view, width, acting)
        for i, seat in enumerate(view.seats):
            if seat is self._shown_seat():
                continue
            canvas.newline()
            self._draw_other(canvas, i, seat, view, width)
        canvas.newline()
        canvas.add(LEGEND, "dim")

    def _draw_own(self, canvas: Canvas, seen: Seen, view: TasniaView, width: int, acting: bool) -> None:
        seat = self._shown_seat()
        assert seat is not None
        index = view.seats.index(seat)
        title = Text.assemble(self._seat_label(index), f"  {score_text(seat)}")
        if index == view.current and not view.over:
            title.append(f"  · {view.phase.value} phase", style="italic")
        canvas.add(title)
        canvas.newline()
        if seat.hand is not None:
            canvas.add(f"  hand ({seat.hand_size}/{seat.hand_limit}): ", "bold")
            canvas.add(cards_text(seat.hand) or "empty")
        else:
            canvas.add(f"  hand: {seat.hand_size} cards (hidden)", "dim")
        canvas.newline()
        building = acting and view.phase is Phase.BUILD
        draw_stock(canvas, seat, building, view.holding.tile if building and view.holding else None)
        held = view.holding if building else None
        puts = {a.cell for a in seen.actions if isinstance(a, Put)} if building else set()
        extra = [self.cursor] if building else []
        if seat.tiles:
            xs = [c[0] for c, _ in seat.tiles]
            ys = [c[1] for c, _ in seat.tiles]
            extra += [(min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1), (max(xs) + 2, 0)]
        if seat.tiles or building:
            draw_area(
                canvas, seat, extra=extra, cursor=self.cursor if building else None, legal_cells=puts,
                lifted=held.source if held else None, width=width, clickable=building,
            )  # fmt: skip
        draw_buildings(canvas, seat)
        if building:
            self._draw_status(canvas, view, seat)

    def _draw_status(self, canvas: Canvas, view: TasniaView, seat: SeatView) -> None:
        held = view.holding
        grid = dict(seat.tiles)
        if held is not None:
            line = Text("  holding ")
            line.append_text(tile_text(held.tile))
            line.append(" from the stockpile" if held.source is None else f" from {held.source}")
            reason = put_refusal(view, self.cursor)
            if reason is None:
                line.append(f"  · {self.cursor}: it fits here (Enter)", style="bold green")
            else:
                line.append(f"  · {self.cursor}: {reason}", style="bold red")
            canvas.add(line)
            canvas.newline()
            buttons = [("Esc let go", ("button", "cancel"))]
            if held.source is not None:
                buttons.append(("x to stockpile", ("button", "stock")))
        else:
            hint = "  pick a stockpile tile (1-9 or click)"
            if self.cursor in grid and self.cursor not in seat.locked:
                hint += f", or Enter to pick up the tile at {self.cursor}"
            elif self.cursor in seat.locked:
                hint += f" · the tile at {self.cursor} is locked"
            canvas.add(hint, "italic")
            canvas.newline()
            buttons = [("e end building", ("button", "end"))]
        canvas.add("  ")
        for label, target in buttons:
            canvas.add(f"[{label}]", "bold", target=target)
            canvas.add(" ")
        canvas.newline()

    def _draw_other(self, canvas: Canvas, index: int, seat: SeatView, view: TasniaView, width: int) -> None:
        title = Text.assemble(self._seat_label(index), f"  {score_text(seat)}  · hand {seat.hand_size}")
        if index == view.current and not view.over:
            title.append("  (to act)", style="italic")
        canvas.add(title)
        canvas.newline()
        if seat.hand is not None:
            canvas.add(f"  hand: {cards_text(seat.hand)}")
            canvas.newline()
        draw_stock(canvas, seat, False, None)
        if seat.tiles:
            draw_area(canvas, seat, extra=[], cursor=None, legal_cells=set(), lifted=None, width=width,
                      clickable=False)  # fmt: skip
        draw_buildings(canvas, seat)

    # --- input ----------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        phase = self._phase()
        if not self._acting():
            return
        if phase in (Phase.TRADE, Phase.PURCHASE):
            self.stack = (self.stack + dx) % len(self.view.market)  # type: ignore[union-attr]
            self.payment = 0
            self.trade = None
        elif phase is Phase.BUILD:
            self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
        self.refresh(layout=True)

    def action_cycle_trade(self) -> None:
        self.trade = 0 if self.trade is None else self.trade + 1
        self.special = None
        self.refresh(layout=True)

    def action_cycle_special(self) -> None:
        if not self._specials():
            return
        self.special = 0 if self.special is None else self.special + 1
        self.trade = None
        self.refresh(layout=True)

    def action_cycle_payment(self) -> None:
        self.payment += 1
        self.refresh()

    def action_confirm(self) -> None:
        if not self._acting() or self.seen is None:
            return
        view = self.seen.view
        trade = self.trade_choice()
        special = self.special_choice()
        if trade is not None:
            self.trade = None
            self.choose(trade)
        elif special is not None:
            self.special = None
            self.choose(special)
        elif view.phase in (Phase.TRADE, Phase.PURCHASE):
            self._buy(self.stack)
        elif view.phase is Phase.BUILD:
            self._at_cell(self.cursor)

    def _buy(self, stack: int) -> None:
        assert self.seen is not None
        buys = self._buys(stack)
        if buys:
            self.choose(buys[self.payment % len(buys)])
            return
        top = self.seen.view.market[stack]
        # Let the rules say why: ask for the plain price of the tile.
        self.choose(Buy(stack, TYPES[top[0]].cost if top else ()))

    def _at_cell(self, cell: Cell) -> None:
        assert self.seen is not None
        view = self.seen.view
        self.cursor = cell
        if view.holding is not None:
            self.choose(Put(cell))
            return
        seat = view.seats[view.current]
        if cell in dict(seat.tiles):
            self.choose(Lift(cell))
        else:
            self.app.notify("Pick a tile from your stockpile first (1-9).", severity="warning")
            self.refresh()

    def action_take(self, index: int) -> None:
        if not self._acting() or self.seen is None or self._phase() is not Phase.BUILD:
            return
        tiles = list(dict.fromkeys(self.seen.view.seats[self.seen.view.current].stock))
        if index < len(tiles):
            if self.seen.view.holding is not None:
                self.choose(Cancel())
            self.choose(Take(tiles[index]))

    def action_to_building(self) -> None:
        if self._acting():
            self.choose(ToBuilding())

    def action_end_building(self) -> None:
        if self._acting():
            self.choose(EndBuilding())

    def action_to_stock(self) -> None:
        if self._acting():
            self.choose(Stock())

    def action_let_go(self) -> None:
        if self.special is not None or self.trade is not None:
            self.special = self.trade = None
            self.refresh(layout=True)
        elif self._acting() and self.view is not None and self.view.holding is not None:
            self.choose(Cancel())

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - 1, event.y  # padding on the left
        target = self.canvas.hit(y, x)
        if target is not None:
            self._clicked(target)

    def _clicked(self, target: Target) -> None:
        if not self._acting() or self.seen is None:
            return
        kind = target[0]
        if kind in ("trade", "special"):
            self.action_confirm()
        elif kind == "special_next":
            self.action_cycle_special()
        elif kind == "stack":
            self.trade = None
            self.stack = target[1]
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
        if action in ("end_building", "take"):
            return acting and phase is Phase.BUILD and ((self.view is not None and self.view.holding is None)
                                                        or action == "take")  # fmt: skip
        if action == "let_go" and (self.special is not None or self.trade is not None):
            return True
        if action in ("to_stock", "let_go"):
            return acting and self.view is not None and self.view.holding is not None
        if action == "cycle_special":
            return acting and bool(self._specials())
        if action == "cycle_trade":
            return acting and phase is Phase.TRADE
        if action == "cycle_payment":
            return acting and phase in (Phase.TRADE, Phase.PURCHASE)
        return True
