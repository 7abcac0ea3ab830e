"""Tallinn's body: every faction row with its totals, towers, chronicles and this round's disputes,
the viewer's hand to choose a card and a half from, the hand to mark for the Envoy exchange, and
the other decisions as short lists.

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
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Button, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from boardgames_tui.games.tallinn.rules.actions import Exchange, Play, Remove
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.rules.view import RowCardView, TallinnView
from boardgames_tui.games.tallinn.table.choices import (
    option_label,
    removable_cards,
    removal_label,
    removal_note,
    removal_title,
)
from boardgames_tui.games.tallinn.table.exchange import ExchangePicker
from boardgames_tui.games.tallinn.table.panes import HandPicker, TableView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.literal import literal

OPTIONS_MIN = 10
"""Lines the choice list may always take (its frame included)."""
TABLE_ROOM = 20
"""Lines a tall terminal keeps for the header, the footer and the compact table under the list."""


class TallinnBody(GameBody):
    """The whole table for one viewer, and that viewer's way to decide."""

    uses_action_menu = False
    DEFAULT_CSS = """
    TallinnBody { height: auto; }
    TallinnBody #tl-note { padding: 0 1; height: auto; }
    TallinnBody #tl-options { height: auto; max-height: 10; border: round $primary; }
    TallinnBody #tl-options:focus { border: heavy $accent; }
    TallinnBody #tl-remove { height: auto; max-height: 10; border: round $primary; }
    TallinnBody #tl-remove:focus { border: heavy $accent; }
    TallinnBody #tl-remove > .selection-list--button { color: $panel; background: $panel; }
    TallinnBody #tl-remove > .selection-list--button-highlighted { color: $panel; background: $panel; }
    TallinnBody #tl-remove > .selection-list--button-selected { color: $text-success; text-style: bold; }
    TallinnBody #tl-remove > .selection-list--button-selected-highlighted {
        color: $text-success; text-style: bold;
    }
    TallinnBody #tl-remove-bar { height: 1; }
    TallinnBody #tl-remove-bar Button { margin: 0 1 0 1; height: 1; min-width: 0; border: none; }
    """
    BINDINGS = [
        Binding("r", "remove_marked", "Remove marked"),
        Binding("n", "remove_none", "Keep all"),
        Binding("pagedown", "pan(1)", "Scroll table", show=False),
        Binding("pageup", "pan(-1)", "Scroll table", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen: Seen | None = None
        self._options: list[Any] = []
        self._labels: list[str] = []
        self._shown: dict[str, Text] = {}
        self._remove_rows: list[RowCardView] = []

    def compose(self) -> ComposeResult:
        yield HandPicker(id="tl-hand")
        yield ExchangePicker(id="tl-exchange")
        yield OptionList(id="tl-options")
        yield Static("", id="tl-note")
        yield SelectionList[int](id="tl-remove")
        with Horizontal(id="tl-remove-bar"):
            yield Button("Remove marked (r)", id="tl-remove-go")
            yield Button("Keep them all (n)", id="tl-remove-none")
        yield TableView(id="tl-table")

    def on_mount(self) -> None:
        for widget in ("#tl-hand", "#tl-exchange", "#tl-options", "#tl-remove", "#tl-remove-bar"):
            self.query_one(widget).display = False

    # --- rendering --------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        self._seen = seen
        view: TallinnView = seen.view
        mode = self._mode(seen)
        self.query_one(TableView).set_seen(seen, choosing=mode in ("hand", "exchange"))
        self._show_choices(seen, view, mode)

    def on_resize(self, event: Resize) -> None:
        if self._seen is not None:
            self._fit_options()
            self.query_one(TableView).refresh(layout=True)

    def _fit_options(self) -> None:
        """Let the choice list show every choice when the terminal has the lines for it (the
        exchange offers 16, a late tower choice up to 15), leaving the table TABLE_ROOM lines;
        on a small terminal the list keeps to OPTIONS_MIN lines and scrolls itself."""
        options = self.query_one("#tl-options", OptionList)
        room = self.app.size.height - TABLE_ROOM
        options.styles.max_height = max(OPTIONS_MIN, min(options.option_count + 2, room))

    def _put(self, selector: str, text: Text) -> None:
        """Update a text panel only when its text changed (a redraw costs a layout pass)."""
        static = self.query_one(selector, Static)
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            static.update(literal(text))

    @staticmethod
    def _mode(seen: Seen) -> str:
        """How the viewer decides now: the hand, the removal list, a short list, or not at all."""
        if not seen.actions:
            return "none"
        first = seen.actions[0]
        if isinstance(first, Play):
            return "hand"
        if isinstance(first, Exchange) and seen.viewer is not None:
            return "exchange"
        if isinstance(first, Remove) and seen.viewer is not None:
            return "remove"
        return "list"

    def _show_choices(self, seen: Seen, view: TallinnView, mode: str) -> None:
        hand = self.query_one("#tl-hand", HandPicker)
        options = self.query_one("#tl-options", OptionList)
        remove = self.query_one("#tl-remove", SelectionList)
        remove_bar = self.query_one("#tl-remove-bar")
        exchange = self.query_one("#tl-exchange", ExchangePicker)
        hand.display = mode == "hand"
        if mode != "hand":
            hand.set_hand((), (), None)  # nothing of a previous viewer's hand stays behind
        exchange.display = mode == "exchange"
        if mode != "exchange":
            exchange.set_hand((), None)
        if mode != "list" and self._options:
            self._options, self._labels = [], []
            options.clear_options()
        if mode != "remove":
            remove.clear_options()
            self._remove_rows = []
        options.display = mode == "list"
        remove.display = remove_bar.display = mode == "remove"
        note = self.query_one("#tl-note", Static)
        note.display = mode == "remove"
        if mode == "hand" and seen.viewer is not None:
            me = view.seats[seen.viewer]
            tokens = me.supporters or ()
            hand.set_hand(me.hand or (), tokens, (seen.viewer, view.round, me.hand), with_supporters=view.supporters)
            self._focus(hand)
        elif mode == "exchange" and seen.viewer is not None:
            cards = view.seats[seen.viewer].hand or ()
            exchange.set_hand(cards, (seen.viewer, cards))
            self._focus(exchange)
        elif mode == "list":
            labels = [seen.labels.get(action, str(action)) for action in seen.actions]
            if list(seen.actions) != self._options or labels != self._labels:
                self._options, self._labels = list(seen.actions), labels
                options.clear_options()
                pal = palette_of(self.app)
                options.add_options(
                    Option(literal(option_label(action, label, pal)), id=str(i))
                    for i, (action, label) in enumerate(zip(seen.actions, labels, strict=True))
                )
                options.highlighted = 0
                self._fit_options()
            self._focus(options)
        elif mode == "remove" and seen.viewer is not None:
            self._show_removal(seen, view, remove)

    def _show_removal(self, seen: Seen, view: TallinnView, remove: SelectionList[int]) -> None:
        """The viewer's row cards that some removal takes, to mark (the rest stay in the row)."""
        remove.clear_options()
        takes = removable_cards(seen.actions)
        self._remove_rows = [e for e in view.seats[seen.viewer or 0].row if e.card in takes]
        pal = palette_of(self.app)
        remove.border_title = literal(removal_title(view))
        for entry in self._remove_rows:
            assert entry.card is not None
            remove.add_option(Selection(literal(removal_label(entry, False, pal)), entry.card))
        if remove.option_count:
            remove.highlighted = 0
        self._show_marks(remove)
        self._focus(remove)

    def _marked(self, remove: SelectionList[int]) -> tuple[int, ...]:
        """The marked cards in row order (the order the legal removals name them in)."""
        marked = set(remove.selected)
        return tuple(e.card for e in self._remove_rows if e.card in marked)

    def _show_marks(self, remove: SelectionList[int]) -> None:
        """Each row's mark in words, and the note's running total of what the marks add up to."""
        seen = self._seen
        if seen is None:
            return
        marked = self._marked(remove)
        pal = palette_of(self.app)
        for index, entry in enumerate(self._remove_rows):
            if index < remove.option_count:
                remove.replace_option_prompt_at_index(index, literal(removal_label(entry, entry.card in marked, pal)))
        self._put("#tl-note", removal_note(seen.view, marked, seen.actions, pal))

    @on(SelectionList.SelectedChanged, "#tl-remove")
    def _marks_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        event.stop()
        self._show_marks(event.selection_list)

    def _focus(self, widget: Widget) -> None:
        """Focus at once rather than after the next refresh, so what is drawn never depends on timing."""
        if self.is_attached:
            self.screen.set_focus(widget, scroll_visible=False)

    # --- choosing ---------------------------------------------------------------------------
    @on(HandPicker.Picked)
    def _picked(self, event: HandPicker.Picked) -> None:
        event.stop()
        self.choose(event.action)

    @on(ExchangePicker.Picked)
    def _exchange_picked(self, event: ExchangePicker.Picked) -> None:
        event.stop()
        self.choose(event.action)  # a set the rules do not offer is refused by the shell with its reason

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
        if remove.display:
            self.choose(Remove(self._marked(remove)))

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

    def why_not(self, action: str) -> str | None:
        """Why a key left out now (see `check_action`) can do nothing, for the status line."""
        if action in ("remove_marked", "remove_none"):
            return "Nothing to remove now: r and n answer a chronicle that lets you remove cards."
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("remove_marked", "remove_none"):
            seen = self._seen
            return bool(seen and seen.view.phase is Phase.REMOVE and seen.actions)
        return True
