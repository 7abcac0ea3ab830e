"""The key bar: one line at the bottom of every screen listing the keys that work now.

Textual's own Footer rebuilds a widget per key whenever focus or the bindings change, which
costs a large share of a hand-off's redraw. This bar is a single widget: it keeps a signature of
the shown keys, repaints only when that signature changes, and maps a click back to its key so
every key stays usable with the mouse alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from boardgames_tui.ui.literal import literal


class KeyItem(NamedTuple):
    """One shown key: what to press, what it does, and whether it works right now."""

    key: str
    display: str
    description: str
    enabled: bool


def _compact(description: str) -> str:
    """The first word of a description, for narrow terminals."""
    return description.split(" ", 1)[0]


def _clipped(length: int) -> Callable[[str], str]:
    """The first word of a description cut to `length` characters, for very narrow terminals."""
    return lambda description: _compact(description)[:length]


class Fit(NamedTuple):
    """One way to draw the bar: how labels are shortened, whether keys are padded, and whether
    the command palette's key (always on ctrl+p) is listed."""

    shorten: Callable[[str], str]
    padded: bool
    palette: bool


FITS: tuple[Fit, ...] = (
    Fit(lambda d: d, True, True),
    Fit(_compact, True, True),
    Fit(_compact, True, False),
    Fit(_compact, False, False),
    *(Fit(_clipped(n), False, False) for n in (5, 4, 3)),
    Fit(lambda d: "", True, False),
)
"""From the widest to the narrowest: the first that fits is drawn; short labels are kept before
the keys are ever shown alone (an 80-column terminal shows every game's keys with a word each)."""


class KeyBar(Widget, can_focus=False):
    """The live keys of the current screen, docked at the bottom."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyBar > .keybar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .keybar--description {
        color: $footer-description-foreground;
    }
    KeyBar > .keybar--disabled {
        text-style: dim;
    }
    """
    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--disabled"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: tuple[KeyItem, ...] = ()
        self._spans: list[tuple[int, int, KeyItem]] = []
        """Where each key was drawn on the last render: (first column, end column, item)."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        items = self.collect(screen)
        if items != self.items:
            self.items = items
            self.refresh()

    def collect(self, screen: Screen[object]) -> tuple[KeyItem, ...]:
        """The keys the screen shows now, one per action, in binding order."""
        seen_actions: set[str] = set()
        items: list[KeyItem] = []
        palette: KeyItem | None = None
        app = self.app
        for key, (_namespace, binding, enabled, _tooltip) in screen.active_bindings.items():
            item = KeyItem(binding.key, app.get_key_display(binding), binding.description, enabled)
            if key == app.COMMAND_PALETTE_BINDING:
                palette = item  # hidden from the bindings list, but offered at the end like Textual's footer
            elif binding.show and binding.action not in seen_actions:
                seen_actions.add(binding.action)
                items.append(item)
        if palette is not None and app.ENABLE_COMMAND_PALETTE:
            items.append(palette)
        return tuple(items)

    def render(self) -> Text:
        width = self.size.width
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        text_style = self.get_component_rich_style("keybar--description", partial=True)
        dim_style = self.get_component_rich_style("keybar--disabled", partial=True)
        palette_key = self.app.COMMAND_PALETTE_BINDING
        for fit in FITS:
            text = Text(no_wrap=True, overflow="crop")
            spans: list[tuple[int, int, KeyItem]] = []
            for item in self.items:
                if item.key == palette_key and not fit.palette:
                    continue
                start = text.cell_len
                label = fit.shorten(item.description)
                extra = dim_style if not item.enabled else Style()
                text.append(f" {item.display} " if fit.padded else f" {item.display}", style=key_style + extra)
                if label:
                    text.append(f"{label} " if fit.padded else f" {label}", style=text_style + extra)
                spans.append((start, text.cell_len, item))
            if text.cell_len <= width:
                break
        self._spans = spans
        return literal(text)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        for start, end, item in self._spans:
            if start <= event.x < end:
                if item.enabled:
                    self.app.simulate_key(item.key)
                else:
                    self.app.bell()
                return
