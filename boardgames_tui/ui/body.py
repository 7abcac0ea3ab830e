"""The contract between the app shell and a game's screen.

The shell owns the match, the curtains, the header, the log, undo and saving. A game's screen
is a `GameBody` widget: it is handed a `Seen` (what one viewer may see, plus that viewer's legal
actions already labelled) and posts `GameBody.Chosen` when the player picks an action. A body
never receives the game state, so it cannot show what the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from textual.containers import ScrollableContainer, Vertical
from textual.css.scalar import Unit
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.engine.protocol import AnyGame, Decision, Seat, SeatInfo


@dataclass(frozen=True)
class Seen:
    """What the body may render: one viewer's view and, if that viewer is to act, its choices."""

    game: AnyGame
    view: Any
    viewer: Seat | None
    seats: tuple[SeatInfo, ...]
    decision: Decision | None
    actions: tuple[Any, ...] = ()
    """The viewer's legal actions now (empty when the viewer is not deciding)."""
    labels: dict[Any, str] = field(default_factory=dict)
    """A short label for each action, from `game.describe(state, viewer, action, viewer)`."""

    def seat_name(self, seat: Seat | None) -> str:
        return "The table" if seat is None else self.seats[seat].name

    def claimants(self) -> tuple[Seat, ...]:
        """The seats a person may claim the open window for: its listed seats that people play.
        A listed bot has been asked before the people and let it pass; it answers for itself."""
        if self.decision is None:
            return ()
        return tuple(seat for seat in self.decision.seats if self.seats[seat].human)


T = TypeVar("T")


class BoardRoom(Vertical):
    """The shell's column around the body's scrolling pane. The pane is as tall as the body, up to
    this column's height (then it scrolls), and the newest log lines take the rows left below it."""


def room_height(widget: Widget) -> int:
    """Rows a body (or a widget in one) may fill before its pane scrolls, 0 before the first layout:
    the height of the shell's `BoardRoom`. Outside the shell (a body mounted on its own), the
    height of the nearest scrolling pane, or else of the terminal."""
    pane: Widget | None = None
    for node in widget.ancestors:
        if isinstance(node, BoardRoom):
            return node.size.height
        if pane is None and isinstance(node, ScrollableContainer):
            pane = node
    return pane.size.height if pane is not None else widget.app.size.height


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Two drawing keys alike: each part the very same object, or equal."""
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


class GameBody(Widget):
    """Base class of a game's main widget. Subclasses implement `show`."""

    _drawn: tuple[tuple[object, ...], Any] | None = None
    """The last drawing and what it was drawn from (see `drawn_once`)."""

    def drawn_once(self, key: tuple[object, ...], draw: Callable[[], T]) -> T:
        """`draw()`, or what it gave last time if `key` (everything the drawing depends on,
        the objects shown compared by identity where they are replaced, not changed) is the
        same. Textual renders a body twice in a frame, to measure its height and then to paint
        it, and the body's own height changes in between: the second costs nothing this way."""
        from boardgames_tui.ui.kit.icons import ascii_mode  # not at import: the picker goes without the kit

        key = (*key, ascii_mode(), self.app.theme)
        if self._drawn is not None and _same(self._drawn[0], key):
            return self._drawn[1]
        value = draw()
        self._drawn = (key, value)
        return value

    def carry_over(self, old: GameBody) -> None:
        """Take over from `old`, the body this fresh one replaces for a new owner, what only
        saves drawing time: never anything a seat did with the board (cursors, marks, lists,
        scroll), which stays with the old body. Nothing by default."""

    def fills_pane(self) -> bool:
        """True for a body that takes the whole height it is given (its CSS height is a fraction,
        or unset: a map that grows with the terminal); False for one as tall as its content
        (`height: auto`), under which the shell shows the newest log lines in the rows left free
        while the log pane is hidden. Read once the body is mounted (its CSS is then applied)."""
        height = self.styles.height
        return height is None or height.unit is Unit.FRACTION

    uses_action_menu: bool = True
    """When True the shell shows its generic list of legal actions beside the body, so every
    action is reachable even before the body offers a richer way to choose. Set False once the
    body itself offers every action by keyboard and by mouse."""

    offers_window: bool = False
    """When True the body itself offers an open window's claims in its own list (it posts
    `Respond`), so the shell does not force its action list open for a window; that list still
    holds the "Respond as ..." rows for whoever opens it with `m`."""

    class Chosen(Message):
        """The player picked `action` in the body."""

        def __init__(self, action: Any, confirmed: bool = False) -> None:
            super().__init__()
            self.action = action
            self.confirmed = confirmed
            """True when the body itself already showed what the action does and took a second press."""

    class Respond(Message):
        """During an open window: `seat` claims it (its curtain comes next), or None goes back."""

        def __init__(self, seat: Seat | None) -> None:
            super().__init__()
            self.seat = seat

    def focus(self, scroll_visible: bool = True) -> GameBody:
        """Give the keys to this body; one that has them already is not drawn again for it.

        Textual's `focus` repaints the widget every time, and the bodies ask for the keys after
        each `show`: on a large board that second drawing of an unchanged picture costs as much
        as the first. A real change of focus still repaints (the Focus event does)."""
        if self.is_attached and self.screen.focused is self:

            def keep(widget: GameBody) -> None:  # in turn with other pending focus calls, as Textual's
                if widget.is_attached:
                    widget.screen.set_focus(widget, scroll_visible=scroll_visible)

            self.app.call_later(keep, self)
            return self
        super().focus(scroll_visible)
        return self

    def why_not(self, action: str) -> str | None:
        """Why the body's key for `action`, left out now by `check_action`, can do nothing (None:
        the shell says the key is not available now)."""
        return None

    def show(self, seen: Seen) -> None:
        """Render `seen`; called whenever the view or the viewer changes."""
        raise NotImplementedError

    def choose(self, action: Any, confirmed: bool = False) -> None:
        """Helper for subclasses: report the player's choice to the shell (`confirmed`: the body
        showed its effect and took a second press itself, so the shell does not ask again)."""
        self.post_message(self.Chosen(action, confirmed))

    def respond(self, seat: Seat | None) -> None:
        """Helper for subclasses: `seat` claims the open window (None: back to the table)."""
        self.post_message(self.Respond(seat))
