"""Cards moving between the piles and the hands: drawing (with the reshuffle of the discard pile
when the draw pile runs out) and taking a card out of a hand."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.components import HAND_MAX, card_title
from boardgames_tui.games.tafelrunde.rules.state import Known, State
from boardgames_tui.games.tafelrunde.rules.text import ONLY, entry


def can_draw(state: State, seat: Seat) -> bool:
    return len(state.hands[seat]) < HAND_MAX and bool(state.draw or state.discard)


@dataclass(slots=True)
class Piles:
    """The hands, piles, randomness and new log lines while an action draws cards: it may draw
    several (the refill at the end of the day), and the state is copied once, at the end."""

    names: tuple[str, ...]
    hands: list[tuple[int, ...]]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    rng: RngState
    lines: list[LogEntry]

    @classmethod
    def of(cls, state: State, discard: tuple[int, ...] | None = None, lines: list[LogEntry] | None = None) -> Piles:
        discard = state.discard if discard is None else discard
        return cls(state.names, list(state.hands), state.draw, discard, state.rng, lines or [])

    def left(self) -> bool:
        """Whether there is a card left to draw."""
        return bool(self.draw or self.discard)

    def draw_one(self, seat: Seat) -> None:
        """The top card into the seat's hand (the discard pile reshuffled first if the draw pile is empty)."""
        if not self.draw:
            self.draw, self.rng = self.rng.shuffled(self.discard)
            self.discard = ()
            self.lines.append(entry("The draw pile is empty: the discard pile is shuffled into a new one."))
        card = self.draw[-1]
        self.draw = self.draw[:-1]
        self.hands[seat] = (*self.hands[seat], card)
        self.lines += _draw_lines(self.names[seat], seat, card)

    def changes(self, log: tuple[LogEntry, ...]) -> dict[str, Any]:
        """The fields to change in the state, with the new lines added to `log`."""
        return {"hands": tuple(self.hands), "draw": self.draw, "discard": self.discard, "rng": self.rng,
                "log": log + tuple(self.lines)}


@lru_cache(maxsize=1024)
def _draw_lines(name: str, seat: Seat, card: int) -> tuple[LogEntry, LogEntry]:
    """The lines of a seat drawing a card: for the table, and the card for that seat alone."""
    return LogEntry(f"{name} draws a card."), LogEntry(f"You draw {card_title(card)}.", ONLY[seat])


def remove_from_hand(state: State, seat: Seat, card: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Known, ...]]:
    """The hands with `card` gone from the seat's, and the known cards without it."""
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    known = state.known
    return tuple(hands), tuple([k for k in known if k.card != card]) if known else known
