"""The app's settings, remembered in one small file beside the saves folder.

Read with suspicion like setup's memory (`ui.remembered`): a missing, oversized or malformed file,
or a value of the wrong type, gives the default, and never raises.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from boardgames_tui.engine.savefs import replace_atomically

FILE_NAME = "settings.json"
FORMAT = "boardgames-tui/settings"
MAX_BYTES = 16 * 1024
MAX_BOT_PROCESSES = 256


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting with its default."""

    confirm_irreversible: bool = True
    """Confirm moves that cannot be undone: such a move is first shown, then taken on a second press."""
    bot_processes: int = 0
    """Bot processes: how many worker processes a bot's decision searches in at once (0:
    automatic, the machine's cores less one for the interface, at least one)."""

    def bot_workers(self) -> int:
        """The worker processes a match's bots get (an unusable value counts as automatic)."""
        chosen = self.bot_processes
        return chosen if 0 < chosen <= MAX_BOT_PROCESSES else automatic_processes()


def automatic_processes() -> int:
    """The automatic count: the machine's cores less one for the interface, at least one (as
    `bots.pool.default_workers`, which the app does not import at start-up)."""
    return max(1, (os.cpu_count() or 1) - 1)


def bot_process_choices(chosen: int) -> list[tuple[str, int]]:
    """The choices offered for "Bot processes": automatic (with the count it means here), then
    every count up to the machine's cores (and the remembered one, if larger)."""
    cores = os.cpu_count() or 1
    counts = sorted({*range(1, cores + 1), *([chosen] if 0 < chosen <= MAX_BOT_PROCESSES else [])})
    return [(f"automatic ({automatic_processes()})", 0), *((str(n), n) for n in counts)]


def load(folder: Path | None) -> Settings:
    """The remembered settings, each one that is missing or unreadable at its default."""
    if folder is None:
        return Settings()
    try:
        path = folder / FILE_NAME
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return Settings()
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("settings"), dict):
        return Settings()
    raw = data["settings"]
    chosen = {f.name: raw[f.name] for f in fields(Settings)
              if type(raw.get(f.name)) is type(getattr(Settings(), f.name))}  # a bool is no count
    return Settings(**chosen)


def store(folder: Path | None, settings: Settings) -> None:
    """Remember `settings`; a folder that cannot be written is no error (they last this session)."""
    if folder is None:
        return
    data = json.dumps({"format": FORMAT, "version": 1, "settings": asdict(settings)}, indent=1)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        replace_atomically(folder / FILE_NAME, data.encode("utf-8"))
