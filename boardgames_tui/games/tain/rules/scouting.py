"""The scouting phase: seats place tokens face down one at a time, or pass for good.

Check, ask, do: `placement_error` gives the reason a placement is refused (None if it is fine),
`placements` lists the legal ones, `place` and `pass_turn` act.
"""

from __future__ import annotations

import itertools

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tain.rules.actions import AREA, GUARDS, RAIDS, SCOUTS, Area, Place
from boardgames_tui.games.tain.rules.components import (
    CAN_RAID,
    CAN_SCOUT,
    ENTRANCES,
    KINDS,
    MAX_PLAYERS,
    TOKEN_COUNTS,
    Kind,
)
from boardgames_tui.games.tain.rules.state import (
    PHASE,
    Clan,
    Slots,
    TainState,
    add_kind,
    draft,
    log_add,
    private,
    public,
    set_slot,
    with_item,
)
from boardgames_tui.games.tain.rules.text import where

_ROLE = {AREA.RAID: "raid", AREA.GUARD: "guard", AREA.SCOUT: "scout"}


def has_raided(state: TainState, seat: int) -> bool:
    """True if the seat already has a token (bluffs included) in the foreign kingdom this turn."""
    return _raided(state.fk, seat)


def _raided(fk: Slots, seat: int) -> bool:
    return seat in [t[0] for t in fk if t is not None]


def can_raid(state: TainState, seat: int) -> bool:
    fk = state.fk
    return None in fk and not _raided(fk, seat)


def _open_boards(state: TainState) -> list[int]:
    """The boards with at least one free scout slot."""
    return [board for board, row in enumerate(state.scouts) if None in row]


def _cannot_leave_home(state: TainState, seat: int) -> bool:
    """True if every scout slot the seat could use is taken and it cannot raid (public facts)."""
    if can_raid(state, seat):
        return False
    return all(board == seat for board in _open_boards(state))


def guards_only(state: TainState, seat: int) -> bool:
    """True when every seat still placing can do nothing but guard its own board (spec R5).

    From then on no placement can change anybody else's choices, so the seat keeps the turn
    until it passes. Only public facts are used, so keeping the turn reveals nothing."""
    return _guards_only(state.clans, state.fk, state.scouts, seat)


def _guards_only(clans: tuple[Clan, ...], fk: Slots, scouts: tuple[Slots, ...], seat: int) -> bool:
    open_board = -1  # the only board with a free scout slot, if there is exactly one
    for board, row in enumerate(scouts):
        if None in row:
            if open_board >= 0:
                return False  # every seat has a free scout slot on a board not its own
            open_board = board
    fk_open = None in fk
    for s, clan in enumerate(clans):
        if s != seat and clan.passed:
            continue
        if open_board >= 0 and open_board != s:
            return False
        if fk_open and not _raided(fk, s):
            return False
    return True


def placement_error(state: TainState, seat: int | None, action: Place) -> str | None:
    """Why `seat` may not make this placement now, or None if it may."""
    if state.phase is not PHASE.SCOUT:
        return "Tokens are placed only during the scouting phase."
    if seat is None or seat != state.current:
        return f"It is {state.names[state.current]}'s turn to place a token."
    clan = state.clans[seat]
    if clan.passed:
        return "You have passed and cannot place any more tokens this turn."
    kind = action.kind
    if clan.screen[kind] == 0:
        return f"You have no {kind.label} left behind your screen."
    if action.area is AREA.RAID:
        if kind not in CAN_RAID:
            return f"A {kind.label} can never raid the foreign kingdom."
        if has_raided(state, seat):
            return "You already have a token in the foreign kingdom this turn."
        if None not in state.fk:
            return "Both foreign kingdom slots are taken."
        return None
    board, entrance = action.board, action.entrance
    if not (0 <= board < len(state.names) and 0 <= entrance < ENTRANCES):
        return "There is no such entrance."
    if action.area is AREA.GUARD:
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


def _mask(kinds: object) -> int:
    return sum(1 << k for k in kinds)  # type: ignore[attr-defined]


_ALL_MASKS = range(1 << len(KINDS))
# Precomputed answers for `placements`: for each slot and each set of held kinds (a bitmask),
# the tuple of Place actions, so listing the legal actions allocates nothing new.
# Indexed [held kinds][board][entrance]: plain sequence indexing, no key to build and hash.
_GUARD_SETS = tuple(
    tuple(
        tuple(tuple(GUARDS[(k, b, e)] for k in KINDS if m >> k & 1) for e in range(ENTRANCES))
        for b in range(MAX_PLAYERS)
    )
    for m in _ALL_MASKS
)
_SCOUT_SETS = tuple(
    tuple(
        tuple(tuple(SCOUTS[(k, b, e)] for k in KINDS if m >> k & 1 and k in CAN_SCOUT) for e in range(ENTRANCES))
        for b in range(MAX_PLAYERS)
    )
    for m in _ALL_MASKS
)
_RAID_SETS = {m: tuple(RAIDS[k] for k in KINDS if m >> k & 1 and k in CAN_RAID) for m in _ALL_MASKS}
_SCOUT_MASK = _mask(CAN_SCOUT)
_RAID_MASK = _mask(CAN_RAID)


def _held_mask(screen: tuple[int, ...]) -> int:
    """The kinds with at least one token behind the screen, as a bitmask."""
    return sum(1 << k for k, count in enumerate(screen) if count)


# The bitmask of every screen a clan can have (each kind between none and all of its tokens).
_HELD: dict[tuple[int, ...], int] = {
    screen: _held_mask(screen) for screen in itertools.product(*(range(c + 1) for c in TOKEN_COUNTS))
}


def placements(state: TainState, seat: int) -> list[Place]:
    """Every legal placement for the seat now."""
    screen = state.clans[seat].screen
    held = _HELD.get(screen)
    if held is None:
        held = _held_mask(screen)
    out: list[Place] = []
    if not held:
        return out
    guard_sets = _GUARD_SETS[held][seat]
    for e, token in enumerate(state.guards[seat]):
        if token is None:
            out += guard_sets[e]
    scouting = held & _SCOUT_MASK
    if scouting:
        by_board = _SCOUT_SETS[scouting]
        for board, row in enumerate(state.scouts):
            if board != seat and None in row:
                scout_sets = by_board[board]
                for e, token in enumerate(row):
                    if token is None:
                        out += scout_sets[e]
    if can_raid(state, seat):
        out += _RAID_SETS[held]
    return out


def can_place(state: TainState, seat: int) -> bool:
    """True if the seat has at least one legal placement (ignoring whose turn it is)."""
    return _can_place(state.clans, state.guards, state.fk, state.scouts, seat)


def _can_place(
    clans: tuple[Clan, ...], guards: tuple[Slots, ...], fk: Slots, scouts: tuple[Slots, ...], seat: int
) -> bool:
    screen = clans[seat].screen
    held = _HELD.get(screen)
    if held is None:
        held = _held_mask(screen)
    if not held:
        return False  # nothing left behind the screen
    if None in guards[seat]:
        return True
    if held & _RAID_MASK and None in fk and not _raided(fk, seat):
        return True
    if held & _SCOUT_MASK:
        for board, row in enumerate(scouts):
            if board != seat and None in row:
                return True
    return False


def _next_placer(
    clans: tuple[Clan, ...], guards: tuple[Slots, ...], fk: Slots, scouts: tuple[Slots, ...], seat: int
) -> int:
    """The seat that places after `seat` when that is simply the next one clockwise that has not
    passed and can place; -1 when some seat must pass first or everyone has passed (`_advance`)."""
    n = len(clans)
    for _ in range(n):
        seat = (seat + 1) % n
        if not clans[seat].passed:
            return seat if _can_place(clans, guards, fk, scouts, seat) else -1
    return -1


_PLACED_LINES: dict[tuple[tuple[str, ...], int, Kind, Area, int, int], tuple[LogEntry, LogEntry]] = {}


def _placed_lines(names: tuple[str, ...], seat: int, action: Place) -> tuple[LogEntry, LogEntry]:
    """The public and the private log line of a placement, built once per seat names, seat and
    action (log lines are immutable values, so states may share them). The key spells out the
    action's fields: hashing them is done in C, hashing the dataclass calls its Python `__hash__`."""
    key = (names, seat, action.kind, action.area, action.board, action.entrance)
    lines = _PLACED_LINES.get(key)
    if lines is None:
        spot = "the foreign kingdom" if action.area is AREA.RAID else where(names[action.board], action.entrance)
        lines = (
            public(f"{names[seat]} placed a token to {_ROLE[action.area]} at {spot}."),
            private(f"(You placed your {action.kind.label} there.)", seat),
        )
        if len(_PLACED_LINES) >= 20_000:
            _PLACED_LINES.clear()
        _PLACED_LINES[key] = lines
    return lines


def place(state: TainState, seat: int | None, action: Place) -> TainState:
    reason = placement_error(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    assert seat is not None
    kind = action.kind
    token = (seat, kind)
    placer, mine = draft(state.clans[seat])
    mine["screen"] = add_kind(placer.screen, kind, -1)
    clans = with_item(state.clans, seat, placer)
    fk, guards, scouts = state.fk, state.guards, state.scouts
    state, changes = draft(state)
    changes["clans"] = clans
    changes["log"] = state.log + _placed_lines(state.names, seat, action)
    area = action.area
    if area is AREA.RAID:
        slot = fk.index(None)
        fk = changes["fk"] = (*fk[:slot], token, *fk[slot + 1 :])
    elif area is AREA.GUARD:
        guards = changes["guards"] = set_slot(guards, action.board, action.entrance, token)
    else:
        scouts = changes["scouts"] = set_slot(scouts, action.board, action.entrance, token)
    if _guards_only(clans, fk, scouts, seat):
        if can_place(state, seat):
            return state
        return _advance(_mark_passed(state, seat, forced=True))
    after = _next_placer(clans, guards, fk, scouts, seat)
    if after >= 0:  # the common case: the next seat clockwise can place
        changes["current"] = after
        return state
    return _advance(state)


def pass_turn(state: TainState, seat: int | None) -> TainState:
    if state.phase is not PHASE.SCOUT:
        raise IllegalAction("Passing is only possible during the scouting phase.")
    if seat is None or seat != state.current:
        raise IllegalAction(f"It is {state.names[state.current]}'s turn, not yours.")
    return _advance(_mark_passed(state, seat, forced=False))


def _mark_passed(state: TainState, seat: int, forced: bool) -> TainState:
    clans = list(state.clans)
    clan: Clan = clans[seat]
    clans[seat], fields = draft(clan)
    fields["passed"] = True
    name = state.names[seat]
    # Say why only when the table can see it (empty screen, or no free slot this clan could use):
    # otherwise the reason lies behind the screen and the pass reads like any other.
    obvious = clan.screen_total == 0 or (None not in state.guards[seat] and _cannot_leave_home(state, seat))
    text = f"{name} cannot place another token and passes." if forced and obvious else f"{name} passes."
    line = (public(text),)
    state, changes = draft(state)
    changes["clans"] = tuple(clans)
    changes["log"] = state.log + line
    return state


def _advance(state: TainState) -> TainState:
    """Hand the turn to the next seat clockwise that has not passed; pass seats that cannot place.

    When every seat has passed, the raid phase begins with the reveal still to come."""
    n = len(state.names)
    seat = state.current
    for _ in range(n + 1):
        seat = (seat + 1) % n
        if state.clans[seat].passed:
            if all(c.passed for c in state.clans):
                break
            continue
        if can_place(state, seat):
            state, changes = draft(state)
            changes["current"] = seat
            return state
        state = _mark_passed(state, seat, forced=True)
    return log_add(
        evolve(state, phase=PHASE.REVEAL, current=state.active),
        public("Every clan has passed: the raid begins."),
    )


def open_scouting(state: TainState) -> TainState:
    """A scouting phase just opened (no clan passed, the active player to act): the active
    player places first, unless they cannot place at all."""
    if can_place(state, state.active):
        return state
    return _advance(_mark_passed(state, state.active, forced=True))


def unused_kinds(clan: Clan) -> tuple[Kind, ...]:
    return tuple(k for k in KINDS if clan.screen[k])
