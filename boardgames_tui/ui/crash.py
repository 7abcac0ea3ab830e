"""Crash reports: what an unexpected error leaves behind, with no secret of any match in it.

A report holds the Python version, the app version and, for every exception in the chain, its type,
its frames (file, line, function and source line; never a local variable) and its message with
everything that could carry match data taken out: the seed and the recorded actions of every open
match, long numbers, and anything that looks like the repr of an object, list or dict (a game state,
a hand, a move list). The terminal only gets a one-line notice naming the report's file.
"""

from __future__ import annotations

import platform
import re
import traceback
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from boardgames_tui import __version__

if TYPE_CHECKING:
    from boardgames_tui.engine.match import MatchRecord

MESSAGE_MAX = 200
WITHHELD = "…"
# A call-like repr `Name(...)`, a list, a tuple-ish group, a dict or set: nested one level deep is
# enough because the outermost match is replaced whole, and the loop below repeats until stable.
_REPR = re.compile(r"[A-Za-z_][\w.]*\([^()]+\)|\[[^\[\]]+\]|\{[^{}]+\}|\([^()]+\)|<[^<>]+>")
_LONG_NUMBER = re.compile(r"\d{5,}")


def secrets_of(records: Iterable[MatchRecord]) -> set[str]:
    """The strings a report must never contain: each open match's seed and recorded actions."""
    found: set[str] = set()
    for record in records:
        found.add(str(record.seed))
        found |= {move.action for move in record.moves if move.action}
    return found


def scrub(message: str, secrets: Iterable[str]) -> str:
    """An exception message with every secret, long number and object repr replaced by `…`."""
    for secret in sorted(secrets, key=len, reverse=True):
        message = message.replace(secret, WITHHELD)
    previous = None
    while previous != message:
        previous, message = message, _REPR.sub(WITHHELD, message)
    message = _LONG_NUMBER.sub(WITHHELD, message)
    if len(message) > MESSAGE_MAX:
        message = message[:MESSAGE_MAX] + WITHHELD
    return message


def _chain(error: BaseException) -> Iterator[BaseException]:
    """The exception and those it was raised from or during, oldest last; no loops."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)


def report_text(error: BaseException, secrets: Iterable[str]) -> str:
    """The text of a crash report for `error`: frames and scrubbed messages, no locals."""
    secrets = set(secrets)
    lines = [
        f"boardgames {__version__} crashed at {datetime.now(UTC).isoformat(timespec='seconds')}",
        f"Python {platform.python_version()} on {platform.system()}",
        "",
    ]
    for depth, exc in enumerate(_chain(error)):
        if depth:
            lines += ["", "while handling, or caused by:"]
        lines.append("Traceback (most recent call last):")
        frames = traceback.extract_tb(exc.__traceback__)
        lines += [line.rstrip("\n") for line in traceback.format_list(frames)]
        name = f"{type(exc).__module__}.{type(exc).__qualname__}"
        message = scrub(str(exc), secrets)
        lines.append(f"{name}: {message}" if message else name)
    return "\n".join(lines) + "\n"


def write_report(folder: Path, error: BaseException, secrets: Iterable[str]) -> Path | None:
    """Write a crash report into `folder`; its path, or None if it could not be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
        path = folder / f"crash-{stamp}.txt"
        path.write_text(report_text(error, secrets), encoding="utf-8")
    except (OSError, ValueError):
        return None
    return path


def notice(path: Path | None, *, saved: bool = True) -> str:
    """The one line printed on the terminal after a crash: where its report is, and whether matches are saved.

    `saved`: every match was being saved at each decision (False when the saves folder could not be used)."""
    where = f"a crash report is in {path}" if path is not None else "no crash report could be written"
    kept = ("every match is saved at its last decision; continue it from the picker" if saved
            else "matches could not be saved in the data folder")
    return f"boardgames stopped after an unexpected error; {where}; {kept}."
