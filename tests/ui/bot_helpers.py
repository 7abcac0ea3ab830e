"""Helpers for the Pilot tests of bot seats: seats by kind, a bot that thinks until released, waits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from boardgames_tui import bots
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.flow.seating import BotPacing
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen

FAST = BotPacing(pause=0.0, level="random", seed=1, even_time=False)
"""Bots for tests: random moves, no pause, no even thinking time (nothing here waits on a clock)."""


def seats(kinds: Sequence[str | None]) -> tuple[SeatInfo, ...]:
    """One seat per entry: None for a person ("Player n"), else a bot of that level ("Bot n")."""
    return tuple(
        SeatInfo(f"Player {i + 1}" if level is None else f"Bot {i + 1}", PALETTE[i].name, GLYPHS[i],
                 human=level is None, level=level)
        for i, level in enumerate(kinds)
    )


class HeldBot:
    """A bot's `think` that waits until the test releases it, so the test can act while a bot
    "thinks"; then it answers with `answer` (default: the random level's move)."""

    def __init__(self, answer: Callable[..., Any] | None = None, free: int = 0) -> None:
        self.asked = threading.Event()
        """Set when a question that waits comes in."""
        self.answered = threading.Event()
        """Set once a question that waited has been answered."""
        self.released = threading.Event()
        self.free = free
        """How many first questions are answered at once, without waiting."""
        self.calls: list[int] = []
        """The seat of every question, in order."""
        self.answer = answer

    def __call__(self, game: Any, state: Any, seat: int, level: str, seed: int, iterations: int | None,
                 pool: Any = None) -> Any:
        self.calls.append(seat)
        waits = len(self.calls) > self.free
        if waits:
            self.asked.set()
            # A safety net only: a failing test must not hang the run; the tests never rely on it.
            self.released.wait(60)
        answer = (self.answer(game, state, seat) if self.answer is not None
                  else bots.choose(game, state, seat, level="random", seed=seed))
        if waits:
            self.answered.set()
        return answer

    def release(self) -> None:
        self.released.set()


def held_pacing(held: HeldBot) -> BotPacing:
    return BotPacing(pause=0.0, level="random", seed=1, even_time=False, think=held)


def match_screen(app: BoardgamesApp) -> MatchScreen:
    return next(s for s in app.screen_stack if isinstance(s, MatchScreen))


def game_over(app: BoardgamesApp) -> bool:
    """The game-over screen is on top and mounted (a test must not end while it is still being built)."""
    return isinstance(app.screen, GameOverScreen) and app.screen.is_mounted


async def until(pilot: Any, condition: Callable[[], bool], what: str | Callable[[], str], limit: int = 3000) -> None:
    """Let the app run (and a bot's worker thread finish) until `condition` holds; a bounded
    number of short waits, so a broken flow fails instead of hanging. Nothing asserts on time."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what if isinstance(what, str) else what()}")
