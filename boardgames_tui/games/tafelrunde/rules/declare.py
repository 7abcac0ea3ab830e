"""Declaring a card: its questions answered one at a time (by the card player, or by the seat a
question names), the dice rolled when the card needs them, the card shown to the table as soon as
anyone else is involved, and the veto call opened once the declaration is complete.

A card not yet shown may be taken back (Back); once the table has seen it, it stays.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgames_tui.engine.evolve import MEMO, evolve, memo
from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules import dice
from boardgames_tui.games.tafelrunde.rules.actions import BACK, Action, Answer, Back, answer
from boardgames_tui.games.tafelrunde.rules.effects import KEEP, REROLL, next_step
from boardgames_tui.games.tafelrunde.rules.piles import remove_from_hand
from boardgames_tui.games.tafelrunde.rules.questions import NeedRoll, Question, others
from boardgames_tui.games.tafelrunde.rules.state import (
    PHASE,
    QUESTION,
    Decl,
    State,
    remade,
)
from boardgames_tui.games.tafelrunde.rules.text import CALL_CLOSES, CALL_OPENS, declaration_text, entry


def current_question(state: State) -> Question:
    """The question the declaration in progress waits on (worked out once per state)."""
    kept = state.__dict__.get(MEMO)  # the memo read here first: asked on every step of a declaration
    if kept is not None and QUESTION in kept:
        question: Question = kept[QUESTION]
        return question
    return memo(state, QUESTION, _question)


def _question(state: State) -> Question:
    assert state.decl is not None
    step = next_step(state, state.decl)
    assert isinstance(step, Question), "a declaration waits only on questions"
    return step


def legal(state: State, seat: Seat | None) -> list[Action]:
    """The answers to the open question, for the seat that answers it (and Back, while only the
    card player has seen the card)."""
    question = current_question(state)
    if seat != question.chooser:
        return []
    assert state.decl is not None
    return list(_answers(question.slot, question.options, not state.decl.announced))


@lru_cache(maxsize=4096)
def _answers(slot: str, options: tuple[str, ...], back: bool) -> tuple[Action, ...]:
    """The answers to a question (and Back, if the card may still be taken back): the same few
    questions recur, so the list is made once per question."""
    return (*(answer(slot, v) for v in options), *((BACK,) if back else ()))


def _plays_line(state: State, decl: Decl) -> tuple[LogEntry]:
    return (entry(f"{state.names[decl.actor]} plays {declaration_text(state, decl)}."),)


def _call_line(state: State, decl: Decl) -> tuple[LogEntry]:
    return (entry(f"{CALL_OPENS}{state.names[decl.actor]}'s {declaration_text(state, decl)}{CALL_CLOSES}"),)


def _declared_line(state: State, decl: Decl) -> tuple[LogEntry]:
    return (entry(f"Declared: {declaration_text(state, decl)}."),)


def advance(state: State, decl: Decl, log: LazyLog[LogEntry] | None = None, rng: RngState | None = None) -> State:
    """`state` with `decl` as the card being declared and `log` as its log (default: the state's);
    then whatever must be rolled is rolled, the card is announced once the table is involved, and
    the call opens when the declaration is complete.

    `state` itself stays as it was before the action: the questions, the dice and the texts read
    none of the fields the steps change (the card player's hand, the piles, the dice, the log).
    Announcing the card does not change the next step (it depends on the answers and dice only);
    a roll does."""
    rng = state.rng if rng is None else rng
    log = state.log if log is None else log
    step = next_step(state, decl)
    if isinstance(step, Question) and (decl.announced or step.chooser == decl.actor):
        # The usual case: the declaration waits on its next question, with nothing to announce,
        # roll or open; one copy of the state, without gathering the changes step by step.
        # The question is kept with the new state: `current_question` need not work it out again.
        return remade(state, {"phase": PHASE.DECLARE, "decl": decl, "rng": rng, "log": log}, {QUESTION: step})
    # Otherwise the table sees the card now (a question for another seat, dice or the call
    # follow), the dice are rolled while the declaration needs them, and the call opens once it is
    # complete; the changes are gathered and the state copied once.
    changes: dict[str, Any] = {"phase": PHASE.DECLARE}
    if not decl.announced:
        hands, known = remove_from_hand(state, decl.actor, decl.card)
        decl = decl.shown()
        log = log.later(_plays_line, state, decl)
        changes.update(hands=hands, known=known, discard=(*state.discard, decl.card))
    while isinstance(step, NeedRoll):
        decl, rng = dice.roll(decl, step, rng)
        log = log.later(dice.roll_line, state.names, decl.rolls[-1])
        step = next_step(state, decl)
    kept: dict[str, Any] | None = {QUESTION: step}
    if step is None:
        log = log.later(_call_line, state, decl)
        changes.update(phase=PHASE.VETO, polls=others(state, decl.actor) if state.private_polls else ())
        kept = None
    changes.update(decl=decl, rng=rng, log=log)
    return remade(state, changes, kept)


def apply(state: State, seat: Seat | None, action: Action) -> State:
    """An answer to the open question, or the card taken back, checked (`give_answer` and `take_back`
    make them)."""
    decl = state.decl
    assert decl is not None
    if seat is None:
        raise IllegalAction("A player must answer, not the table.")
    if isinstance(action, Back):
        if seat != decl.actor or decl.announced:
            raise IllegalAction("The card is on the table already and cannot be taken back.")
        return take_back(state, seat, action)
    if not isinstance(action, Answer):
        raise IllegalAction("The card being played still needs an answer.")
    question = current_question(state)
    if seat != question.chooser:
        raise IllegalAction(f"{state.names[question.chooser]} answers this, not {state.names[seat]}.")
    if action.slot != question.slot or action.value not in question.options:
        raise IllegalAction("That is not one of the possible answers.")
    return give_answer(state, seat, action)


def take_back(state: State, seat: Seat, action: Back) -> State:
    """The card back in its player's hand, before the table has seen it."""
    return evolve(state, phase=PHASE.ACT, decl=None)


def give_answer(state: State, seat: Seat, action: Answer) -> State:
    """One of the open question's answers, given by the seat it asks (checked by `apply`, or
    offered by `legal`)."""
    decl = state.decl
    assert decl is not None
    if action.slot == "reroll":
        assert action.value in (KEEP, REROLL)
        decl, rng = dice.settle(decl, action.value, state.rng)
        return advance(state, decl, state.log.later(dice.settle_line, state.names, seat, decl.rolls[-1]), rng)
    decl = decl.answered(action.slot, action.value)
    if decl.announced:
        return advance(state, decl, state.log.later(_declared_line, state, decl))
    return advance(state, decl)
