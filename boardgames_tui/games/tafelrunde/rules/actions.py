"""Die Tafelrunde's actions: one decision each (play, draw, lay out, pass, answer a card's
question, take the card back, veto or let the call pass), and the shared instances the legal
lists hand out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from boardgames_tui.engine.codec import Codec
from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS


@dataclass(frozen=True, slots=True)
class Play:
    """Play a hand card (its choices follow as Answers)."""

    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile (the discard pile shuffled first if it is empty)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay a hand card out in front of you for 1 silver (once a day)."""

    card: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Only when none of the three actions is possible."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One choice a card leaves open: which hero, which way, which player, keep or reroll..."""

    slot: str
    value: str


@dataclass(frozen=True, slots=True)
class Back:
    """Take the card back before the table has seen it (the choices so far are dropped)."""


@dataclass(frozen=True, slots=True)
class Veto:
    """Spend a shield card (or, in the second call, a broken shield) against the declared card."""

    card: int


@dataclass(frozen=True, slots=True)
class NoVeto:
    """The table closes the call: nobody spoke (or, in a private poll, this seat lets it pass)."""


Action = Play | Draw | Discard | Pass | Answer | Back | Veto | NoVeto

# Shared instances for the legal lists, which would otherwise build the same values for every state.
PLAY: Final = {card: Play(card) for card in ALL_CARD_IDS}
DISCARD: Final = {card: Discard(card) for card in ALL_CARD_IDS}
VETO: Final = {card: Veto(card) for card in ALL_CARD_IDS}
DRAW: Final = Draw()
PASS: Final = Pass()
BACK: Final = Back()
NO_VETO: Final = NoVeto()
answer: Final = cache(Answer)
"""answer(slot, value): the shared `Answer` (slots and values come from a small fixed vocabulary)."""

ACTIONS: Final = (Play, Draw, Discard, Pass, Answer, Back, Veto, NoVeto)

CODEC: Final[Codec[Action]] = Codec(
    "Tafelrunde",
    ACTIONS,
    shared=[*PLAY.values(), *DISCARD.values(), *VETO.values(), DRAW, PASS, BACK, NO_VETO],
)
"""Each action written as its lower-case name and its fields: "play 17", "draw", "discard 3",
"pass", "answer hero zork", "back", "veto 28", "noveto". Reading hands out the shared instances."""
