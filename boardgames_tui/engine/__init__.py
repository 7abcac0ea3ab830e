"""Game-independent machinery: the game protocol, match records, saves and simulation.

The names below are re-exported lazily, so that importing one small module of the engine (the
picker needs only `engine.about`) does not load the protocol.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Decision": "protocol",
    "DecisionKind": "protocol",
    "Game": "protocol",
    "IllegalAction": "protocol",
    "LogEntry": "protocol",
    "OptionSpec": "protocol",
    "Options": "protocol",
    "Outcome": "protocol",
    "ScoreLine": "protocol",
    "Seat": "protocol",
    "SeatInfo": "protocol",
    "RngState": "rng",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__} has no attribute {name!r}")
