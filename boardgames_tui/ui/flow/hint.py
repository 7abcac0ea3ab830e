"""Whether the `h` key may give a hint now, and if not, why, in words that name the reason."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.ui.flow.seating import Seating


@dataclass(frozen=True)
class Asking:
    """What the controller knows when `h` is pressed."""

    viewer: Seat | None
    """The seat whose private view is on screen (None: the table view)."""
    seating: Seating
    deciding: bool
    """True while the game waits for a decision."""
    acting: Seat | None
    holds_input: bool
    """True while a bot thinks or a move is on show."""


def hint_seat(now: Asking) -> Seat | None:
    """The person a hint would be for: the one whose private view is on screen, deciding now, in a
    match with bots (a hint is a bot's opinion: at a table of people nobody asked for one)."""
    viewer = now.viewer
    if viewer is None or now.seating.is_bot(viewer) or not now.seating.has_bots() or now.holds_input:
        return None
    if not now.deciding or now.acting != viewer:
        return None
    return viewer


def hint_refusal(now: Asking) -> str:
    """Why `h` gives no hint now."""
    if not now.seating.has_bots():
        return "No bots at this table: a hint is a bot's opinion."
    if now.holds_input:
        return "A bot is playing: wait for your turn."
    if now.viewer is None or now.acting != now.viewer:
        return "A hint is for the player whose own view is open and who decides now."
    return "No hint now."
