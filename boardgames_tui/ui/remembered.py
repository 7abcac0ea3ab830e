"""Setup's memory: the last names, colours and options used for each game, in one small file.

The file lives in the app's data folder (beside the saves folder, so a test's temporary store
keeps its own), is written atomically, and is read with suspicion: anything malformed, oversized
or hostile is ignored as a whole or per game, and never raises. Names pass the shared name rule
again, colours must be palette colours, options must be one of their game's choices.
"""

from __future__ import annotations

import contextlib
import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_tui.engine.protocol import AnyGame, SeatInfo
from boardgames_tui.engine.savefs import replace_atomically
from boardgames_tui.engine.seating import GLYPHS, PALETTE, name_problem

FILE_NAME = "remembered-setup.json"
FORMAT = "boardgames-tui/remembered-setup"
MAX_BYTES = 64 * 1024
"""A larger file is not read at all (five games' setups take well under a kilobyte)."""


@dataclass(frozen=True, slots=True)
class Remembered:
    """What setup offers for a game it has set up before."""

    seats: tuple[SeatInfo, ...]
    options: dict[str, str]


def folder_of(app: Any) -> Path | None:
    """The folder holding the file: the parent of the app's saves folder (None if it has none)."""
    root = getattr(getattr(app, "store", None), "root", None)
    return root.parent if isinstance(root, Path) else None


def _read_all(folder: Path) -> dict[str, Any]:
    """Every game's entry from the file, or nothing if it is missing, too large or not ours."""
    try:
        path = folder / FILE_NAME
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # ValueError covers bad UTF-8 and bad JSON
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        return {}
    return data["games"]


def _seats(raw: object, game: AnyGame) -> tuple[SeatInfo, ...] | None:
    """The remembered seats, if every one is valid and they fit the game; else None."""
    if not isinstance(raw, list) or not game.min_players <= len(raw) <= game.max_players:
        return None
    colours = [c.name for c in PALETTE]
    seats: list[SeatInfo] = []
    for item in raw:
        if not isinstance(item, dict):
            return None
        name, colour = item.get("name"), item.get("colour")
        if not isinstance(name, str) or name_problem(name) is not None:
            return None
        if not isinstance(colour, str) or colour not in colours:
            return None
        seats.append(SeatInfo(name, colour, GLYPHS[colours.index(colour)]))
    names = [unicodedata.normalize("NFC", s.name).casefold() for s in seats]
    if len(set(names)) != len(names) or len({s.colour for s in seats}) != len(seats):
        return None
    return tuple(seats)


def recall(folder: Path | None, game: AnyGame) -> Remembered | None:
    """What setup last started `game` with, checked again; None when nothing usable is remembered."""
    if folder is None:
        return None
    entry = _read_all(folder).get(game.key)
    if not isinstance(entry, dict):
        return None
    seats = _seats(entry.get("seats"), game)
    if seats is None:
        return None
    raw_options = entry.get("options")
    options: dict[str, str] = {}
    if isinstance(raw_options, dict):
        for spec in game.options:
            value = raw_options.get(spec.key)
            if isinstance(value, str) and value in spec.choices:
                options[spec.key] = value
    return Remembered(seats, options)


def remember(folder: Path | None, game_key: str, seats: tuple[SeatInfo, ...], options: dict[str, str]) -> None:
    """Keep this setup for the game's next one; a folder that cannot be written is no error."""
    if folder is None:
        return
    games = _read_all(folder)
    games[game_key] = {"seats": [{"name": s.name, "colour": s.colour} for s in seats], "options": dict(options)}
    data = json.dumps({"format": FORMAT, "version": 1, "games": games}, ensure_ascii=False, indent=1)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        replace_atomically(folder / FILE_NAME, data.encode("utf-8"))
