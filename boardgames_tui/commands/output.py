"""What every headless command shares about its output: stopping cleanly when nobody reads it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

# Exit statuses of a headless command stopped from outside, as shells report a signal: 128 + its number.
EXIT_INTERRUPTED = 130  # Ctrl-C (SIGINT)
EXIT_BROKEN_PIPE = 141  # the reader of the output went away, e.g. `| head -1` (SIGPIPE)


def check_output_open() -> None:
    """Raise BrokenPipeError once nobody reads our output any more (a long run piped into `head`).

    A write would only find out at the next line, which for `simulate` can be minutes away.
    """
    import select

    if not hasattr(select, "poll"):
        return
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        events = poller.poll(0)
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test's capture): nothing to check
    if any(mask & select.POLLERR for _fd, mask in events):
        raise BrokenPipeError("the output was closed")


def run_quietly(command: Callable[[], int]) -> int:
    """Run a headless command; Ctrl-C or a closed output pipe end it without a traceback."""
    try:
        result = command()
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Later writes (and the flush at exit) would fail again: point stdout at nothing.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE
    return result
