"""Kill test (issue 11, "Tests and done"): the real app in a pseudo-terminal, killed with SIGKILL
mid-game, resumes at its last decision.

The app runs as `python -m boardgames_tui` in a pty of 120x40, driven by keys written to the
pty. Progress is read from the save file on disk, so the test does not depend on parsing the
terminal output.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from boardgames_tui.engine.saves import SaveStore
from tests.engine.savecases import lookup

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ENTER, TAB, ESCAPE, CTRL_S = b"\r", b"\t", b"\x1b", b"\x13"
PAUSE = 0.8
"""Between keys: longer than a curtain's arming time, so every key counts."""


class AppInPty:
    """The app as a child process on a pseudo-terminal."""

    def __init__(self, data_dir: Path) -> None:
        env = {**os.environ, "BOARDGAMES_DATA_DIR": str(data_dir), "TERM": "xterm-256color",
               "COLUMNS": "120", "LINES": "40"}
        env.pop("NO_COLOR", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become the app
            os.execvpe(sys.executable, [sys.executable, "-m", "boardgames_tui"], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.output = 0

    def drain(self, seconds: float) -> None:
        """Read (and discard) what the app draws for `seconds`, so it never blocks on a full pty."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.output += len(os.read(self.fd, 65536))
                except OSError:
                    return

    def wait_drawn(self, timeout: float = 60.0) -> None:
        """Wait until the app has drawn its first screen and gone quiet."""
        deadline = time.monotonic() + timeout
        while self.output < 2000 and time.monotonic() < deadline:
            self.drain(0.2)
        assert self.output >= 2000, "the app never drew its screen"
        self.drain(1.0)

    def press(self, key: bytes) -> None:
        os.write(self.fd, key)
        self.drain(PAUSE)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

    def wait_exit(self, timeout: float = 20.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.drain(0.2)
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                os.close(self.fd)
                return True
        self.kill()
        return False


def _saves(folder: Path) -> list[Path]:
    return sorted(p for p in (folder / "saves").glob("*.json") if not p.name.startswith("."))


def _until(app: AppInPty, condition: Callable[[], bool], keys: bytes | None, tries: int) -> bool:
    for _ in range(tries):
        if condition():
            return True
        if keys is None:
            app.drain(PAUSE)
        else:
            app.press(keys)
    return condition()


def _moves(path: Path) -> tuple[object, ...]:
    return SaveStore(path.parent.parent).load(path, lookup).record.moves


@pytest.mark.timeout(300)
def test_killed_mid_game_the_app_resumes_at_the_last_decision(tmp_path: Path) -> None:
    app = AppInPty(tmp_path)
    try:
        app.wait_drawn()
        app.press(ENTER)  # the first game's setup
        app.press(CTRL_S)  # start with the default seats
        assert _until(app, lambda: len(_saves(tmp_path)) == 1, None, 20), "the new match was not saved"
        path = _saves(tmp_path)[0]
        assert _until(app, lambda: len(_moves(path)) >= 3, ENTER, 60), "three decisions were not saved"
        moves = _moves(path)
    finally:
        app.kill()
    inode = path.stat().st_ino

    again = AppInPty(tmp_path)
    try:
        again.wait_drawn()
        again.press(TAB)  # to the Continue list
        again.press(ENTER)  # resume the match
        again.drain(2.0)
        again.press(ESCAPE)  # a curtain's "save and leave"
        if path.stat().st_ino == inode:
            again.press(b"s")  # the table view's "save and leave"
        assert _until(again, lambda: path.stat().st_ino != inode, None, 10), "the resumed match was never saved"
        again.press(b"q")
        again.wait_exit()
    finally:
        with contextlib.suppress(OSError, ChildProcessError):
            again.kill()
    assert _saves(tmp_path) == [path]
    assert _moves(path) == moves  # resumed at the very decision the killed app had saved
