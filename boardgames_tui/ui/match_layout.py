"""The match screen's layout: the header, the board column, the side column (prompt, action
list, log), the status line; which panels show, and where the keys go when one closes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widget import Widget

from boardgames_tui.ui.body import BoardRoom, GameBody, Seen
from boardgames_tui.ui.bot_turns import BotTurns, HintLine
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.logview import LogView, NewsStrip
from boardgames_tui.ui.match_panels import ActionList, MatchHeader, StatusLine, TextPanel

NOBODY = object()
"""Stands for "no view handed to the body yet" (the table's viewer is None)."""
LOG_MIN_WIDTH = 110
"""From this width on the log pane shows by itself (`l` overrides the choice)."""


def shown(widget: Widget, within: Widget) -> bool:
    """Whether `widget` and every container up to `within` are displayed."""
    for node in widget.ancestors_with_self:
        if isinstance(node, Widget) and not node.display:
            return False
        if node is within:
            break
    return True


class MatchLayout(Screen[None]):
    """The panels of a match screen and the keys that show or hide them."""

    body: GameBody
    bots: BotTurns
    hint_line: HintLine
    _log_chosen: bool | None = None
    """Whether the player showed (True) or hid (False) the log with `l`; None: follow the width."""
    _menu_forced = False
    """True once the player asked for the action list with `m` (it then stays until closed)."""
    _fills = False
    """Whether the body takes its whole column (`GameBody.fills_pane`): then no recent log lines
    show under it."""

    _body_viewer: object = NOBODY
    """Whose the body on screen is (see `show_body`): a body serves one owner only."""
    _waiting_seen: Seen | None = None
    """The view for a fresh body still being mounted, handed to it once it is."""

    def show_body(self, seen: Seen, owner: object) -> None:
        """Hand `seen` to the body. `owner` says whose the board is now (the viewer and the seat
        acting on it); for another owner than the body's, a fresh body is made, so that nothing one
        seat did with the board's cursors, marks, lists or scroll reaches the next: every hand-off
        (behind a curtain, or on the table view when the turn passes) starts from the same picture."""
        if owner != self._body_viewer and self._body_viewer is not NOBODY:
            self._fresh_body()
        self._body_viewer = owner
        if self.body.is_mounted:
            self.body.show(seen)
        else:
            self._waiting_seen = seen

    def _fresh_body(self) -> None:
        old, new = self.body, type(self.body)()
        new.carry_over(old)
        self.body = new
        old.display = False  # gone from the next frame, before the new one can be drawn
        focused = self.focused
        if focused is not None and old in focused.ancestors_with_self:
            # A key sent to the old body now would sit in its queue and go with it: until the new
            # one is mounted, the screen takes the keys (its own bindings still work).
            self.set_focus(None)
        mounting = self.query_one("#body-pane").mount(new, before=old)
        # Taken away after the next refresh: what the old body asked to run after its last
        # drawing (a focus check) still finds it attached, and hidden it is never seen again.
        old.call_after_refresh(old.remove)  # in its own queue: after what it asked for itself

        async def show_when_mounted() -> None:
            await mounting
            seen, self._waiting_seen = self._waiting_seen, None
            if self.body is new and seen is not None:
                new.show(seen)
                focused = self.focused  # the keys go to the new board, unless the list has them
                if focused is None or (new not in focused.ancestors_with_self
                                       and not (focused is self.menu and self.menu.display)):
                    self.action_focus_board()

        self.call_later(show_when_mounted)

    def compose(self) -> ComposeResult:
        yield MatchHeader("", id="match-header")
        with Horizontal(id="match-main"):
            with BoardRoom(id="board-column"):
                with ScrollableContainer(id="body-pane"):
                    yield self.body
                yield NewsStrip(id="news")
            with Vertical(id="side"):
                yield TextPanel("", id="prompt")
                yield ActionList(id="actions")
                yield LogView(id="log-pane")
        yield self.hint_line
        yield StatusLine("", id="match-status")
        yield StatusLine("", id="match-why")
        yield self.bots
        yield KeyBar()

    @property
    def menu(self) -> ActionList:
        return self.query_one("#actions", ActionList)

    def lay_out(self, width: int) -> None:
        """At mount: the body's column, the action list if the body wants it, the log by width."""
        self._fills = self.body.fills_pane()
        self.query_one(BoardRoom).set_class(self._fills, "-fills")
        self.menu.display = self.body.uses_action_menu
        self.fit_log_to_width(width)

    def fit_log_to_width(self, width: int) -> None:
        """The log pane shows by itself on wide terminals, unless `l` chose otherwise."""
        if self._log_chosen is None:
            self.query_one("#log-pane").display = width >= LOG_MIN_WIDTH
            self.fit_side()

    def fit_side(self) -> None:
        """Hide the side column when neither the action list nor the log is shown; the recent
        lines under the board show only while the log pane does not."""
        log = self.query_one("#log-pane")
        self.query_one("#side").display = bool(self.menu.display or log.display)
        self.query_one("#news").display = not log.display and not self._fills

    def place_menu(self, has_rows: bool, has_actions: bool, is_window: bool) -> None:
        """Show the action list where the body does not offer the choices itself (or `m` asked
        for it), giving it the keys; hide it where the body offers them."""
        menu, body = self.menu, self.body
        if has_rows:
            if (body.uses_action_menu or self._menu_forced or (is_window and not body.offers_window)
                    or not (has_actions or body.offers_window)):
                menu.display = True
                if self.focused is not menu:
                    self.set_focus(menu)  # at once, so a body deciding its own focus sees it
            else:
                menu.display = False
        elif not body.uses_action_menu:
            menu.display = False
        self.fit_side()

    def close_forced_menu(self) -> bool:
        """Close the list `m` opened over a body that offers its own choices (True if it was
        open): the keys go back to the board and stay there."""
        if not self._menu_forced or self.body.uses_action_menu:
            return False
        self._menu_forced = False
        self.menu.display = False
        self.fit_side()
        self.action_focus_board()
        return True

    def under_curtain(self) -> None:
        """A hand-off's curtain covers the screen: the list one player opened is closed for the next."""
        self.close_forced_menu()

    def action_toggle_menu(self) -> None:
        """Show or hide the plain list of every legal action (always available as a fallback)."""
        menu = self.menu
        menu.display = not menu.display
        self._menu_forced = bool(menu.display)
        self.fit_side()
        if menu.display:
            self.set_focus(menu)  # at once, so a body deciding its own focus sees it
        else:
            self.action_focus_board()  # the board answers the arrows again

    def action_toggle_log(self) -> None:
        pane = self.query_one("#log-pane")
        had_focus = self.focused is not None and (self.focused is pane or pane in self.focused.ancestors)
        pane.display = not pane.display
        self._log_chosen = bool(pane.display)
        self.fit_side()
        if had_focus and not pane.display:
            self.action_focus_board()

    def board_target(self) -> Widget | None:
        """The widget of the board that takes the keys: the body, or its first focusable widget
        that is shown (a list the body has hidden never takes them: keys there would do nothing)."""
        body = self.body
        return body if body.focusable else next((w for w in body.query("*") if w.focusable and shown(w, body)), None)

    def action_focus_board(self) -> None:
        """Give the keys back to the game's board (Esc, or a side panel closing under the focus)."""
        target = self.board_target()
        if target is not None:
            self.set_focus(target)
