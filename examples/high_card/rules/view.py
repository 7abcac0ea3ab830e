"""What a seat may see: its own hand, who has played, the cards already revealed, the scores."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.protocol import Seat
from examples.high_card.rules.components import ROUNDS
from examples.high_card.rules.state import State


@dataclass(frozen=True, slots=True)
class View:
    names: tuple[str, ...]
    hand: tuple[int, ...] | None
    """The viewer's hand (None for the table view)."""
    chosen: tuple[bool, ...]
    shown: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int


def view(state: State, seat: Seat | None) -> View:
    over = state.round > ROUNDS
    shown = tuple(p if (state.revealing > i or over) else None for i, p in enumerate(state.played))
    hand = state.hands[seat] if seat is not None else None
    return View(state.names, hand, tuple(p is not None for p in state.played), shown, state.scores, state.round)
