"""Game-independent machinery: the game protocol, match records, saves and simulation."""

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    LogEntry,
    Options,
    OptionSpec,
    Outcome,
    ScoreLine,
    Seat,
    SeatInfo,
)
from boardgames_tui.engine.rng import RngState

__all__ = [
    "Decision",
    "DecisionKind",
    "Game",
    "IllegalAction",
    "LogEntry",
    "OptionSpec",
    "Options",
    "Outcome",
    "RngState",
    "ScoreLine",
    "Seat",
    "SeatInfo",
]
