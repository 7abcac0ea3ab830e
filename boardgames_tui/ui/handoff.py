"""The hand-off: raising a match's one curtain for a seat, drawing that seat's view under it, lifting it.

The curtain goes up over whatever the match screen shows. Once it has been painted (and takes
no keys yet), the seat's view is drawn under it and never shown (`ui.covered`), so that the lift
only has to show it. The lift is answered while the curtain still covers the screen, so the view
of whoever moved last is replaced before the screen can be seen again.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.ui.curtain import Curtain, CurtainResult
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.mounting import still_open


class CoveredScreen(Protocol):
    """What the hand-off needs of the screen it covers."""

    flow: HotSeat

    @property
    def app(self) -> App[Any]: ...

    def draw_covered(self, cover: Any) -> None: ...

    def close_gate(self, delay: float) -> None: ...

    def before_handoff(self) -> None:
        """The screen takes off what one seat was shown alone (a hint) as the curtain goes up."""
        ...

    def under_curtain(self) -> None:
        """The screen tidies up what one seat opened (a forced list) before the next looks: under
        the curtain, once it is painted (or at the latest as it is lifted)."""
        ...

    def draw_for(self, viewer: Seat | None) -> None:
        """Draw `viewer`'s view now (under the curtain, or for the table after a lift)."""
        ...

    def drawn_for(self, viewer: Seat | None) -> bool:
        """Whether `viewer`'s view of the match as it stands is what is drawn now."""
        ...

    def after_lift(self, seat: Seat, result: CurtainResult, refusal: str | None) -> None:
        """The curtain is gone: go on with the flow (or leave, for "menu")."""
        ...


class HandOff:
    """One match's curtain, installed on the app once and re-addressed for every hand-off."""

    def __init__(self, screen: CoveredScreen, view_arming: float) -> None:
        self.screen = screen
        self.view_arming = view_arming
        self.up = False
        """Whether the curtain covers the screen (from its raising until it is lifted)."""
        self._curtain: Curtain | None = None
        self.predrawn: Seat | None = None
        """The seat whose view was drawn under the curtain now up (None: not drawn yet)."""

    def raise_for(self, step: steps.Curtain) -> None:
        """Raise the curtain for `step.seat` (nothing happens while it is up already)."""
        if self.up:
            return
        screen, seat, texts = self.screen, step.seat, step.texts
        self.up = True
        screen.close_gate(self.view_arming)  # whatever is drawn under the curtain is new to its viewer
        screen.before_handoff()
        app = screen.app
        info = screen.flow.match.seats[seat]
        if self._curtain is None:
            self._curtain = Curtain(info, texts.note, texts.undo_label, texts.news)
            app.install_screen(self._curtain, f"curtain-{id(self)}")
        else:
            self._curtain.address(info, texts.note, texts.undo_label, texts.news)
        curtain = self._curtain
        refusal: list[str | None] = [None]
        tidied = [False]

        def tidy() -> None:
            # The list the last seat opened closes once the curtain covers it, not before: that
            # moves the keys, which restyles the screen, and the curtain's frame waited for it.
            if not tidied[0]:
                tidied[0] = True
                screen.under_curtain()

        def predraw() -> None:
            # In the half second the new curtain takes no keys, the seat's view is drawn under it.
            if self.up and app.screen is curtain and still_open(screen):
                tidy()
                screen.draw_for(seat)
                self.predrawn = seat
                screen.draw_covered(curtain)

        def lift(result: CurtainResult) -> None:
            # Runs while the curtain still covers the screen.
            refusal[0] = screen.flow.lifted(seat, result)
            if not still_open(screen):
                return  # the match was left as the curtain was lifted: nothing to draw
            tidy()  # done already, unless the curtain was lifted before anything was drawn under it
            if result == "ready":
                if not screen.drawn_for(seat):  # drawn already, unless something changed since
                    screen.draw_for(seat)
            else:
                screen.draw_for(None)

        def lifted(result: CurtainResult | None) -> None:
            self.up, self.predrawn = False, None
            screen.draw_covered(None)
            if not still_open(screen):
                return
            if result is None:
                lift("ready")
            screen.after_lift(seat, result or "ready", refusal[0])

        curtain.on_lift = lift
        curtain.when_painted = predraw
        app.push_screen(curtain, lifted)

    def take_down(self) -> None:
        """The match screen goes: its curtain goes too (unless the app, closing, prunes it)."""
        curtain, self._curtain = self._curtain, None
        if curtain is not None and curtain not in self.screen.app.screen_stack:
            self.screen.app.uninstall_screen(curtain)
            curtain.remove()
