"""Who decides now: the seat on turn, the seat a card's open question asks, or the veto call
(one seat's private poll, or the window open to every other seat)."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.protocol import Decision, DecisionKind, Seat
from boardgames_tui.games.tafelrunde.rules.components import card_title
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.state import PHASE, Phase, Roll, State
from boardgames_tui.games.tafelrunde.rules.text import question_prompt
from boardgames_tui.games.tafelrunde.rules.veto import window_seats


@lru_cache(maxsize=256)
def turn_of(seat: Seat, name: str) -> Decision:
    """The seat's turn, with nothing shown to the table: one shared value per seat and name."""
    return Decision(DecisionKind.TURN, (seat,), prompt=f"{name} to act")


@lru_cache(maxsize=1024)
def call_decision(
    names: tuple[str, ...],
    phase: Phase,
    actor: Seat,
    card: int,
    vetoer: Seat | None,
    asked: tuple[Seat] | None,
    window: tuple[Seat, ...] = (),
) -> Decision:
    """A veto call: the private poll of the `asked` seat, or else the open `window`. One shared
    value for the same call (the same card of the same seat at the same table), as for `turn_of`."""
    what = f"{names[actor]}'s {card_title(card)}"
    if asked is not None:
        ask = "veto" if phase is PHASE.VETO else f"overrule {names[vetoer or 0]}'s veto against"
        return Decision(DecisionKind.TURN, asked, prompt=f"{names[asked[0]]}: {ask} {what}?")
    if phase is PHASE.VETO:
        prompt = f"Veto against {what}? Whoever holds a shield may claim it; otherwise let it pass."
    else:
        prompt = f"{names[vetoer or 0]} vetoed {what}. Overrule with a broken shield? Otherwise the veto stands."
    # Not public: a claim needs the claimant's hand, so it goes through that seat's curtain.
    return Decision(DecisionKind.WINDOW, window, prompt=prompt)


@lru_cache(maxsize=4096)
def answer_decision(names: tuple[str, ...], card: int, slot: str, chooser: Seat, roll: Roll | None) -> Decision:
    """A question of a card's declaration (`roll`: the last roll, for a keep-or-reroll question):
    one shared value for the same question, as for `turn_of`."""
    prompt = question_prompt(names, card, slot, chooser, roll)
    return Decision(DecisionKind.TURN, (chooser,), public=True, prompt=prompt)


def decide(state: State) -> Decision | None:
    """`Game.to_act` worked out (the game keeps it on the state)."""
    phase = state.phase
    names = state.names
    if phase is PHASE.OVER:
        return None
    if phase is PHASE.ACT:
        seat = (state.start + state.turn) % len(names)  # `state.on_turn`, read on nearly every step
        return turn_of(seat, names[seat])
    decl = state.decl
    assert decl is not None
    if phase is PHASE.DECLARE:
        if not decl.announced:
            return turn_of(decl.actor, names[decl.actor])
        question = current_question(state)
        roll = decl.rolls[-1] if question.slot == "reroll" else None
        return answer_decision(names, decl.card, question.slot, question.chooser, roll)
    if state.private_polls:
        return call_decision(names, phase, decl.actor, decl.card, state.vetoer, (state.polls[0],))
    return call_decision(names, phase, decl.actor, decl.card, state.vetoer, None, window_seats(state))
