"""The match screen: draws what the hot-seat controller (`ui.flow`) says and hands it the answers.

The controller decides the course of the match (who looks, curtains, bots, news, asking twice);
this screen interprets each step: a view is drawn (header, body, action list, log), a curtain is
raised (`ui.handoff`), a bot's question goes to a worker (`ui.bot_turns`), game over opens its screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events, on
from textual.widgets import OptionList

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.ui.arming import GatedScreen
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.bot_turns import BotTurns, HintLine
from boardgames_tui.ui.covered import CoveredDrawing
from boardgames_tui.ui.curtain import CurtainResult
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.handoff import HandOff
from boardgames_tui.ui.match_keys import MatchKeys
from boardgames_tui.ui.match_panels import BACK, RESPOND, MatchHeader, TextPanel
from boardgames_tui.ui.match_text import busy_text
from boardgames_tui.ui.mounting import still_open, unless_taken_apart
from boardgames_tui.ui.shell import shell

__all__ = ["BACK", "RESPOND", "MatchScreen"]


class MatchScreen(MatchKeys, CoveredDrawing, GatedScreen[None]):
    """Plays one match to its end, one step of its controller at a time. Input is armed
    (`ui.arming`): new choices take keys only once painted, and later still for a new viewer."""

    def __init__(self, match: Match, body: GameBody) -> None:
        super().__init__()
        self.match, self.body = match, body
        self.flow = HotSeat(match, save=lambda m: shell(self).autosave(m))
        self.bots, self.hint_line = BotTurns(), HintLine()
        self.handoff = HandOff(self, 0.0)
        self._drawn: steps.View | None = None
        self._offer: tuple[object, ...] | None = None  # (viewer, acting, responding) last offered
        self._shown: object = None  # the bot step or news last acted on (each acted on once)
        self._waiting: list[Any] = []  # what came while another screen was on top

    # --- what tests and bodies read ------------------------------------------------------
    viewer = property(lambda self: self._drawn.viewer if self._drawn else None,  # the view drawn now
                      lambda self, seat: setattr(self.flow, "viewer", seat))
    responding = property(lambda self: self.flow.responding,
                          lambda self, seat: setattr(self.flow, "responding", seat))
    curtain_up = property(lambda self: self.handoff.up)
    _curtain_up = curtain_up
    _asked = property(lambda self: self.flow.asked)
    _predrawn = property(lambda self: self.handoff.predrawn)
    menu_actions = property(lambda self: self.menu.actions)

    def acting_seat(self) -> Seat | None:
        return self.flow.acting_seat()

    @unless_taken_apart
    def on_mount(self) -> None:
        app = shell(self)
        self.flow.seating.pacing = app.bot_pacing
        self.flow.confirm_irreversible = app.confirm_irreversible()
        if self.flow.seating.searches():
            self.bots.start_pool(self.match.game, app.bot_workers())
        self.handoff.view_arming = self.arming().view
        self.lay_out(self.app.size.width)
        self.call_after_refresh(self.advance_flow)

    def on_unmount(self) -> None:
        self.handoff.take_down()

    @unless_taken_apart
    def on_resize(self, event: events.Resize) -> None:
        self.fit_log_to_width(event.size.width)
        if self._drawn is not None:
            self._header(self._drawn)

    # --- interpreting the controller -----------------------------------------------------
    def advance_flow(self) -> None:
        """Show whatever the controller says comes next."""
        if not still_open(self):
            return
        step = self.flow.next_step()
        if isinstance(step, steps.Curtain):
            self.handoff.raise_for(step)
        elif isinstance(step, steps.View):
            self.draw(step)
        elif isinstance(step, steps.PrivateNews):
            show = getattr(self.body, "private_news", None)
            if show is None:
                self._news_read()
            elif step is not self._shown:
                self._shown = step
                show(list(step.lines), self._news_read)
        else:
            fresh = step is not self._shown and (not isinstance(step, steps.BotThinking)
                                                 or step.request is not self.bots.running)
            if fresh or not isinstance(step, steps.BotThinking | steps.MoveShown):
                self.redraw()
            self._shown = step
            if isinstance(step, steps.BotThinking):
                self.bots.ask(step.request)
            elif isinstance(step, steps.MoveShown) and fresh:
                pause = self.flow.seating.pacing.pause
                self.set_timer(pause, self._pause_over) if pause > 0 else self.call_later(self._pause_over)
            elif isinstance(step, steps.GameOver):
                shell(self).show_game_over(self.match)

    def _news_read(self) -> None:
        self.flow.news_read()
        self.advance_flow()

    def redraw(self) -> None:
        """Draw the table view (with nothing to choose while a bot holds the table)."""
        self.flow.viewer = None
        self.draw(self.flow.view_for(None))

    def draw_for(self, viewer: Seat | None) -> None:
        self.draw(self.flow.view_for(viewer))

    def drawn_for(self, viewer: Seat | None) -> bool:
        drawn = self._drawn
        return (drawn is not None and drawn.viewer == viewer and drawn.responding == self.flow.responding
                and drawn.state is self.match.state)

    def draw(self, view: steps.View) -> None:
        """Draw `view`: the body, the header, the prompt and action list, the log."""
        if not still_open(self):
            return
        self.ask_clear()
        self._drawn = view
        if self.flow.seating.has_bots():
            self.refresh_bindings()  # the hint key follows who is on screen
        if self._hint_key is not None and self._hint_key != (self.match.record.moves, view.viewer):
            self._hint_key = None
            self.hint_line.show_text(None)
        offer = (view.viewer, view.acting, view.responding)
        self.close_gate(self.arming().view if offer != self._offer else 0.0)  # new to its viewer: later
        self._offer = offer
        self.show_body(Seen(self.match.game, view.view, view.viewer, self.match.seats, view.decision,
                            view.actions, view.labels), (view.viewer, view.acting))
        self._header(view)
        prompt, has_rows = self.menu.offer(view, self.match)
        self.query_one("#prompt", TextPanel).say(prompt)
        if view.decision is not None:
            self.place_menu(has_rows, bool(view.actions), view.decision.kind is DecisionKind.WINDOW)
        self.show_log(view.viewer)

    def _header(self, view: steps.View) -> None:
        self.query_one(MatchHeader).fit(self.match, view.decision, status=busy_text(self.match, self.flow.busy()),
                                        held=self.flow.held, private=view.viewer is not None)

    def before_handoff(self) -> None:
        self._hint_key = None
        self.hint_line.show_text(None)

    def after_lift(self, seat: Seat, result: CurtainResult, refusal: str | None) -> None:
        if result == "menu":
            shell(self).back_to_picker()
        elif result == "undo":
            self.said_undo(refusal)

    # --- answers -------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#actions")
    def _menu_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        meaning = self.menu.meaning(event.option.id or "")
        if not self.accepts(event) or meaning is None:  # chosen on an offer no longer shown
            return
        kind, value = meaning
        if kind == "action":
            self.commit(value)
        else:
            self._respond(value)

    @on(GameBody.Respond)
    def _body_responds(self, event: GameBody.Respond) -> None:
        event.stop()
        if self.accepts(event):
            self._respond(event.seat)

    def _respond(self, seat: Seat | None) -> None:
        refusal = self.flow.respond(seat)
        if refusal is not None:
            self.notify(refusal, title="Not allowed", severity="warning")
        else:
            self.advance_flow()

    @on(GameBody.Chosen)
    def _body_chose(self, event: GameBody.Chosen) -> None:
        event.stop()
        if self.accepts(event):
            self.commit(event.action, event.confirmed)

    def commit(self, action: Any, confirmed: bool = False) -> bool:
        """Hand `action` to the controller; say why if it is refused, show it if it asks twice."""
        answer = self.flow.choose(action, confirmed)
        if isinstance(answer, steps.AskAgain):
            self.show_asked(answer.label)
        elif isinstance(answer, steps.Refused) and answer.reason:
            self.notify(answer.reason, title="Not allowed", severity="warning")
        elif isinstance(answer, steps.Played):
            self.ask_clear()  # the line that asked goes with the move, whatever comes next
            self.advance_flow()
            return True
        return False

    # --- bots ----------------------------------------------------------------------------
    @on(BotTurns.Answered)
    def _bot_answered(self, event: BotTurns.Answered) -> None:
        def take() -> None:
            if self.flow.bot_answered(event.request, event.answer):  # else it was stale: dropped
                self.advance_flow()

        self._when_on_top(take)

    def _pause_over(self) -> None:
        self.flow.pause_over()
        self._when_on_top(self.advance_flow)

    def _when_on_top(self, go_on: Callable[[], object]) -> None:
        """Go on now if this screen is on top, else once it is back: a move or a curtain never
        lands under the rules page or the quit question."""
        self._waiting.append(go_on)
        try:
            # While the app shuts down its screens are taken apart from the top one down.
            on_top = self.app.is_running and self.is_attached and self.app.screen is self
        except Exception:  # no screen stack: the app is closing
            on_top = False
        if on_top:
            waiting, self._waiting = self._waiting, []
            for later in waiting:
                later()

    @on(events.ScreenResume)
    def _back_on_top(self) -> None:
        if self._waiting:
            self._when_on_top(lambda: None)

    @on(BotTurns.Hinted)
    def _hinted(self, event: BotTurns.Hinted) -> None:
        if event.key == self._hint_key == (self.match.record.moves, self.flow.viewer):
            self.hint_line.show_text(event.text)
