"""The immutable state: a frozen dataclass without slots, copied with `engine.evolve.evolve`."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.evolve import Evolvable
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState


@dataclass(frozen=True)
class State(Evolvable):
    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int
    revealing: int  # -1 while choosing; else the next seat to reveal
    deck: tuple[int, ...]  # the cards never dealt (hidden from everyone)
    double: bool  # the option: each round scores two points
    rng: RngState
    log: tuple[LogEntry, ...]

    @property
    def players(self) -> int:
        return len(self.names)
