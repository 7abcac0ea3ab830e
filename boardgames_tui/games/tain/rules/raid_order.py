"""The order of the raid's public steps (spec R6): the foreign kingdom first, then every board
from the active player's clockwise; on one board the raiders take their spoils one at a time
clockwise from the active player, each raider's entrances in board order, then dawn."""

from __future__ import annotations

from boardgames_tui.engine.field_memo import PREFIX
from boardgames_tui.games.tain.rules.components import ENTRANCES, MAX_PLAYERS
from boardgames_tui.games.tain.rules.state import EMPTY_BOARD, EMPTY_FK, SEAT_ORDERS, TainState

FK_STEP = ("fk", -1, -1)
DAWN_STEP = ("dawn", -1, -1)
RaidStep = tuple[str, int, int]
ENTRANCE_STEPS: tuple[tuple[RaidStep, ...], ...] = tuple(
    tuple(("entrance", board, e) for e in range(ENTRANCES)) for board in range(MAX_PLAYERS)
)
"""ENTRANCE_STEPS[board][entrance], built once (the next step is asked for several times a step)."""


def next_step(state: TainState) -> RaidStep:
    """The next public step of the raid: ("fk"), ("entrance", board, entrance) or ("dawn")."""
    if state.fk != EMPTY_FK:
        return FK_STEP
    scouts = state.scouts
    n = len(scouts)
    active = state.active
    for board in SEAT_ORDERS[n][active]:
        row = scouts[board]
        if row == EMPTY_BOARD:
            continue
        # The raider first clockwise from the active player; their first entrance in board order.
        best_rank, best_entrance = n, -1
        for e, scout in enumerate(row):
            if scout is not None:
                rank = (scout[0] - active) % n
                if rank < best_rank:
                    best_rank, best_entrance = rank, e
        return ENTRANCE_STEPS[board][best_entrance]
    return DAWN_STEP


def raid_plan(state: TainState) -> tuple[RaidStep, ...]:
    """Every step left in the raid, in order, as `next_step` would give them one after another:
    a step only empties the slot it resolves, so the order is fixed once the tokens are face up."""
    steps = [FK_STEP] if state.fk != EMPTY_FK else []
    scouts = state.scouts
    n = len(scouts)
    active = state.active
    for board in SEAT_ORDERS[n][active]:
        row = scouts[board]
        if row == EMPTY_BOARD:
            continue
        # Each scout as one number, its raider's place clockwise from the active player, then
        # its entrance (below 8): sorted, they give the order `next_step` takes them in.
        ranked = sorted([(scout[0] - active) % n << 3 | e for e, scout in enumerate(row) if scout is not None])
        steps += [ENTRANCE_STEPS[board][rank & 7] for rank in ranked]
    steps.append(DAWN_STEP)
    return tuple(steps)


_KEPT = PREFIX + "scouts+fk"
"""Where `upcoming` keeps the raid's plan in a state's `__dict__` (the prefix of
`engine.field_memo`, so that pickling leaves it out)."""


def upcoming(state: TainState) -> RaidStep:
    """`next_step`, read from the raid's plan (`raid_plan`) kept with the slots and the active
    player it was worked out from (as `engine.field_memo` keeps a value, read again while they
    are the very same): each raid step hands the plan on to the state it makes (`follow`), so the
    order is worked out once per raid instead of once per step."""
    attrs = state.__dict__
    scouts, fk, active = attrs["scouts"], attrs["fk"], attrs["active"]
    kept = attrs.get(_KEPT)
    if kept is not None and kept[0] is scouts and kept[1] is fk and kept[2] == active:
        step: RaidStep = kept[3][kept[4]]
        return step
    plan = raid_plan(state)
    attrs[_KEPT] = (scouts, fk, active, plan, 0)
    return plan[0]


def follow(before: TainState, after: TainState) -> None:
    """Hand the raid's plan kept with `before` on to `after`, the state its next step made."""
    kept = before.__dict__.get(_KEPT)
    attrs = after.__dict__
    if kept is not None and kept[0] is before.scouts and kept[1] is before.fk and kept[2] == before.active:
        attrs[_KEPT] = (attrs["scouts"], attrs["fk"], kept[2], kept[3], kept[4] + 1)
