"""Bot seats in the app: a bot's question answered in a worker thread, and the hint.

The hot-seat controller (`ui.flow`) decides when a bot is asked and takes its answer; this widget
only runs the questions it is handed, off the event loop, and posts each answer up as
`BotTurns.Answered` (the controller drops an answer that has gone stale). Every answer takes at
least its level's time (`BotPacing.even_time`), so how long a bot thinks tells nothing.

The hint (`h`): what a normal bot would do for the person whose private view is on screen, from
that seat's information only; the search runs until its advice rests on enough playouts
(`bots.advice`), and the line says "thinking…" meanwhile and "too close to call" when it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.text import Text
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from boardgames_tui import bots
from boardgames_tui.bots.advice import Advice, Considered, advise
from boardgames_tui.bots.pool import PoolClosed, SearchPool
from boardgames_tui.engine.protocol import AnyGame, Seat
from boardgames_tui.ui.flow.seating import BotRequest
from boardgames_tui.ui.literal import literal

TURN_GROUP, HINT_GROUP, POOL_GROUP = "bot-turn", "bot-hint", "bot-pool"
FEW_PLAYOUTS = 20
"""Below this many playouts on its best move (a search cut short by the time cap) a hint names no move."""
_DROPPED = object()  # the answer of a question whose search pool was closed (the match was left)


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

    def show_text(self, text: Text | None) -> None:
        if text is not None:
            self.update(literal(text))
        self.display = text is not None


class BotTurns(Widget):
    """Runs bots' questions and hints in worker threads; draws nothing itself.

    It owns the match's search pool (`bots.pool`): worker processes started once, when the match
    is shown, in a worker thread, so that neither the table nor a bot's time cap waits for them;
    every bot decision then searches in them, and they end when the match screen goes (leaving
    the match, or quitting the app)."""

    DEFAULT_CSS = "BotTurns { display: none; }"

    class Answered(Message):
        """A bot answered `request` with `answer` (an action or `bots.PASS`)."""

        def __init__(self, request: BotRequest, answer: Any) -> None:
            super().__init__()
            self.request = request
            self.answer = answer

    class Hinted(Message):
        """The hint asked as `key` is ready."""

        def __init__(self, key: object, text: Text) -> None:
            super().__init__()
            self.key = key
            self.text = text

    def __init__(self) -> None:
        super().__init__()
        self.running: BotRequest | None = None
        """The question asked last (a new one is asked only once per request)."""
        self._requests: dict[Worker[Any], BotRequest] = {}
        self._hints: dict[Worker[Any], object] = {}
        self.pool: SearchPool | None = None
        """The match's search processes, once `start_pool` was called."""

    def start_pool(self, game: AnyGame, workers: int) -> None:
        """Start `workers` search processes for `game` now, in a worker thread."""
        if self.pool is None:
            self.pool = SearchPool(workers, [game])
            self.run_worker(self.pool.start, thread=True, group=POOL_GROUP, exit_on_error=False)

    def on_unmount(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def ask(self, request: BotRequest) -> None:
        """Have `request` answered in a worker, unless it is already being answered."""
        if request is self.running:
            return
        self.running = request
        work = partial(_think_evenly, partial(_answer, request, self.pool), request.floor)
        worker = self.run_worker(work, thread=True, group=TURN_GROUP, exit_on_error=True)
        self._requests[worker] = request

    def hint(self, key: object, game: AnyGame, state: Any, seat: Seat, seed: int,
             iterations: int | None) -> None:
        """Work out the hint for `seat` in a worker; it comes back as `Hinted` with `key`."""
        work = partial(hint_text, game, state, seat, seed, iterations)
        worker = self.run_worker(work, thread=True, group=HINT_GROUP, exclusive=True, exit_on_error=True)
        self._hints[worker] = key

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        event.stop()
        worker = event.worker
        if event.state not in (WorkerState.SUCCESS, WorkerState.CANCELLED, WorkerState.ERROR):
            return
        request = self._requests.pop(worker, None)
        key = self._hints.pop(worker, None)
        if event.state is not WorkerState.SUCCESS:
            return
        if request is not None and worker.result is not _DROPPED:
            self.post_message(self.Answered(request, worker.result))
        elif key is not None and isinstance(worker.result, Text):
            self.post_message(self.Hinted(key, worker.result))


def _answer(request: BotRequest, pool: SearchPool | None) -> Any:
    """The bot's answer, searched in `pool` if given (`_DROPPED` if the pool closes meanwhile)."""
    try:
        return request.answer(pool)
    except PoolClosed:
        return _DROPPED


def _think_evenly(think: Callable[[], Any], floor: float) -> Any:
    """`think()`'s answer, given no sooner than `floor` seconds after asking (runs in a worker;
    the wait ends early if the worker is cancelled, e.g. when the match is left)."""
    started = time.monotonic()
    answer = think()
    rest = floor - (time.monotonic() - started)
    if rest > 0:
        get_current_worker().cancelled_event.wait(rest)
    return answer


def hint_text(game: AnyGame, state: Any, seat: Seat, seed: int, iterations: int | None) -> Text:
    """The hint for `seat`: the search's advice and why, in a few words (runs in a worker).
    `iterations` caps the search (tests); the advice otherwise stops by its own rule."""
    advice = advise(game, state, seat, seed=seed) if iterations is None else advise(
        game, state, seat, seed=seed, max_iterations=iterations)
    return advice_text(game, state, seat, advice)


def advice_text(game: AnyGame, state: Any, seat: Seat, advice: Advice) -> Text:
    """The hint's words for `advice`."""

    def label(move: Considered) -> str:
        return "Let it pass" if move.action is bots.PASS else game.describe(state, seat, move.action, seat)

    best = advice.best
    cut = "" if advice.settled else f" (the search stopped at its time limit, after {advice.iterations:,} playouts)"
    if len(advice.moves) == 1:
        return Text.assemble(("Hint: ", "bold"), label(best), " — the only choice here.")
    runner_up = advice.moves[1]
    if advice.timed_out and best.playouts < FEW_PLAYOUTS:
        return Text.assemble(("Hint: ", "bold"), f"none — the search ran out of time after {advice.iterations:,} "
                             f"playouts, too few to weigh {len(advice.moves)} choices.")
    if advice.close:
        return Text.assemble(
            ("Hint: ", "bold"), "too close to call between ", label(best), f" ({_score(best)})",
            " and ", label(runner_up), f" ({_score(runner_up)}){cut}.",
        )
    return Text.assemble(
        ("Hint: ", "bold"), label(best),
        f" — expected result {_score(best)}, next best {_score(runner_up)}: ", label(runner_up), f"{cut}.",
    )


def _score(move: Considered) -> str:
    """A root answer's mean reward as a score out of 100, with the playouts it rests on."""
    return f"{round(move.mean * 100)}/100 over {move.playouts:,} playout{'s' if move.playouts != 1 else ''}"
