"""The words: how an action reads in the log and the action list, and where the game stands."""

from __future__ import annotations

from boardgames_tui.engine.protocol import Seat
from examples.high_card.rules.actions import Action, Play
from examples.high_card.rules.components import ROUNDS
from examples.high_card.rules.state import State


def describe(state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
    if not isinstance(action, Play):
        return "Reveal the next card"
    return f"Play {action.card}" if viewer == seat else f"{state.names[seat or 0]} plays a card"


def progress(state: State) -> str:
    return f"Round {min(state.round, ROUNDS)} of {ROUNDS}"
