"""The file system side of saves: reading a file safely, writing one atomically, locking a match.

Reading never follows a link, never blocks on a FIFO and never reads past the size cap: the
file is opened with O_NOFOLLOW and O_NONBLOCK, checked with fstat to be a regular file, and
read up to one byte past the cap. Writing goes to a hidden temporary file in the same folder,
then either replaces the match's own file or, for a file name not yet used, is linked into
place so that an existing file is never overwritten.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

TMP_PREFIX = ".tmp-"
TMP_SUFFIX = ".part"
LOCK_PREFIX = ".lock-"
STALE_SECONDS = 60.0
"""A temporary file older than this is left over from an interrupted write (a write takes milliseconds)."""

_O_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class UnreadableFile(Exception):
    """A file that is not a save at all (a link, a FIFO, too large, unreadable); the message says why."""


@dataclass(frozen=True, slots=True)
class Stamp:
    """What identifies one version of a file on disk: a rewrite changes the inode (rename)."""

    inode: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Stamp:
        return cls(info.st_ino, info.st_size, info.st_mtime_ns)


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link, not a save file"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a save file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a save file"
    if stat.S_ISDIR(mode):
        return "a folder, not a save file"
    return "not a regular file"


def read_capped(path: Path, cap: int) -> tuple[bytes, Stamp]:
    """The bytes of the regular file at `path` and its stamp; UnreadableFile if it is anything else."""
    try:
        before = os.lstat(path)
        if not stat.S_ISREG(before.st_mode):
            raise UnreadableFile(_kind(before.st_mode))
        fd = os.open(path, _O_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnreadableFile(_kind(stat.S_IFLNK)) from None
        raise UnreadableFile(f"cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(_kind(info.st_mode))
        if info.st_size > cap:
            raise UnreadableFile(f"too large to be a save ({info.st_size:,} bytes; at most {cap:,})")
        data = _read_up_to(fd, cap + 1)
    except OSError as exc:
        raise UnreadableFile(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > cap:
        raise UnreadableFile(f"too large to be a save (more than {cap:,} bytes)")
    return data, Stamp.of(info)


def _read_up_to(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while total < limit:
        chunk = os.read(fd, min(65536, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def stamp_of(path: Path) -> Stamp | None:
    """The stamp of the file at `path` as it is now (not following a link), or None if there is none."""
    try:
        return Stamp.of(os.lstat(path))
    except FileNotFoundError:
        return None


def _write_temporary(folder: Path, data: bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix=TMP_PREFIX, suffix=TMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def replace_atomically(target: Path, data: bytes) -> Stamp:
    """Write `data` over `target` atomically (temporary file, then rename); the new stamp."""
    tmp = _write_temporary(target.parent, data)
    try:
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return Stamp.of(os.lstat(target))


def create_atomically(target: Path, data: bytes) -> Stamp | None:
    """Write `data` as the new file `target`, atomically and only if no such file exists.

    Returns the new stamp, or None if `target` already exists (nothing is written then). The
    complete temporary file is hard-linked into place, which fails if the name is taken; where
    links are not supported, the name is first reserved with O_EXCL and then replaced.
    """
    tmp = _write_temporary(target.parent, data)
    try:
        try:
            os.link(tmp, target)
        except FileExistsError:
            return None
        except OSError:
            if not _reserve(target):
                return None
            os.replace(tmp, target)
        return Stamp.of(os.lstat(target))
    finally:
        tmp.unlink(missing_ok=True)


def _reserve(target: Path) -> bool:
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        return False
    return True


def remove_stale_temporaries(folder: Path, now: Callable[[], float] = time.time) -> int:
    """Delete temporary files left by interrupted writes (old enough not to be in use); how many."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(TMP_PREFIX):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now() - info.st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


# --- one lock per open match ----------------------------------------------------------------
class MatchLock:
    """An exclusive OS lock on a match's lock file, held while the match is open in this app.

    fcntl.flock where it exists (Linux, macOS), msvcrt.locking on Windows. The lock goes with
    the process: a killed app leaves nothing locked.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    def acquire(self) -> bool:
        """Take the lock; False if another process (or another store) holds it.

        A lock taken on a file that its holder removed meanwhile (a deleted match) is no lock:
        the file at the path must still be the one locked, or the lock is taken again."""
        for _attempt in range(3):
            handle = open(self.path, "a+b")  # noqa: SIM115 - held open for as long as the lock
            try:
                locked = _try_lock(handle)
                same = locked and _same_file(handle, self.path)
            except OSError:
                handle.close()
                raise
            if not locked:
                handle.close()
                return False
            if same:
                self._handle = handle
                return True
            _unlock(handle)
            handle.close()
        return False

    def release(self) -> None:
        if self._handle is not None:
            _unlock(self._handle)
            self._handle.close()
            self._handle = None


def _same_file(handle: IO[bytes], path: Path) -> bool:
    """True if `path` still names the file open in `handle`."""
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(handle.fileno())
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _try_lock(handle: IO[bytes]) -> bool:
    try:
        import fcntl
    except ImportError:
        return _try_lock_windows(handle)
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _try_lock_windows(handle: IO[bytes]) -> bool:  # pragma: no cover - only on Windows
    try:
        import msvcrt
    except ImportError:
        return True  # no lock available: the change-on-disk check still guards every save
    try:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
    except OSError:
        return False
    return True


def _unlock(handle: IO[bytes]) -> None:
    try:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except ImportError:  # pragma: no cover - only on Windows
        try:
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except (ImportError, OSError):
            pass
