"""Saving after every move while the move is drawn, and never showing a move before it is saved.

A move is saved as soon as it is made: the file's bytes are made at once, from the match as it
stands, and writing them (a temporary file, flushed to the disk, renamed over the match's file)
goes on in a thread of its own while the screen is laid out and drawn. The disk's wait, the
longest part of a save, then overlaps the drawing instead of coming before it.

The app writes no frame to the terminal before that write has ended (`BoardgamesApp._display`),
so a move is never shown that a kill could lose: killed before the frame, the app reopens where
the screen last stood. Everything else that uses the saves folder waits for it too
(`BoardgamesApp.store`), and so does the next save.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.savefs import Stamp
    from boardgames_tui.engine.saves import SaveStore


class SaveBehind:
    """At most one save in flight, written by one thread of its own."""

    def __init__(self) -> None:
        self._end: Callable[[], Path] | None = None
        self._pool: ThreadPoolExecutor | None = None

    @property
    def pending(self) -> bool:
        """Whether a save was begun and has not been ended yet."""
        return self._end is not None

    def begin(self, store: SaveStore, match: Match) -> None:
        """Save `match` as it stands now, its file written on the thread (see `SaveStore.start_save`);
        raises what `SaveStore.save` raises for what is done at once. The save before must have
        been ended (`end`)."""
        assert self._end is None, "a save is still in flight"
        self._end = store.start_save(match, self._write)

    def end(self) -> bool:
        """Wait for the save in flight, if any, to be on disk; True if there was one. Raises what
        writing its file raised (it then counts as ended)."""
        end, self._end = self._end, None
        if end is None:
            return False
        end()
        return True

    def _write(self, write: Callable[[], Stamp]) -> Callable[[], Stamp]:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save")
        return self._pool.submit(write).result
