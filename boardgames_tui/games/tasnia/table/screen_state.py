"""The state of Tasnia's body and what its viewer may do now (the base of the body's input and drawing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from boardgames_tui.games.tasnia.rules.actions import Buy, Install, Keep, MoveCard, Plague, Steal, Trade
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.lines import LineDrawn

Special = Keep | Install | MoveCard | Plague | Steal


class TasniaBodyState(LineDrawn, GameBody):
    """What Tasnia's body remembers between draws: cursor, chosen stack, payment, choices, notes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.cursor: Cell = (0, 0)
        self.stack = 0
        self.payment = 0
        self.armed: Buy | None = None
        """The purchase shown by a first Enter or click, bought by a second one on the same stack."""
        self.trade: int | None = None
        """Index of the trade the player is choosing (t cycles), or None when not trading."""
        self.special: int | None = None
        """Index of the special-card action the player is choosing (p cycles), or None."""
        self.note: Text | None = None
        """Why the last key or click could do nothing; cleared by the next one."""
        self.show_others = False
        self.news: tuple[list[str], Callable[[], None]] | None = None
        """What the seat that just ended its turn alone learnt (its drawn cards), shown before the
        hand-off, and how to go on once read."""
        self.canvas = Canvas()
        """The last drawing, whose spans map a click back to what was drawn there."""
        self._viewer: int | None = None

    # --- what the viewer may do -----------------------------------------------------------
    @property
    def view(self) -> TasniaView | None:
        return self.seen.view if self.seen is not None else None

    def _acting(self) -> bool:
        seen = self.seen
        return self.news is None and seen is not None and bool(seen.actions) and seen.viewer == seen.view.current

    def _phase(self) -> Phase | None:
        view = self.view
        return view.phase if view is not None else None

    def _buys(self, stack: int) -> list[Buy]:
        assert self.seen is not None
        return [a for a in self.seen.actions if isinstance(a, Buy) and a.stack == stack]

    def buy_choice(self) -> Buy | None:
        """The purchase Enter would show for the chosen stack with the chosen payment."""
        buys = self._buys(self.stack) if self.seen is not None else []
        return buys[self.payment % len(buys)] if buys else None

    def _trades(self) -> list[Trade]:
        return [a for a in self.seen.actions if isinstance(a, Trade)] if self.seen is not None else []

    def trade_choice(self) -> Trade | None:
        """The trade chosen with t, if any."""
        trades = self._trades()
        return trades[self.trade % len(trades)] if trades and self.trade is not None else None

    def _specials(self) -> list[Special]:
        if self.seen is None:
            return []
        return [a for a in self.seen.actions if isinstance(a, Keep | Install | MoveCard | Plague | Steal)]

    def special_choice(self) -> Special | None:
        """The special-card action chosen with p, if any."""
        specials = self._specials()
        return specials[self.special % len(specials)] if specials and self.special is not None else None

    def _shown_seat(self) -> SeatView | None:
        view = self.view
        if view is None:
            return None
        return view.seats[self.seen.viewer if self.seen and self.seen.viewer is not None else view.current]

    def _say(self, why: str) -> None:
        """Put why a key could do nothing on the status line."""
        self.note = Text(why, style="bold")
        self.refresh(layout=True)

    def _redraw(self) -> None:
        self.note = None
        self.refresh(layout=True)

    def _news_read(self) -> None:
        news, self.news = self.news, None
        if news is not None:
            news[1]()
