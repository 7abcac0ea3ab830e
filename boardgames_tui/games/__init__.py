"""The registry of games. Only each game's `About` is read at start; its rules load the first time
they are needed (a setup screen, a saved match, a command), and its screen only when a match is shown.

Adding a game: create its folder with an `__init__.py` that defines `ABOUT` (an `About`), `RULES`
("module:Class" of its `Game`) and `BODY` ("module:Class" of its Textual body widget), keeping that
file free of other imports, then add its folder name below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardgames_tui.engine.about import About

if TYPE_CHECKING:
    from boardgames_tui.engine.protocol import AnyGame

GAME_PACKAGES: tuple[str, ...] = (
    "tallinn",
    "tain",
    "tolleno",
    "tafelrunde",
    "tasnia",
)


def _import(path: str) -> Any:
    """The object named by "package.module:Name"."""
    module_name, _, name = path.partition(":")
    return getattr(importlib.import_module(module_name), name)


class GameEntry:
    """A registered game: what the picker shows, and where its rules and its screen live."""

    __slots__ = ("_game", "about", "body", "rules")

    def __init__(self, about: About, rules: str, body: str, game: AnyGame | None = None) -> None:
        self.about = about
        self.rules = rules
        self.body = body
        self._game = game

    @classmethod
    def of(cls, game: AnyGame, body: str) -> GameEntry:
        """An entry for a rules object already at hand (tests register their own games this way)."""
        about = About(game.key, game.title, game.blurb, game.min_players, game.max_players)
        return cls(about, f"{type(game).__module__}:{type(game).__qualname__}", body, game)

    @property
    def game(self) -> AnyGame:
        """The game's rules, imported on first use."""
        if self._game is None:
            game: AnyGame = _import(self.rules)()
            self._game = game
        return self._game

    def load_body(self) -> type:
        """Import the game's body widget class (this is the only place Textual code is loaded)."""
        body_class: type = _import(self.body)
        return body_class


def package_getattr(key: str) -> Callable[[str], Any]:
    """A game package's module `__getattr__`: `GAME` there is the registry's rules object, loaded on
    first use (so importing the package for its `ABOUT` stays cheap)."""

    def __getattr__(name: str) -> Any:
        if name == "GAME":
            return GAMES[key].game
        raise AttributeError(f"module {__name__}.{key} has no attribute {name!r}")

    return __getattr__


def _load() -> dict[str, GameEntry]:
    entries: dict[str, GameEntry] = {}
    for name in GAME_PACKAGES:
        module = importlib.import_module(f"{__name__}.{name}")
        about: About = module.ABOUT
        entries[about.key] = GameEntry(about, module.RULES, module.BODY)
    return entries


GAMES: dict[str, GameEntry] = _load()


def get(key: str) -> AnyGame | None:
    """The rules of the game with that key, or None."""
    entry = GAMES.get(key)
    return entry.game if entry else None
