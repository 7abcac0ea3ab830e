"""Set-up and the scouting phase: who places where, passing, forced passes, fast guarding."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import CODEC
from boardgames_tui.games.tain.rules.components import TOKEN_COUNTS, Kind
from boardgames_tui.games.tain.rules.state import Phase
from tests.games.tain.scenario import A, B, P, holdings, legal_codes, play, table


@pytest.mark.parametrize(("players", "fk_cows", "box"), [(2, 15, 6), (3, 10, 3), (4, 5, 0)])
def test_setup_gives_each_clan_18_tokens_5_cows_3_jewels_and_the_rest_to_the_kingdom(
    players: int, fk_cows: int, box: int
) -> None:
    state = GAME.setup([f"S{i}" for i in range(players)], {}, 3)
    assert state.fk_cows == fk_cows and state.jewels_in_box == box
    for clan in state.clans:
        assert clan.screen == TOKEN_COUNTS and sum(clan.screen) == 18
        assert (clan.cows, clan.jewels, clan.captives) == (5, 3, ())
    assert state.turn == 1 and state.phase is Phase.SCOUT
    assert state.current == state.active
    GAME.check_invariants(state)


def test_first_active_player_is_drawn_from_the_seed_R2() -> None:
    actives = {GAME.setup(["a", "b", "c", "d"], {}, seed).active for seed in range(40)}
    assert actives == {0, 1, 2, 3}
    assert GAME.setup(["a", "b"], {}, 9) == GAME.setup(["a", "b"], {}, 9)


def test_player_count_outside_2_to_4_is_refused_R1() -> None:
    with pytest.raises(ValueError):
        GAME.setup(["solo"], {}, 1)
    with pytest.raises(ValueError):
        GAME.setup(list("abcde"), {}, 1)


def test_rulebook_scouting_example_turn_order_and_one_raider_per_clan() -> None:
    state = table(active=P)
    # Patrick scouts Brigitte's pasture; she guards that entrance; Arthur raids the kingdom.
    state = play(state, (P, "bs1.0"), (B, "wg1.0"), (A, "wr"))
    assert legal_codes(state, P) >= {"cr", "wr", "xr"}
    assert not any(code.endswith("r") for code in legal_codes(play(state, (P, "bs2.3"), (B, "xr")), A))
    # Patrick scouts Arthur's house; Brigitte takes the second kingdom slot.
    state = play(state, (P, "bs2.3"), (B, "xr"))
    assert state.current == A
    state = play(state, (A, "xs0.4"))
    # Now Patrick cannot raid at all: both slots are taken.
    assert state.current == P
    assert not any(code.endswith("r") for code in legal_codes(state, P))
    with pytest.raises(IllegalAction, match="Both foreign kingdom slots"):
        play(state, (P, "wr"))
    assert [e.text for e in state.log if e.audience is None][-3:] == [
        "Patrick placed a token to scout at Arthur's house, entrance 1.",
        "Brigitte placed a token to raid at the foreign kingdom.",
        "Arthur placed a token to scout at Patrick's house, entrance 2.",
    ]


@pytest.mark.parametrize(
    ("seat", "code", "reason"),
    [
        (P, "ds1.0", "daughter never goes scouting"),
        (P, "dr", "daughter can never raid"),
        (P, "br", "boy can never raid"),
        (P, "cs0.0", "cannot scout your own board"),
        (P, "cg1.0", "guard only the entrances of your own board"),
    ],
)
def test_oracle_O7_illegal_placements_are_refused(seat: int, code: str, reason: str) -> None:
    state = table(active=P)
    with pytest.raises(IllegalAction, match=reason):
        play(state, (seat, code))


def test_oracle_O7_second_kingdom_token_refused_even_a_bluff() -> None:
    state = play(table(active=P), (P, "xr"), (B, "bg1.0"), (A, "bg2.0"))
    with pytest.raises(IllegalAction, match="already have a token in the foreign kingdom"):
        play(state, (P, "cr"))


def test_oracle_O7_occupied_slots_are_refused() -> None:
    state = play(table(active=P), (P, "bs1.0"), (B, "bg1.0"), (A, "bs1.1"))
    with pytest.raises(IllegalAction, match="already scouting"):
        play(state, (P, "cs1.0"))
    state = play(state, (P, "bg0.2"), (B, "xg1.3"), (A, "xg2.0"))
    with pytest.raises(IllegalAction, match="already guarded"):
        play(state, (P, "cg0.2"))


def test_oracle_O7_no_placement_after_passing_and_passed_seats_are_skipped_R3() -> None:
    state = play(table(active=P), (P, "pass"))
    assert state.clans[P].passed and state.current == B
    state = play(state, (B, "bg1.0"), (A, "bg2.0"))
    assert state.current == B, "Patrick has passed, so Brigitte follows Arthur"
    with pytest.raises(IllegalAction):
        play(state, (P, "bg0.0"))
    assert "pass" not in {c for c in legal_codes(state, P)}


def test_placement_out_of_turn_is_refused_and_state_unchanged() -> None:
    state = table(active=B)
    with pytest.raises(IllegalAction, match="Brigitte's turn"):
        GAME.apply(state, P, CODEC.decode("bg0.0"))
    assert state == table(active=B)


def test_token_kind_not_behind_the_screen_is_refused() -> None:
    state = holdings(table(active=P), P, screen={"b": 1})
    with pytest.raises(IllegalAction, match="no chieftain left"):
        play(state, (P, "cg0.0"))


def test_phase_ends_when_every_seat_has_passed_and_the_reveal_is_next() -> None:
    state = play(table(active=A), (A, "cs0.0"), (P, "pass"), (B, "pass"), (A, "pass"))
    assert state.phase is Phase.REVEAL
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.STEP and decision.public
    assert GAME.legal(state, None) and not GAME.legal(state, A)


def test_forced_pass_for_a_seat_with_no_token_left_R3() -> None:
    state = holdings(table(active=P), B, screen={}, discard=None)
    state = holdings(state, B, screen={})
    state = play(state, (P, "bg0.0"))
    assert state.clans[B].passed and state.current == A
    assert "Brigitte cannot place another token and passes." in [e.text for e in state.log]


def test_forced_pass_when_nothing_held_fits_a_free_slot() -> None:
    # Brigitte keeps only boys and her daughter; once her five guard slots are full the daughter
    # can go nowhere (never scouting, never raiding), so she is passed automatically.
    state = holdings(table(active=B), B, screen={"b": 5, "d": 1})
    state = play(state, (B, "bg1.0"), (A, "pass"), (P, "pass"))
    state = play(state, *[(B, f"bg1.{e}") for e in range(1, 5)])
    assert state.phase is Phase.REVEAL and state.clans[B].passed
    # Patrick and Arthur cannot see why: the log shows a plain pass.
    assert state.log[-2].text == "Brigitte passes."


def test_fast_guarding_keeps_the_turn_once_only_guards_are_left_R5() -> None:
    state = play(table(players=2, active=P), (P, "cr"), (B, "wr"))
    for entrance in range(4):
        state = play(state, (P, f"bs1.{entrance}"), (B, f"bs0.{entrance}"))
    state = play(state, (P, "bs1.4"))
    assert state.current == B, "Brigitte can still scout, so the turns alternate"
    assert not GAME.view(state, B).guards_only
    state = play(state, (B, "bs0.4"))
    # Every scout and kingdom slot is full: order no longer matters, Brigitte keeps the turn.
    assert state.current == B and GAME.view(state, B).guards_only
    state = play(state, (B, "xg1.0"), (B, "xg1.1"), (B, "pass"))
    assert state.current == P
    state = play(state, (P, "xg0.0"), (P, "xg0.1"), (P, "xg0.2"))
    assert state.current == P
    state = play(state, (P, "xg0.3"), (P, "xg0.4"))
    # Every guard slot of Patrick's is full: he is passed automatically and the raid follows.
    assert state.phase is Phase.REVEAL


def test_every_legal_placement_is_accepted_and_nothing_else_kinds_respect_table_1_2() -> None:
    state = table(active=P)
    codes = legal_codes(state, P)
    assert "pass" in codes
    assert not any(c.startswith("d") and ("s" in c[1] or c[1] == "r") for c in codes)
    assert not any(c == "br" for c in codes)
    for code in codes:
        GAME.apply(state, P, CODEC.decode(code))
    # 5 kinds x 5 guard slots + 4 scouting kinds x 10 scout slots + 3 raiding kinds + pass
    assert len(codes) == 25 + 40 + 3 + 1
    assert Kind.DAUGHTER in Kind
