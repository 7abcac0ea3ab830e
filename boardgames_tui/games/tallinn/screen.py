"""Tallinn's body: every faction row with its totals, towers, chronicles and this round's disputes,
the viewer's hand to choose a card and a half from, and the other decisions as short lists.

The body renders only the `Seen` it is handed and asks the rules for nothing but what `Seen`
already carries (legal actions and their labels); a refused choice is explained by the shell with
the reason the rules give.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from boardgames_tui.games.tallinn.components import ANY, FACTION_NAMES, FACTIONS, INFLUENCE
from boardgames_tui.games.tallinn.screen_render import (
    FACTION_STYLE,
    chronicles_text,
    disputes_text,
    final_text,
    half_text,
    hand_text,
    header_text,
    removal_note,
    seat_block,
)
from boardgames_tui.games.tallinn.state import Phase, Play, Remove
from boardgames_tui.games.tallinn.view import TallinnView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.literal import literal

_HAND_TOP = 1  # lines above the first card in the hand picker


class HandPicker(Widget, can_focus=True):
    """The viewer's hand, one card per line with both halves; pick a card, a half, and play it."""

    DEFAULT_CSS = """
    HandPicker { height: auto; padding: 0 1; border: round $primary; }
    HandPicker:focus { border: round $accent; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Card up", show=False),
        Binding("down", "move(1)", "Card down", show=False),
        Binding("left", "half(0)", "Half A"),
        Binding("right", "half(1)", "Half B"),
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
        self.cards: tuple[int, ...] = ()
        self.tokens: tuple[str, ...] = ()
        self.index = 0
        self.half = 0
        self.faction = 0
        self.supporter = 0  # 0 = none, else 1 + index into tokens
        self._key: object = None
        self._envoy_key = False

    def set_hand(self, cards: tuple[int, ...], tokens: tuple[str, ...], key: object) -> None:
        """New cards to choose from; the selection is kept only for the same viewer and hand."""
        if key != self._key:
            self._key = key
            self.index = self.half = self.faction = self.supporter = 0
        self.cards = cards
        self.tokens = tuple(sorted(set(tokens)))
        self.index = min(self.index, max(0, len(cards) - 1))
        self.supporter = min(self.supporter, len(self.tokens))
        self.refresh(layout=True)
        self._changed()

    def current(self) -> Play | None:
        if not self.cards:
            return None
        card = self.cards[self.index]
        any_coin = INFLUENCE[card].halves[self.half].coin == ANY
        faction = FACTIONS[self.faction] if any_coin else None
        supporter = self.tokens[self.supporter - 1] if self.supporter else None
        return Play(card, self.half, faction, supporter)

    def render(self) -> Text:
        text = Text("Your hand  ↑↓ card  ←→ half  Enter play\n", style="bold")
        for i, card in enumerate(self.cards):
            chosen = i == self.index
            text.append("▶ " if chosen else "  ", style="bold")
            text.append(f"{card:>2} ", style="bold")
            for h in (0, 1):
                mark = chosen and h == self.half
                part = Text(f" {'AB'[h]} ", style="bold reverse" if mark else "bold")
                part.append_text(half_text(INFLUENCE[card].halves[h]))
                part.append(" ")
                part.pad_right(max(0, 16 - part.cell_len))
                if mark:
                    part.stylize("underline")
                text.append_text(part)
            text.append("\n")
        play = self.current()
        if play is not None and play.faction:
            text.append("Envoy disputes: ")
            text.append(FACTION_NAMES[play.faction], style=FACTION_STYLE[play.faction])
            text.append("  (f: change)\n")
        if self.tokens:
            text.append("Open Supporter: ")
            if play is not None and play.supporter:
                text.append(FACTION_NAMES[play.supporter], style=FACTION_STYLE[play.supporter])
            else:
                text.append("none")
            text.append("  (p: change)\n")
        text.append("[ Play this half ]", style="bold reverse")
        return literal(text)

    # --- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "faction":
            play = self.current()
            return play is not None and play.faction is not None
        if action == "supporter":
            return bool(self.tokens)
        return True

    def action_move(self, step: int) -> None:
        if self.cards:
            self.index = (self.index + step) % len(self.cards)
            self._changed()

    def action_half(self, half: int) -> None:
        self.half = half
        self._changed()

    def action_flip(self) -> None:
        self.half = 1 - self.half
        self._changed()

    def _changed(self) -> None:
        """Redraw (the envoy line may come or go, so the height may change); the envoy key shows in
        the footer only while the envoy's coin half is picked."""
        self.refresh(layout=True)
        play = self.current()
        envoy = play is not None and play.faction is not None
        if envoy != self._envoy_key:
            self._envoy_key = envoy
            self.refresh_bindings()

    def action_faction(self) -> None:
        self.faction = (self.faction + 1) % len(FACTIONS)
        self.refresh()

    def action_supporter(self) -> None:
        self.supporter = (self.supporter + 1) % (len(self.tokens) + 1)
        self.refresh()

    def action_play(self) -> None:
        play = self.current()
        if play is not None:
            self.post_message(self.Picked(play))

    # --- mouse ----------------------------------------------------------------------------
    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        line = offset.y - _HAND_TOP
        if 0 <= line < len(self.cards):
            self.index = line
            self.half = 0 if offset.x < 21 else 1
            self._changed()
            return
        extra = line - len(self.cards)
        play = self.current()
        rows = []
        if play is not None and play.faction:
            rows.append(self.action_faction)
        if self.tokens:
            rows.append(self.action_supporter)
        rows.append(self.action_play)
        if 0 <= extra < len(rows):
            rows[extra]()


class TallinnBody(GameBody):
    """The whole table for one viewer, and that viewer's way to decide."""

    uses_action_menu = False
    DEFAULT_CSS = """
    TallinnBody { height: auto; }
    TallinnBody #tl-header { padding: 0 1; }
    TallinnBody #tl-board, TallinnBody #tl-chron, TallinnBody #tl-disputes, TallinnBody #tl-final,
    TallinnBody #tl-myhand, TallinnBody #tl-note {
        padding: 0 1; height: auto;
    }
    TallinnBody #tl-options { height: auto; max-height: 10; border: round $primary; }
    TallinnBody #tl-options:focus { border: round $accent; }
    TallinnBody #tl-remove { height: auto; max-height: 10; }
    TallinnBody #tl-remove-bar { height: auto; }
    TallinnBody #tl-remove-bar Button { margin: 0 1 0 0; }
    """
    BINDINGS = [
        Binding("r", "remove_marked", "Remove marked"),
        Binding("n", "remove_none", "Remove nothing"),
        Binding("pagedown", "pan(1)", "Scroll table", show=False),
        Binding("pageup", "pan(-1)", "Scroll table", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen: Seen | None = None
        self._options: list[Any] = []
        self._labels: list[str] = []
        self._shown: dict[str, Text] = {}

    def compose(self) -> ComposeResult:
        yield Static("", id="tl-header")
        yield HandPicker(id="tl-hand")
        yield Static("", id="tl-myhand")
        yield OptionList(id="tl-options")
        yield Static("", id="tl-note")
        yield SelectionList[int](id="tl-remove")
        with Horizontal(id="tl-remove-bar"):
            yield Button("Remove marked (r)", id="tl-remove-go")
            yield Button("Remove nothing (n)", id="tl-remove-none")
        yield Static("", id="tl-disputes")
        yield Static("", id="tl-final")
        yield Static("", id="tl-board")
        yield Static("", id="tl-chron")

    def on_mount(self) -> None:
        for widget in ("#tl-hand", "#tl-options", "#tl-remove", "#tl-remove-bar"):
            self.query_one(widget).display = False

    # --- rendering --------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        self._seen = seen
        view: TallinnView = seen.view
        self._put("#tl-header", header_text(view))
        board = Text()
        order = list(range(len(view.seats)))
        if seen.viewer is not None:  # the viewer's own row first
            order.remove(seen.viewer)
            order.insert(0, seen.viewer)
        for n, i in enumerate(order):
            if n:
                board.append("\n")
            board.append_text(seat_block(view, seen.seats, i))
        self._put("#tl-board", board)
        for name, text in (
            ("#tl-chron", chronicles_text(view)),
            ("#tl-disputes", disputes_text(view, seen.seats)),
            ("#tl-final", final_text(view, seen.seats)),
        ):
            self._put(name, text, hide_empty=True)
        self._show_choices(seen, view)

    def _put(self, selector: str, text: Text, hide_empty: bool = False) -> None:
        """Update a text panel only when its text changed (a redraw costs a layout pass)."""
        static = self.query_one(selector, Static)
        if hide_empty:
            static.display = bool(text.plain)
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            static.update(literal(text))

    def _show_choices(self, seen: Seen, view: TallinnView) -> None:
        hand = self.query_one("#tl-hand", HandPicker)
        options = self.query_one("#tl-options", OptionList)
        remove = self.query_one("#tl-remove", SelectionList)
        remove_bar = self.query_one("#tl-remove-bar")
        mode = "none"
        if seen.actions:
            first = seen.actions[0]
            if isinstance(first, Play):
                mode = "hand"
            elif isinstance(first, Remove) and seen.viewer is not None:
                mode = "remove"
            else:
                mode = "list"
        hand.display = mode == "hand"
        if mode != "hand":
            hand.set_hand((), (), None)  # nothing of a previous viewer's hand stays behind
        if mode != "list" and self._options:
            self._options, self._labels = [], []
            options.clear_options()
        if mode != "remove":
            remove.clear_options()
        mine = view.seats[seen.viewer].hand if seen.viewer is not None else None
        shown = self.query_one("#tl-myhand", Static)
        shown.display = bool(mine) and mode != "hand"
        if mine and mode != "hand":
            self._put("#tl-myhand", hand_text(mine))
        options.display = mode == "list"
        remove.display = remove_bar.display = mode == "remove"
        note = self.query_one("#tl-note", Static)
        note.display = mode == "remove"
        if mode == "remove":
            self._put("#tl-note", removal_note(view))
        if mode == "hand" and seen.viewer is not None:
            me = view.seats[seen.viewer]
            tokens = me.supporters or ()
            hand.set_hand(me.hand or (), tokens, (seen.viewer, view.round, me.hand))
            self._focus(hand)
        elif mode == "list":
            labels = [seen.labels.get(action, str(action)) for action in seen.actions]
            if list(seen.actions) != self._options or labels != self._labels:
                self._options, self._labels = list(seen.actions), labels
                options.clear_options()
                options.add_options(Option(literal(label), id=str(i)) for i, label in enumerate(labels))
                options.highlighted = 0
            self._focus(options)
        elif mode == "remove" and seen.viewer is not None:
            me = view.seats[seen.viewer]
            remove.clear_options()
            for entry in me.row:
                if entry.card is None:  # never for one's own row; the type allows it for others' rows
                    continue
                label = Text(f"{entry.card}{'AB'[entry.half]}: ")
                label.append_text(half_text(entry.face))
                remove.add_option(Selection(literal(label), entry.card))
            self._focus(remove)

    def _focus(self, widget: Widget) -> None:
        """Focus at once rather than after the next refresh, so what is drawn never depends on timing."""
        if self.is_attached:
            self.screen.set_focus(widget, scroll_visible=False)

    # --- choosing ---------------------------------------------------------------------------
    @on(HandPicker.Picked)
    def _picked(self, event: HandPicker.Picked) -> None:
        event.stop()
        self.choose(event.action)

    @on(OptionList.OptionSelected, "#tl-options")
    def _option(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if index < len(self._options):
            self.choose(self._options[index])

    @on(Button.Pressed, "#tl-remove-go")
    def _remove_go(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_remove_marked()

    @on(Button.Pressed, "#tl-remove-none")
    def _remove_none(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_remove_none()

    def action_remove_marked(self) -> None:
        remove = self.query_one("#tl-remove", SelectionList)
        if not remove.display:
            return
        marked = set(remove.selected)
        seen = self._seen
        row = seen.view.seats[seen.viewer].row if seen is not None and seen.viewer is not None else ()
        self.choose(Remove(tuple(e.card for e in row if e.card in marked)))

    def action_remove_none(self) -> None:
        if self.query_one("#tl-remove", SelectionList).display:
            self.choose(Remove())

    def action_pan(self, direction: int) -> None:
        """Scroll the table under the choices on a small terminal (PageUp / PageDown)."""
        for node in self.ancestors:
            if isinstance(node, Widget) and node.is_scrollable and node.allow_vertical_scroll:
                if direction > 0:
                    node.scroll_page_down(animate=False)
                else:
                    node.scroll_page_up(animate=False)
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("remove_marked", "remove_none"):
            seen = self._seen
            return bool(seen and seen.view.phase is Phase.REMOVE and seen.actions)
        return True
