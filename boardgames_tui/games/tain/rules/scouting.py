"""The scouting phase: seats place tokens face down one at a time, or pass for good.

Check, ask, do: `placement_error` gives the reason a placement is refused (None if it is fine),
`placements` lists the legal ones, `place` and `pass_turn` act.
"""

from __future__ import annotations

from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tain.rules.actions import AREA, Place
from boardgames_tui.games.tain.rules.components import (
    CAN_RAID,
    CAN_SCOUT,
    ENTRANCES,
    KINDS,
    Kind,
)
from boardgames_tui.games.tain.rules.openings import (
    BOARD,
    BOARD_SHIFTS,
    GUARD_PLACES,
    HELD,
    LOWEST_BOARD,
    NEXT_SEAT,
    OTHERS,
    RAID_MASK,
    RAID_SETS,
    SCOUT_MASK,
    SCOUT_PLACES,
    SHIFT,
    SLOT_BIT,
    TAKE,
    TOKEN,
    board_free,
    free_scouts,
    free_slots,
    held_mask,
    keep,
    take,
)
from boardgames_tui.games.tain.rules.state import (
    PHASE,
    Clan,
    Slots,
    TainState,
    draft,
    private,
    public,
)
from boardgames_tui.games.tain.rules.text import where

_ROLE = {AREA.RAID: "raid", AREA.GUARD: "guard", AREA.SCOUT: "scout"}


def has_raided(state: TainState, seat: int) -> bool:
    """True if the seat already has a token (bluffs included) in the foreign kingdom this turn."""
    return _raided(state.fk, seat)


def _raided(fk: Slots, seat: int) -> bool:
    for token in fk:  # noqa: SIM110 - a loop over two slots, several times cheaper than `any`
        if token is not None and token[0] == seat:
            return True
    return False


def can_raid(state: TainState, seat: int) -> bool:
    fk = state.fk
    return None in fk and not _raided(fk, seat)


def _open_boards(state: TainState) -> list[int]:
    """The boards with at least one free scout slot."""
    free = free_scouts(state)
    return [board for board in range(state.players) if board_free(free, board)]


def _cannot_leave_home(state: TainState, seat: int) -> bool:
    """True if every scout slot the seat could use is taken and it cannot raid (public facts)."""
    if can_raid(state, seat):
        return False
    return all(board == seat for board in _open_boards(state))


def guards_only(state: TainState, seat: int) -> bool:
    """True when every seat still placing can do nothing but guard its own board (spec R5).

    From then on no placement can change anybody else's choices, so the seat keeps the turn
    until it passes. Only public facts are used, so keeping the turn reveals nothing."""
    return _guards_only(state.clans, state.fk, free_scouts(state), seat)


def _guards_only(clans: tuple[Clan, ...], fk: Slots, scouts_free: int, seat: int) -> bool:
    open_board = -1  # the only board with a free scout slot, if there is exactly one
    if scouts_free:
        open_board = ((scouts_free & -scouts_free).bit_length() - 1) // ENTRANCES
        if scouts_free & OTHERS[open_board]:
            return False  # every seat has a free scout slot on a board not its own
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


def placements(state: TainState, seat: int) -> list[Place]:
    """Every legal placement for the seat now: guards at its own board's free entrances, scouts at
    other boards' free entrances (boards in seat order, entrances in board order, kinds
    in their order at each), then a raid if the kingdom has room for the seat. The free entrances
    are kept as bitmasks with the slots (`openings`); the readable statement is `placement_error`
    asked of every placement."""
    attrs = state.__dict__
    screen = attrs["clans"][seat].screen
    held = HELD.get(screen)
    if held is None:
        held = held_mask(screen)
    if not held:
        return []
    guards_free, scouts_free = free_slots(state)
    out = list(GUARD_PLACES[held][seat][guards_free >> SHIFT[seat] & BOARD])
    if held & SCOUT_MASK:
        others = scouts_free & OTHERS[seat]
        if others:
            by_board = SCOUT_PLACES[held]
            for board, shift in BOARD_SHIFTS[len(attrs["names"])]:
                free = others >> shift & BOARD
                if free:
                    out += by_board[board][free]
    fk = attrs["fk"]
    if None in fk and not _raided(fk, seat):
        out += RAID_SETS[held]
    return out


def can_place(state: TainState, seat: int) -> bool:
    """True if the seat has at least one legal placement (ignoring whose turn it is)."""
    guards_free, scouts_free = free_slots(state)
    return _can_place(state.clans, guards_free, state.fk, scouts_free, seat)


def _can_place(clans: tuple[Clan, ...], guards_free: int, fk: Slots, scouts_free: int, seat: int) -> bool:
    screen = clans[seat].screen
    held = HELD.get(screen)
    if held is None:
        held = held_mask(screen)
    return _can_hold(held, guards_free, fk, scouts_free, seat)


def _can_hold(held: int, guards_free: int, fk: Slots, scouts_free: int, seat: int) -> bool:
    """`_can_place` for a seat holding these kinds (a bitmask)."""
    if not held:
        return False  # nothing left behind the screen
    if guards_free >> SHIFT[seat] & BOARD:
        return True
    if held & RAID_MASK and None in fk and not _raided(fk, seat):
        return True
    return bool(held & SCOUT_MASK and scouts_free & OTHERS[seat])


def _next_placer(clans: tuple[Clan, ...], guards_free: int, fk: Slots, scouts_free: int, seat: int) -> int:
    """The seat that places after `seat` when that is simply the next one clockwise that has not
    passed and can place; -1 when some seat must pass first or everyone has passed (`_advance`).
    (`_can_place` written out: this is asked after every placement.)"""
    following = NEXT_SEAT[len(clans)]
    for _ in clans:
        seat = following[seat]
        clan = clans[seat]
        if clan.passed:
            continue
        held = HELD.get(clan.screen)
        if held is None:
            held = held_mask(clan.screen)
        if not held:
            return -1
        if guards_free >> SHIFT[seat] & BOARD or (held & SCOUT_MASK and scouts_free & OTHERS[seat]):
            return seat
        return seat if held & RAID_MASK and None in fk and not _raided(fk, seat) else -1
    return -1


_PLACED_LINES: dict[tuple[tuple[str, ...], int, int], tuple[Place, tuple[LogEntry, LogEntry]]] = {}


def _placed_lines(names: tuple[str, ...], seat: int, action: Place) -> tuple[LogEntry, LogEntry]:
    """The public and the private log line of a placement, built once per seat names, seat and
    action (log lines are immutable values, so states may share them). The key names the action
    by its identity (hashing the dataclass calls its Python `__hash__`; `legal` and the codec hand
    out the shared instances of `actions`): each entry holds its action, which keeps that identity
    from passing to another object, and a hit is checked to be that very action."""
    key = (names, seat, id(action))
    hit = _PLACED_LINES.get(key)
    if hit is not None and hit[0] is action:
        return hit[1]
    spot = "the foreign kingdom" if action.area is AREA.RAID else where(names[action.board], action.entrance)
    lines = (
        public(f"{names[seat]} placed a token to {_ROLE[action.area]} at {spot}."),
        private(f"(You placed your {action.kind.label} there.)", seat),
    )
    if len(_PLACED_LINES) >= 20_000:
        _PLACED_LINES.clear()
    _PLACED_LINES[key] = (action, lines)
    return lines


def place(state: TainState, seat: int | None, action: Place) -> TainState:
    reason = placement_error(state, seat, action)
    if reason is not None:
        raise IllegalAction(reason)
    assert seat is not None
    return put(state, seat, action)


def put(state: TainState, seat: int, action: Place) -> TainState:
    """`place` without the check: for a placement `placements` offered the seat now.

    Placements are most of a random playout's steps, so this is written out in one body: the
    placer's clan and the state are each copied once as `state.draft` copies them (their fields
    set in the copies' dictionaries before anybody sees them), the placer's new screen and the
    kinds it still holds are looked up (`TAKE`), and the common ending, where scout slots are
    free on two boards or more and the next seat clockwise can place, is tried first before the
    general one (`_guards_only`, `_next_placer`, `_advance`). The test of `put` compares it with
    the rule written plainly (`evolve` with the changes, every helper asked)."""
    attrs = state.__dict__
    kind = action.kind
    token = TOKEN[seat][kind]
    seats = list(attrs["clans"])
    placer, mine = draft(seats[seat])
    taken = TAKE.get(mine["screen"])
    after = taken[kind] if taken is not None else None
    screen, held = after if after is not None else take(mine["screen"], kind)
    mine["screen"] = screen
    seats[seat] = placer
    clans = tuple(seats)
    fk = attrs["fk"]
    guards_free, scouts_free = free_slots(state)
    new, changes = draft(state)
    changes["clans"] = clans
    changes["log"] = changes["log"] + _placed_lines(changes["names"], seat, action)
    area = action.area
    if area is AREA.RAID:
        slots = list(fk)
        slots[fk.index(None)] = token
        fk = changes["fk"] = tuple(slots)
    else:
        board, entrance = action.board, action.entrance
        field = "guards" if area is AREA.GUARD else "scouts"
        rows = list(changes[field])
        row = list(rows[board])
        row[entrance] = token
        rows[board] = tuple(row)
        changes[field] = tuple(rows)
        if area is AREA.GUARD:
            guards_free &= ~SLOT_BIT[board][entrance]
        else:
            scouts_free &= ~SLOT_BIT[board][entrance]
        keep(new, guards_free, scouts_free)
    state = new
    # Scout slots free on two boards or more: every seat can leave home, so not guards only.
    two_boards = scouts_free & OTHERS[LOWEST_BOARD[scouts_free & -scouts_free]]
    if not two_boards and _guards_only(clans, fk, scouts_free, seat):
        if _can_hold(held, guards_free, fk, scouts_free, seat):
            return state
        return _advance(_mark_passed(state, seat, forced=True))
    following = _next_placer(clans, guards_free, fk, scouts_free, seat)
    if following >= 0:  # the common case: the next seat clockwise can place
        changes["current"] = following
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
    obvious = forced and (
        clan.screen_total == 0 or (None not in state.guards[seat] and _cannot_leave_home(state, seat))
    )
    text = f"{name} cannot place another token and passes." if obvious else f"{name} passes."
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
    state, changes = draft(state)
    changes["phase"] = PHASE.REVEAL
    changes["current"] = state.active
    changes["log"] = state.log + _RAID_BEGINS
    return state


_RAID_BEGINS = (public("Every clan has passed: the raid begins."),)


def open_scouting(state: TainState) -> TainState:
    """A scouting phase just opened (no clan passed, the active player to act): the active
    player places first, unless they cannot place at all."""
    if can_place(state, state.active):
        return state
    return _advance(_mark_passed(state, state.active, forced=True))


def unused_kinds(clan: Clan) -> tuple[Kind, ...]:
    return tuple(k for k in KINDS if clan.screen[k])
