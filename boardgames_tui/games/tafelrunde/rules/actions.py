"""Die Tafelrunde's actions: one decision each (play, draw, lay out, pass, answer a card's
question, take the card back, veto or let the call pass), and the shared instances the legal
lists hand out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS


@dataclass(frozen=True, slots=True)
class Play:
    """Play a hand card (its choices follow as Answers)."""

    card: int

    def encode(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draw:
    def encode(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay a hand card out in front of you for 1 silver (once a day)."""

    card: int

    def encode(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Only when none of the three actions is possible."""

    def encode(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Answer:
    """One choice a card leaves open: which hero, which way, which player, keep or reroll..."""

    slot: str
    value: str

    def encode(self) -> str:
        return f"answer {self.slot} {self.value}"


@dataclass(frozen=True, slots=True)
class Back:
    """Take the card back before the table has seen it (the choices so far are dropped)."""

    def encode(self) -> str:
        return "back"


@dataclass(frozen=True, slots=True)
class Veto:
    """Spend a shield card (or, in the second call, a broken shield) against the declared card."""

    card: int

    def encode(self) -> str:
        return f"veto {self.card}"


@dataclass(frozen=True, slots=True)
class NoVeto:
    """The table closes the call: nobody spoke (or, in a private poll, this seat lets it pass)."""

    def encode(self) -> str:
        return "noveto"


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


def decode_action(text: str) -> Action:
    words = text.split()
    try:
        head, rest = words[0], words[1:]
        if head == "play" and len(rest) == 1:
            return Play(int(rest[0]))
        if head == "discard" and len(rest) == 1:
            return Discard(int(rest[0]))
        if head == "veto" and len(rest) == 1:
            return Veto(int(rest[0]))
        if head == "answer" and len(rest) == 2:
            return Answer(rest[0], rest[1])
        if not rest:
            simple: dict[str, Action] = {"draw": Draw(), "pass": Pass(), "back": Back(), "noveto": NoVeto()}
            if head in simple:
                return simple[head]
    except (IndexError, ValueError):
        pass
    raise IllegalAction(f"not a Tafelrunde action: {text!r}")

ACTIONS: Final = (Play, Draw, Discard, Pass, Answer, Back, Veto, NoVeto)
