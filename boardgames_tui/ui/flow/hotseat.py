"""The hot-seat controller: the course of a match, one step at a time, with no screen in it.

From the match and who sits where it says what comes next (`next_step`): a curtain for a seat, a
view for a viewer with what it may do, a bot thinking, a move on show, news only the last mover
may read, the table held on shown results, game over. It takes the answers: a choice (asked
twice first when it cannot be taken back), a lift, a claim of an open window, a take-back, a bot's
answer (dropped when it is stale), and it saves after every move.

Who looks at the screen is its `viewer`: a private view is offered only to the seat it belongs
to, and a different person looks only after a curtain has been lifted for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_tui import bots
from boardgames_tui.bots.search import window_open
from boardgames_tui.engine.match import Match, Move
from boardgames_tui.engine.protocol import Decision, DecisionKind, IllegalAction, Seat
from boardgames_tui.ui.flow import hint
from boardgames_tui.ui.flow.news import handoff, new_entries, private_lines_since
from boardgames_tui.ui.flow.offer import acting_seat, offers_actions
from boardgames_tui.ui.flow.seating import DEFAULT_PACING, BotPacing, BotRequest, Seating
from boardgames_tui.ui.flow.steps import (
    Answer,
    AskAgain,
    BotThinking,
    Curtain,
    GameOver,
    Held,
    MoveShown,
    Played,
    PrivateNews,
    Refused,
    Step,
    View,
)

CurtainAnswer = str
"""How a curtain was lifted: "ready" (the seat looks now), "undo" (the last mover takes its move
back) or "menu" (the match is left)."""


class HotSeat:
    """Owns the course of one match (see the module docstring)."""

    def __init__(
        self,
        match: Match,
        *,
        pacing: BotPacing = DEFAULT_PACING,
        save: Callable[[Match], None] | None = None,
        confirm_irreversible: bool = True,
    ) -> None:
        self.match = match
        self.seating = Seating(match, pacing)
        self._save = save or (lambda _match: None)
        self.confirm_irreversible = confirm_irreversible
        """Whether a move that cannot be taken back is first only shown ("Confirm moves that
        cannot be undone")."""
        self.viewer: Seat | None = None
        """The seat whose private view is on screen (None: the table view)."""
        self.responding: Seat | None = None
        """During an open window: the seat that lifted its curtain to answer it."""
        self.held = False
        """True after "show all steps": the table stays on the results until `go_on`."""
        self.asked: tuple[int, Seat | None, Any] | None = None
        """The move shown and waiting for its second press: (moves so far, seat, action)."""
        self._thinking: BotRequest | None = None
        self._shown: MoveShown | None = None
        self._news: PrivateNews | None = None
        self._passed: tuple[tuple[Move, ...], set[Seat]] = ((), set())
        """The bots that let the window open now (at these moves) pass."""

    # --- what comes next -----------------------------------------------------------------
    def next_step(self) -> Step:
        """What the screen shows now. Taking a step may move the flow on by itself: a curtain
        takes the private view off the screen, a seat alone at the table looks without one, a
        table of bots advances its own steps, a lone person's only answer to a poll is given."""
        if self._news is not None:
            return self._news
        if self.held:
            self.viewer = None
            return Held()
        decision = self.match.decision()
        if decision is None:
            self.viewer = None
            return GameOver()
        machine = self._machine_step(decision)
        if machine is not None:
            self.viewer = None
            return machine
        target = self._private_seat(decision)
        if target is None:
            self.viewer = None
            return self.view_for(None)
        if self.viewer == target or self.seating.skips_curtain(target):
            self.viewer = target
            return self.view_for(target)
        self.viewer = None  # the private view on screen goes before the curtain comes up
        return Curtain(target, handoff(self.match, target, self.undo_refusal))

    def _private_seat(self, decision: Decision) -> Seat | None:
        """The seat that must look at its private view to decide now (None: the table decides)."""
        if decision.kind is DecisionKind.WINDOW:
            # Always answered privately: a responding seat's options pass through its curtain.
            return self.responding
        if decision.kind is DecisionKind.STEP or decision.public:
            return None
        return decision.seats[0]

    def view_for(self, viewer: Seat | None) -> View:
        """`viewer`'s view of the match now, with its choices if it decides (changes nothing)."""
        match = self.match
        decision = match.decision()
        state, game = match.state, match.game
        acting = None if decision is None else acting_seat(decision, viewer, self.responding)
        actions: tuple[Any, ...] = ()
        if decision is not None and offers_actions(decision, viewer, self.responding) and not self.holds_input():
            actions = tuple(match.legal(acting))
        labels = {a: game.describe(state, acting, a, viewer) for a in actions}
        claimants: tuple[Seat, ...] = ()
        if decision is not None and decision.kind is DecisionKind.WINDOW and self.responding is None:
            claimants = tuple(s for s in decision.seats if not self.seating.is_bot(s))
        return View(viewer, game.view(state, viewer), decision, acting, self.responding, actions, labels,
                    claimants, state)

    def acting_seat(self) -> Seat | None:
        """The seat whose actions the screen offers now (None: the table's)."""
        decision = self.match.decision()
        return None if decision is None else acting_seat(decision, self.viewer, self.responding)

    # --- machines: bots, the table of bots, a lone person's only answer ------------------
    def holds_input(self) -> bool:
        """True while a bot thinks or a move is on show: nobody else's action is offered then."""
        return self._thinking is not None or self._shown is not None

    def busy(self) -> BotThinking | MoveShown | None:
        """What the header says while no person decides: who is thinking, or the move on show."""
        if self._thinking is not None:
            return BotThinking(self._thinking)
        return self._shown

    def _machine_step(self, decision: Decision) -> Step | None:
        if self._shown is not None:
            return self._shown
        moves = self.match.record.moves
        if self._thinking is not None:
            if self._thinking.moves == moves:
                return BotThinking(self._thinking)
            self._thinking = None  # asked about another state: its answer will be dropped
        seat = self._bot_to_decide(decision)
        if seat is not None:
            self._thinking = self.seating.request(seat)
            return BotThinking(self._thinking)
        table = self._table_move(decision)
        if table is not None:
            return self._play_shown(None, table)
        forced = self._only_answer(decision)
        if forced is not None:
            seat, action = forced
            label = self.match.game.describe(self.match.state, seat, action, seat)
            return self._play_shown(seat, action, f"{label} (the only answer, given for you)")
        return None

    def _passed_now(self) -> set[Seat]:
        moves = self.match.record.moves
        if self._passed[0] != moves:
            self._passed = (moves, set())
        return self._passed[1]

    def _bot_to_decide(self, decision: Decision) -> Seat | None:
        """The bot seat to ask now, if any: in a sealed decision the bots choose first (on their
        own information, so the order tells them nothing); in a window each listed bot is asked
        once, before the people."""
        if not self.seating.has_bots():
            return None
        is_bot = self.seating.is_bot
        if decision.kind is DecisionKind.STEP:
            return None
        if decision.kind is DecisionKind.WINDOW:
            if self.responding is not None:
                return None
            passed = self._passed_now()
            return next((s for s in decision.seats if is_bot(s) and s not in passed), None)
        if decision.kind is DecisionKind.SEALED:
            return next((s for s in decision.seats if is_bot(s)), None)
        return decision.seats[0] if is_bot(decision.seats[0]) else None

    def _table_move(self, decision: Decision) -> Any:
        """The table's action when no person is there to take it: a resolution step at a table
        of bots only, or closing a window that no person present can answer (its listed bots
        let it pass, and a lone person listed has nothing to answer with)."""
        match = self.match
        if not self.seating.has_bots():
            return None
        if decision.kind is DecisionKind.STEP:
            if self.seating.people():
                return None
        elif decision.kind is DecisionKind.WINDOW:
            if self.responding is not None or not all(self._cannot_answer(s) for s in decision.seats):
                return None
            if not window_open(match.game, match.state, decision):
                return None
        else:
            return None
        actions = match.legal(None)
        return actions[0] if actions else None

    def _cannot_answer(self, seat: Seat) -> bool:
        """A listed seat that will not claim the window now: a bot (asked already), or the lone
        person when nobody else looks and it holds nothing to answer with."""
        if self.seating.is_bot(seat):
            return True
        return self._nobody_else_looks(seat) and not self.match.legal(seat)

    def _nobody_else_looks(self, seat: Seat) -> bool:
        return self.seating.skips_curtain(seat)

    def _only_answer(self, decision: Decision) -> tuple[Seat, Any] | None:
        """A lone person's poll (a sealed choice) with one possible answer: it is given for them."""
        if decision.kind is not DecisionKind.SEALED:
            return None
        person = self.seating.alone()
        if person is None or person not in decision.seats or not self._nobody_else_looks(person):
            return None
        actions = self.match.legal(person)
        return (person, actions[0]) if len(actions) == 1 else None

    def _play_shown(self, seat: Seat | None, action: Any, own_line: str | None = None) -> MoveShown:
        """Take a move no person chose now, save, and keep it on show until `pause_over`: with
        `own_line` (a lone person's only answer, nobody else looking), else its public log line."""
        match = self.match
        game = match.game
        logged = game.log(match.state)
        described = game.describe(match.state, seat, action, None)
        match.play(seat, action)
        self._save(match)
        public = [e.text for e in new_entries(logged, game.log(match.state)) if e.audience is None]
        line = own_line if own_line is not None else public[0] if public else described
        self._shown = MoveShown(seat, line)
        return self._shown

    def bot_answered(self, request: BotRequest, answer: Any) -> bool:
        """Take a bot's answer to `request`; False when it is stale (the controller asked
        another question since, or the match moved on or back) and was dropped."""
        if request is not self._thinking or request.moves != self.match.record.moves:
            return False
        self._thinking = None
        if answer is bots.PASS:
            self._passed_now().add(request.seat)
        else:
            self._play_shown(request.seat, answer)
        return True

    def pause_over(self) -> None:
        """The move on show has been seen long enough: play goes on."""
        self._shown = None

    # --- answers from people -------------------------------------------------------------
    def lifted(self, seat: Seat, answer: CurtainAnswer) -> str | None:
        """The curtain raised for `seat` was lifted: "ready" shows its view; "undo" takes the
        last mover's move back (the reason it may not, or None); "menu" leaves the table view."""
        if answer == "ready":
            self.viewer = seat
            return None
        self.viewer = None
        if answer == "undo":
            moves = self.match.record.moves
            return self.undo(moves[-1].seat if moves else None)
        return None

    def respond(self, seat: Seat | None) -> str | None:
        """`seat` claims the open window (its curtain comes next); None goes back to the table.
        Returns why it may not (a bot answers for itself), or None."""
        if seat is None:
            self.responding = None
            self.viewer = None
            return None
        refusal = self.seating.response_refusal(seat)
        if refusal is None:
            self.responding = seat
        return refusal

    def choose(self, action: Any, confirmed: bool = False) -> Answer:
        """Take `action` for the seat deciding now. A legal move that cannot be taken back is
        first only shown (`AskAgain`) and taken when chosen again; `confirmed`: the body showed it."""
        decision = self.match.decision()
        if decision is None or self.holds_input():
            return Refused("")
        seat = self.acting_seat()
        if not confirmed and self._ask_first(decision, seat, action):
            return AskAgain(self.match.game.describe(self.match.state, seat, action, self.viewer))
        self.asked = None
        if decision.kind is not DecisionKind.STEP:
            self.held = False  # a choice made on the held table moves it on
        logged = self.match.game.log(self.match.state)
        try:
            self.match.play(seat, action)
        except IllegalAction as exc:
            return Refused(str(exc))
        self._save(self.match)
        if decision.kind is DecisionKind.WINDOW:
            self.responding = None
        nxt = self.match.decision()
        keep = (nxt is not None and seat is not None and nxt.kind in (DecisionKind.TURN, DecisionKind.SEALED)
                and not nxt.public and nxt.seats[0] == seat)
        if keep:
            return Played()
        if nxt is not None and seat is not None and self.viewer == seat:
            lines = private_lines_since(self.match, seat, logged)
            if lines:
                self._news = PrivateNews(seat, tuple(lines))
                return Played()
        self.viewer = None  # the mover's private view goes before anything else is drawn
        return Played()

    def _ask_first(self, decision: Decision, seat: Seat | None, action: Any) -> bool:
        """Whether `action` is only shown now, waiting for a second press. The table's resolution
        steps go at once, and so does letting a window pass (it reveals nothing about anyone)."""
        key = (len(self.match.record.moves), seat, action)
        if not self.confirm_irreversible or decision.kind is DecisionKind.STEP or key == self.asked:
            return False
        if decision.kind is DecisionKind.WINDOW and seat is None:
            return False
        if action not in self.view_for(self.viewer).actions:
            return False
        if not self.match.game.asks_twice(self.match.state, seat, action):
            return False
        self.asked = key
        return True

    def cancel_ask(self) -> bool:
        """Forget a move waiting for its second press (True if one was waiting)."""
        waiting, self.asked = self.asked is not None, None
        return waiting

    def news_read(self) -> None:
        """The mover has read its private news: its view goes, the flow goes on."""
        self._news = None
        self.viewer = None

    def show_all(self) -> None:
        """Take every remaining step of the public resolution, and hold the table on its result."""
        self.held = True
        while True:
            decision = self.match.decision()
            if decision is None or decision.kind is not DecisionKind.STEP:
                break
            actions = self.match.legal(None)
            if not actions or not isinstance(self.choose(actions[0]), Played):
                break
        decision = self.match.decision()
        if decision is not None and decision.kind is DecisionKind.STEP:
            self.held = False  # a step was refused: the table stays on it, as without `a`

    def can_show_all(self) -> bool:
        decision = self.match.decision()
        return decision is not None and decision.kind is DecisionKind.STEP and not self.holds_input()

    def go_on(self) -> None:
        """Enter on the held table: go on to whatever comes after the shown steps."""
        self.held = False

    def take_back(self) -> str | None:
        """`u`: the last mover takes its move back; the reason it may not, or None."""
        moves = self.match.record.moves
        seat = moves[-1].seat if moves else None
        if seat is not None and self.viewer is not None and seat != self.viewer and not self.seating.is_bot(seat):
            return f"Only {self.match.seats[seat].name} may take back their own move."
        return self.undo(seat)

    def undo(self, seat: Seat | None) -> str | None:
        """Take back `seat`'s last move if the rules allow (never across a reveal); else why not."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            return reason
        self.match.undo(seat)
        self.held = False
        self.asked = None
        self._save(self.match)
        if self.viewer != seat:
            self.viewer = None
        return None

    def undo_refusal(self, seat: Seat | None) -> str | None:
        return self.seating.undo_refusal(seat) or self.match.undo_refusal(seat)

    # --- the hint (see `flow.hint`) ----------------------------------------------------------
    def hint_seat(self) -> Seat | None:
        return hint.hint_seat(self._asking())

    def hint_refusal(self) -> str:
        return hint.hint_refusal(self._asking())

    def _asking(self) -> hint.Asking:
        deciding = self.match.decision() is not None
        return hint.Asking(self.viewer, self.seating, deciding, self.acting_seat(), self.holds_input())
