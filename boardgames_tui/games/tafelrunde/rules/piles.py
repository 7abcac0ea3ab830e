"""Cards moving between the piles and the hands: drawing (with the reshuffle of the discard pile
when the draw pile runs out) and taking a card out of a hand."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.components import card_title
from boardgames_tui.games.tafelrunde.rules.state import Known, State
from boardgames_tui.games.tafelrunde.rules.text import ONLY, entry


@dataclass(slots=True)
class Piles:
    """The hands, piles and randomness while an action draws cards: it may draw several (the
    refill at the end of the day), and the state is copied once, at the end. What happened is
    noted as `events` and put into words only when the log is read (`draw_lines`)."""

    names: tuple[str, ...]
    hands: list[tuple[int, ...]]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    rng: RngState
    events: list[tuple[Seat, int] | None]
    """(seat, card) for a card drawn, None for the discard pile shuffled into a new draw pile."""

    @classmethod
    def of(cls, state: State, discard: tuple[int, ...] | None = None) -> Piles:
        discard = state.discard if discard is None else discard
        return cls(state.names, list(state.hands), state.draw, discard, state.rng, [])

    def left(self) -> bool:
        """Whether there is a card left to draw."""
        return bool(self.draw or self.discard)

    def draw_one(self, seat: Seat) -> None:
        """The top card into the seat's hand (the discard pile reshuffled first if the draw pile is empty)."""
        if not self.draw:
            self.draw, self.rng = self.rng.shuffled(self.discard)
            self.discard = ()
            self.events.append(None)
        card = self.draw[-1]
        self.draw = self.draw[:-1]
        self.hands[seat] = (*self.hands[seat], card)
        self.events.append((seat, card))

    def changes(self, log: LazyLog[LogEntry]) -> dict[str, Any]:
        """The fields to change in the state, with the draws' lines added to `log`."""
        return {"hands": tuple(self.hands), "draw": self.draw, "discard": self.discard, "rng": self.rng,
                "log": log.later(draw_lines, self.names, tuple(self.events)) if self.events else log}


def draw_lines(names: tuple[str, ...], events: tuple[tuple[Seat, int] | None, ...]) -> list[LogEntry]:
    """The log lines of `Piles.events`: a line for each reshuffle, and a pair of lines per seat
    drawing (cards it draws in a row make one pair, not one a card)."""
    lines: list[LogEntry] = []
    seat: Seat | None = None  # the seat drawing now, and its cards so far
    cards: list[int] = []
    for event in events:
        if event is not None and event[0] == seat:
            cards.append(event[1])
            continue
        if seat is not None:
            lines += _draws_lines(names[seat], seat, tuple(cards))
        if event is None:
            lines.append(entry("The draw pile is empty: the discard pile is shuffled into a new one."))
            seat, cards = None, []
        else:
            seat, cards = event[0], [event[1]]
    if seat is not None:
        lines += _draws_lines(names[seat], seat, tuple(cards))
    return lines


@lru_cache(maxsize=1024)
def _draws_lines(name: str, seat: Seat, cards: tuple[int, ...]) -> tuple[LogEntry, LogEntry]:
    """The lines of a seat drawing cards at once: how many for the table ("Ada draws 2 cards."),
    which for that seat alone ("You draw Gambling #21 and Backwards #3.")."""
    titles = [card_title(card) for card in cards]
    shown = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + f" and {titles[-1]}"
    count = "a card" if len(cards) == 1 else f"{len(cards)} cards"
    return LogEntry(f"{name} draws {count}."), LogEntry(f"You draw {shown}.", ONLY[seat])


def remove_from_hand(state: State, seat: Seat, card: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Known, ...]]:
    """The hands with `card` gone from the seat's, and the known cards without it."""
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    known = state.known
    return tuple(hands), tuple([k for k in known if k.card != card]) if known else known
