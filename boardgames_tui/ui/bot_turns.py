"""Bot seats in the app: their turns, thought out in a worker thread without any curtain, and the hint.

The match screen hands its flow to `BotTurns` at a few narrow points:

- `take(decision)`, first thing in the flow: True when a bot decides now (or, at a table of bots
  only, the table advances a step or closes a window nobody claimed). The screen then shows the
  table view with nothing to choose and "<name> is thinking…" in its header; a bot seat's
  private view is never drawn. Each move a bot makes stays on show with its public log line
  for `BotPacing.pause` seconds before play goes on.
- `holds_input()`: while a bot thinks or its move is on show, no person's action is offered or
  committed. The keys that only look (arrows, `?`, `l`) stay live, and so do save, quit and undo;
  an answer that arrives for a state no longer current (the match was left, a move taken back)
  is dropped, and one that arrives under another screen (the rules page, the quit question)
  waits until the match screen is back on top.
- `skips_curtain(seat)`: with exactly one person at the table nobody else looks at the screen,
  so the hand-off curtain is skipped, unless setup asked for curtains anyway.
- Open windows (a call any listed seat may claim): every listed bot is asked in turn, like a
  person; when none claims, the listed people answer as before, each behind their curtain.
- `hint()`: what a normal bot would do for the person whose private view is on screen, from that
  seat's information only (`bots.ranked`); it shows under the board until that view goes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from boardgames_tui import bots
from boardgames_tui.bots.search import window_open
from boardgames_tui.engine.match import Match, Move
from boardgames_tui.engine.protocol import AnyGame, Decision, DecisionKind, Seat
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.match_text import seat_label

if TYPE_CHECKING:
    from boardgames_tui.ui.match_screen import MatchScreen

Think = Callable[[AnyGame, Any, Seat, str, int, "int | None"], Any]
"""How a bot decides: (game, state, seat, level, seed, iterations) -> action or `bots.PASS`."""

HINT_LEVEL = "normal"
TURN_GROUP, HINT_GROUP = "bot-turn", "bot-hint"


def _choose(game: AnyGame, state: Any, seat: Seat, level: str, seed: int, iterations: int | None) -> Any:
    return bots.choose(game, state, seat, level=level, seed=seed, iterations=iterations)


@dataclass(frozen=True)
class BotPacing:
    """How bots play in the app; tests set their own on the app as `bot_pacing`."""

    pause: float = 0.6
    """Seconds each bot move stays on show (with its log line) before play goes on."""
    level: str | None = None
    """A level every bot plays at instead of its own (tests: "random")."""
    iterations: int | None = None
    """A fixed search budget instead of the level's (tests: a tiny one); also for hints."""
    seed: int | None = None
    """The bots' search seeds derive from it (None: fresh randomness for every decision)."""
    even_time: bool = True
    """Every answer takes at least its level's time cap, so how long a bot thinks tells the table
    nothing about what it holds (an answer forced by its hand would otherwise come at once)."""
    think: Think = _choose


DEFAULT_PACING = BotPacing()


@dataclass
class _Thinking:
    """A bot asked to decide: for which state (the record's moves then) and which seat."""

    moves: tuple[Move, ...]
    seat: Seat
    worker: Worker[Any] | None = None
    answer: Any = None
    arrived: bool = False


class HintLine(Static):
    """The hint under the board: only for the private view it was asked on."""

    DEFAULT_CSS = """
    HintLine {
        height: auto;
        padding: 0 1;
        background: $boost;
        display: none;
    }
    """


class BotTurns(Widget):
    """Plays the match's bot seats and answers hints (see the module docstring); draws nothing itself."""

    DEFAULT_CSS = "BotTurns { display: none; }"

    def __init__(self, owner: MatchScreen) -> None:
        super().__init__()
        self.owner = owner
        self._thinking: _Thinking | None = None
        self._shown_move: tuple[Seat | None, str] | None = None
        """The move on show during the pause: who made it (None: the table) and its public line."""
        self._advance_due = False
        """The pause ended while another screen was on top: play goes on once this one is back."""
        self._passed: tuple[tuple[Move, ...], set[Seat]] = ((), set())
        """The bots that let the window open now (at these moves) pass."""
        self._hint_for: tuple[tuple[Move, ...], Seat] | None = None
        self.hint_line = HintLine()

    # --- who is who ----------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.owner.match

    def pacing(self) -> BotPacing:
        pacing = getattr(self.app, "bot_pacing", DEFAULT_PACING)
        return pacing if isinstance(pacing, BotPacing) else DEFAULT_PACING

    def is_bot(self, seat: Seat | None) -> bool:
        return seat is not None and not self.match.record.seats[seat].human

    def has_bots(self) -> bool:
        return len(self.match.record.human_seats) < len(self.match.record.seats)

    def holds_input(self) -> bool:
        """True while a bot thinks or its move is on show: nobody else's action is offered then."""
        return self._thinking is not None or self._shown_move is not None

    def skips_curtain(self, seat: Seat) -> bool:
        """True when `seat` is the only person at the table and setup did not ask for curtains."""
        record = self.match.record
        return record.human_seats == (seat,) and not record.curtains_with_one_human

    def undo_refusal(self, seat: Seat | None) -> str | None:
        """Why a bot's move may not be taken back (a person's may, by the usual rule)."""
        return f"{self._seat_name(seat)} is a bot: its moves are not taken back." if self.is_bot(seat) else None

    def response_refusal(self, seat: Seat | None) -> str | None:
        """Why nobody may answer an open window in a bot's name."""
        if not self.is_bot(seat):
            return None
        return f"{self._seat_name(seat)} is a bot and answers for itself: it has let this pass."

    def _seat_name(self, seat: Seat | None) -> str:
        return "The table" if seat is None else self.match.seats[seat].name

    # --- the flow ------------------------------------------------------------------------
    def take(self, decision: Decision) -> bool:
        """Whether the decision now is the bots' (or, at a table without people, the table's): it is
        then under way here, and the screen must show no curtain and no private view."""
        if not self.has_bots():
            return False
        if self._shown_move is not None:
            return True
        moves = self.match.record.moves
        if self._thinking is not None:
            if self._thinking.moves == moves:
                return True
            self._thinking = None  # asked about another state: its answer will be dropped
        seat = self._bot_to_decide(decision)
        if seat is not None:
            self._think(seat)
            return True
        table = self._table_move(decision)
        if table is not None:
            self._play(None, table)
            return True
        return False

    def _passed_now(self) -> set[Seat]:
        moves = self.match.record.moves
        if self._passed[0] != moves:
            self._passed = (moves, set())
        return self._passed[1]

    def _bot_to_decide(self, decision: Decision) -> Seat | None:
        """The bot seat to ask now, if any: in a sealed decision the bots choose first (on their
        own information, so the order tells them nothing); in a window each listed bot is asked
        once, before the people."""
        kind = decision.kind
        if kind is DecisionKind.STEP:
            return None
        if kind is DecisionKind.WINDOW:
            if self.owner.responding is not None:
                return None
            passed = self._passed_now()
            return next((s for s in decision.seats if self.is_bot(s) and s not in passed), None)
        if kind is DecisionKind.SEALED:
            return next((s for s in decision.seats if self.is_bot(s)), None)
        return decision.seats[0] if self.is_bot(decision.seats[0]) else None

    def _table_move(self, decision: Decision) -> Any:
        """The table's action when no person is there to take it: a resolution step at a table
        of bots only, or closing a window whose listed seats (all bots) let it pass."""
        match = self.match
        if decision.kind is DecisionKind.STEP:
            if match.record.human_seats:
                return None
        elif decision.kind is DecisionKind.WINDOW:
            if self.owner.responding is not None or not all(self.is_bot(s) for s in decision.seats):
                return None
            if not window_open(match.game, match.state, decision):
                return None
        else:
            return None
        actions = match.legal(None)
        return actions[0] if actions else None

    def _seed(self, seat: Seat) -> int:
        base = self.pacing().seed
        if base is None:
            return random.SystemRandom().randrange(2**31)
        return (base * 1_000_003 + len(self.match.record.moves) * 31 + seat) % 2**31

    def _think(self, seat: Seat) -> None:
        match = self.match
        pacing = self.pacing()
        level = pacing.level or match.record.seats[seat].level or HINT_LEVEL
        thinking = self._thinking = _Thinking(match.record.moves, seat)
        self.owner.redraw()
        floor = bots.level_named(level).seconds if pacing.even_time else 0.0
        work = partial(_think_evenly, partial(pacing.think, match.game, match.state, seat, level,
                                              self._seed(seat), pacing.iterations), floor)
        thinking.worker = self.run_worker(work, thread=True, group=TURN_GROUP, exit_on_error=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        event.stop()
        if event.state is not WorkerState.SUCCESS:
            return
        if event.worker.group == HINT_GROUP:
            self._hint_arrived(event.worker)
            return
        thinking = self._thinking
        if thinking is None or event.worker is not thinking.worker or thinking.moves != self.match.record.moves:
            return  # an answer for a state that is no longer current: dropped
        thinking.answer, thinking.arrived = event.worker.result, True
        self.go_on()

    def go_on(self) -> None:
        """Carry on with an answer or an ended pause, once the match screen is on top: a move or a
        curtain never lands under the rules page or the quit question."""
        if not self._owner_on_top():
            return
        thinking = self._thinking
        if thinking is not None and thinking.arrived:
            self._thinking = None
            if thinking.answer is bots.PASS:
                self._passed_now().add(thinking.seat)
                self.owner.advance_flow()
            else:
                self._play(thinking.seat, thinking.answer)
        elif self._advance_due and self._shown_move is None:
            self._advance_due = False
            self.owner.advance_flow()

    def _owner_on_top(self) -> bool:
        try:
            # While the app shuts down its screens are taken apart from the top one down: the
            # match screen can be on top with its widgets already gone, and must not be drawn.
            return self.app.is_running and self.owner.is_attached and self.app.screen is self.owner
        except Exception:  # no screen stack: the app is closing
            return False

    def _play(self, seat: Seat | None, action: Any) -> None:
        """Take a bot's (or the table's) move, save, and keep it on show for the pause."""
        match = self.match
        game = match.game
        logged = len(game.log(match.state))
        described = game.describe(match.state, seat, action, None)
        match.play(seat, action)
        self.app.autosave(match)  # type: ignore[attr-defined]
        public = [entry.text for entry in game.log(match.state)[logged:] if entry.audience is None]
        self._shown_move = (seat, public[0] if public else described)
        self.owner.redraw()
        pause = self.pacing().pause
        if pause > 0:
            self.set_timer(pause, self._pause_over)
        else:  # no pause (tests): still after this frame, never from inside the flow
            self.call_later(self._pause_over)

    def _pause_over(self) -> None:
        self._shown_move = None
        self._advance_due = True
        self.go_on()

    def status(self) -> Text | None:
        """The header's note: who is thinking, or the move on show; None when no bot is busy."""
        if self._thinking is not None:
            return Text.assemble(seat_label(self.match.seats[self._thinking.seat]), " is thinking…")
        if self._shown_move is None:
            return None
        seat, line = self._shown_move
        if seat is None:
            return Text(line)
        name = self.match.seats[seat].name
        if line.startswith(name):
            return Text.assemble(seat_label(self.match.seats[seat], glyph_only=True), " ", line)
        return Text.assemble(seat_label(self.match.seats[seat]), ": ", line)

    # --- the hint ------------------------------------------------------------------------
    def hint_seat(self) -> Seat | None:
        """The person a hint would be for: the one whose private view is on screen, deciding now,
        in a match with bots (a hint is a bot's opinion: at a table of people nobody asked for one)."""
        owner = self.owner
        viewer = owner.viewer
        if viewer is None or self.is_bot(viewer) or not self.has_bots() or self.holds_input():
            return None
        if self.match.decision() is None or owner.acting_seat() != viewer:
            return None
        return viewer

    def hint(self) -> None:
        """Ask a normal bot, in a worker, what it would do for the seat on screen."""
        seat = self.hint_seat()
        if seat is None:
            return
        match = self.match
        self._hint_for = (match.record.moves, seat)
        self._show_hint(Text("Hint: thinking it over…", style="italic"))
        work = partial(_hint_text, match.game, match.state, seat, self._seed(seat), self.pacing().iterations)
        self.run_worker(work, thread=True, group=HINT_GROUP, exclusive=True, exit_on_error=True)

    def _hint_arrived(self, worker: Worker[Any]) -> None:
        if self._hint_for == (self.match.record.moves, self.owner.viewer) and isinstance(worker.result, Text):
            self._show_hint(worker.result)

    def _show_hint(self, text: Text) -> None:
        line = self.hint_line
        if not line.is_attached:
            self.owner.mount(line, after=self.owner.query_one("#match-main"))
        line.update(literal(text))
        line.display = True

    def redrawn(self, viewer: Seat | None) -> None:
        """The screen is drawn for `viewer` now: a hint asked for another view, or an older state, goes."""
        if self.has_bots():
            self.owner.refresh_bindings()  # the hint key follows who is on screen
        if self._hint_for is None:
            return
        if self._hint_for != (self.match.record.moves, viewer):
            self._hint_for = None
            self.hint_line.display = False


def _think_evenly(think: Callable[[], Any], floor: float) -> Any:
    """`think()`'s answer, given no sooner than `floor` seconds after asking (runs in a worker;
    the wait ends early if the worker is cancelled, e.g. when the match is left)."""
    started = time.monotonic()
    answer = think()
    rest = floor - (time.monotonic() - started)
    if rest > 0:
        get_current_worker().cancelled_event.wait(rest)
    return answer


def _hint_text(game: AnyGame, state: Any, seat: Seat, seed: int, iterations: int | None) -> Text:
    """The hint for `seat`: the normal bot's answer and why, in a few words (runs in a worker)."""
    rows = bots.ranked(game, state, seat, level=HINT_LEVEL, seed=seed, iterations=iterations)

    def label(action: Any) -> str:
        return "Let it pass" if action is bots.PASS else game.describe(state, seat, action, seat)

    best = rows[0]
    if len(rows) == 1:
        return Text.assemble(("Hint: ", "bold"), label(best.action), " — the only choice here.")
    runner_up = rows[1]
    return Text.assemble(
        ("Hint: ", "bold"), label(best.action),
        f" — expected result {_score(best)}, next best {_score(runner_up)}: ", label(runner_up.action), ".",
    )


def _score(row: bots.RankedMove) -> str:
    """A root answer's mean reward as a score out of 100, with the playouts it rests on."""
    return f"{round(row.mean * 100)}/100 over {row.visits:,} playout{'s' if row.visits != 1 else ''}"
