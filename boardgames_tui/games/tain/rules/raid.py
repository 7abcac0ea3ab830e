"""The raid phase: reveal, the foreign kingdom, each clan board's entrances, a raider's choice of
captive to free; `table_step` takes the next of these public steps (their order: `raid_order`).

Each call here is one public step the table follows. The order of steps (spec R6) settles every
shortage the way the rulebook asks; the last step is dawn, the resolution phase (`resolution`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardgames_tui.engine.deferred import later
from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tain.rules.components import FK_OUTCOME, KIND, MAX_PLAYERS, OUTCOME, Kind, is_house
from boardgames_tui.games.tain.rules.raid_order import follow, upcoming
from boardgames_tui.games.tain.rules.resolution import dawn
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    EMPTY_FK,
    PHASE,
    Clan,
    Matchup,
    Slots,
    TainState,
    Token,
    add_kind,
    discard_token,
    draft,
    placed,
    public,
    with_item,
)
from boardgames_tui.games.tain.rules.text import spot, where


def _kinds_list(tokens: list[Token], names: tuple[str, ...]) -> str:
    return ", ".join(f"{names[o]}'s {k.label}" for o, k in tokens) or "nothing"


@lru_cache(maxsize=4096)
def _revealed_slot(names: tuple[str, ...], entrance: int, scout: Token | None, guard: Token | None) -> str:
    """How one entrance reads once its tokens are face up, built once per names and tokens."""
    s = f"{names[scout[0]]}'s {scout[1].label}" if scout else "no scout"
    g = f"{guard[1].label} on guard" if guard else "unguarded"
    return f"{spot(entrance)}: {s}, {g}"


def reveal_lines(state: TainState) -> list[LogEntry]:
    """The lines of the reveal, from the state before it: the kingdom, then each board clockwise
    from the active player that holds a token, then the bluffs going back (`reveal_line_count`)."""
    names = state.names
    lines = ["The tokens are turned face up."]
    fk_tokens = [t for t in state.fk if t is not None]
    if fk_tokens:
        lines.append(f"Foreign kingdom: {_kinds_list(fk_tokens, names)}.")
    for board in state.seat_order():
        parts = [
            _revealed_slot(names, e, scout, guard)
            for e, (scout, guard) in enumerate(zip(state.scouts[board], state.guards[board], strict=True))
            if scout is not None or guard is not None
        ]
        if parts:
            lines.append(f"{names[board]}'s board — " + "; ".join(parts) + ".")
    bluffs = [0] * len(names)
    for _, _, _, (owner, kind) in placed(state):
        if kind is KIND.BLUFF:
            bluffs[owner] += 1
    if any(bluffs):
        gone = ", ".join(f"{names[s]} {b}" for s, b in enumerate(bluffs) if b)
        lines.append(f"Bluffs go back to their owners' discard piles ({gone}).")
    return [public(line, step=True) for line in lines]


def reveal_line_count(state: TainState, bluffed: bool) -> int:
    """How many lines `reveal_lines` writes, counted without wording them."""
    count = 1 + (state.fk != EMPTY_FK) + bluffed
    for guards, scouts in zip(state.guards, state.scouts, strict=True):
        if guards != EMPTY_BOARD or scouts != EMPTY_BOARD:
            count += 1
    return count


_BLUFFS = frozenset((seat, KIND.BLUFF) for seat in range(MAX_PLAYERS))
"""Every bluff token: a row of slots holds none when it is disjoint from these (asked in C)."""


def reveal(state: TainState) -> TainState:
    """Turn every placed token face up and send the bluffs back to their owners' discard piles.
    Its lines are worded when the log is read (`engine.deferred`): nobody reads them in a bot's
    playouts, and they describe every slot of every board.

    One walk over the slots finds the bluffs, the slots that showed them (`last`, for screens)
    and how many lines the reveal writes (`reveal_line_count`, which says it plainly)."""
    bluff = KIND.BLUFF
    bluffs = [0] * len(state.names)
    fk = state.fk
    shown: list[Matchup] = []
    if not _BLUFFS.isdisjoint(fk):
        for i, t in enumerate(fk):
            if t is not None and t[1] is bluff:
                bluffs[t[0]] += 1
                shown.append((-1, i, t, None, "bluff", None))
        fk = tuple([None if t is not None and t[1] is bluff else t for t in fk])
    count = 1 + (state.fk != EMPTY_FK)
    guards, scouts = list(state.guards), list(state.scouts)
    for board, (scout_row, guard_row) in enumerate(zip(scouts, guards, strict=True)):
        if scout_row != EMPTY_BOARD or guard_row != EMPTY_BOARD:
            count += 1
        if _BLUFFS.isdisjoint(scout_row) and _BLUFFS.isdisjoint(guard_row):
            continue
        for e, (scout, guard) in enumerate(zip(scout_row, guard_row, strict=True)):
            if scout is not None and scout[1] is bluff:
                bluffs[scout[0]] += 1
                scouts[board] = with_item(scouts[board], e, None)
            elif guard is None or guard[1] is not bluff:
                continue
            if guard is not None and guard[1] is bluff:
                bluffs[guard[0]] += 1
                guards[board] = with_item(guards[board], e, None)
            shown.append((board, e, scout, guard, "bluff", None))
    new, changes = draft(state)
    changes["fk"] = fk
    changes["guards"] = tuple(guards)
    changes["scouts"] = tuple(scouts)
    if shown:
        count += 1
        clans = list(state.clans)
        for seat, bluffed in enumerate(bluffs):
            if bluffed:
                clans[seat], fields = draft(clans[seat])
                fields["discard"] = add_kind(fields["discard"], bluff, bluffed)
        changes["clans"] = tuple(clans)
    log = state.log
    changes["phase"] = PHASE.RAID
    changes["log"] = later(log, count, reveal_lines, state)
    changes["news_from"] = len(log)
    changes["last"] = tuple(shown)
    return new


def resolve_fk(state: TainState) -> TainState:
    names = state.names
    tokens = [t for t in state.fk if t is not None]
    key = tuple(sorted(k for _, k in tokens))
    winners = FK_OUTCOME[key]
    order = {seat: i for i, seat in enumerate(state.seat_order())}
    clans = list(state.clans)
    cows = state.fk_cows
    results = []
    matchups = []
    # Winners take their cow clockwise from the active player while the kingdom has any.
    for owner, kind in sorted(tokens, key=lambda t: order[t[0]]):
        clans[owner] = discard_token(clans[owner], kind)
        if kind in winners:
            if cows > 0:
                cows -= 1
                clans[owner], fields = draft(clans[owner])
                fields["loot_cows"] += 1
                results.append(f"{names[owner]}'s {kind.label} takes a cow")
                result = "cow"
            else:
                results.append(f"{names[owner]}'s {kind.label} finds the pasture empty")
                result = "empty"
        else:
            results.append(f"{names[owner]}'s {kind.label} is beaten by the chieftain and takes nothing")
            result = "beaten"
        matchups.append((-1, state.fk.index((owner, kind)), (owner, kind), None, result, None))
    text = "Foreign kingdom: " + "; ".join(results) + "."
    new, changes = draft(state)
    log = state.log
    changes.update(clans=tuple(clans), fk=EMPTY_FK, fk_cows=cows, last=tuple(matchups))
    changes["log"] = log.add(public(text, step=True))
    changes["news_from"] = len(log)
    follow(state, new)
    return new


@lru_cache(maxsize=4096)
def _matchup(names: tuple[str, ...], board: int, entrance: int, scout: Token, guard: Token | None) -> str:
    """The start of an entrance's log line (who meets whom, where), built once per names and tokens."""
    head = f"{names[scout[0]]}'s {scout[1].label} at {where(names[board], entrance)}"
    return head + (f", against a {guard[1].label}" if guard is not None else ", unguarded")


def resolve_entrance(state: TainState, board: int, entrance: int) -> TainState:
    """One entrance of one board: the matchup, captures, then the spoils of a success.

    The board owner's and the raider's clans are copied once each and filled in, then the state
    (`state.draft`; raid steps are a hot path of random playouts). The log line follows from the
    match-up and its result (`entrance_line`, worded once per seat names and match-up)."""
    attrs = state.__dict__
    scout_row, guard_row = attrs["scouts"][board], attrs["guards"][board]
    scout, guard = scout_row[entrance], guard_row[entrance]
    assert scout is not None
    raider, scout_kind = scout
    success, capture = OUTCOME[scout_kind][guard[1] if guard else None]
    clans = list(attrs["clans"])
    owner, o = draft(clans[board])
    thief, t = draft(clans[raider])
    new, changes = draft(state)
    result, prize = "fail", None
    if capture == "scout":
        result, prize = "captured", scout
        o["loot_captives"] = (*owner.loot_captives, scout)
    else:
        t["discard"] = add_kind(thief.discard, scout_kind)
    if guard is not None:
        if capture == "guard":
            t["loot_captives"] = (*thief.loot_captives, guard)
            result, prize = "kidnapped", guard
        else:
            o["discard"] = add_kind(owner.discard, guard[1])
        changes["guards"] = _emptied(changes["guards"], board, entrance)
    if not success:
        pass
    elif not is_house(entrance):
        if owner.cows == 0:
            result = "empty"
        else:
            o["cows"] = owner.cows - 1
            t["loot_cows"] = thief.loot_cows + 1
            result = "cow"
    else:
        kinds = sorted({k for o_, k in owner.captives if o_ == raider})
        if len(kinds) > 1:
            changes.update(phase=PHASE.CHOOSE, current=raider, choice_board=board)
            result = "choose"
        elif kinds:
            _free(o, t, raider, kinds[0])
            result, prize = "freed", (raider, kinds[0])
        elif owner.jewels == 0:
            result = "empty"
        else:
            o["jewels"] = owner.jewels - 1
            t["loot_jewels"] = thief.loot_jewels + 1
            result = "jewel"
    clans[board] = owner
    clans[raider] = thief
    log = state.log
    matchup = (board, entrance, scout, guard, result, prize)
    changes["clans"] = tuple(clans)
    changes["scouts"] = _emptied(changes["scouts"], board, entrance)
    changes["log"] = log.add(entrance_line(state.names, matchup))
    changes["news_from"] = len(log)
    changes["last"] = (matchup,)
    follow(state, new)
    return new


def _emptied(rows: tuple[Slots, ...], board: int, entrance: int) -> tuple[Slots, ...]:
    """The rows of slots with one slot emptied."""
    out = list(rows)
    row = list(out[board])
    row[entrance] = None
    out[board] = tuple(row)
    return tuple(out)


@lru_cache(maxsize=8192)
def entrance_line(names: tuple[str, ...], matchup: Matchup) -> LogEntry:
    """The log line of one entrance's match-up, from the match-up and its result (`Matchup`):
    who met whom where, then what came of it."""
    board, entrance, scout, guard, result, prize = matchup
    assert scout is not None
    raider = names[scout[0]]
    if result == "captured":
        tail = f"fails, and {names[board]} captures the {scout[1].label}"
    elif result == "kidnapped":
        tail = f"fails, but {raider} kidnaps {names[board]}'s daughter"
    elif result == "empty":
        tail = "gets in, but the house has no jewel left" if is_house(entrance) else "gets in, but the pasture is empty"
    elif result == "choose":
        tail = f"gets in and must free a captive; {raider} chooses which"
    elif result == "freed":
        assert prize is not None
        tail = f"frees {raider}'s captive {prize[1].label} (no jewel)"
    else:
        tail = {"fail": "fails", "cow": "takes a cow", "jewel": "takes a jewel"}[result]
    return public(f"{_matchup(names, board, entrance, scout, guard)}: {tail}.", step=True)


def _free(owner: dict[str, Any], raider: dict[str, Any], seat: int, kind: Kind) -> None:
    """Move the raider's captive of that kind from the board owner's house to its discard pile:
    `owner` and `raider` are the fields of the two clans' drafts."""
    captives = list(owner["captives"])
    captives.remove((seat, kind))
    owner["captives"] = tuple(captives)
    raider["discard"] = add_kind(raider["discard"], kind)


def _free_into(clans: list[Clan], raider: int, board: int, kind: Kind) -> None:
    """Move the raider's captive of that kind from the board owner's house to its discard pile."""
    captives = list(clans[board].captives)
    captives.remove((raider, kind))
    clans[board] = evolve(clans[board], captives=tuple(captives))
    clans[raider] = discard_token(clans[raider], kind)


def free_choice(state: TainState, seat: int | None, kind: Kind) -> TainState:
    """The raider picks which own captive to free (spec R7)."""
    if state.phase is not PHASE.CHOOSE:
        raise IllegalAction("There is no captive to choose now.")
    if seat != state.current:
        raise IllegalAction(f"{state.names[state.current]} chooses which captive to free.")
    board = state.choice_board
    if (state.current, kind) not in state.clans[board].captives:
        raise IllegalAction(f"You have no captive {kind.label} in {state.names[board]}'s house.")
    clans = list(state.clans)
    _free_into(clans, seat, board, kind)
    entries = (public(f"{state.names[seat]} frees the captive {kind.label} (no jewel).", step=True),)
    last = tuple((b, e, s, g, "freed", (seat, kind)) for b, e, s, g, _r, _p in state.last)
    return evolve(
        state,
        clans=tuple(clans),
        phase=PHASE.RAID,
        choice_board=-1,
        current=state.active,
        log=state.log + entries,
        news_from=len(state.log),
        last=last,
    )


def table_step(state: TainState, seat: int | None) -> TainState:
    """Advance the public raid by one step."""
    if state.phase not in (PHASE.REVEAL, PHASE.RAID):
        raise IllegalAction("There is no raid step to take now.")
    if seat is not None:
        raise IllegalAction("The raid is advanced by the table, not by one seat.")
    return raid_step(state)


def raid_step(state: TainState) -> TainState:
    """`table_step` without the checks: for a step `legal` offered the table now."""
    if state.phase is PHASE.REVEAL:
        return reveal(state)
    kind, board, entrance = upcoming(state)
    if kind == "fk":
        return resolve_fk(state)
    if kind == "entrance":
        return resolve_entrance(state, board, entrance)
    return dawn(state)
