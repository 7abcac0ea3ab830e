"""How bots play in the app (`BotPacing`): light to import, so the app can start without the search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # not at run time: the app starts without the engine
    from boardgames_tui.bots.pool import SearchPool
    from boardgames_tui.engine.protocol import AnyGame, Seat

Think = Callable[["AnyGame", Any, "Seat", str, int, "int | None", "SearchPool | None"], Any]
"""How a bot decides: (game, state, seat, level, seed, iterations, pool) -> action or `bots.PASS`;
`pool` holds the match's worker processes, or is None to search in the asking process."""

HINT_LEVEL = "normal"
"""The level whose opinion a hint gives, and the level of a bot seat without one."""


def _choose(game: AnyGame, state: Any, seat: Seat, level: str, seed: int, iterations: int | None,
            pool: SearchPool | None) -> Any:
    """The search at the level: in the match's worker processes when it has them, else (and with a
    fixed budget, which tests give) in this process."""
    if pool is not None and iterations is None:
        return pool.choose(game, state, seat, level=level, seed=seed)
    from boardgames_tui import bots  # not at import: the app starts without the search

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
