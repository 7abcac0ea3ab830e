"""The free slots of the boards as one bitmask, kept with the slots, and the placements it allows.

Scouting asks on every step which slots are free: to list the legal placements, to find who
places next, to see whether only guards are left. Walking every slot of every board for that is
most of the cost of a placement in a bot's playouts. Here the free slots of all boards are one
integer (bit `5 * board + entrance` set when that slot is free; `board_free` reads one board's
five bits), kept beside the slots they describe (as `engine.field_memo` keeps a value): worked out once when a
scouting phase opens, then updated by each placement from the one before (`keep`). The
placements a seat may make at a board follow from its five bits and the kinds the seat holds
(also a bitmask): `GUARD_PLACES` and `SCOUT_PLACES` hold every such answer, built once. So do
the other tables a placement reads instead of building: the kinds each screen holds (`HELD`), the
screen after one token leaves it (`TAKE`), every token, the next seat clockwise.
"""

from __future__ import annotations

import itertools

from boardgames_tui.engine.field_memo import PREFIX
from boardgames_tui.games.tain.rules.actions import GUARDS, RAIDS, SCOUTS, Place
from boardgames_tui.games.tain.rules.components import (
    CAN_GUARD,
    CAN_RAID,
    CAN_SCOUT,
    ENTRANCES,
    KINDS,
    MAX_PLAYERS,
    TOKEN_COUNTS,
    Kind,
)
from boardgames_tui.games.tain.rules.state import Slots, TainState, add_kind

BOARD = (1 << ENTRANCES) - 1
"""One board's bits, all free (shifted by `ENTRANCES * board`)."""
SHIFT = tuple(ENTRANCES * board for board in range(MAX_PLAYERS))
"""SHIFT[board]: where the board's bits start."""
OTHERS = tuple(((1 << ENTRANCES * MAX_PLAYERS) - 1) & ~(BOARD << SHIFT[board]) for board in range(MAX_PLAYERS))
"""OTHERS[board]: the bits of every board but this one."""
_MASKS = range(1 << ENTRANCES)
_KIND_MASKS = range(1 << len(KINDS))


def _free_bits(rows: tuple[Slots, ...]) -> int:
    mask = 0
    for board, row in enumerate(rows):
        for e, token in enumerate(row):
            if token is None:
                mask |= 1 << SHIFT[board] + e
    return mask


def board_free(mask: int, board: int) -> int:
    """The board's free entrances in the mask (bit `e` for entrance `e`)."""
    return mask >> SHIFT[board] & BOARD


KEPT = PREFIX + "guards+scouts"
"""Where the masks are kept in a state's `__dict__`: with the two fields they were worked out from
(the prefix of `engine.field_memo`, so that pickling leaves them out as it leaves out those)."""


def free_slots(state: TainState) -> tuple[int, int]:
    """The free inside and outside slots of every board: (guards, scouts) masks, kept with
    `state.guards` and `state.scouts` as `engine.field_memo` keeps a value with one field (read
    again while both fields are the very objects they were worked out from; copies carry them)."""
    attrs = state.__dict__
    kept = attrs.get(KEPT)
    guards, scouts = attrs["guards"], attrs["scouts"]
    if kept is not None and kept[0] is guards and kept[1] is scouts:
        masks: tuple[int, int] = kept[2]
        return masks
    masks = (_free_bits(guards), _free_bits(scouts))
    attrs[KEPT] = (guards, scouts, masks)
    return masks


def free_guards(state: TainState) -> int:
    """The free inside slots of every board."""
    return free_slots(state)[0]


def free_scouts(state: TainState) -> int:
    """The free outside slots of every board."""
    return free_slots(state)[1]


def keep(new: TainState, guards: int, scouts: int) -> tuple[int, int]:
    """Keep these masks with `new`'s slots (they must be what `free_slots` would work out)."""
    attrs = new.__dict__
    masks = (guards, scouts)
    attrs[KEPT] = (attrs["guards"], attrs["scouts"], masks)
    return masks


def slot_bit(board: int, entrance: int) -> int:
    """The bit of one slot."""
    return 1 << SHIFT[board] + entrance


SLOT_BIT = tuple(tuple(slot_bit(board, e) for e in range(ENTRANCES)) for board in range(MAX_PLAYERS))
"""SLOT_BIT[board][entrance]: `slot_bit`, worked out once."""


def all_free(new: TainState) -> None:
    """Keep on `new`, whose boards are all empty, that every slot is free."""
    mask = (1 << ENTRANCES * new.players) - 1
    keep(new, mask, mask)


_Table = dict[tuple[Kind, int, int], Place]


def _places(table: _Table, kinds: tuple[Kind, ...], board: int, free: int) -> tuple[Place, ...]:
    """The placements of these kinds at the free entrances of a board: entrances in board order,
    kinds in their order at each (the order `legal` lists them in)."""
    return tuple(table[(k, board, e)] for e in range(ENTRANCES) if free >> e & 1 for k in kinds)


def _table(table: _Table, allowed: frozenset[Kind]) -> tuple[tuple[tuple[tuple[Place, ...], ...], ...], ...]:
    """[held kinds][board][free entrances]: the placements of the allowed kinds held."""
    return tuple(
        tuple(
            tuple(_places(table, tuple(k for k in KINDS if held >> k & 1 and k in allowed), b, free) for free in _MASKS)
            for b in range(MAX_PLAYERS)
        )
        for held in _KIND_MASKS
    )


GUARD_PLACES = _table(GUARDS, CAN_GUARD)
"""GUARD_PLACES[held kinds][board][free entrances]: the guard placements there, in `legal`'s order."""
SCOUT_PLACES = _table(SCOUTS, CAN_SCOUT)
"""SCOUT_PLACES[held kinds][board][free entrances]: the scout placements there, in `legal`'s order."""


RAID_SETS = {m: tuple(RAIDS[k] for k in KINDS if m >> k & 1 and k in CAN_RAID) for m in range(1 << len(KINDS))}
SCOUT_MASK = sum(1 << k for k in CAN_SCOUT)
RAID_MASK = sum(1 << k for k in CAN_RAID)


def held_mask(screen: tuple[int, ...]) -> int:
    """The kinds with at least one token behind the screen, as a bitmask."""
    return sum(1 << k for k, count in enumerate(screen) if count)


# The kinds held (a bitmask) of every screen a clan can have (each kind between none and all of its tokens).
HELD: dict[tuple[int, ...], int] = {
    screen: held_mask(screen) for screen in itertools.product(*(range(c + 1) for c in TOKEN_COUNTS))
}


def take(screen: tuple[int, ...], kind: Kind) -> tuple[tuple[int, ...], int]:
    """The screen with one token of `kind` fewer, and the kinds it still holds."""
    after = add_kind(screen, kind, -1)
    return after, held_mask(after)


TAKE = {screen: tuple(take(screen, k) if screen[k] else None for k in KINDS) for screen in HELD}
"""TAKE[screen][kind]: `take` of every screen a clan can have and kind it holds, worked out once
(a placement looks its new screen up instead of building it)."""
NEXT_SEAT = tuple(tuple((seat + 1) % n for seat in range(n)) for n in range(MAX_PLAYERS + 1))
"""NEXT_SEAT[n][seat]: the seat after `seat` clockwise at a table of n."""
LOWEST_BOARD = {1 << bit: bit // ENTRANCES for bit in range(ENTRANCES * MAX_PLAYERS)} | {0: 0}
"""The board of a slot's bit (`mask & -mask`, the lowest bit of a mask; 0 for no bit)."""
TOKEN: tuple[tuple[tuple[int, Kind], ...], ...] = tuple(tuple((s, k) for k in KINDS) for s in range(MAX_PLAYERS))
"""TOKEN[seat][kind]: every token there is, built once."""


BOARD_SHIFTS = tuple(tuple((board, SHIFT[board]) for board in range(n)) for n in range(MAX_PLAYERS + 1))
"""BOARD_SHIFTS[n]: each board of a table of n with where its bits start."""
