"""The scouting phase: seats place tokens face down one at a time, or pass for good.

Check, ask, do: `placement_error` gives the reason a placement is refused (None if it is fine),
`placements` lists the legal ones, `place` and `pass_turn` act.
"""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tain.actions import GUARDS, RAIDS, SCOUTS, Area, Place
from boardgames_tui.games.tain.components import CAN_RAID, CAN_SCOUT, ENTRANCES, KINDS, Kind
from boardgames_tui.games.tain.state import (
    Clan,
    Phase,
    TainState,
    add_kind,
    log_add,
    private,
    public,
    set_slot,
    where,
    with_clan,
)


def has_raided(state: TainState, seat: int) -> bool:
    """True if the seat already has a token (bluffs included) in the foreign kingdom this turn."""
    return any(t is not None and t[0] == seat for t in state.fk)


def can_raid(state: TainState, seat: int) -> bool:
    return None in state.fk and not has_raided(state, seat)


def free_scout_slots(state: TainState, seat: int) -> list[tuple[int, int]]:
    return [
        (board, e)
        for board in range(state.players)
        if board != seat
        for e in range(ENTRANCES)
        if state.scouts[board][e] is None
    ]


def guards_only(state: TainState, seat: int) -> bool:
    """True when, from what the whole table sees, the seat can do nothing but guard (spec R5).

    Then nobody's placement can change anybody else's choices, so the seat keeps the turn until
    it passes. The test uses public facts only, so keeping the turn reveals nothing."""
    if can_raid(state, seat):
        return False
    return all(state.scouts[b][e] is not None for b in range(state.players) if b != seat for e in range(ENTRANCES))


def placement_error(state: TainState, seat: int | None, action: Place) -> str | None:
    """Why `seat` may not make this placement now, or None if it may."""
    if state.phase is not Phase.SCOUT:
        return "Tokens are placed only during the scouting phase."
    if seat is None or seat != state.current:
        return f"It is {state.names[state.current]}'s turn to place a token."
    clan = state.clans[seat]
    if clan.passed:
        return "You have passed and cannot place any more tokens this turn."
    kind = action.kind
    if clan.screen[kind] == 0:
        return f"You have no {kind.label} left behind your screen."
    if action.area is Area.RAID:
        if kind not in CAN_RAID:
            return f"A {kind.label} can never raid the foreign kingdom."
        if has_raided(state, seat):
            return "You already have a token in the foreign kingdom this turn."
        if None not in state.fk:
            return "Both foreign kingdom slots are taken."
        return None
    board, entrance = action.board, action.entrance
    if not (0 <= board < state.players and 0 <= entrance < ENTRANCES):
        return "There is no such entrance."
    if action.area is Area.GUARD:
        if board != seat:
            return "You may guard only the entrances of your own board."
        if state.guards[board][entrance] is not None:
            return "That entrance is already guarded."
        return None
    if board == seat:
        return "You cannot scout your own board; its inside slots are for guards."
    if kind not in CAN_SCOUT:
        return "The chieftain's daughter never goes scouting."
    if state.scouts[board][entrance] is not None:
        return "Someone is already scouting at that entrance."
    return None


def placements(state: TainState, seat: int) -> list[Place]:
    """Every legal placement for the seat now."""
    clan = state.clans[seat]
    held = [k for k in KINDS if clan.screen[k]]
    out: list[Place] = []
    guard_row = state.guards[seat]
    for e in range(ENTRANCES):
        if guard_row[e] is None:
            out.extend(GUARDS[(k, seat, e)] for k in held)
    scouting = [k for k in held if k in CAN_SCOUT]
    if scouting:
        for board, e in free_scout_slots(state, seat):
            out.extend(SCOUTS[(k, board, e)] for k in scouting)
    if can_raid(state, seat):
        out.extend(RAIDS[k] for k in held if k in CAN_RAID)
    return out


def can_place(state: TainState, seat: int) -> bool:
    """True if the seat has at least one legal placement (ignoring whose turn it is)."""
    clan = state.clans[seat]
    if clan.screen_total == 0:
        return False
    if None in state.guards[seat]:
        return True
    held = {k for k in KINDS if clan.screen[k]}
    if held & CAN_RAID and can_raid(state, seat):
        return True
    return bool(held & CAN_SCOUT) and bool(free_scout_slots(state, seat))


def place(state: TainState, seat: int | None, action: Place) -> TainState:
    reason = placement_error(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    assert seat is not None
    clan = state.clans[seat]
    token = (seat, action.kind)
    name = state.names[seat]
    if action.area is Area.RAID:
        slot = state.fk.index(None)
        fk = list(state.fk)
        fk[slot] = token
        state = replace(state, fk=tuple(fk))
        spot = "the foreign kingdom"
        role = "raid"
    elif action.area is Area.GUARD:
        state = replace(state, guards=set_slot(state.guards, action.board, action.entrance, token))
        spot = where(state.names[action.board], action.entrance)
        role = "guard"
    else:
        state = replace(state, scouts=set_slot(state.scouts, action.board, action.entrance, token))
        spot = where(state.names[action.board], action.entrance)
        role = "scout"
    state = with_clan(state, seat, replace(clan, screen=add_kind(clan.screen, action.kind, -1)))
    state = log_add(
        state,
        public(f"{name} placed a token to {role} at {spot}."),
        private(f"(You placed your {action.kind.label} there.)", seat),
    )
    if guards_only(state, seat):
        if can_place(state, seat):
            return state
        return _advance(_mark_passed(state, seat, forced=True))
    return _advance(state)


def pass_turn(state: TainState, seat: int | None) -> TainState:
    if state.phase is not Phase.SCOUT:
        raise IllegalAction("Passing is only possible during the scouting phase.")
    if seat is None or seat != state.current:
        raise IllegalAction(f"It is {state.names[state.current]}'s turn, not yours.")
    return _advance(_mark_passed(state, seat, forced=False))


def _mark_passed(state: TainState, seat: int, forced: bool) -> TainState:
    clan: Clan = state.clans[seat]
    state = with_clan(state, seat, replace(clan, passed=True))
    name = state.names[seat]
    text = f"{name} cannot place another token and passes." if forced else f"{name} passes."
    return log_add(state, public(text))


def _advance(state: TainState) -> TainState:
    """Hand the turn to the next seat clockwise that has not passed; pass seats that cannot place.

    When every seat has passed, the raid phase begins with the reveal still to come."""
    n = state.players
    seat = state.current
    for _ in range(n + 1):
        seat = (seat + 1) % n
        if state.clans[seat].passed:
            if all(c.passed for c in state.clans):
                break
            continue
        if can_place(state, seat):
            return replace(state, current=seat)
        state = _mark_passed(state, seat, forced=True)
    return log_add(
        replace(state, phase=Phase.REVEAL, current=state.active),
        public("Every clan has passed: the raid begins."),
    )


def start_scouting(state: TainState) -> TainState:
    """Open a scouting phase with the active player to place first."""
    clans = tuple(replace(c, passed=False) for c in state.clans)
    state = replace(state, clans=clans, phase=Phase.SCOUT, current=state.active)
    if can_place(state, state.active):
        return state
    state = _mark_passed(state, state.active, forced=True)
    return _advance(state)


def unused_kinds(clan: Clan) -> tuple[Kind, ...]:
    return tuple(k for k in KINDS if clan.screen[k])
