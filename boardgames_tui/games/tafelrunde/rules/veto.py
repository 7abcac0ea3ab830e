"""The veto calls: after a card is declared, anyone may spend a shield against it; after a veto,
anyone but the vetoer may overrule it with a broken shield. Open to the whole table at once, or
(an option) put to each other seat in turn as a private poll."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, Seat
from boardgames_tui.games.tafelrunde.rules.actions import NO_VETO, VETO, Action, NoVeto, Veto
from boardgames_tui.games.tafelrunde.rules.components import CARD, ICON, Icon, card_title
from boardgames_tui.games.tafelrunde.rules.day import end_turn
from boardgames_tui.games.tafelrunde.rules.execute import execute
from boardgames_tui.games.tafelrunde.rules.piles import remove_from_hand
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State
from boardgames_tui.games.tafelrunde.rules.text import declaration_text, no_veto_text, say, veto_call_text


def window_seats(state: State) -> tuple[Seat, ...]:
    """Every seat the current call is open to (whatever they hold)."""
    decl = state.decl
    assert decl is not None
    n = state.players
    if state.phase is PHASE.VETO:
        return _OTHERS[n][decl.actor]
    assert state.vetoer is not None
    return _ALL_BUT[n][decl.actor][state.vetoer]


_OTHERS = {n: tuple(tuple((a + i) % n for i in range(1, n)) for a in range(n)) for n in (3, 4)}
"""_OTHERS[players][actor]: `others(state, actor)` for every table size, worked out once."""
_ALL_BUT = {
    n: tuple(tuple(tuple(s for s in ((a + i) % n for i in range(n)) if s != v) for v in range(n)) for a in range(n))
    for n in (3, 4)
}
"""_ALL_BUT[players][actor][vetoer]: every seat from the actor round the table but the vetoer."""


def shield_cards(state: State, seat: Seat, icon: Icon) -> tuple[int, ...]:
    return tuple([c for c in state.hands[seat] if CARD[c].icon is icon])


def legal(state: State, seat: Seat | None) -> list[Action]:
    """The seat's actions in a veto call: a claim with each card it may spend, or letting it pass."""
    icon = ICON.SHIELD if state.phase is PHASE.VETO else ICON.BROKEN
    if state.private_polls:
        if seat != state.polls[0]:
            return []
        return [*(VETO[c] for c in shield_cards(state, seat, icon)), NO_VETO]
    if seat is None:
        return [NO_VETO]
    if seat not in window_seats(state):
        return []
    return [VETO[c] for c in shield_cards(state, seat, icon)]


def apply(state: State, seat: Seat | None, action: Action) -> State:
    """A veto, an overruling, or nobody speaking (a private poll moves on to the next seat)."""
    decl = state.decl
    assert decl is not None
    first_call = state.phase is PHASE.VETO
    if state.private_polls:
        if seat is None or seat != state.polls[0]:
            asked = state.names[state.polls[0]]
            raise IllegalAction(f"The veto poll asks {asked} now.")
    elif seat is None:
        if not isinstance(action, NoVeto):
            raise IllegalAction("The table can only close the call with no veto.")
    elif seat not in window_seats(state):
        raise IllegalAction("You cannot veto here." if first_call else "You cannot overrule your own veto.")
    elif isinstance(action, NoVeto):
        raise IllegalAction("Only the table closes the call; a seat may only claim it with a card.")
    if isinstance(action, NoVeto):
        if state.private_polls and len(state.polls) > 1:
            return evolve(state, polls=state.polls[1:])
        if first_call:
            return _nobody_vetoes(state)
        text = f"Nobody overrules: {state.names[decl.actor]}'s {card_title(decl.card)} has no effect."
        return end_turn(state, log=say(state, text))
    if not isinstance(action, Veto):
        raise IllegalAction("Claim a veto with a card from your hand, or let the call close.")
    assert seat is not None
    icon = ICON.SHIELD if first_call else ICON.BROKEN
    if action.card not in state.hands[seat]:
        raise IllegalAction("That card is not in your hand.")
    if CARD[action.card].icon is not icon:
        needed = "a shield" if first_call else "a broken shield"
        raise IllegalAction(f"Only a card with {needed} can be spent here.")
    hands, known = remove_from_hand(state, seat, action.card)
    discard = (*state.discard, action.card)
    name = state.names[seat]
    if first_call:
        # The overrule call is open to every seat but the vetoer (`window_seats` once it is open).
        polls = _ALL_BUT[state.players][decl.actor][seat] if state.private_polls else ()
        text = f"{name} vetoes with {card_title(action.card)}! Does anyone overrule the veto?"
        return evolve(state, hands=hands, known=known, discard=discard, phase=PHASE.VETO_VETO, vetoer=seat,
                      polls=polls, log=say(state, text))
    text = f"{name} overrules the veto with {card_title(action.card)}: the card goes through."
    return execute(evolve(state, hands=hands, known=known, discard=discard), text)


def _nobody_vetoes(state: State) -> State:
    """The call closes with no veto and the card takes effect. Its question, the newest line
    (nothing else is logged while it is open), and the answer become one line: "Nobody vetoes
    Ada's Favourite #17: …" rather than the question followed by "No veto."."""
    decl = state.decl
    assert decl is not None
    declared = declaration_text(state, decl)
    log = state.log
    if log and log[-1].audience is None and log[-1].text == veto_call_text(state, decl, declared):
        return execute(evolve(state, log=log[:-1]), no_veto_text(state, decl, declared))
    return execute(state, "No veto.")
