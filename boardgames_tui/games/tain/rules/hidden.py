"""Resampling: a state one seat cannot tell apart from the real one (leak tests and bots)."""

from __future__ import annotations

import random

from boardgames_tui.games.tain.rules.components import CAN_RAID, CAN_SCOUT, KINDS, Kind
from boardgames_tui.games.tain.rules.state import TainState, draft, placed


def resample(state: TainState, seat: int, seed: int) -> TainState:
    """Redraw what `seat` cannot see: the kinds of other clans' face-down tokens, and how each
    other clan's remaining tokens split between its screen and its face-down discard pile.

    Counts, slot occupancy and colours stay as they are; a kind only lands where it may stand
    (raid slots are filled first, then scout slots, then guards, so the draw always fits)."""
    rng = random.Random(seed)
    on_table = placed(state)
    clans = list(state.clans)
    fk, guards, scouts = list(state.fk), [list(r) for r in state.guards], [list(r) for r in state.scouts]
    for other in range(state.players):
        if other == seat:
            continue
        clan = clans[other]
        pool: list[Kind] = []
        for k in KINDS:
            pool += [k] * (clan.screen[k] + clan.discard[k])
        hidden = [] if state.revealed else [p for p in on_table if p[3][0] == other]
        for _, _, _, (_, kind) in hidden:
            pool.append(kind)
        pool.sort()
        rng.shuffle(pool)
        for area, board, index, _ in sorted(hidden, key=_fill_order):
            allowed = _ALLOWED[area]
            kind = next(k for k in pool if k in allowed)
            pool.remove(kind)
            token = (other, kind)
            if area == "r":
                fk[index] = token
            elif area == "s":
                scouts[board][index] = token
            else:
                guards[board][index] = token
        screen_total = clan.screen_total
        screen, discard = _counts(pool[:screen_total]), _counts(pool[screen_total:])
        clans[other], fields = draft(clan)
        fields["screen"], fields["discard"] = screen, discard
    new, changes = draft(state)
    changes["clans"] = tuple(clans)
    changes["fk"] = tuple(fk)
    changes["guards"] = tuple([tuple(r) for r in guards])
    changes["scouts"] = tuple([tuple(r) for r in scouts])
    return new


_RANK = {"r": 0, "s": 1, "g": 2}
_ALLOWED = {"r": CAN_RAID, "s": CAN_SCOUT, "g": frozenset(KINDS)}
"""The kinds that may stand in a raid, scout or guard slot."""


def _fill_order(place: tuple[str, int, int, object]) -> int:
    """Raid slots are filled first, then scout slots, then guards."""
    return _RANK[place[0]]


def _counts(kinds: list[Kind]) -> tuple[int, ...]:
    """How many of each kind, indexed by kind."""
    counts = [0] * len(KINDS)
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)
