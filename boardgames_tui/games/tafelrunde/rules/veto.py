"""The veto calls: after a card is declared, anyone may spend a shield against it; after a veto,
anyone but the vetoer may overrule it with a broken shield. Open to the whole table at once, or
(an option) put to each other seat in turn as a private poll."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tafelrunde.rules.actions import NO_VETO, VETO, Action, NoVeto, Veto
from boardgames_tui.games.tafelrunde.rules.components import CARD, ICON, Icon, card_title
from boardgames_tui.games.tafelrunde.rules.day import end_turn
from boardgames_tui.games.tafelrunde.rules.execute import execute
from boardgames_tui.games.tafelrunde.rules.piles import remove_from_hand
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State
from boardgames_tui.games.tafelrunde.rules.text import NO_VETO_LINE, entry


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


_MARKED: dict[Icon, frozenset[int]] = {
    icon: frozenset(c for c, card in CARD.items() if card.icon is icon) for icon in Icon
}
"""_MARKED[icon]: the cards that carry the icon (every seat in a veto call is asked what it holds)."""


def legal(state: State, seat: Seat | None) -> list[Action]:
    """The seat's actions in a veto call: a claim with each card of its hand that carries the
    call's icon, or letting it pass."""
    marked = _MARKED[ICON.SHIELD if state.phase is PHASE.VETO else ICON.BROKEN]
    if state.private_polls:
        if seat != state.polls[0]:
            return []
        return [*[VETO[c] for c in state.hands[seat] if c in marked], NO_VETO]
    if seat is None:
        return [NO_VETO]
    if seat not in window_seats(state):
        return []
    return [VETO[c] for c in state.hands[seat] if c in marked]


def apply(state: State, seat: Seat | None, action: Action) -> State:
    """A veto, an overruling, or nobody speaking (a private poll moves on to the next seat),
    checked (`claim` and `close` make them)."""
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
        return close(state, seat, action)
    if not isinstance(action, Veto):
        raise IllegalAction("Claim a veto with a card from your hand, or let the call close.")
    assert seat is not None
    icon = ICON.SHIELD if first_call else ICON.BROKEN
    if action.card not in state.hands[seat]:
        raise IllegalAction("That card is not in your hand.")
    if CARD[action.card].icon is not icon:
        needed = "a shield" if first_call else "a broken shield"
        raise IllegalAction(f"Only a card with {needed} can be spent here.")
    return claim(state, seat, action)


# The actions themselves, checked by `apply` or offered by `legal` (the bots' search applies
# these directly: `Tafelrunde.apply_legal`).


def close(state: State, seat: Seat | None, action: NoVeto) -> State:
    """Nobody speaks: a private poll moves on to the next seat, else the call closes (the card goes
    through, or the veto stands)."""
    if state.private_polls and len(state.polls) > 1:
        return evolve(state, polls=state.polls[1:])
    if state.phase is PHASE.VETO:
        return execute(state, state.log + _NO_VETO)
    decl = state.decl
    assert decl is not None
    return end_turn(state, log=state.log.later(_no_overrule_line, state.names[decl.actor], decl.card))


def claim(state: State, seat: Seat, action: Veto) -> State:
    """A veto, or in the second call the veto overruled, with the card spent."""
    decl = state.decl
    assert decl is not None
    hands, known = remove_from_hand(state, seat, action.card)
    discard = (*state.discard, action.card)
    name = state.names[seat]
    if state.phase is PHASE.VETO:
        # The overrule call is open to every seat but the vetoer (`window_seats` once it is open).
        polls = _ALL_BUT[state.players][decl.actor][seat] if state.private_polls else ()
        return evolve(state, hands=hands, known=known, discard=discard, phase=PHASE.VETO_VETO, vetoer=seat,
                      polls=polls, log=state.log.later(_veto_line, name, action.card))
    log = state.log.later(_overrule_line, name, action.card)
    return execute(evolve(state, hands=hands, known=known, discard=discard), log)


_NO_VETO = (entry(NO_VETO_LINE),)


@lru_cache(maxsize=1024)
def _no_overrule_line(name: str, card: int) -> tuple[LogEntry]:
    return (entry(f"Nobody overrules: {name}'s {card_title(card)} has no effect."),)


@lru_cache(maxsize=1024)
def _veto_line(name: str, card: int) -> tuple[LogEntry]:
    return (entry(f"{name} vetoes with {card_title(card)}! Does anyone overrule the veto?"),)


@lru_cache(maxsize=1024)
def _overrule_line(name: str, card: int) -> tuple[LogEntry]:
    return (entry(f"{name} overrules the veto with {card_title(card)}: the card goes through."),)
