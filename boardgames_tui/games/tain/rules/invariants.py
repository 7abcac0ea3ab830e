"""The conservation checks fuzzing runs after every action: tokens, cows and jewels are neither
lost nor duplicated, and every token stands where its kind may stand."""

from __future__ import annotations

from boardgames_tui.games.tain.rules.components import (
    CAN_RAID,
    CAN_SCOUT,
    COWS_TOTAL,
    JEWELS_TOTAL,
    KINDS,
    TOKEN_COUNTS,
    TURNS,
    Kind,
)
from boardgames_tui.games.tain.rules.state import NO_TOKENS, PHASE, TainState, placed


def check_invariants(state: TainState) -> None:
    """Conservation of tokens, cows and jewels, and where each token may stand."""
    n = state.players
    counts = [list(NO_TOKENS) for _ in range(n)]
    for seat, clan in enumerate(state.clans):
        assert min(clan.screen) >= 0 and min(clan.discard) >= 0, f"negative token count for seat {seat}"
        assert clan.cows >= 0 and clan.jewels >= 0
        for k in KINDS:
            counts[seat][k] += clan.screen[k] + clan.discard[k]
        for owner, kind in clan.captives + clan.loot_captives:
            assert owner != seat, "a clan holds its own token captive"
            assert kind in (Kind.BOY, Kind.DAUGHTER), f"a {kind.label} cannot be a captive"
            counts[owner][kind] += 1
        if state.phase is PHASE.SCOUT:
            assert not (clan.loot_cows or clan.loot_jewels or clan.loot_captives), "plunder left over"
    fk_owners = [t[0] for t in state.fk if t is not None]
    assert len(fk_owners) == len(set(fk_owners)), "a clan has two tokens in the foreign kingdom"
    for area, board, _, (owner, kind) in placed(state):
        counts[owner][kind] += 1
        if area == "r":
            assert kind in CAN_RAID, f"a {kind.label} raids the foreign kingdom"
        elif area == "g":
            assert owner == board, "a token guards another clan's board"
        else:
            assert owner != board and kind in CAN_SCOUT, "bad scout"
    for seat in range(n):
        assert tuple(counts[seat]) == TOKEN_COUNTS, f"seat {seat} tokens {counts[seat]} != {TOKEN_COUNTS}"
    cows = state.fk_cows + sum(c.cows + c.loot_cows for c in state.clans)
    assert cows == COWS_TOTAL, f"{cows} cows instead of {COWS_TOTAL}"
    jewels = state.jewels_in_box + sum(c.jewels + c.loot_jewels for c in state.clans)
    assert jewels == JEWELS_TOTAL, f"{jewels} jewels instead of {JEWELS_TOTAL}"
    assert 1 <= state.turn <= TURNS
    if state.phase is PHASE.SCOUT:
        assert not state.clans[state.current].passed, "the seat to act has passed"
