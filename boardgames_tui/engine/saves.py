"""The saves folder: one file per match, listed, opened, written and locked here.

A save's identity is its file name (`<id>.json`); nothing inside a file ever names a path. The
store writes only inside its folder, never overwrites another match (a new match claims a name
no file has, and a file changed on disk since this app last read or wrote it is never written
over: the match moves to a fresh file instead), and locks a match while it is open so that a
second app is told it is open elsewhere. The format and its checks live in `savefile`.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from uuid import uuid4

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.results import MatchResult, result_of
from boardgames_tui.engine.savefile import FORMAT_NAME, FORMAT_VERSION, GameLookup, SaveError, decode_save, encode_save
from boardgames_tui.engine.savefs import (
    LOCK_PREFIX,
    MatchLock,
    Stamp,
    UnreadableFile,
    create_atomically,
    read_capped,
    remove_stale_temporaries,
    replace_atomically,
    stamp_of,
)
from boardgames_tui.engine.saveschema import MAX_FILE_BYTES

__all__ = [
    "ENV_DATA_DIR",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "BrokenSave",
    "Listing",
    "MatchOpenElsewhere",
    "SaveError",
    "SaveStore",
    "SaveSummary",
    "data_dir",
]

ENV_DATA_DIR = "BOARDGAMES_DATA_DIR"
SUFFIX = ".json"
ID_MAX = 128


def data_dir() -> Path:
    """Where saves live: $BOARDGAMES_DATA_DIR, else the user's data directory."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardgames-tui", appauthor=False))


class MatchOpenElsewhere(SaveError):
    """The match is open in another window of the app (its lock is held)."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """A line of the saves list: a save that replays, with what the list shows of it."""

    path: Path
    match_id: str
    game: str
    title: str
    players: tuple[str, ...]
    progress: str
    updated: str
    finished: bool
    to_act: tuple[str, ...] = ()
    """The names of the seats the match waits for (empty: the table, or the match is over)."""
    result: MatchResult | None = None
    """Who won and the totals, once the match is over (the history lists it then)."""


def _waiting_for(match: Match) -> tuple[str, ...]:
    """The names of the seats whose decision the match waits for (all of them for a sealed choice)."""
    decision = match.decision()
    if decision is None:
        return ()
    return tuple(match.seats[seat].name for seat in decision.seats)


@dataclass(frozen=True, slots=True)
class BrokenSave:
    """A file in the saves folder that could not be used, with the one-line reason."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class Listing:
    """What the saves folder holds: playable saves newest first, unusable files, or why it cannot be read."""

    saves: list[SaveSummary] = field(default_factory=list)
    broken: list[BrokenSave] = field(default_factory=list)
    problem: str | None = None
    pending: list[Path] = field(default_factory=list)
    """Files not checked yet (only when listed without replay)."""


def is_listed_name(name: str) -> bool:
    """True for the file names the saves list considers (hidden files, temporaries and locks are not)."""
    return name.endswith(SUFFIX) and not name.startswith(".") and len(name) > len(SUFFIX)


def id_problem(match_id: str) -> str | None:
    """Why `match_id` cannot name a file in the saves folder, or None."""
    if not match_id or len(match_id) > ID_MAX or match_id.startswith("."):
        return f"empty, hidden or longer than {ID_MAX} characters"
    if "/" in match_id or "\\" in match_id or "\0" in match_id or (os.altsep and os.altsep in match_id):
        return "holds a path separator or NUL"
    if not match_id.isprintable():
        return "holds control, format or invisible characters"
    return None


def _check_name(root: Path, path: Path) -> None:
    """SaveError naming the file unless `path` is a save file of `root` whose name can name a match."""
    if path.parent != root or not is_listed_name(path.name):
        raise SaveError(f"{path.name}: not a save file of this folder")
    problem = id_problem(path.stem)
    if problem is not None:  # it could be neither locked nor saved again under its name
        raise SaveError(f"{path.name}: its file name cannot name a match ({problem})")


class SaveStore:
    """The folder of save files, and which of them this app has open."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = (root or data_dir()) / "saves"
        self._stamps: dict[str, tuple[Stamp, weakref.ref[Match]]] = {}
        """Per match id, the file as this store last read or wrote it, and the match it holds."""
        self._locks: dict[str, MatchLock] = {}
        self._summaries: dict[str, tuple[Stamp, SaveSummary | BrokenSave]] = {}
        """Per file name, the listing of the file as it was at that stamp (a replay is not repeated)."""
        self._cleaned = False

    # --- the folder itself ----------------------------------------------------------------
    def unusable(self) -> str | None:
        """Why no match can be saved in this folder, in plain words, or None if it can.

        The folder is made if it is missing; a file (or a device) where it should be, a parent
        that is not a folder, or a folder that refuses a new file make it unusable."""
        problem = self._made()
        if problem is None:
            try:
                with tempfile.TemporaryFile(dir=self.root):
                    pass
            except OSError as exc:
                problem = f"no file can be written in {self.root} ({exc.strerror or exc})"
        return problem

    def _made(self) -> str | None:
        """Make the folder if it is missing; why it cannot be, or None."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            return f"{self.root} is a file, not a folder"
        except OSError as exc:
            return f"the folder {self.root} cannot be made ({exc.strerror or exc})"
        return None

    # --- names ---------------------------------------------------------------------------
    def path_for(self, match_id: str) -> Path:
        """The file of `match_id`, always directly inside the saves folder."""
        problem = id_problem(match_id)
        if problem is not None:
            raise SaveError(f"a match id that cannot be a file name ({problem})")
        path = self.root / f"{match_id}{SUFFIX}"
        if path.parent != self.root:
            raise SaveError("a match id that cannot be a file name (leaves the saves folder)")
        return path

    @staticmethod
    def _fresh_id() -> str:
        return uuid4().hex[:12]

    # --- writing -------------------------------------------------------------------------
    def save(self, match: Match) -> Path:
        """Write the match atomically, into its own file and nobody else's; the path written.

        A match this store has not read or written yet gets a file name no file has. A match whose
        file changed on disk since this store last touched it (another app wrote it) is written
        to a fresh file instead, so neither side's moves are lost; `match.record.match_id` then
        changes, which the caller can notice.
        """
        problem = self._made()
        if problem is not None:
            raise SaveError(problem)
        match.touch()
        data = encode_save(
            match.record,
            title=match.game.title,
            progress=match.game.progress(match.state),
            finished=match.outcome() is not None,
        )
        match_id = match.record.match_id
        known = self._known(match)
        if known is not None:
            target = self.path_for(match_id)
            now = stamp_of(target)
            if now == known:
                stamp = replace_atomically(target, data)
                self._stamps[match_id] = (stamp, weakref.ref(match))
                self._remember(target, match, stamp)
                return target
            if now is None and self._claim(match, match_id, data):
                return target
        elif self._claim(match, match_id, data):
            return self.path_for(match_id)
        while True:  # the name is taken, or the file changed under us: a fresh name
            fresh = self._fresh_id()
            if self._claim(match, fresh, data):
                self._move_lock(match_id, fresh)
                match.rename(fresh)
                path = self.path_for(fresh)
                self._remember(path, match, self._stamps[fresh][0])
                return path

    def _known(self, match: Match) -> Stamp | None:
        """The stamp of `match`'s file as this store last saw it, if this very match was read or written here."""
        known = self._stamps.get(match.record.match_id)
        if known is None or known[1]() is not match:
            return None
        return known[0]

    def _claim(self, match: Match, match_id: str, data: bytes) -> bool:
        """Create `match_id`'s file if no file has that name; True if done."""
        path = self.path_for(match_id)
        stamp = create_atomically(path, data)
        if stamp is None:
            return False
        self._stamps[match_id] = (stamp, weakref.ref(match))
        if match.record.match_id == match_id:
            self._remember(path, match, stamp)
        return True

    def delete(self, path: Path) -> None:
        """Remove a save file and its lock file, holding its lock (MatchOpenElsewhere if it is open elsewhere)."""
        if path.parent != self.root:
            raise SaveError("only files in the saves folder can be deleted")
        held = path.stem in self._locks
        self.lock(path.stem)
        try:
            path.unlink(missing_ok=True)
            self._summaries.pop(path.name, None)
            if path.stem in self._locks:
                self._locks[path.stem].path.unlink(missing_ok=True)
        finally:
            if not held:
                self.release(path.stem)

    # --- locks ---------------------------------------------------------------------------
    def lock(self, match_id: str) -> None:
        """Hold the lock of `match_id` for this app; MatchOpenElsewhere if another app holds it."""
        if match_id in self._locks:
            return
        lock = MatchLock(self.root / f"{LOCK_PREFIX}{self.path_for(match_id).stem}")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            acquired = lock.acquire()
        except OSError:
            return  # a folder without locks (or none at all): the change-on-disk check in `save` still holds
        if not acquired:
            raise MatchOpenElsewhere("this match is open in another window of the app")
        self._locks[match_id] = lock

    def _move_lock(self, old: str, new: str) -> None:
        if old in self._locks:
            self._locks.pop(old).release()
            with contextlib.suppress(MatchOpenElsewhere):  # a name just created is locked nowhere else
                self.lock(new)

    def release(self, match_id: str | None = None) -> None:
        """Let go of one match's lock, or of every lock this store holds."""
        ids = [match_id] if match_id is not None else list(self._locks)
        for key in ids:
            lock = self._locks.pop(key, None)
            if lock is not None:
                lock.release()

    # --- reading -------------------------------------------------------------------------
    def _read(self, path: Path, lookup: GameLookup) -> tuple[Match, Stamp]:
        _check_name(self.root, path)
        try:
            data, stamp = read_capped(path, MAX_FILE_BYTES)
        except UnreadableFile as exc:
            raise SaveError(f"{path.name}: {exc}") from None
        try:
            match = decode_save(data, lookup, path.stem)
        except SaveError as exc:
            raise SaveError(f"{path.name}: {exc}") from None
        return match, stamp

    def load(self, path: Path, lookup: GameLookup) -> Match:
        """The match saved in `path`; SaveError with a one-line reason naming the file."""
        match, stamp = self._read(path, lookup)
        self._stamps[match.record.match_id] = (stamp, weakref.ref(match))
        self._remember(path, match, stamp)
        return match

    def open(self, path: Path, lookup: GameLookup) -> Match:
        """Load the match in `path` and lock it for this app (MatchOpenElsewhere if it is open elsewhere)."""
        _check_name(self.root, path)
        self.lock(path.stem)
        try:
            return self.load(path, lookup)
        except SaveError:
            self.release(path.stem)
            raise

    def listing(self, lookup: GameLookup, *, replay: bool = True) -> Listing:
        """Every save that replays, newest first, and every other file with its reason (never raises).

        Each file is replayed once per version of it on disk: the result is kept by file name
        and stamp (inode, size, modification time), so listing again costs a stat per file.
        With `replay` False nothing is replayed: files not yet checked are returned as `pending`
        (see `check`). The first listing also removes stale temporary files.
        """
        if not self._cleaned:
            self._cleaned = True
            self.clean_up()
        try:
            names = sorted(e.name for e in os.scandir(self.root) if is_listed_name(e.name))
        except FileNotFoundError:
            return Listing()
        except OSError as exc:
            return Listing(problem=f"The saves folder cannot be read ({exc.strerror or exc}).")
        found = Listing()
        for name in names:
            path = self.root / name
            entry = self.check(path, lookup) if replay else self._cached(path)
            if entry is None:
                found.pending.append(path)
            elif isinstance(entry, SaveSummary):
                found.saves.append(entry)
            else:
                found.broken.append(entry)
        found.saves.sort(key=lambda s: s.updated, reverse=True)
        return found

    def summaries(self, lookup: GameLookup) -> tuple[list[SaveSummary], list[BrokenSave]]:
        """The playable saves and the unusable files (see `listing`)."""
        found = self.listing(lookup)
        return found.saves, found.broken

    def clean_up(self) -> int:
        """Remove temporary files left over by interrupted writes; how many were removed."""
        return remove_stale_temporaries(self.root)

    def _cached(self, path: Path) -> SaveSummary | BrokenSave | None:
        """The listing of `path` if the file is unchanged since it was last checked, else None."""
        cached = self._summaries.get(path.name)
        if cached is None:
            return None
        return cached[1] if stamp_of(path) == cached[0] else None

    def check(self, path: Path, lookup: GameLookup) -> SaveSummary | BrokenSave:
        """How the saves list shows `path`: read, validated and replayed once per version on disk."""
        cached = self._cached(path)
        if cached is not None:
            return cached
        try:
            match, stamp = self._read(path, lookup)
            entry: SaveSummary | BrokenSave = self._remember(path, match, stamp)
        except SaveError as exc:
            entry = BrokenSave(path, str(exc).removeprefix(f"{path.name}: "))
            broken_stamp = stamp_of(path)
            if broken_stamp is not None:
                self._summaries[path.name] = (broken_stamp, entry)
        return entry

    def _remember(self, path: Path, match: Match, stamp: Stamp) -> SaveSummary:
        """Keep the listing of a match just read or written (saves need no replay to be listed)."""
        summary = SaveSummary(
            path=path,
            match_id=match.record.match_id,
            game=match.game.key,
            title=match.game.title,
            players=match.record.names,
            progress=match.game.progress(match.state),
            updated=match.record.updated,
            finished=match.outcome() is not None,
            to_act=_waiting_for(match),
            result=result_of(match),
        )
        self._summaries[path.name] = (stamp, summary)
        return summary
