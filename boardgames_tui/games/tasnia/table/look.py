"""One seat's view state at Tasnia's table as a value: the cursor, the chosen stack and payment,
the trade or special card being chosen, the armed purchase, the note, and the room it is drawn in.

The body keeps one `Look` and replaces it on every key. A new viewer starts at its home cell with
no payment, trade or special card chosen; the market stack and the others toggle stay as they
were (nothing in them is private). The drawing reads the `Look` that
`dressed` completes with the room and with what the current choices mean (the payment shown on
the hand, the lines for a trade or a special card) — all found among the seat's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text

from boardgames_tui.games.tasnia.rules.actions import CODEC, Buy, Install, Keep, MoveCard, Plague, Steal, Trade
from boardgames_tui.games.tasnia.rules.components import INSTALLABLE, ONE_SHOT, SPECIALS, Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView
from boardgames_tui.ui.body import Seen

COMPACT_BELOW = 30
"""Body heights below this many rows draw the compact forms."""

Special = Keep | Install | MoveCard | Plague | Steal


@dataclass(frozen=True)
class Look:
    """What the table shows for one seat besides the view."""

    width: int = 76
    height: int = 38
    cursor: Cell = (0, 0)
    stack: int = 0
    payment: tuple[str, ...] = ()
    """The payment the chosen stack would take now (shown on the hand and the hint line)."""
    armed: Buy | None = None
    """A purchase shown and waiting for its second Enter or click."""
    trade_line: Text | None = None
    special_line: Text | None = None
    note: Text | None = None
    """Why the last key could do nothing, or what a click found; cleared by the next key."""
    show_others: bool = False
    acting: bool = False
    form: str | None = None
    """The area's form chosen by `layout.fitted` ("cell", or "skip" to measure the rest of the
    table); None: the usual choice by the room left."""
    room: int = 0
    """With `form`: the lines the area may take, its column numbers included."""
    choice: int = 0
    """Which of the chosen stack's payments (c steps through them)."""
    trade: int | None = None
    """Index of the trade being chosen (t steps through them), or None when not trading."""
    special: int | None = None
    """Index of the special-card action being chosen (p steps through them), or None."""

    @property
    def compact(self) -> bool:
        return self.height < COMPACT_BELOW

    def buy_choice(self, seen: Seen | None) -> Buy | None:
        """The purchase Enter would show for the chosen stack with the chosen payment."""
        found = buys(seen, self.stack)
        return found[self.choice % len(found)] if found else None

    def trade_choice(self, seen: Seen | None) -> Trade | None:
        """The trade chosen with t, if any."""
        found = trades(seen)
        return found[self.trade % len(found)] if found and self.trade is not None else None

    def special_choice(self, seen: Seen | None) -> Special | None:
        """The special-card action chosen with p, if any."""
        found = specials(seen)
        return found[self.special % len(found)] if found and self.special is not None else None


# --- the choices among the legal actions ----------------------------------------------------------
def buys(seen: Seen | None, stack: int) -> list[Buy]:
    if seen is None:
        return []
    return [a for a in seen.actions if isinstance(a, Buy) and a.stack == stack]


def trades(seen: Seen | None) -> list[Trade]:
    return [a for a in seen.actions if isinstance(a, Trade)] if seen is not None else []


def specials(seen: Seen | None) -> list[Special]:
    if seen is None:
        return []
    return [a for a in seen.actions if isinstance(a, Keep | Install | MoveCard | Plague | Steal)]


def shown_seat(seen: Seen | None) -> SeatView | None:
    """The seat whose side is drawn: the viewer's, or the current seat's on the table view."""
    if seen is None:
        return None
    view: TasniaView = seen.view
    return view.seats[seen.viewer if seen.viewer is not None else view.current]


def home_cell(seen: Seen | None) -> Cell:
    """Where a viewer's cursor starts: the cell that starts a new building."""
    seat = shown_seat(seen)
    if seat is None or not seat.tiles:
        return (0, 0)
    xs = [c[0] for c, _ in seat.tiles]
    return (max(xs) + 2, 0)


def why_no_special(seen: Seen | None, phase: Phase | None) -> str:
    """Why p finds no special-card action, in the player's terms."""
    seat = shown_seat(seen)
    hand = seat.hand if seat is not None and seat.hand is not None else ()
    held = [c for c in dict.fromkeys(hand) if c in SPECIALS]
    if not held:
        return "No special card can be played now: you hold none."
    if phase is not Phase.BUILD and not any(c in ONE_SHOT for c in held):
        return f"The {', '.join(held)} can be housed only in your Building phase (b goes on to building)."
    if any(c in INSTALLABLE for c in held):
        return f"No special card can be played now: none of your buildings suits the {', '.join(held)}."
    return f"No special card can be played now: nobody has a target for the {', '.join(held)}."


def why_key_off(action: str, seen: Seen | None, acting: bool, market_at_trade: tuple[int, ...] | None) -> str | None:
    """Why the key for `action` (t, b or e), left out now, can do nothing, in the player's terms.
    `market_at_trade`: the stack sizes while this seat could still trade this turn (None: not
    seen), which tell a trade from a purchase."""
    phase = seen.view.phase if seen is not None else None
    if action == "cycle_trade":
        return _why_no_trade(seen, acting, market_at_trade)
    if action not in ("to_building", "end_building"):
        return None
    if not acting:
        return "It is not your turn to act."
    if action == "to_building":
        return "You are already building."
    if phase is not Phase.BUILD:
        return "Go on to building first (b)."
    return "Put down or let go (Esc) of the tile you are holding first."


def _why_no_trade(seen: Seen | None, acting: bool, market_at_trade: tuple[int, ...] | None) -> str:
    phase = seen.view.phase if seen is not None else None
    if not acting:
        return "It is not your turn to act: a trade comes at the start of your own turn."
    if phase is Phase.BUILD:
        return "You are building: trading comes only at the start of your turn, before buying."
    if market_at_trade is None:
        return "You have traded or bought this turn: one trade a turn, before buying."
    if seen is not None and seen.view.stack_sizes != market_at_trade:
        return "You bought a tile this turn: a trade comes only before buying."
    return "You traded this turn: one trade a turn, before buying."


def dressed(look: Look, seen: Seen | None, *, width: int, height: int, acting: bool) -> Look:
    """`look` with the room it is drawn in and what its choices show: the payment on the hand,
    the line of a trade or a special card being chosen."""
    phase = seen.view.phase if seen is not None else None
    buy = look.buy_choice(seen) if acting and phase in (Phase.TRADE, Phase.PURCHASE) else None
    trade = look.trade_choice(seen) if acting else None
    special = look.special_choice(seen) if acting else None
    payment = look.armed.payment if look.armed else buy.payment if buy is not None and trade is None else ()
    trade_line = special_line = None
    if trade is not None:
        payment = (trade.kind,) * trade.count
        trade_line = Text(f"Enter trades in {trade.count} {trade.kind} and draws as many", style="bold")
        trade_line.append(" · t: another trade · Esc: no trade", style="dim")
    if special is not None:
        label = seen.labels.get(special) if seen else None
        special_line = Text(f"Enter: {label or CODEC.encode(special)}", style="bold")
        special_line.append(" · p: next · Esc: never mind", style="dim")
    return replace(
        look,
        width=width,
        height=height,
        acting=acting,
        payment=payment,
        trade_line=trade_line,
        special_line=special_line,
        form=None,
        room=0,
    )
