"""Secrets: face-down kinds, screens and discard piles; the log; resampling; action text forms."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import CODEC, EVERY_ACTION, FREES, GUARDS, PASS, RAIDS, SCOUTS, STEP
from boardgames_tui.games.tain.rules.components import TOKEN_COUNTS, Kind
from tests.games.tain.scenario import A, B, P, at_turn, holdings, play, raid, resolve, step, table


def test_a_scouts_kind_is_hidden_from_the_board_owner_until_the_reveal() -> None:
    state = play(table(active=P), (P, "cs1.0"))
    mine, hers, public = GAME.view(state, P), GAME.view(state, B), GAME.view(state, None)
    assert mine.clans[B].scouts[0].kind is Kind.CHIEFTAIN
    assert hers.clans[B].scouts[0].kind is None and hers.clans[B].scouts[0].owner == P
    assert public.clans[B].scouts[0] == hers.clans[B].scouts[0]
    assert hers.clans[P].screen is None and hers.clans[P].screen_count == 17
    assert mine.clans[P].screen == (0, 2, 6, 1, 8)


def test_the_placement_log_names_the_slot_but_only_the_placer_reads_the_kind() -> None:
    state = play(table(active=P), (P, "cs1.0"))
    for_b = [e.text for e in state.log if e.visible_to(B)]
    for_p = [e.text for e in state.log if e.visible_to(P)]
    assert for_b[-1] == "Patrick placed a token to scout at Brigitte's pasture, entrance 1."
    assert not any("chieftain" in line for line in for_b)
    assert for_p[-1] == "(You placed your chieftain there.)"
    label = GAME.describe(state, B, GUARDS[(Kind.BOY, B, 2)], A)
    assert label == "Brigitte places a token at Brigitte's pasture, entrance 3"


def test_the_reveal_makes_every_kind_public_and_the_end_shows_every_screen() -> None:
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:c", "w")}})
    assert GAME.view(state, B).clans[A].scouts[0].kind is None
    state = step(state)
    assert GAME.view(state, B).clans[A].scouts[0].kind is Kind.CHIEFTAIN
    assert GAME.view(state, None).clans[A].guards[0].kind is Kind.WARRIOR
    assert GAME.view(state, None).clans[P].discard is None
    end = resolve(raid(at_turn(table(active=P), 8)), through_dawn=True)
    final = GAME.view(end, None)
    assert final.over and final.clans[B].screen == TOKEN_COUNTS and final.clans[B].discard is not None


def test_resample_redraws_other_clans_face_down_kinds_but_never_the_viewers_own() -> None:
    state = play(table(active=P), (P, "cs1.0"), (B, "ws0.3"), (A, "xr"))
    kinds_seen = set()
    for seed in range(30):
        other = GAME.resample(state, P, seed)
        assert GAME.view(other, P) == GAME.view(state, P)
        assert other.scouts[B][0] == (P, Kind.CHIEFTAIN)
        kinds_seen.add(other.scouts[P][3][1])
        assert other.fk[0] is not None and other.fk[0][1] in (Kind.CHIEFTAIN, Kind.WARRIOR, Kind.BLUFF)
        GAME.check_invariants(other)
    assert len(kinds_seen) > 1
    assert Kind.DAUGHTER not in kinds_seen


def test_resample_after_a_refill_keeps_counts_and_conservation() -> None:
    state = resolve(raid(table(active=P), {A: {"pasture 1": (f"{P}:c", "w")}}), through_dawn=True)
    other = GAME.resample(state, B, 4)
    GAME.check_invariants(other)
    assert [c.screen_total for c in other.clans] == [c.screen_total for c in state.clans]
    assert other.clans[B] == state.clans[B]


def test_every_action_survives_encode_and_decode() -> None:
    actions = [PASS, STEP, *RAIDS.values(), *GUARDS.values(), *SCOUTS.values(), *FREES.values()]
    for action in actions:
        assert CODEC.decode(GAME.encode(action)) == action
    assert GAME.encode(SCOUTS[(Kind.BOY, 2, 4)]) == "bs2.4"


def test_the_game_reads_every_action_as_the_codec_does() -> None:
    for action in EVERY_ACTION:
        text = CODEC.encode(action)
        assert GAME.decode(text) is CODEC.decode(text) is action


@pytest.mark.parametrize("text", ["", "zz", "cg", "cg9.9", "cs1", "free-", "free-q", "passes", "wr2", "cq1.1"])
def test_malformed_action_text_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.decode(text)


def test_placements_reveal_nothing_but_raid_steps_do() -> None:
    state = table(active=P)
    assert not GAME.reveals(state, P, CODEC.decode("cs1.0"))
    assert not GAME.reveals(state, P, PASS)
    assert GAME.reveals(raid(state), None, STEP)


def test_a_move_that_forces_another_seat_to_pass_counts_as_revealing() -> None:
    # Brigitte fills her guard slots with boys and keeps only her daughter, who may go nowhere
    # else: whatever Patrick does next makes her pass, which tells him what she holds.
    state = holdings(table(players=2, active=B), B, screen={"b": 5, "d": 1})
    for e in range(4):
        state = play(state, (B, f"bg1.{e}"), (P, f"xg0.{e}"))
    state = play(state, (B, "bg1.4"))
    assert state.current == P
    assert GAME.reveals(state, P, CODEC.decode("xg0.4"))
    assert GAME.reveals(state, P, PASS)
    after = play(state, (P, "xg0.4"))
    assert after.clans[B].passed and after.current == P
