"""What screens ask of the app, as a typed interface: navigation, the saves folder, autosave.

Screens reach the app through `shell(widget)` instead of untyped attribute lookups on Textual's
`App`, so a type checker sees every call, and a screen runs in any app that offers these.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.dom import DOMNode

if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.protocol import AnyGame, SeatInfo
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.games import GameEntry
    from boardgames_tui.ui.flow.seating import BotPacing


@runtime_checkable
class Shell(Protocol):
    """The app as its screens see it."""

    games: Mapping[str, GameEntry]
    bot_pacing: BotPacing
    """How bots play (tests set a quick pacing)."""
    unsaved: str | None
    """Why matches cannot be saved (said once), or None while saving works."""

    @property
    def store(self) -> SaveStore: ...

    def lookup(self, key: str) -> AnyGame | None: ...

    def open_setup(self, key: str, seats: tuple[SeatInfo, ...] | None = None) -> None: ...

    def open_rules(self, key: str) -> None: ...

    def back_to_picker(self) -> None: ...

    def open_history(self) -> None: ...

    def open_stats(self) -> None: ...

    def open_replay(self, match: Match) -> None: ...

    def start_match(
        self,
        key: str,
        seats: tuple[SeatInfo, ...],
        options: dict[str, str],
        seed: int | None,
        *,
        curtains_with_one_human: bool = False,
    ) -> Match: ...

    def resume(self, path: Path) -> bool: ...

    def autosave(self, match: Match) -> None: ...

    def show_game_over(self, match: Match) -> None: ...

    def confirm_irreversible(self) -> bool:
        """The setting "Confirm moves that cannot be undone" (on unless turned off)."""
        ...

    def set_confirm_irreversible(self, on: bool) -> None: ...

    def bot_workers(self) -> int:
        """The worker processes a match's bots search in (the setting "Bot processes", automatic
        made a count)."""
        ...

    def bot_processes(self) -> int:
        """The setting "Bot processes" as chosen (0: automatic)."""
        ...

    def set_bot_processes(self, count: int) -> None: ...


def shell(node: DOMNode) -> Shell:
    """The app `node` runs in, as a `Shell` (TypeError if it offers no such interface)."""
    app = node.app
    if not isinstance(app, Shell):
        raise TypeError(f"{type(app).__name__} is not a boardgames app")
    return app
