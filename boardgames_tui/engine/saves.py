"""Save files: one JSON file per match, written atomically, validated on load.

The format is the match record plus a little metadata for the saves list (game title,
progress, last played). Loading replays every move, so a tampered or truncated file is caught
with a one-line reason and never takes other saves down with it.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_tui.engine.match import FORMAT_VERSION, Match, MatchRecord, Move, ReplayError
from boardgames_tui.engine.protocol import Game, IllegalAction, SeatInfo

FORMAT_NAME = "boardgames-tui/match"
ENV_DATA_DIR = "BOARDGAMES_DATA_DIR"

GameLookup = Callable[[str], "Game[Any, Any] | None"]


def data_dir() -> Path:
    """Where saves live: $BOARDGAMES_DATA_DIR, else the user's data directory."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardgames-tui", appauthor=False))


class SaveError(ValueError):
    """A save file that cannot be used; the message names the file and the reason."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """A line of the saves list."""

    path: Path
    match_id: str
    game: str
    title: str
    players: tuple[str, ...]
    progress: str
    updated: str
    finished: bool


@dataclass(frozen=True, slots=True)
class BrokenSave:
    """A file in the saves folder that could not be read, with the reason."""

    path: Path
    reason: str


# --- encoding ------------------------------------------------------------------------------
def record_to_json(record: MatchRecord, *, title: str, progress: str, finished: bool) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "id": record.match_id,
        "game": record.game,
        "title": title,
        "seats": [
            {"name": s.name, "colour": s.colour, "glyph": s.glyph, "human": s.human} for s in record.seats
        ],
        "options": dict(record.options),
        "seed": record.seed,
        "moves": [[m.seat, m.action] for m in record.moves],
        "created": record.created,
        "updated": record.updated,
        "progress": progress,
        "finished": finished,
    }


def _header(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise SaveError("not a boardgames save file")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise SaveError(f"unknown save format version {version!r} (this version reads {FORMAT_VERSION})")


def record_from_json(data: Any) -> MatchRecord:
    """Parse the record part of a save; raise SaveError on any missing or malformed field."""
    _header(data)
    try:
        seats = tuple(
            SeatInfo(str(s["name"]), str(s["colour"]), str(s["glyph"]), bool(s.get("human", True)))
            for s in data["seats"]
        )
        moves = []
        for item in data["moves"]:
            seat, action = item
            if seat is not None and not isinstance(seat, int):
                raise TypeError("seat")
            moves.append(Move(seat, str(action)))
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise TypeError("options")
        seed = data["seed"]
        if not isinstance(seed, int):
            raise TypeError("seed")
        return MatchRecord(
            game=str(data["game"]),
            seats=seats,
            options={str(k): str(v) for k, v in options.items()},
            seed=seed,
            moves=tuple(moves),
            match_id=str(data["id"]),
            created=str(data.get("created", "")),
            updated=str(data.get("updated", "")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"damaged save: missing or malformed field ({exc})") from None


def match_from_json(data: Any, lookup: GameLookup) -> Match:
    record = record_from_json(data)
    game = lookup(record.game)
    if game is None:
        raise SaveError(f"unknown game {record.game!r}")
    try:
        return Match(game, record)
    except ReplayError as exc:
        raise SaveError(str(exc)) from None
    except (IllegalAction, ValueError) as exc:
        raise SaveError(f"cannot set the match up again: {exc}") from None


# --- the store -----------------------------------------------------------------------------
class SaveStore:
    """The folder of save files."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or data_dir()) / "saves"

    def path_for(self, match_id: str) -> Path:
        return self.root / f"{match_id}.json"

    def save(self, match: Match) -> Path:
        """Write the match atomically: a temporary file in the same folder, then a rename."""
        self.root.mkdir(parents=True, exist_ok=True)
        match.touch()
        data = record_to_json(
            match.record,
            title=match.game.title,
            progress=match.game.progress(match.state),
            finished=match.outcome() is not None,
        )
        target = self.path_for(match.record.match_id)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=self.root)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, ensure_ascii=False, separators=(",", ":"))
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def _read(self, path: Path) -> Any:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise SaveError(f"{path.name}: not a text file") from None
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            stripped = text.strip()
            cut_short = stripped.startswith("{") and not stripped.endswith("}")
            what = "truncated (the file ends too early)" if cut_short else "not valid JSON"
            raise SaveError(f"{path.name}: {what} (line {exc.lineno}, column {exc.colno})") from None

    def load(self, path: Path, lookup: GameLookup) -> Match:
        """The match saved in `path`; SaveError with a one-line reason naming the file."""
        data = self._read(path)
        try:
            return match_from_json(data, lookup)
        except SaveError as exc:
            raise SaveError(f"{path.name}: {exc}") from None

    def summaries(self, lookup: GameLookup) -> tuple[list[SaveSummary], list[BrokenSave]]:
        """Every save, newest first, and the files that could not be read (never raises)."""
        good: list[SaveSummary] = []
        broken: list[BrokenSave] = []
        if not self.root.is_dir():
            return good, broken
        for path in sorted(self.root.glob("*.json")):
            try:
                data = self._read(path)
                record = record_from_json(data)
                if lookup(record.game) is None:
                    raise SaveError(f"unknown game {record.game!r}")
                good.append(
                    SaveSummary(
                        path=path,
                        match_id=record.match_id,
                        game=record.game,
                        title=str(data.get("title", record.game)),
                        players=record.names,
                        progress=str(data.get("progress", "")),
                        updated=record.updated,
                        finished=bool(data.get("finished", False)),
                    )
                )
            except SaveError as exc:
                reason = str(exc)
                prefix = f"{path.name}: "
                broken.append(BrokenSave(path, reason[len(prefix) :] if reason.startswith(prefix) else reason))
        good.sort(key=lambda s: s.updated, reverse=True)
        return good, broken

    def delete(self, path: Path) -> None:
        path.unlink(missing_ok=True)
