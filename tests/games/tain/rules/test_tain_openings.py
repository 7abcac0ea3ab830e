"""The free-slot bitmasks kept with the slots (`openings`) and what scouting reads from them: on
every state of seeded games they match the slots, and the placements, `can_place` and
`guards_only` read from them are those of the plain statements (every placement asked of
`placement_error`; free slots found by walking every slot). Also the entrance lines worded from
the match-up alone, against the wording from the state."""

from __future__ import annotations

import itertools
import pickle

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import GUARDS, RAIDS, SCOUTS, Place
from boardgames_tui.games.tain.rules.components import ENTRANCES, KINDS, OUTCOME, is_house
from boardgames_tui.games.tain.rules.openings import free_guards, free_scouts
from boardgames_tui.games.tain.rules.raid_order import next_step
from boardgames_tui.games.tain.rules.scouting import (
    can_place,
    can_raid,
    guards_only,
    placement_error,
    placements,
)
from boardgames_tui.games.tain.rules.state import Phase, TainState


def plain_placements(state: TainState, seat: int) -> list[Place]:
    """Every placement `placement_error` accepts, in the order `legal` lists them: the seat's own
    entrances, then the other boards' from seat 0, entrances in board order, kinds in order at
    each; then the raids."""
    spots = [GUARDS[(k, seat, e)] for e in range(ENTRANCES) for k in KINDS]
    spots += [SCOUTS[(k, b, e)] for b in range(state.players) if b != seat for e in range(ENTRANCES) for k in KINDS]
    spots += [RAIDS[k] for k in KINDS]
    return [a for a in spots if placement_error(state, seat, a) is None]


def plain_guards_only(state: TainState, seat: int) -> bool:
    """Every seat still placing (and `seat`) can only guard: no free scout slot on a board not its
    own, and no room for it in the kingdom."""
    for s, clan in enumerate(state.clans):
        if s != seat and clan.passed:
            continue
        if any(None in row for board, row in enumerate(state.scouts) if board != s):
            return False
        if can_raid(state, s):
            return False
    return True


def _scouting_states(players: int, seed: int) -> list[TainState]:
    return [s for s in random_states(GAME, players, seed) if s.phase is Phase.SCOUT]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_free_slot_masks_carried_from_placement_to_placement_match_the_slots(players: int, seed: int) -> None:
    for state in random_states(GAME, players, seed):
        for masks, rows in ((free_guards(state), state.guards), (free_scouts(state), state.scouts)):
            assert masks == sum(1 << 5 * b + e for b, row in enumerate(rows) for e, t in enumerate(row) if t is None)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23), (4, 24)])
def test_placements_can_place_and_guards_only_read_as_the_plain_statements(players: int, seed: int) -> None:
    states = _scouting_states(players, seed)
    assert len(states) > 50
    for state in states:
        seat = state.current
        expected = plain_placements(state, seat)
        assert placements(state, seat) == expected
        assert GAME.legal(state, seat) == [*expected, GAME.legal(state, seat)[-1]]
        assert can_place(state, seat) == bool(expected)
        for other in range(players):
            assert guards_only(state, other) == plain_guards_only(state, other)


def test_a_pickled_state_leaves_the_masks_out_and_works_them_out_again() -> None:
    state = _scouting_states(3, 31)[10]
    masks = free_scouts(state)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and not any(k.startswith("_field_memo_") for k in copy.__dict__)
    assert free_scouts(copy) == masks


def plain_entrance_tail(state: TainState, board: int, entrance: int) -> str:
    """How an entrance's line ends, worded from the state before the step as the rule plays it:
    captures first, then the spoils of a success."""
    names = state.names
    scout, guard = state.scouts[board][entrance], state.guards[board][entrance]
    assert scout is not None
    raider, kind = scout
    success, capture = OUTCOME[kind][guard[1] if guard else None]
    owner = state.clans[board]
    tail = "fails"
    if capture == "scout":
        tail = f"fails, and {names[board]} captures the {kind.label}"
    if guard is not None and capture == "guard":
        tail = f"fails, but {names[raider]} kidnaps {names[board]}'s daughter"
    if success and not is_house(entrance):
        tail = "takes a cow" if owner.cows else "gets in, but the pasture is empty"
    elif success:
        kinds = sorted({k for o, k in owner.captives if o == raider})
        if len(kinds) > 1:
            tail = f"gets in and must free a captive; {names[raider]} chooses which"
        elif kinds:
            tail = f"frees {names[raider]}'s captive {kinds[0].label} (no jewel)"
        else:
            tail = "takes a jewel" if owner.jewels else "gets in, but the house has no jewel left"
    return tail


@pytest.mark.parametrize(("players", "seed"), [(2, 41), (3, 42), (4, 43), (4, 44)])
def test_entrance_lines_worded_from_the_match_up_read_as_worded_from_the_state(players: int, seed: int) -> None:
    """`entrance_line` words a line from the match-up and its result alone (once per names and
    match-up); every entrance of seeded games reads as worded from the state before the step."""
    seen = set()
    for before, after in itertools.pairwise(random_states(GAME, players, seed)):
        if before.phase is not Phase.RAID or next_step(before)[0] != "entrance":
            continue
        _, board, entrance = next_step(before)
        line = after.log[-1]
        assert line.step and line.text.endswith(f": {plain_entrance_tail(before, board, entrance)}.")
        assert line.text.startswith(f"{before.names[before.scouts[board][entrance][0]]}'s ")
        seen.add(after.last[0][4])
    assert {"cow", "fail"} <= seen


@pytest.mark.parametrize(("players", "seed"), [(2, 51), (3, 52), (4, 53)])
def test_the_search_s_apply_legal_gives_apply_s_states_for_every_legal_action(players: int, seed: int) -> None:
    """`apply_legal` (the search's moves) skips the checks of a placement or raid step `legal`
    offered; for every legal action of seeded games it gives the state `apply` gives."""
    checked = 0
    for state in random_states(GAME, players, seed)[::3]:
        decision = GAME.to_act(state)
        if decision is None:
            continue
        for seat in decision.seats or (None,):
            for action in GAME.legal(state, seat):
                after = GAME.apply_legal(state, seat, action)
                assert after == GAME.apply(state, seat, action)
                assert free_guards(after) == free_guards(pickle.loads(pickle.dumps(after)))
                assert free_scouts(after) == free_scouts(pickle.loads(pickle.dumps(after)))
                checked += 1
    assert checked > 500
