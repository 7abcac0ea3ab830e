"""Input arming: a screen that offers a lift or a commit takes input only once it has been seen.

One rule for the whole app. A gated screen (the curtain, the match screen) closes its gate
whenever what it offers changes; the gate opens an arming time after the screen has been painted
with the new offer. A key or click made while the gate is closed is dropped, and so is a key
typed before the paint that still waited in the queue: each input event carries the time it was
made (`Message.time`), and only events made after the gate opened count. A commit message is
held to the same rule by its own time stamp, so a choice begun on an older offer cannot land on
a newer one.

The app holds an `Arming` (`BoardgamesApp.input_arming`); tests of other behaviour switch it off.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Final, TypeVar

from textual import events, on
from textual._time import get_time  # the clock of `Message.time`
from textual.message import Message
from textual.screen import Screen

CURTAIN_ARMING: Final = 0.5
"""Seconds a curtain ignores keys and clicks once painted: the second press of a double press
that ended one seat's turn cannot lift the next seat's curtain."""

VIEW_ARMING: Final = 0.4
"""Seconds a view newly offering choices to someone (a private view just uncovered, or the table
view once the turn has passed on) ignores keys and clicks once painted: the second press of a
double press cannot commit a move its player has not seen."""


@dataclass(frozen=True, slots=True)
class Arming:
    """The arming times in force, or `enabled=False` to take every input at once."""

    curtain: float = CURTAIN_ARMING
    view: float = VIEW_ARMING
    enabled: bool = True


ARMED: Final = Arming()
ARMING_OFF: Final = Arming(0.0, 0.0, enabled=False)

PAINT_FALLBACK: Final = 0.5
"""Seconds after which a closed gate on the top screen opens even without a frame to wait for."""

R = TypeVar("R")

_BUTTONS = (events.MouseDown, events.MouseUp, events.Click)


class GatedScreen(Screen[R]):
    """A screen whose keys and clicks pass an input gate (see the module docstring)."""

    _gate_opens_at: float | None = None
    """When input starts to count (the clock of `Message.time`); None: closed until painted."""
    _gate_delay = 0.0
    """The arming time that starts at the next paint."""
    _gate_generation = 0
    """Bumped on every closing, so a paint noticed for an older offer opens nothing."""
    _press_accepted = False
    """Whether the mouse button now down was pressed through the open gate."""
    _gate_watching = -1
    """The closing whose next frame opens the gate (-1: none, the screen is not on top)."""

    def arming(self) -> Arming:
        """The app's arming times (on by default)."""
        arming = getattr(self.app, "input_arming", ARMED)
        return arming if isinstance(arming, Arming) else ARMED

    def resume_arming(self) -> float:
        """The arming time when this screen comes back on top with nothing new to offer."""
        return 0.0

    def close_gate(self, delay: float) -> None:
        """Take no input until this screen has been painted as it is now, and `delay` seconds more.

        Closing an already closed gate keeps the longer of the two arming times."""
        if self._gate_opens_at is None:
            delay = max(delay, self._gate_delay)
        self._gate_generation += 1
        self._gate_opens_at = None
        self._gate_delay = delay
        self._press_accepted = False
        if self._on_top():
            self._watch_paint()

    def gate_open(self) -> bool:
        """Whether a key made now would count."""
        return self.accepts_time(get_time())

    def accepts(self, message: Message) -> bool:
        """Whether an input event (or a message it caused) was made while the gate was open."""
        return self.accepts_time(message.time)

    def accepts_time(self, made: float) -> bool:
        if not self.arming().enabled:
            return True
        opens_at = self._gate_opens_at
        return opens_at is not None and made >= opens_at

    def _on_top(self) -> bool:
        try:
            return self.app.screen is self
        except Exception:  # no screen stack (the app is closing)
            return False

    def _watch_paint(self) -> None:
        """Open the gate at the next frame of this screen; a timer opens it if no frame comes
        (nothing on screen changed), so the screen can never stay deaf."""
        self._gate_watching = self._gate_generation
        self.set_timer(PAINT_FALLBACK, partial(self._open_gate, self._gate_generation))

    def _open_gate(self, generation: int) -> None:
        if generation == self._gate_generation and self._gate_opens_at is None and self._on_top():
            self._gate_opens_at = get_time() + self._gate_delay

    def _compositor_refresh(self) -> None:
        # Textual writes a frame of the top screen here: the one moment the offer is known shown.
        super()._compositor_refresh()
        if self._gate_watching == self._gate_generation:
            self._open_gate(self._gate_generation)

    @on(events.ScreenResume)
    def _gate_on_resume(self) -> None:
        """Back on top: the gate waits for this paint (and the longer of the pending and the
        resume arming times)."""
        self.close_gate(self.resume_arming())

    def _forward_event(self, event: events.Event) -> None:
        """Drop mouse button events made while the gate was closed (a click needs its press too)."""
        if isinstance(event, _BUTTONS) and not event.is_forwarded and self.arming().enabled:
            if isinstance(event, events.MouseDown):
                self._press_accepted = self.accepts(event)
            if not (self._press_accepted and self.accepts(event)):
                return
        super()._forward_event(event)


def key_allowed(screen: Screen[object] | None, event: events.Key) -> bool:
    """The app's check for every key before any binding sees it: the top screen's gate."""
    return not isinstance(screen, GatedScreen) or screen.accepts(event)
