"""The course of a game of Tallinn: who decides now, what a seat may do, and applying a decision,
which runs everything automatic up to the next one (reveals, disputes, draws, chronicles, the end).

A round: every seat holding cards chooses a card (`choosing`), disputers may add a Supporter and
the table resolves the disputes (`disputes`), disputers build towers (`towers`), everyone draws
and a chronicle may score (`chronicles`). The game starts with the deal and the envoy exchange
(`setup`) and ends with the final scoring (`final`). Each of those modules knows its own phase;
this one moves the game from one to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from boardgames_tui.engine.copier import copier
from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import Decision, DecisionKind, IllegalAction, LogEntry
from boardgames_tui.games.tallinn.rules import choosing, chronicles, disputes, final, setup, towers
from boardgames_tui.games.tallinn.rules.actions import (
    ADVANCE,
    Action,
    Advance,
    AssignEnvoy,
    BuildTower,
    Exchange,
    OwnSupport,
    Play,
    Remove,
)
from boardgames_tui.games.tallinn.rules.state import (
    PHASE,
    Phase,
    SeatState,
    TallinnState,
    log,
    private,
    public,
    update,
    with_hand_pile,
)
from boardgames_tui.games.tallinn.rules.text import PHASE_WORDS, PROMPTS


def new_game(names: Sequence[str], options: Mapping[str, str], seed: int) -> TallinnState:
    state = setup.deal(names, options, seed)  # a new state nobody holds yet: a draft
    return state if state.envoy else start_round(state, 1)


# --- who decides -------------------------------------------------------------------------------


def to_act(state: TallinnState) -> Decision | None:
    """Who decides now. Worked out on every call rather than kept on the state: a playout asks
    once per state, and keeping it cost more than working it out (the decisions themselves are
    made once and shared, below)."""
    phase = state.phase
    if phase not in _SEATED:  # the end, or the table's dispute steps
        if phase is PHASE.OVER:
            return None
        return _step_decision(state.names[state.to_resolve[0]] if state.to_resolve else None)
    if state.tower_order and phase is PHASE.TOWER:
        return _turn_decision(phase, state.asked[0])
    pending = state.pending
    if not any(pending):  # nobody has chosen yet (an action is never falsy)
        return _sealed_decision(phase, state.asked)
    return _sealed_decision(phase, tuple([i for i in state.asked if pending[i] is None]))


# Decisions are values: equal ones are shared rather than built again for every state.
@lru_cache(maxsize=256)
def _step_decision(next_name: str | None) -> Decision:
    if next_name is None:
        return Decision(DecisionKind.STEP, (), public=True, prompt="All disputes shown: on to the towers")
    return Decision(DecisionKind.STEP, (), public=True, prompt=f"Resolve {next_name}'s dispute")


@lru_cache(maxsize=64)
def _turn_decision(phase: Phase, seat: int) -> Decision:
    return Decision(DecisionKind.TURN, (seat,), prompt=PROMPTS[phase])


@lru_cache(maxsize=256)
def _sealed_decision(phase: Phase, waiting: tuple[int, ...]) -> Decision:
    return Decision(DecisionKind.SEALED, waiting, prompt=PROMPTS[phase])


# --- what a seat may do ------------------------------------------------------------------------


class _Seated(NamedTuple):
    """A phase in which seats decide: what it offers, the kind of action it takes, and the check
    that explains why one is refused. The other phases are the end and the table's dispute steps."""

    options: Callable[[TallinnState, int], list[Action]]
    kind: type
    check: Callable[[TallinnState, int, SeatState, Any], None]


_SEATED: dict[Phase, _Seated] = {
    Phase.CHOOSE: _Seated(choosing.play_options, Play, choosing.verify_play),
    Phase.TOWER: _Seated(towers.tower_options, BuildTower, towers.verify_tower),
    Phase.SUPPORT: _Seated(disputes.support_options, OwnSupport, disputes.verify_support),
    Phase.EXCHANGE: _Seated(setup.exchange_options, Exchange, setup.verify_exchange),
    Phase.REMOVE: _Seated(chronicles.removal_options, Remove, chronicles.verify_removal),
    Phase.ENVOY_TIE: _Seated(final.envoy_options, AssignEnvoy, final.verify_envoy),
}
# The rules test the phase on every step of a playout: one look-up here replaces several tests.


def legal(state: TallinnState, seat: int | None) -> list[Action]:
    """Every legal action for `seat` now (the table's only one is the next dispute step)."""
    phase = state.phase
    seated = _SEATED.get(phase)
    if seated is None:
        return [ADVANCE] if phase is PHASE.DISPUTE and seat is None else []
    if seat is None or seat not in state.asked or state.pending[seat] is not None:
        return []
    if state.tower_order and phase is PHASE.TOWER and state.asked[0] != seat:
        return []
    return seated.options(state, seat)


def options_for(state: TallinnState, seat: int) -> list[Action]:
    """Every action open to `seat` in the current phase, whether or not it has already committed."""
    seated = _SEATED.get(state.phase)
    return seated.options(state, seat) if seated is not None else []


def verify(state: TallinnState, seat: int | None, action: object) -> None:
    """Raise IllegalAction with a reason a player can read unless `seat` may take `action` now."""
    phase = state.phase
    seated = _SEATED.get(phase)
    if seated is None:
        if phase is PHASE.OVER:
            raise IllegalAction("The game is over.")
        if seat is not None or not isinstance(action, Advance):
            raise IllegalAction("The table is resolving disputes; press on to see the next one.")
        return
    if seat is None or seat not in state.asked:
        raise IllegalAction("That player has no decision to make now.")
    if state.pending[seat] is not None:
        raise IllegalAction("That player has already decided; the others are still choosing.")
    if state.tower_order and phase is PHASE.TOWER and state.asked[0] != seat:
        raise IllegalAction(f"{state.names[state.asked[0]]} decides on a tower first.")
    if not isinstance(action, seated.kind):
        raise IllegalAction(f"That kind of action does not fit now ({PHASE_WORDS[phase]}).")
    seated.check(state, seat, state.seats[seat], action)


# --- applying a decision -----------------------------------------------------------------------
# `apply_action` copies the state once (`engine.evolve`) and every step after that changes the
# copy in place: the *draft* (see `state.update`).


def apply_action(state: TallinnState, seat: int | None, action: Action) -> TallinnState:
    """Check the action, then take it (`take`)."""
    verify(state, seat, action)
    return take(state, seat, action)


def take(state: TallinnState, seat: int | None, action: Action) -> TallinnState:
    """Take an action that `verify` lets through: commit a sealed choice (revealing all with the
    last one), build a tower in the variant's order, or resolve the next dispute. A bot's search
    takes only actions that `legal` offered, so it calls this directly (`Tallinn.apply_legal`)."""
    phase = state.phase
    if phase is PHASE.DISPUTE:
        draft = evolve(state)
        return disputes.resolve_next(draft) if draft.to_resolve else towers.start_towers(draft)
    assert seat is not None
    if state.tower_order and phase is PHASE.TOWER:
        assert isinstance(action, BuildTower)
        draft = towers.build_tower(evolve(state), seat, action)
        rest = draft.asked[1:]
        return update(draft, asked=rest) if rest else end_round(draft)
    pending = (*state.pending[:seat], action, *state.pending[seat + 1 :])
    lines = state.log
    if isinstance(action, Play):
        note = (choosing.choice_note(seat, action.card, action.half, action.faction, action.supporter),)
        lines = lines + note
    # Seats still to choose: only the seats asked commit, and an action is never falsy, so the
    # commitments made are counted in C (comparing them with None would call their `__eq__`).
    if sum(map(bool, pending)) < len(state.asked):  # others still to choose: the choice stays sealed
        return _commit(state, pending, lines)
    draft = _commit(state, (None,) * len(pending), lines)
    if phase is PHASE.CHOOSE:
        draft, disputers = choosing.reveal_plays(draft, pending)
        return draft if draft.phase is PHASE.SUPPORT else _to_disputes(draft, disputers)
    if phase is PHASE.TOWER:
        return end_round(towers.reveal_towers(draft, pending))
    if phase is PHASE.SUPPORT:
        return _to_disputes(*disputes.reveal_support(draft, pending))
    if phase is PHASE.EXCHANGE:
        return start_round(setup.reveal_exchange(draft, pending), 1)
    if phase is PHASE.REMOVE:
        return start_round(chronicles.reveal_removals(draft, pending), draft.round + 1)
    return final.reveal_envoy(draft, pending)


_commit = copier(TallinnState, "pending", "log")
"""A sealed commitment's copy of the state (`engine.copier`: as `evolve`, cheaper)."""


def _to_disputes(draft: TallinnState, disputers: tuple[int, ...]) -> TallinnState:
    """The table's dispute steps, or straight on to phase 4 when nobody played a coin."""
    if not disputers:
        log(draft, public("Nobody played a coin: no disputes and no towers this round."))
        return end_round(draft)
    return disputes.open_disputes(draft, disputers)


# --- rounds ------------------------------------------------------------------------------------


def start_round(draft: TallinnState, round_no: int) -> TallinnState:
    """Phase 1 of a round for every seat holding a card; the final scoring when nobody does."""
    holders = tuple([i for i, s in enumerate(draft.seats) if s.hand])
    blank = (None,) * draft.players
    update(
        draft,
        round=round_no,
        plays=blank,
        own_support=blank,
        disputes=(),
        to_resolve=(),
        chronicle_level=0,
        pending=blank,
    )
    if not holders:
        return final.begin_final(draft)
    return log(update(draft, phase=PHASE.CHOOSE, asked=holders), _round_note(round_no))


def end_round(draft: TallinnState) -> TallinnState:
    """Phase 4: spent Supporters leave, everyone with a pile draws, a chronicle may score."""
    seats = list(draft.seats)
    entries = []
    for i, s in enumerate(seats):
        if s.pile:
            card = s.pile[0]
            seats[i] = with_hand_pile(s, tuple(sorted((*s.hand, card))), s.pile[1:])
            entries.append(_draw_note(i, card))
    # Routine, so no public line says it: each seat's own line names its card, the table its hand.
    update(draft, seats=tuple(seats), log=draft.log + tuple(entries))
    if draft.chronicles:
        level = chronicles.level_after(draft)
        if level:
            chronicles.score_chronicle(update(draft, asked=(), pending=(None,) * draft.players), level)
            if draft.phase is PHASE.REMOVE:  # seats decide on removing cards first
                return draft
    return start_round(draft, draft.round + 1)


# Log lines that depend on a few plain values are built once (keys of plain values hash in C).


@cache
def _draw_note(seat: int, card: int) -> LogEntry:
    return private(seat, f"You draw card {card}.")


@cache
def _round_note(round_no: int) -> LogEntry:
    return public(f"Round {round_no}: everyone with cards chooses a card and a half in secret.")
