"""What each card asks before any dice: the questions of a declaration, one kind of card at a time.

A card's declaration is a short sequence of questions (slots). `card_questions` names the next
open one (and who answers it), or None once the card's own choices are made; the dice and the
order of moves come after (`effects.next_step`). Each kind of card has its own function below,
found in a table by the card's kind: a bot's search asks for a question on nearly every action,
and the table finds it in one look-up where a chain of tests went through up to fifteen kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tafelrunde.rules.circle import runs
from boardgames_tui.games.tafelrunde.rules.components import (
    KIND,
    KINDS,
    WRESTLERS,
    ZORK,
    Card,
    Kind,
    hero_kind,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.rules.state import Decl, State

UP, DOWN = "up", "down"
FRONT, BEHIND = "front", "behind"
NOBODY = "none"
WRESTLE_SLOTS = ("w1", "w2", "w3")


@dataclass(slots=True, unsafe_hash=True)
class Question:
    """An open choice: the slot, the seat that answers it and the allowed answers.

    Never changed once built; not frozen because one is built for most actions (see `Decl`)."""

    slot: str
    chooser: Seat
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NeedRoll:
    """The dice must be rolled now, by `roller` (for `hero` in Wrestling)."""

    roller: Seat
    hero: str = ""


Step = Question | NeedRoll | None


# --- small lookups ------------------------------------------------------------------------------


def own_heroes(state: State, seat: Seat) -> tuple[str, str]:
    return heroes_of(state.colours[seat])


def dubious_targets(state: State, actor: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in range(state.players) if s != actor and state.hands[s])


def others(state: State, actor: Seat) -> tuple[Seat, ...]:
    """The other seats, clockwise from the actor's left."""
    n = state.players
    return tuple((actor + i) % n for i in range(1, n))


def wrestlers(state: State) -> tuple[str, ...]:
    return state.order[:WRESTLERS]


def wrestle_order(state: State, decl: Decl) -> tuple[str, ...]:
    """The wrestlers in the declared order (the last one is whoever is left)."""
    chosen = [v for v in (decl.get(s) for s in WRESTLE_SLOTS) if v is not None]
    if len(chosen) == len(WRESTLE_SLOTS):
        chosen += [h for h in wrestlers(state) if h not in chosen]
    return tuple(chosen)


def _heroes(state: State, exclude: tuple[str | None, ...] = ()) -> tuple[str, ...]:
    if not exclude:
        return state.order
    return tuple([h for h in state.order if h not in exclude])


@cache
def _steps(most: int) -> tuple[str, ...]:
    """The answers "1" .. `most` for how many steps."""
    return tuple(str(k) for k in range(1, most + 1))


# --- the questions, by kind of card -------------------------------------------------------------
# Each takes the state, the declaration, its card and its answers so far as a dictionary.

Answers = dict[str, str]


def card_questions(state: State, decl: Decl, card: Card) -> Step:
    """The next question a card asks before any dice, or None once its own choices are made."""
    ask = _ASK.get(card.kind)
    return None if ask is None else ask(state, decl, card, dict(decl.answers))


def _alliance(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "hero" not in answers:
        return Question("hero", decl.actor, own_heroes(state, decl.actor))
    if "place" not in answers:
        return Question("place", decl.actor, (FRONT, BEHIND))
    return None


def _backwards(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "steps" not in answers:
        return Question("steps", decl.actor, _steps(card.distance))
    return None


def _two_heroes(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    """Black magic and Confusion: a hero, then any other."""
    if "hero" not in answers:
        return Question("hero", decl.actor, _heroes(state))
    if "other" not in answers:
        return Question("other", decl.actor, _heroes(state, (answers.get("hero"),)))
    return None


def _capricious_move(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "side" not in answers:
        return Question("side", decl.actor, ("goblet", "other"))
    if "steps" not in answers:
        return Question("steps", decl.actor, _steps(card.distance))
    return None


def _diplomacy(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    actor = decl.actor
    if "hero" not in answers:
        return Question("hero", actor, _heroes(state))
    if "other" not in answers:
        return Question("other", actor, _heroes(state, (answers.get("hero"), *own_heroes(state, actor))))
    return None


def _seat_then(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    """Dubious deals and Mischievous: another seat (for a deal, one holding a card); a Dubious
    deal (gift) then lets that seat pick the hero."""
    kind = card.kind
    if "seat" not in answers:
        targets = others(state, decl.actor) if kind is KIND.MISCHIEVOUS else dubious_targets(state, decl.actor)
        return Question("seat", decl.actor, tuple(str(s) for s in targets))
    if kind is KIND.DUBIOUS_DEAL_GIFT and "hero" not in answers:
        return Question("hero", int(answers.get("seat") or 0), _heroes(state))
    return None


def _one_hero(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    """Favourite, both Intrigues and Gambling: any hero."""
    if "hero" not in answers:
        return Question("hero", decl.actor, _heroes(state))
    return None


def _heroic_deed(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "hero" not in answers:
        eligible = runs(state.order, card.kinds)
        return Question("hero", decl.actor, tuple(h for h in state.order if h in eligible))
    if "dir" not in answers:
        return Question("dir", decl.actor, (UP, DOWN))
    return None


def _magical_choice(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "card" not in answers:
        return Question("card", decl.actor, tuple(str(c) for c in sorted(set(decl.discard_before))))
    return None


def _old_friends(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    actor = decl.actor
    if "hero" not in answers:
        return Question("hero", actor, own_heroes(state, actor))
    if "seat" not in answers:
        return Question("seat", actor, tuple(str(s) for s in others(state, actor)))
    if "theirs" not in answers:
        friend = int(answers.get("seat") or 0)
        return Question("theirs", friend, (*own_heroes(state, friend), NOBODY))
    return None


def _rumours(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "kind" not in answers:
        present = {hero_kind(h) for h in state.order}
        return Question("kind", decl.actor, tuple(k for k in KINDS if k in present))
    if "dir" not in answers:
        return Question("dir", decl.actor, (UP, DOWN))
    return None


def _transfer(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    if "hero" not in answers:
        return Question("hero", decl.actor, _heroes(state, (ZORK,)))
    if "place" not in answers:
        return Question("place", decl.actor, (FRONT, BEHIND))
    return None


def _venal(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    actor = decl.actor
    if "hero" not in answers:
        return Question("hero", actor, _heroes(state))
    if "dir" not in answers:
        return Question("dir", actor, (UP, DOWN))
    if "steps" not in answers:
        return Question("steps", actor, _steps(card.distance))
    return None


def _wrestling(state: State, decl: Decl, card: Card, answers: Answers) -> Step:
    for slot in WRESTLE_SLOTS:
        if slot not in answers:
            chosen = wrestle_order(state, decl)
            return Question(slot, decl.actor, tuple(h for h in wrestlers(state) if h not in chosen))
    return None


_ASK: Final[dict[Kind, Callable[[State, Decl, Card, Answers], Step]]] = {
    KIND.ALLIANCE: _alliance,
    KIND.BACKWARDS: _backwards,
    KIND.BLACK_MAGIC: _two_heroes,
    KIND.CONFUSION: _two_heroes,
    KIND.CAPRICIOUS_MOVE: _capricious_move,
    KIND.DIPLOMACY: _diplomacy,
    KIND.DUBIOUS_DEAL_PAY: _seat_then,
    KIND.DUBIOUS_DEAL_GIFT: _seat_then,
    KIND.MISCHIEVOUS: _seat_then,
    KIND.FAVOURITE: _one_hero,
    KIND.MAJOR_INTRIGUE: _one_hero,
    KIND.MINOR_INTRIGUE: _one_hero,
    KIND.GAMBLING: _one_hero,
    KIND.HEROIC_DEED: _heroic_deed,
    KIND.MAGICAL_CHOICE: _magical_choice,
    KIND.OLD_FRIENDS: _old_friends,
    KIND.RUMOURS: _rumours,
    KIND.TRANSFER: _transfer,
    KIND.VENAL: _venal,
    KIND.WRESTLING: _wrestling,
}
"""The questions of each kind of card that asks any (the other kinds ask none)."""
