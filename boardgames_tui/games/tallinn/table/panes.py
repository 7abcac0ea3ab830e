"""The two drawn panes of Tallinn's body: the viewer's hand to pick a card and a half from, and the
table for the room left beside the choices. Each keeps only what it draws from (the hand's cursor
as a `HandLook`, the table's `Seen`) and draws with the pieces; the body decides what they show."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.table.hand import hand_block
from boardgames_tui.games.tallinn.table.layout import fit_table
from boardgames_tui.games.tallinn.table.look import HandLook
from boardgames_tui.ui.body import Seen, room_height
from boardgames_tui.ui.kit import Block, palette_of

WIDE = 79
"""Below this many columns the seats are drawn in their compact form."""
TALL = 30
"""Below this many terminal lines, likewise."""


class HandPicker(Widget, can_focus=True):
    """The viewer's hand as cards side by side: pick a card and a half, then play it.

    ←→ move between cards, ↑↓ (or Space) between half A (top) and half B, Enter plays; a click on
    a half picks it, a click on the play line plays what is lit. The cursor is a `HandLook` value,
    drawn by `hand.hand_block`.
    """

    DEFAULT_CSS = """
    HandPicker { height: auto; padding: 0 1; border: round $primary; }
    HandPicker:focus { border: heavy $accent; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Card left", show=False),
        Binding("right", "move(1)", "Card right", show=False),
        Binding("up", "half(0)", "Half A", show=False),  # the picker draws its arrows itself
        Binding("down", "half(1)", "Half B", show=False),
        Binding("space", "flip", "Other half", show=False),
        Binding("f", "faction", "Envoy faction"),
        Binding("p", "supporter", "Supporter"),
        Binding("enter", "play", "Play"),
    ]

    class Picked(Message):
        """The player confirmed a card and half."""

        def __init__(self, action: Play) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.look = HandLook()
        self._envoy_key = False
        self._block: Block | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        return self.look.cards

    @property
    def tokens(self) -> tuple[str, ...]:
        return self.look.tokens

    @property
    def index(self) -> int:
        return self.look.index

    @property
    def half(self) -> int:
        return self.look.half

    def set_hand(
        self, cards: tuple[int, ...], tokens: tuple[str, ...], key: object, *, with_supporters: bool = False
    ) -> None:
        """New cards to choose from; the cursor is kept only for the same viewer and hand."""
        changed = with_supporters != self.look.with_supporters
        self.look = self.look.dealt(cards, tokens, key, with_supporters)
        if changed:
            self.refresh_bindings()
        self._changed()

    def current(self) -> Play | None:
        return self.look.play()

    def draw(self) -> Block:
        if self._block is None:
            self._block = hand_block(self.look, palette_of(self.app))
        return self._block

    def render(self) -> RenderableType:
        return self.draw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.draw().height

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.draw().width

    def why_not(self, action: str) -> str | None:
        """Why the Supporter key does nothing in a game without Supporters."""
        return "This game is played without Supporters." if action == "supporter" else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Every key stays live and one that can do nothing now says why (issue 12 §2); only the
        Supporter key is left out of games without Supporters."""
        return self.look.with_supporters if action == "supporter" else True

    def _set(self, look: HandLook) -> None:
        self.look = look
        self._changed()

    def _changed(self) -> None:
        """Redraw (the envoy line may come or go, so the height may change); the envoy key shows in
        the footer only while the envoy's coin half is picked."""
        self._block = None
        self.refresh(layout=True)
        play = self.current()
        envoy = play is not None and play.faction is not None
        if envoy != self._envoy_key:
            self._envoy_key = envoy
            self.refresh_bindings()

    def action_move(self, step: int) -> None:
        if self.look.cards:
            self._set(self.look.moved(step))

    def action_half(self, half: int) -> None:
        self._set(self.look.on_half(half))

    def action_flip(self) -> None:
        self._set(self.look.on_half(1 - self.look.half))

    def action_faction(self) -> None:
        play = self.current()
        if play is None or play.faction is None:
            self.notify(
                "Only the Envoy's coin half names a faction: light half B of the Envoy first.", severity="warning"
            )
            return
        self._set(self.look.next_faction())

    def action_supporter(self) -> None:
        if not self.look.tokens:
            self.notify("You hold no Supporter to add.", severity="warning")
            return
        self._set(self.look.next_supporter())

    def action_play(self) -> None:
        play = self.current()
        if play is not None:
            self.post_message(self.Picked(play))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.draw().hit(offset.y, offset.x)
        if isinstance(target, tuple):
            self._set(self.look.at(*target))
        elif target == "faction":
            self.action_faction()
        elif target == "supporter":
            self.action_supporter()
        elif target == "play":
            self.action_play()


class TableView(Widget):
    """The table for one viewer, drawn with the kit for the width it is given."""

    DEFAULT_CSS = "TableView { height: auto; padding: 0 1; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seen: Seen | None = None
        self.choosing = False
        self._drawn: tuple[tuple[int, int], Block] | None = None

    def set_seen(self, seen: Seen, *, choosing: bool) -> None:
        self.seen = seen
        self.choosing = choosing
        self._drawn = None
        self.refresh(layout=True)

    def draw(self, width: int) -> Block:
        """The table for `width` and the room left beside the choices (see `layout.fit_table`)."""
        room = self._room()
        if self._drawn is None or self._drawn[0] != (width, room):
            block = Block.of([])
            if self.seen is not None and width > 0:
                small = width < WIDE or self.app.size.height < TALL
                seen, pal = self.seen, palette_of(self.app)
                block = fit_table(seen.view, seen.seats, width, room, pal, small=small, choosing=self.choosing)
            self._drawn = ((width, room), block)
        return self._drawn[1]

    def _room(self) -> int:
        """Lines the table may take without scrolling: the pane's height less the choices above it."""
        height = room_height(self)
        parent = self.parent
        siblings = parent.children if isinstance(parent, Widget) else ()
        taken = sum(w.outer_size.height for w in siblings if w is not self and w.display)
        return max(height - taken, 0)

    def render(self) -> RenderableType:
        self._settle()
        return self.draw(self.content_region.width)

    def _settle(self) -> None:
        """Lay out again when the room left beside the choices changed since the last layout."""
        if self.draw(self.content_region.width).height != self.content_region.height:
            self.call_after_refresh(self.refresh, layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.draw(width).height
