"""The raid phase: reveal, bluffs, the foreign kingdom, every entrance matchup, shortages, captives."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import FREES
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.state import Phase
from tests.games.tain.scenario import A, B, P, holdings, raid, resolve, step, steps_text, table

# Rulebook matchups written out independently of the data table: (success, who is taken).
MATCHUPS = {
    ("b", None): (True, None),
    ("b", "x"): (True, None),
    ("b", "b"): (False, None),
    ("b", "w"): (False, "boy captured"),
    ("b", "c"): (False, None),
    ("b", "d"): (False, None),
    ("w", None): (True, None),
    ("w", "x"): (True, None),
    ("w", "b"): (True, None),
    ("w", "w"): (False, None),
    ("w", "c"): (False, None),
    ("w", "d"): (False, "daughter kidnapped"),
    ("c", None): (True, None),
    ("c", "x"): (True, None),
    ("c", "b"): (True, None),
    ("c", "w"): (True, None),
    ("c", "c"): (False, None),
    ("c", "d"): (False, None),
}


@pytest.mark.parametrize(("scout", "guard"), list(MATCHUPS), ids=[f"{s}-vs-{g}" for s, g in MATCHUPS])
def test_raid_table_every_matchup_at_a_pasture(scout: str, guard: str | None) -> None:
    success, taken = MATCHUPS[(scout, guard)]
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:{scout}", guard)}})
    state = resolve(state, through_dawn=True)
    assert state.clans[P].cows == 5 + success
    assert state.clans[A].cows == 5 - success
    p_discard, a_discard = state.clans[P].discard_total, state.clans[A].discard_total
    if taken == "boy captured":
        assert state.clans[A].captives == ((P, Kind.BOY),)
        assert p_discard == 0 and a_discard == 1
    elif taken == "daughter kidnapped":
        assert state.clans[P].captives == ((A, Kind.DAUGHTER),)
        assert p_discard == 1 and a_discard == 0
    else:
        assert state.clans[A].captives == () and state.clans[P].captives == ()
        assert p_discard == 1 and a_discard == (guard is not None)
    GAME.check_invariants(state)


@pytest.mark.parametrize("scout", ["b", "w", "c"])
def test_successful_house_raid_takes_a_jewel(scout: str) -> None:
    state = raid(table(active=P), {A: {"house 2": (f"{P}:{scout}", None)}})
    state = resolve(state, through_dawn=True)
    assert (state.clans[P].jewels, state.clans[A].jewels) == (4, 2)
    assert state.clans[P].cows == 5


def test_a_scouting_bluff_does_nothing_and_a_lone_guard_just_goes_to_discard() -> None:
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:x", "c"), "house 1": (None, "w")}})
    state = resolve(state, through_dawn=True)
    assert [c.cows for c in state.clans] == [5, 5, 5]
    assert state.clans[P].discard[Kind.BLUFF] == 1
    assert state.clans[A].discard_total == 2


def test_step_sentences_follow_the_raid_one_entrance_at_a_time() -> None:
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:c", None), "pasture 2": (f"{P}:b", "w")}})
    revealed = step(state)
    assert revealed.phase is Phase.RAID
    assert all(e.step and e.audience is None for e in revealed.log[len(state.log) :])
    decision = GAME.to_act(revealed)
    assert decision is not None and decision.kind is DecisionKind.STEP
    assert decision.prompt == "Resolve Arthur's pasture, entrance 1"
    first = step(revealed)
    assert steps_text(revealed, first) == [
        "Patrick's chieftain at Arthur's pasture, entrance 1, unguarded: takes a cow."
    ]
    second = step(first)
    assert steps_text(first, second) == [
        "Patrick's boy at Arthur's pasture, entrance 2, against a warrior: fails, and Arthur captures the boy."
    ]
    assert GAME.reveals(first, None, GAME.legal(first, None)[0])


def test_rulebook_example_arthurs_board_oracle_O2() -> None:
    state = raid(
        table(active=P),
        {
            A: {
                "pasture 1": (f"{P}:c", "x"),
                "pasture 2": (f"{P}:b", "w"),
                "pasture 3": (f"{B}:b", "b"),
                "house 1": (f"{B}:w", "b"),
                "house 2": (None, "c"),
            }
        },
    )
    state = resolve(state, through_dawn=True)
    arthur = state.clans[A]
    assert (arthur.cows, arthur.jewels, arthur.captives) == (4, 2, ((P, Kind.BOY),))
    assert state.clans[P].cows == 6 and state.clans[B].jewels == 4
    assert [c.discard_total for c in state.clans] == [1, 2, 5]
    assert arthur.discard[Kind.BLUFF] == 1


@pytest.mark.parametrize(
    ("fk", "fk_cows", "active", "cows_won", "fk_after"),
    [
        ([(A, "w"), (B, "c")], 10, P, {B: 1}, 9),
        ([(B, "w"), (A, "w")], 1, P, {B: 1}, 0),
        ([(P, "c"), (A, "c")], 2, P, {P: 1, A: 1}, 0),
        ([(A, "w")], 0, P, {}, 0),
        ([(A, "c")], 10, P, {A: 1}, 9),
        ([(A, "x"), (B, "w")], 10, P, {B: 1}, 9),
        ([(A, "x")], 10, P, {}, 10),
    ],
    ids=[
        "chieftain-beats-warrior",
        "shortage-first-left-of-active",
        "two-chieftains",
        "empty-kingdom",
        "single-chieftain",
        "bluff-removed",
        "only-a-bluff",
    ],
)
def test_foreign_kingdom_cases_oracle_O3(
    fk: list[tuple[int, str]], fk_cows: int, active: int, cows_won: dict[int, int], fk_after: int
) -> None:
    state = table(active=active)
    state = holdings(state, P, cows=5 + (10 - fk_cows))  # park spare cows with Patrick
    start = [c.cows for c in state.clans]
    state = raid(state, fk=fk)
    state = resolve(state, through_dawn=True)
    assert state.fk_cows == fk_after
    assert [c.cows - s for c, s in zip(state.clans, start, strict=True)] == [cows_won.get(i, 0) for i in range(3)]
    for owner, _ in fk:
        assert state.clans[owner].discard_total == 1


def test_warrior_beaten_by_chieftain_in_the_kingdom_is_told_in_words() -> None:
    state = step(raid(table(active=P), fk=[(A, "w"), (B, "c")]))
    after = step(state)
    assert steps_text(state, after) == [
        "Foreign kingdom: Brigitte's chieftain takes a cow; Arthur's warrior is beaten by the chieftain and "
        "takes nothing."
    ]


@pytest.mark.parametrize(("active", "winner"), [(A, P), (B, B)])
def test_oracle_O4_shortage_at_a_house_first_raider_from_the_active_player(active: int, winner: int) -> None:
    state = holdings(table(active=active), A, jewels=1)
    state = raid(state, {A: {"house 1": (f"{P}:c", None), "house 2": (f"{B}:c", None)}})
    state = resolve(state, through_dawn=True)
    assert state.clans[A].jewels == 0
    assert [state.clans[s].jewels - 3 for s in (P, B)] == [int(winner == P), int(winner == B)]


@pytest.mark.parametrize(("active", "p_gain", "b_gain"), [(B, 0, 2), (P, 1, 1)])
def test_oracle_O4_shortage_at_a_pasture_each_raider_takes_all_their_spoils_in_turn(
    active: int, p_gain: int, b_gain: int
) -> None:
    state = holdings(table(active=active), A, cows=2)
    state = raid(
        state, {A: {"pasture 1": (f"{P}:c", None), "pasture 2": (f"{B}:c", None), "pasture 3": (f"{B}:w", None)}}
    )
    state = resolve(state, through_dawn=True)
    assert (state.clans[P].cows - 5, state.clans[B].cows - 5, state.clans[A].cows) == (p_gain, b_gain, 0)


def test_oracle_O5_a_successful_house_raid_frees_the_captive_instead_of_a_jewel() -> None:
    state = holdings(table(active=P), B, captives=[(P, "b")])
    state = raid(state, {B: {"house 1": (f"{P}:c", "b"), "house 2": (f"{P}:w", "c")}})
    state = resolve(state, through_dawn=True)
    assert state.clans[B].captives == () and state.clans[B].jewels == 3
    assert state.clans[P].discard[Kind.BOY] == 1 and state.clans[P].jewels == 3


def test_oracle_O5_two_successes_free_the_captive_first_then_take_a_jewel() -> None:
    state = holdings(table(active=P), B, captives=[(P, "b")])
    state = raid(state, {B: {"house 1": (f"{P}:c", "b"), "house 2": (f"{P}:w", None)}})
    state = resolve(state, through_dawn=True)
    assert state.clans[B].captives == () and state.clans[B].jewels == 2
    assert state.clans[P].jewels == 4


def test_rulebook_example_freeing_a_captive_gives_no_jewel_even_when_the_house_is_unguarded() -> None:
    state = holdings(table(active=B), B, captives=[(P, "b")])
    state = raid(state, {B: {"house 2": (f"{P}:b", None)}})
    before = resolve(state)
    assert before.clans[B].jewels == 3 and before.clans[P].loot_jewels == 0
    assert "frees Patrick's captive boy (no jewel)" in before.log[-1].text


def test_oracle_O5_raider_chooses_which_captive_to_free_in_public() -> None:
    state = holdings(table(active=P), B, captives=[(P, "b"), (P, "d")])
    state = raid(state, {B: {"house 1": (f"{P}:c", None)}})
    state = resolve(state)
    assert state.phase is Phase.CHOOSE
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.TURN and decision.public
    assert decision.seats == (P,)
    assert set(GAME.legal(state, P)) == {FREES[Kind.BOY], FREES[Kind.DAUGHTER]}
    with pytest.raises(IllegalAction):
        GAME.apply(state, B, FREES[Kind.DAUGHTER])
    with pytest.raises(IllegalAction, match="no captive warrior"):
        GAME.apply(state, P, FREES[Kind.WARRIOR])
    state = GAME.apply(state, P, FREES[Kind.DAUGHTER])
    assert state.clans[B].captives == ((P, Kind.BOY),)
    assert state.clans[P].discard[Kind.DAUGHTER] == 1
    state = resolve(state, through_dawn=True)
    GAME.check_invariants(state)


def test_oracle_O5_a_boy_captured_this_turn_cannot_be_freed_this_turn() -> None:
    # Patrick raids Brigitte's house the same turn his boy is caught at her pasture.
    state = raid(table(active=B), {B: {"pasture 1": (f"{P}:b", "w"), "house 1": (f"{P}:c", None)}})
    state = resolve(state, through_dawn=True)
    assert state.clans[B].captives == ((P, Kind.BOY),)
    assert state.clans[P].jewels == 4


def test_nobody_frees_another_clans_captive() -> None:
    state = holdings(table(active=P), B, captives=[(A, "b")])
    state = raid(state, {B: {"house 1": (f"{P}:c", None)}})
    state = resolve(state, through_dawn=True)
    assert state.clans[B].captives == ((A, Kind.BOY),)
    assert state.clans[P].jewels == 4


def test_plunder_won_this_turn_cannot_be_stolen_this_turn_R8() -> None:
    # Brigitte's pasture is empty but she wins a cow in the kingdom; Patrick's raid finds nothing.
    state = holdings(table(active=P), B, cows=0)
    state = raid(state, {B: {"pasture 1": (f"{A}:c", None)}}, fk=[(B, "c")])
    state = resolve(state)
    assert state.clans[B].loot_cows == 1 and state.clans[B].cows == 0
    assert state.clans[A].loot_cows == 0
    assert "the pasture is empty" in state.log[-1].text
    state = resolve(state, through_dawn=True)
    assert state.clans[B].cows == 1 and state.clans[B].loot_cows == 0


def test_boards_resolve_clockwise_from_the_active_player() -> None:
    state = raid(
        table(active=B),
        {P: {"pasture 1": (f"{A}:c", None)}, B: {"pasture 1": (f"{P}:c", None)}, A: {"pasture 1": (f"{B}:c", None)}},
    )
    state = step(state)
    order = []
    for _ in range(3):
        before = state
        state = step(state)
        order.append(steps_text(before, state)[0].split(" at ")[1].split("'s")[0])
    assert order == ["Brigitte", "Arthur", "Patrick"]


def test_raid_steps_are_table_actions_only() -> None:
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:c", None)}})
    with pytest.raises(IllegalAction, match="table"):
        GAME.apply(state, P, GAME.legal(state, None)[0])
    assert GAME.legal(state, P) == []
