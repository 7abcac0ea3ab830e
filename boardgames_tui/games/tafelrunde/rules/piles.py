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
    drawn: tuple[Seat, tuple[int, ...], int] | None = None
    """The seat that drew last, its cards, and the number of lines right after its draw lines
    (a seat drawing again at once adds its card to those lines)."""

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
        drawn = self.drawn
        if drawn is not None and drawn[0] == seat and len(self.lines) == drawn[2]:  # the same seat again
            cards = (*drawn[1], card)
            self.lines[-2:] = _draws_lines(self.names[seat], seat, cards)  # one pair of lines, not one a card
        else:
            cards = (card,)
            self.lines += _draws_lines(self.names[seat], seat, cards)
        self.drawn = (seat, cards, len(self.lines))

    def changes(self, log: tuple[LogEntry, ...]) -> dict[str, Any]:
        """The fields to change in the state, with the new lines added to `log`."""
        return {"hands": tuple(self.hands), "draw": self.draw, "discard": self.discard, "rng": self.rng,
                "log": log + tuple(self.lines)}


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
