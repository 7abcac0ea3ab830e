"""The match screen: header, the game's body, the action list, the redacted log, and the hot-seat flow.

The flow in one sentence: whoever must decide next is found with `to_act`; a public decision is
taken on the table view; a private one first blanks the body to the table view and raises the
curtain for that seat, and only once that player lifts it is its private view drawn.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, IllegalAction, Seat
from boardgames_tui.ui.arming import GatedScreen
from boardgames_tui.ui.body import BoardRoom, GameBody, Seen
from boardgames_tui.ui.bot_turns import BotTurns
from boardgames_tui.ui.covered import CoveredDrawing
from boardgames_tui.ui.curtain import Curtain, CurtainResult
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.logview import LogView, NewsStrip, QuietScrolling
from boardgames_tui.ui.match_text import handoff, header_text, log_lines, seat_label
from boardgames_tui.ui.mounting import unless_taken_apart
from boardgames_tui.ui.offer import acting_seat, offers_actions

LOG_MIN_WIDTH = 110
BACK = "__back__"
RESPOND = "__respond__:"


class ActionList(OptionList, QuietScrolling):
    """The list of every legal action, beside the board."""


class MatchScreen(CoveredDrawing, GatedScreen[None]):
    """Plays one match to its end, one decision at a time.

    Its input is armed (`ui.arming`): whenever it is drawn with something new to choose from, it
    takes keys and clicks only once that is painted, and `Arming.view` seconds later when the
    choices now belong to someone else (a curtain was lifted, or the turn passed on).
    """

    _NO_HEADER = object()
    """Stands for "no header drawn yet" (a decision may be None at game over)."""

    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("a", "show_all", "Show all steps"),
        Binding("l", "toggle_log", "Log"),
        Binding("m", "toggle_menu", "Action list"),
        Binding("s", "save_and_leave", "Save & leave"),
        Binding("q", "quit_match", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("tab", "app.focus_next", "Focus", show=False),
        Binding("escape", "focus_board", "Board", show=False),
        Binding("enter", "go_on", "Go on", priority=True),
    ]

    def __init__(self, match: Match, body: GameBody) -> None:
        super().__init__()
        self.match = match
        self.body = body
        self.viewer: Seat | None = None
        """The seat whose private view is drawn (None: the table view). While a curtain is up
        (`curtain_up`), that is the view under it: the next seat's, drawn once the curtain has
        been painted and shown when it is lifted."""
        self.responding: Seat | None = None
        """During an open window: the seat that lifted its curtain to respond."""
        self._curtain_up = False
        self._predrawn: tuple[Any, ...] | None = None
        """What the view drawn under the curtain was drawn from: (responder, state)."""
        self._log_chosen: bool | None = None
        """Whether the player showed (True) or hid (False) the log with `l`; None: follow the width."""
        self.menu_actions: list[Any] = []
        """The actions behind the rows of the action list, in order."""
        self._menu_forced = False
        """True once the player asked for the action list with `m` (it then stays visible)."""
        self._curtain: Curtain | None = None
        """This match's one curtain, installed on the app and re-addressed for every hand-off."""
        self._shown: dict[str, object] = {}
        """What each text panel shows now, so an unchanged panel is not redrawn."""
        self._menu_rows: tuple[object, ...] = ()
        """The rows the action list holds now (ids and labels)."""
        self._offer: tuple[object, ...] | None = None
        """Who the choices on screen were last drawn for: (viewer, acting seat, responder)."""
        self._asked: tuple[object, ...] | None = None
        """The action shown and waiting for its second Enter or click: (moves so far, seat, code)."""
        self._last_key: str | None = None
        """The last key pressed on this screen (None after a click): the key that asked, asks again."""
        self._asked_key: str | None = None
        """The key that showed the waiting action (pressing it again does it, like Enter)."""
        self._header_decision: Any = self._NO_HEADER
        """The decision the header was last drawn for (drawn again, fitted, on a resize)."""
        self._fills = False
        """Whether the body takes its whole column (`GameBody.fills_pane`, read at mount): then no
        recent log lines show under it."""
        self._held = False
        """True after `a` showed every step: the table view stays, with all results, until Enter."""
        self.bots = BotTurns(self)
        """Plays the bot seats (`ui.bot_turns`): the flow asks it first at every decision."""

    # --- layout --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="match-header")
        with Horizontal(id="match-main"):
            with BoardRoom(id="board-column"):
                with ScrollableContainer(id="body-pane"):
                    yield self.body
                yield NewsStrip(id="news")
            with Vertical(id="side"):
                yield Static("", id="prompt")
                yield ActionList(id="actions")
                yield LogView(id="log-pane")
        yield Static("", id="match-status")
        yield self.bots
        yield KeyBar()

    @unless_taken_apart
    def on_mount(self) -> None:
        self._fills = self.body.fills_pane()
        self.query_one(BoardRoom).set_class(self._fills, "-fills")
        self.query_one("#actions", OptionList).display = self.body.uses_action_menu
        self._fit_log_to_width(self.app.size.width)
        self.call_after_refresh(self.advance_flow)

    def on_unmount(self) -> None:
        curtain, self._curtain = self._curtain, None
        # A curtain still on the stack means the app is closing: it then prunes every screen itself.
        if curtain is not None and curtain not in self.app.screen_stack:
            self.app.uninstall_screen(curtain)
            curtain.remove()

    @unless_taken_apart
    def on_resize(self, event: events.Resize) -> None:
        if self._log_chosen is None:
            self._fit_log_to_width(event.size.width)
        if self._header_decision is not self._NO_HEADER:
            self._render_header(self._header_decision)

    def _fit_log_to_width(self, width: int) -> None:
        """The log pane shows by itself on wide terminals; `l` overrides that choice."""
        self.query_one("#log-pane").display = width >= LOG_MIN_WIDTH
        self._fit_side()

    # --- the hot-seat flow ---------------------------------------------------------------
    def advance_flow(self) -> None:
        """Show whatever comes next: a public decision, a curtain, or the game over screen."""
        match = self.match
        decision = match.decision()
        if self._held:
            self._show_for(None)  # the results of `a`, together on the table, until Enter
            return
        if decision is None:
            self._show_for(None)
            self.app.show_game_over(match)  # type: ignore[attr-defined]
            return
        if self.bots.take(decision):  # a bot decides: no curtain, no private view
            return
        if decision.kind is DecisionKind.WINDOW:
            # A window is always answered privately: a responding seat's options (what it
            # holds) pass through its curtain, whatever the window's `public` flag says.
            if self.responding is None:
                self._show_for(None)
                return
        elif decision.kind is DecisionKind.STEP or decision.public:
            self._show_for(None)
            return
        target = self.responding if decision.kind is DecisionKind.WINDOW else decision.seats[0]
        if target is None:
            self._show_for(None)
            return
        if self.viewer == target or self.bots.skips_curtain(target):
            self._show_for(target)
            return
        # The curtain goes up over whatever this screen shows; the screen is redrawn for the
        # right viewer while still covered, before the curtain comes down (see `_raise_curtain`).
        self._raise_curtain(target)

    def _raise_curtain(self, seat: Seat) -> None:
        if self._curtain_up:
            return
        self._curtain_up = True
        self.close_gate(self.arming().view)  # whatever is drawn under the curtain is new to its viewer
        self.bots.redrawn(None)  # a hint for the seat that just played goes before the hand-off
        if self._menu_forced and not self.body.uses_action_menu:
            # The list one player opened is closed for the next: its Enter must reach the board.
            self._menu_forced = False
            self.query_one("#actions", OptionList).display = False
            self._fit_side()
            # The board takes the keys now, under the curtain: focusing it only after the lift
            # would restyle and draw the next seat's whole view a second time.
            self.action_focus_board()
        texts = handoff(self.match, seat,
                        lambda s: self.match.undo_refusal(s) or self.bots.undo_refusal(s))
        last = texts.last

        def predraw() -> None:
            # In the half second the new curtain takes no keys: the seat's view is drawn under
            # it and never shown (`ui.covered`), so that the lift only has to show it.
            if self._curtain_up and self.app.screen is self._curtain:
                self._show_for(seat)
                self._predrawn = (self.responding, self.match.state)
                self.draw_covered(self._curtain)

        def lift(result: CurtainResult) -> None:
            # Runs while the curtain still covers this screen, so the private view of whoever
            # moved last is replaced before this screen can be seen again.
            drawn, self._predrawn = self._predrawn, None
            if result == "ready":
                # Drawn already, unless something redrew this screen or changed the state since.
                if not (self.viewer == seat and drawn is not None and drawn[0] == self.responding
                        and drawn[1] is self.match.state):
                    self.viewer = seat
                    self._show_for(seat)
            else:
                self._show_for(None)

        def lifted(result: CurtainResult | None) -> None:
            self._curtain_up = False
            self.draw_covered(None)
            if result == "undo" and last is not None:
                self._undo(last)
            elif result == "menu":
                self.app.back_to_picker()  # type: ignore[attr-defined]
            elif self.viewer != seat:
                lift("ready")

        info = self.match.seats[seat]
        if self._curtain is None:
            self._curtain = Curtain(info, texts.note, texts.undo_label, texts.news)
            self.app.install_screen(self._curtain, f"curtain-{id(self)}")
        else:
            self._curtain.address(info, texts.note, texts.undo_label, texts.news)
        self._curtain.on_lift = lift
        self._curtain.when_painted = predraw
        self.app.push_screen(self._curtain, lifted)

    @property
    def curtain_up(self) -> bool:
        """Whether a hand-off curtain covers this screen (from its raising until it is lifted)."""
        return self._curtain_up

    def acting_seat(self) -> Seat | None:
        """The seat whose actions the action list offers now (None: the table's)."""
        decision = self.match.decision()
        return None if decision is None else acting_seat(decision, self.viewer, self.responding)

    # --- rendering -----------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the table view again (the bot driver, after a bot's move or while one thinks)."""
        self._show_for(None)

    def _show_for(self, viewer: Seat | None) -> None:
        self._ask_clear()
        self.viewer = viewer
        self.bots.redrawn(viewer)
        match = self.match
        decision = match.decision()
        state = match.state
        game = match.game
        acting = self.acting_seat()
        actions: list[Any] = []
        is_window = decision is not None and decision.kind is DecisionKind.WINDOW
        can_act = decision is not None and offers_actions(decision, viewer, self.responding)
        if can_act and not self.bots.holds_input():
            actions = match.legal(acting)
        labels = {a: game.describe(state, acting, a, viewer) for a in actions}
        self._arm_for((viewer, acting, self.responding))
        seen = Seen(game, game.view(state, viewer), viewer, match.seats, decision, tuple(actions), labels)
        self.body.show(seen)
        self._render_header(decision)
        self._render_actions(seen, is_window)
        self._render_log(viewer)

    def _arm_for(self, offer: tuple[object, ...]) -> None:
        """Close the input gate for what is about to be drawn: longer if it is someone else's."""
        changed = offer != self._offer
        self._offer = offer
        self.close_gate(self.arming().view if changed else 0.0)

    def _render_header(self, decision: Any) -> None:
        """The state line: game, progress, who is to act. Where the full line would be cut, the
        seats waiting are named by their glyphs alone, so that none of them falls off."""
        self._header_decision = decision
        width = (self.size.width or self.app.size.width) - 2  # the header's padding
        text = self._header_text(decision, short=False)
        if text.cell_len > width:
            text = self._header_text(decision, short=True)
        self._update("#match-header", text)

    def _header_text(self, decision: Any, *, short: bool) -> Text:
        return header_text(self.match, decision, status=self.bots.status(), held=self._held,
                           private=self.viewer is not None, short=short)

    def _render_actions(self, seen: Seen, is_window: bool) -> None:
        menu = self.query_one("#actions", OptionList)
        decision = seen.decision
        self.menu_actions = list(seen.actions)
        rows: list[tuple[str, Text | str]] = []
        if decision is None:
            prompt: Text | str = ""
        else:
            prompt = Text(decision.prompt or "Choose an action", style="bold")
            if is_window and self.responding is None:
                rows += [(f"{RESPOND}{seat}", Text.assemble("Respond as ", seat_label(self.match.seats[seat])))
                         for seat in seen.claimants()]
            elif is_window:
                rows.append((BACK, "Back: do not respond"))
            rows += [(str(index), seen.labels.get(action, str(action))) for index, action in enumerate(seen.actions)]
            if is_window and self.responding is not None and not seen.actions:
                prompt = Text("You have nothing you can do here. Choose Back.", style="bold")
        self._update("#prompt", prompt)
        signature = tuple((row_id, label.markup if isinstance(label, Text) else label) for row_id, label in rows)
        if signature != self._menu_rows:
            # Rebuilding the list is the costly part of a redraw: only when its rows changed.
            self._menu_rows = signature
            menu.set_options(Option(literal(label), id=row_id) for row_id, label in rows)
        if decision is None:
            return
        if menu.option_count:
            menu.highlighted = 0
            window_in_menu = is_window and not self.body.offers_window
            if self.body.uses_action_menu or self._menu_forced or window_in_menu or not (
                    seen.actions or self.body.offers_window):
                menu.display = True
                if self.focused is not menu:
                    self.set_focus(menu)  # at once, so a body deciding its own focus sees it
            else:
                menu.display = False
        elif not self.body.uses_action_menu:
            menu.display = False
        self._fit_side()

    def _render_log(self, viewer: Seat | None) -> None:
        shown = log_lines(self.match, viewer)
        self.query_one("#log-pane", LogView).set_entries(shown)
        self.query_one("#news", NewsStrip).set_entries(shown)

    def _update(self, selector: str, content: Text | str) -> None:
        """Show `content` literally in the Static `selector`, skipping the redraw when nothing changed."""
        key = (content.plain, tuple(content.spans), str(content.style)) if isinstance(content, Text) else content
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self.query_one(selector, Static).update(literal(content))

    # --- acting --------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#actions")
    def _menu_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.accepts(event):  # chosen on an offer this screen no longer shows
            return
        option_id = event.option.id or ""
        if option_id.startswith(RESPOND):
            self._respond_as(int(option_id[len(RESPOND) :]))
        elif option_id == BACK:
            self.responding = None
            self.viewer = None
            self.advance_flow()
        elif option_id.isdigit() and int(option_id) < len(self.menu_actions):
            self.commit(self.menu_actions[int(option_id)])

    @on(GameBody.Respond)
    def _body_responds(self, event: GameBody.Respond) -> None:
        """The body's own list claimed the open window for a seat, or went back to the table."""
        event.stop()
        if not self.accepts(event):  # chosen on an offer this screen no longer shows
            return
        if event.seat is None:
            self.responding = None
            self.viewer = None
            self.advance_flow()
        else:
            self._respond_as(event.seat)

    def _respond_as(self, seat: Seat) -> None:
        """`seat` claims the open window: its curtain comes next (never for a bot's seat)."""
        refusal = self.bots.response_refusal(seat)
        if refusal is not None:
            self.notify(refusal, title="Not allowed", severity="warning")
            return
        self.responding = seat
        self.advance_flow()

    @on(GameBody.Chosen)
    def _body_chose(self, event: GameBody.Chosen) -> None:
        event.stop()
        if not self.accepts(event):  # chosen on an offer this screen no longer shows
            return
        self.commit(event.action, event.confirmed)

    def commit(self, action: Any, confirmed: bool = False) -> bool:
        """Take `action` for the seat now deciding; refuse illegal ones with their reason. An
        action that cannot be taken back is first only shown (see `_ask_first`)."""
        decision = self.match.decision()
        if decision is None or self.bots.holds_input():
            return False
        seat = self.acting_seat()
        if not confirmed and self._ask_first(decision, seat, action):
            return False
        self._ask_clear()
        if decision.kind is not DecisionKind.STEP:
            self._held = False  # a choice made on the held table moves it on
        logged = len(self.match.game.log(self.match.state))
        try:
            self.match.play(seat, action)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self.app.autosave(self.match)  # type: ignore[attr-defined]
        nxt = self.match.decision()
        if decision.kind is DecisionKind.WINDOW:
            self.responding = None
        keep = (
            nxt is not None
            and seat is not None
            and nxt.kind in (DecisionKind.TURN, DecisionKind.SEALED)
            and not nxt.public
            and nxt.seats[0] == seat
        )
        if not keep and nxt is not None and seat is not None and self._hold_for_news(seat, logged):
            return True
        if not keep:
            # The committing seat's private view goes before anything else is drawn: with no
            # viewer, every path of `advance_flow` redraws for the table (or the next seat)
            # before this handler returns, so before the next frame.
            self.viewer = None
        self.advance_flow()
        return True

    def _ask_first(self, decision: Any, seat: Seat | None, action: Any) -> bool:
        """Show what a legal action that cannot be taken back will do, and wait for a second
        Enter or click on it (True: it waits now). The table's resolution steps go at once."""
        game = self.match.game
        key = (len(self.match.record.moves), seat, game.encode(action))
        if decision.kind is DecisionKind.STEP or key == self._asked or action not in self.menu_actions:
            return False
        if not game.asks_twice(self.match.state, seat, action):
            return False
        self._asked, self._asked_key = key, self._last_key
        label = game.describe(self.match.state, seat, action, self.viewer)
        self._show_status(Text.assemble(
            (label, "bold"), " — cannot be undone: Enter again or click again to do it; other keys cancel."))
        return True

    def _ask_clear(self) -> None:
        """Forget an action waiting for its second press, and its line."""
        if self._asked is not None:
            self._asked = None
            self._show_status(None)

    def _show_status(self, text: Text | None) -> None:
        status = self.query_one("#match-status", Static)
        status.display = text is not None
        self._update("#match-status", text or "")

    def on_key(self, event: events.Key) -> None:
        """Any key but Enter, Space or the key that asked cancels an action waiting for its second press."""
        self._last_key = event.key
        if event.key not in ("enter", "space", self._asked_key):
            self._ask_clear()
        self._say_why_key_is_off(event.key)

    def _say_why_key_is_off(self, key: str) -> None:
        """A key of the game that its board leaves out now would do nothing: say why instead."""
        chain = self.focused.ancestors_with_self if self.focused is not None else []
        if self.body not in chain:
            return
        for widget in chain[: chain.index(self.body) + 1]:
            for binding in type(widget).BINDINGS:
                if isinstance(binding, Binding) and key in binding.key.split(","):
                    name = binding.action.partition("(")[0]
                    if widget.check_action(name, ()) is False:
                        why_not = getattr(widget, "why_not", None)
                        why = why_not(name) if why_not is not None else None
                        self.notify(why or f"{binding.description or key}: not available now.", severity="warning")
                    return

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._last_key = None

    def _hold_for_news(self, seat: Seat, logged: int) -> bool:
        """Before the hand-off, a body that offers `private_news` shows the seat that just moved
        what only it learnt by that move (e.g. the cards it drew); the flow goes on once it has
        been read. True when the body holds the flow."""
        show = getattr(self.body, "private_news", None)
        if show is None or self.viewer != seat:
            return False
        lines = [e.text for e in self.match.game.log(self.match.state)[logged:] if e.audience == frozenset({seat})]
        if not lines:
            return False

        def done() -> None:
            self.viewer = None
            self.advance_flow()

        show(lines, done)
        return True

    def action_show_all(self) -> None:
        """Take every remaining step of the public resolution, and hold the table on its result."""
        self._held = True
        while True:
            decision = self.match.decision()
            if decision is None or decision.kind is not DecisionKind.STEP:
                break
            actions = self.match.legal(None)
            if not actions or not self.commit(actions[0]):
                break
        decision = self.match.decision()
        if decision is not None and decision.kind is DecisionKind.STEP:
            self._held = False  # a step was refused: the table stays on it, as without `a`
        self.refresh_bindings()
        self.advance_flow()

    def action_go_on(self) -> None:
        """Enter on the held table: go on to whatever comes after the shown steps."""
        self._held = False
        self.refresh_bindings()
        self.advance_flow()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_all":
            decision = self.match.decision()
            return decision is not None and decision.kind is DecisionKind.STEP and not self.bots.holds_input()
        if action == "go_on":
            return self._held
        if action == "hint":
            return self.bots.hint_seat() is not None
        return True

    def action_undo(self) -> None:
        moves = self.match.record.moves
        seat = moves[-1].seat if moves else None
        if seat is not None and self.viewer is not None and seat != self.viewer and not self.bots.is_bot(seat):
            name = self.match.seats[seat].name
            self.notify(f"Only {name} may take back their own move.", title="Undo unavailable", severity="warning")
            return
        self._undo(seat)

    def _undo(self, seat: Seat | None) -> None:
        reason = self.bots.undo_refusal(seat) or self.match.undo_refusal(seat)
        if reason is not None:
            self.notify(reason, title="Undo unavailable", severity="warning")
            return
        self.match.undo(seat)
        self._held = False
        self.app.autosave(self.match)  # type: ignore[attr-defined]
        self.notify("The last decision was taken back.")
        if self.viewer != seat:
            self._show_for(None)
        self.advance_flow()

    def action_toggle_menu(self) -> None:
        """Show or hide the plain list of every legal action (always available as a fallback)."""
        menu = self.query_one("#actions", OptionList)
        menu.display = not menu.display
        self._menu_forced = bool(menu.display)
        self._fit_side()
        if menu.display:
            self.set_focus(menu)  # at once, so a body deciding its own focus sees it
        else:
            self.action_focus_board()  # the board answers the arrows again

    def action_toggle_log(self) -> None:
        pane = self.query_one("#log-pane")
        had_focus = self.focused is not None and (self.focused is pane or pane in self.focused.ancestors)
        pane.display = not pane.display
        self._log_chosen = bool(pane.display)
        self._fit_side()
        if had_focus and not pane.display:
            self.action_focus_board()

    def action_focus_board(self) -> None:
        """Give the keys back to the game's board (Esc, or a side panel closing under the focus)."""
        target = self.body if self.body.focusable else next((w for w in self.body.query("*") if w.focusable), None)
        if target is not None:
            self.set_focus(target)

    def _fit_side(self) -> None:
        """Hide the side column when neither the action list nor the log is shown; the recent
        lines under the board show only while the log pane does not."""
        menu = self.query_one("#actions", OptionList)
        log = self.query_one("#log-pane")
        self.query_one("#side").display = bool(menu.display or log.display)
        self.query_one("#news").display = not log.display and not self._fills

    def action_hint(self) -> None:
        """`h`: what a normal bot would do for the seat whose private view is on screen."""
        self.bots.hint()

    @on(events.ScreenResume)
    def _bots_go_on(self) -> None:
        """Back on top (a page or a question closed): a bot's answer that came meanwhile is played."""
        self.bots.go_on()

    def action_rules(self) -> None:
        self.app.open_rules(self.match.game.key)  # type: ignore[attr-defined]

    def action_save_and_leave(self) -> None:
        self.app.autosave(self.match)  # type: ignore[attr-defined]
        self.app.back_to_picker()  # type: ignore[attr-defined]

    def action_quit_match(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.autosave(self.match)  # type: ignore[attr-defined]
                self.app.exit()

        self.app.push_screen(
            ConfirmDialog("Quit? The match is saved; resume it from Continue.", "Quit", "Stay"), answered
        )
