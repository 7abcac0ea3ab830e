"""The match screen's own keys (rules, undo, show all, hint, save, quit, Esc), and the rule
that a key which cannot act says why."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Seat
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.flow.news import SINCE_LAST_TURN, log_lines
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.logview import LogView, NewsStrip
from boardgames_tui.ui.match_layout import MatchLayout, shown
from boardgames_tui.ui.match_panels import StatusLine
from boardgames_tui.ui.shell import shell

SILENT = frozenset({"go_on", "focus_board", "app.focus_next"})
"""Screen actions whose key has another use when they are off (Enter goes to the board)."""


class MatchKeys(MatchLayout):
    """The keys of a match screen, each one handed to the controller or the layout."""

    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("a", "show_all", "Show all steps"),
        Binding("l", "toggle_log", "Log"),
        Binding("m", "toggle_menu", "Action list"),
        Binding("s", "save_and_leave", "Save & leave"),
        Binding("s", "leave", "Leave"),  # in its place while matches cannot be saved
        Binding("q", "quit_match", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("tab", "app.focus_next", "Focus", show=False),
        Binding("escape", "escape", "Board", show=False),
        Binding("enter", "go_on", "Go on", priority=True),
    ]

    match: Match
    flow: HotSeat
    _asked_key: str | None = None
    """The key that showed the move waiting for its second press (pressing it again does it)."""
    _last_key: str | None = None
    """The last key pressed on this screen (None after a click): the key that asked, asks again."""
    _log_viewer: object = None
    """The viewer the log was last opened for."""
    _hint_key: object = None
    """What the hint on show (or on its way) was asked for: (moves, seat)."""

    def advance_flow(self) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    # --- saying why ----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_all":
            return self.flow.can_show_all()
        if action == "go_on":
            return self.flow.held or self._waiting_move() is not None
        if action == "hint":
            return self.flow.hint_seat() is not None
        if action in ("save_and_leave", "leave"):
            return (shell(self).unsaved is None) == (action == "save_and_leave")
        return True

    def why_not(self, action: str) -> str | None:
        """Why the screen's key for `action` can do nothing now."""
        if action == "hint":
            return self.flow.hint_refusal()
        if action == "show_all":
            if self.flow.holds_input():
                return "A bot is playing: there is no resolution to show all at once."
            return "Nothing to show all at once: no resolution is under way."
        return None

    def on_key(self, event: events.Key) -> None:
        """Any key but Enter, Space or the key that asked cancels a move waiting for its second
        press; a key that cannot act says why."""
        self._last_key = event.key
        if event.key not in ("enter", "space", self._asked_key):
            self.ask_clear()
        self.say_why(why_key_is_off(self, self.body, event.key))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._last_key = None

    def say_why(self, why: str | None) -> None:
        """Say on the status line why a key could do nothing (None: clear it); the next key clears it."""
        # literal: a reason may hold a player's name
        self.query_one("#match-why", StatusLine).show_text(literal(why) if why else None)

    def ask_clear(self) -> None:
        """Forget a move waiting for its second press, and its line (and a reason said before)."""
        self.flow.cancel_ask()
        self.query_one("#match-status", StatusLine).show_text(None)
        self.say_why(None)

    def show_asked(self, label: str) -> None:
        self._asked_key = self._last_key
        self.say_why(None)
        self.query_one("#match-status", StatusLine).show_text(Text.assemble((label, "bold"), (
            " — cannot be undone: Enter again or click again to do it; other keys cancel.")))

    def _waiting_move(self) -> Any:
        """The move shown and waiting for its second press now, if any (None: none)."""
        asked = self.flow.asked
        if asked is None or asked[0] != len(self.match.record.moves):
            return None
        return asked[2]

    def commit(self, action: Any, confirmed: bool = False) -> bool:
        raise NotImplementedError

    def show_log(self, viewer: Seat | None) -> None:
        """The log pane and the strip under the board: the lines `viewer` may read."""
        shown = log_lines(self.match, viewer)
        log, strip = self.query_one("#log-pane", LogView), self.query_one("#news", NewsStrip)
        log.set_entries(shown)
        strip.set_entries(shown)
        if viewer != self._log_viewer:  # a new reader: nothing of the last one's scrolling stays
            self._log_viewer = viewer
            log.open_at(SINCE_LAST_TURN)
            strip.scroll_end(animate=False, immediate=False, x_axis=False)

    # --- the keys ------------------------------------------------------------------------
    def action_escape(self) -> None:
        """Esc closes the list `m` opened, else gives the keys to the board; on the board already,
        it says what there is to do instead of doing nothing."""
        if self.close_forced_menu():
            return
        focused = self.focused
        if focused is not None and self.body in focused.ancestors_with_self and shown(focused, self.body):
            self.say_why("Nothing to close here: the board has the keys (m: action list, l: log, "
                         "s: save and leave).")
            return
        self.action_focus_board()

    def action_show_all(self) -> None:
        """Take every remaining step of the public resolution, and hold the table on its result."""
        self.flow.show_all()
        self.refresh_bindings()
        self.advance_flow()

    def action_go_on(self) -> None:
        """Enter where a line says "Enter again": the move shown is done (whichever list has the
        keys); Enter on the held table: go on to whatever comes after the shown steps."""
        waiting = self._waiting_move()
        if waiting is not None:
            self.commit(waiting)
            return
        self.flow.go_on()
        self.refresh_bindings()
        self.advance_flow()

    def action_undo(self) -> None:
        self.said_undo(self.flow.take_back())

    def said_undo(self, refusal: str | None) -> None:
        """Tell how a take-back went, and go on from there."""
        if refusal is not None:
            self.notify(refusal, title="Undo unavailable", severity="warning")
            return
        self.notify("The last decision was taken back.")
        if self.flow.viewer is None:
            self.redraw()
        self.advance_flow()

    def action_hint(self) -> None:
        """`h`: what a normal bot would do for the seat whose private view is on screen."""
        seat = self.flow.hint_seat()
        if seat is None:
            return
        self._hint_key = (self.match.record.moves, seat)
        self.hint_line.show_text(Text("Hint: thinking it over…", style="italic"))
        self.bots.hint(self._hint_key, self.match.game, self.match.state, seat, self.flow.seating.hint_seed(seat),
                       self.flow.seating.pacing.iterations)

    def action_rules(self) -> None:
        shell(self).open_rules(self.match.game.key)

    def action_save_and_leave(self) -> None:
        shell(self).autosave(self.match)
        shell(self).back_to_picker()

    def action_leave(self) -> None:
        """Leave while matches cannot be saved: one more try, then ask before the match is lost."""
        shell(self).autosave(self.match)
        if shell(self).unsaved is None:
            shell(self).back_to_picker()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                shell(self).back_to_picker()

        self.app.push_screen(ConfirmDialog("Leave? This match could not be saved, so it ends here.", "Leave", "Stay"),
                             answered)

    def action_quit_match(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                shell(self).autosave(self.match)
                self.app.exit()

        unsaved = shell(self).unsaved
        question = ("Quit? The match is saved; resume it from Continue." if unsaved is None
                    else "Quit? This match could not be saved, so it ends here.")
        self.app.push_screen(ConfirmDialog(question, "Quit", "Stay"), answered)


def why_key_is_off(screen: Screen[Any], body: Widget, key: str) -> str | None:
    """What to say for `key` pressed on `screen`, when the binding it belongs to is off now: the
    nearest binding of the focused widgets up to the body, else one of the screen's own (which
    says why with `why_not(action)`). None when the key acts, or is not one of these."""
    focused = screen.focused
    chain = [w for w in focused.ancestors_with_self if isinstance(w, Widget) and not isinstance(w, Screen)
             ] if focused is not None else []
    if body in chain:
        for widget in chain[: chain.index(body) + 1]:
            said = _off_binding(widget, key)
            if said is not None:
                return said or None
    for widget in chain:
        if widget is not body and any(key in b.key.split(",") for b in _bindings(widget)):
            return None  # a widget outside the body (the action list, the log) takes this key
    return _off_binding(screen, key) or None


def _bindings(node: Widget) -> list[Binding]:
    return [b for b in type(node).BINDINGS if isinstance(b, Binding)]


def _off_binding(node: Widget, key: str) -> str | None:
    """None: `node` has no binding for `key`; "": it has one that acts (or must stay silent);
    else what to say for the binding that is off."""
    said: str | None = None
    for binding in _bindings(node):
        if key not in binding.key.split(","):
            continue
        name = binding.action.partition("(")[0]
        if name in SILENT or node.check_action(name, ()) is not False:
            return ""  # one binding of the key acts (a key may have another in its place)
        if said is None:
            why_not = getattr(node, "why_not", None)
            why = why_not(name) if why_not is not None else None
            said = why or f"{binding.description or key}: not available now."
    return said
