"""The registry of games: rules loaded eagerly, screens only when a match is shown.

Adding a game: create its folder with an `__init__.py` that defines `GAME` (the rules object)
and `BODY` ("module:Class" of its Textual body widget), then add its folder name below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from boardgames_tui.engine.protocol import Game

GAME_PACKAGES: tuple[str, ...] = (
    "tallinn",
    "tain",
    "tolleno",
    "tafelrunde",
    "tasnia",
)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A registered game: its rules and where its screen lives."""

    game: Game[Any, Any]
    body: str

    def load_body(self) -> type:
        """Import the game's body widget class (this is the only place Textual code is loaded)."""
        module_name, _, class_name = self.body.partition(":")
        body_class: type = getattr(importlib.import_module(module_name), class_name)
        return body_class


def _load() -> dict[str, GameEntry]:
    entries: dict[str, GameEntry] = {}
    for name in GAME_PACKAGES:
        module = importlib.import_module(f"{__name__}.{name}")
        game: Game[Any, Any] = module.GAME
        entries[game.key] = GameEntry(game, module.BODY)
    return entries


GAMES: dict[str, GameEntry] = _load()


def get(key: str) -> Game[Any, Any] | None:
    """The rules of the game with that key, or None."""
    entry = GAMES.get(key)
    return entry.game if entry else None
