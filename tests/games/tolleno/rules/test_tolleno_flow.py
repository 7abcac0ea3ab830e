"""Setup, the turn sequence, the end of the game and hidden information (rulings 11-13, 27)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import default_seats, playout
from boardgames_tui.games.tolleno import GAME
from boardgames_tui.games.tolleno.rules.components import city_pile
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.rules.turn import start_turn

from ..tolleno_helpers import NAMES, play, refused, scenario


@pytest.mark.parametrize(("players", "vp"), [(2, (5, 0)), (3, (5, 2, 0)), (4, (5, 3, 1, 0))])
def test_setup_starting_vp_follow_turn_order_from_the_first_player(players: int, vp: tuple[int, ...]) -> None:
    for seed in range(4):
        state = GAME.setup(NAMES[:players], {}, seed)
        in_turn_order = tuple(state.players[(state.first + i) % players].start_vp for i in range(players))
        assert in_turn_order == vp
        assert state.current == state.first


def test_setup_city_contracts_boards_and_hands() -> None:
    state = GAME.setup(NAMES[:4], {"initial": "IC3"}, 42)
    assert state.initial == "IC3"
    assert [t.pos for t in state.tiles] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(t.kind in ("DX", "DT") for t in state.tiles)
    assert len(state.offer) == 3 and len(state.contract_pile) == 22
    assert sorted(p.board for p in state.players) == ["P1", "P2", "P3", "P4"]
    assert all(p.held is not None and p.floors == 0 and p.boat is None for p in state.players)
    assert len(state.city_pile) == 54 - 4
    GAME.check_invariants(state)


def test_setup_downtown_faces_are_random_and_first_player_varies() -> None:
    faces = {tuple(t.kind for t in GAME.setup(NAMES[:2], {}, s).tiles) for s in range(30)}
    firsts = {GAME.setup(NAMES[:3], {}, s).first for s in range(30)}
    assert len(faces) > 4
    assert firsts == {0, 1, 2}


def test_setup_is_deterministic_from_the_seed() -> None:
    assert GAME.setup(NAMES[:3], {}, 9) == GAME.setup(NAMES[:3], {}, 9)


def test_rule_turn_draws_a_new_tile_and_passes_clockwise() -> None:
    state = scenario(held="I2a")
    pile = state.city_pile
    after = play(state, "T -1,0 0", "F 0,0 NE", "F 0,1 NW")
    assert after.current == 1
    assert after.players[0].held == pile[0]
    drawn = [e for e in after.log if "You drew" in e.text]
    assert drawn[-1].audience == frozenset({0})


def test_rule_end_triggered_by_the_last_floor_finishes_the_round() -> None:
    state = scenario(players=3, held="I2a", buildings=[("A", (0, 1), "NW", 19)], first="C", current="A")
    state = play(state, "T -1,0 0", "F 0,0 NE")
    assert state.end_triggered
    assert state.phase is Phase.SECOND  # a contract may still follow the 20th floor
    state = play(state, f"X {state.offer[0]}", f"C {state.offer[0]} 0,1 NE")
    assert state.phase is Phase.NAVIGATE  # 20 floors: the boat is in play
    while state.current == 0:
        state = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    assert GAME.to_act(state) is not None and state.current == 1  # Bruno, the last seat, still plays
    legal = GAME.legal(state, 1)
    state = GAME.apply(state, 1, legal[0])
    while GAME.to_act(state) is not None:
        decision = GAME.to_act(state)
        assert decision is not None and decision.seats == (1,)
        state = GAME.apply(state, 1, GAME.legal(state, 1)[0])
    assert state.phase is Phase.OVER
    assert GAME.outcome(state) is not None


def test_ruling_13_trigger_by_the_last_seat_ends_at_once() -> None:
    state = scenario(players=2, held="I2a", buildings=[("B", (0, 1), "NW", 19)], first="A", current="B")
    state = play(state, "T -1,0 0", "F 0,0 NE", f"X {state.offer[0]}", f"C {state.offer[0]} 0,1 NE")
    while GAME.to_act(state) is not None:
        state = GAME.apply(state, 1, GAME.legal(state, 1)[0])
    assert state.phase is Phase.OVER


def test_ruling_11_and_12_unplaceable_tiles_leave_then_an_empty_hand_ends_the_game() -> None:
    # A one-tile city with Bruno's boat on it: every free side touches the boat, so Ada's tile
    # fits nowhere, and neither does the last tile of the pile she draws instead.
    state = scenario(faces="XXXX", held="I2a", boats={"B": (1, 1)})
    state = replace(state, city_pile=("X2a",), tiles=tuple(t for t in state.tiles if t.pos == (1, 1)))
    after = start_turn(state)
    assert after.removed == ("I2a", "X2a")
    assert after.players[0].held is None
    assert after.end_triggered
    assert any("fits nowhere" in e.text and e.audience is None for e in after.log)
    assert any("no city tile left" in e.text for e in after.log)
    assert after.current == 1, "Ada skipped steps 1-3 and had no boat to move"


def test_rule_illegal_actions_leave_the_state_unchanged() -> None:
    state = scenario(held="I2a")
    before = state
    with pytest.raises(ValueError, match="Ada's turn"):
        GAME.apply(state, 1, GAME.decode("T -1,0 0"))
    assert "not the time" in refused(state, "F 0,0 NE")
    with pytest.raises(ValueError, match="not a Tolleno action"):
        GAME.decode("Z 1 2")
    assert state == before


def test_actions_survive_encode_decode() -> None:
    state = play(scenario(held="I2a"), "T -1,0 0", "F 0,0 NE")
    for action in GAME.legal(state, 0):
        assert GAME.decode(GAME.encode(action)) == action


def test_hidden_held_tile_and_vp_are_private_until_the_end() -> None:
    state = GAME.setup(NAMES[:3], {}, 5)
    for viewer in range(3):
        view = GAME.view(state, viewer)
        for seat, seen in enumerate(view.seats):
            mine = seat == viewer
            assert (seen.held is not None) == mine
            assert (seen.vp is not None) == mine
    table = GAME.view(state, None)
    assert all(s.held is None and s.vp is None for s in table.seats)


def test_hidden_information_is_revealed_at_game_over() -> None:
    result = playout(GAME, 2, 3, check=False)
    final: TollenoState = result.final_state
    table = GAME.view(final, None)
    assert all(s.vp is not None for s in table.seats)


def test_hidden_contract_vp_of_others_never_reaches_their_log() -> None:
    rng = random.Random(4)
    match = Match.new(GAME, default_seats(2), {}, 4)
    while match.decision() is not None:
        decision = match.decision()
        assert decision is not None
        seat = decision.seats[0]
        match.play(seat, rng.choice(match.legal(seat)))
    for viewer in (0, 1):
        for entry in match.log_for(viewer):
            if "earns" in entry.text or "You drew" in entry.text:
                assert entry.audience == frozenset({viewer})


def test_resample_changes_only_what_the_seat_cannot_know() -> None:
    state = play(scenario(players=3, held="I2a"), "T -1,0 0")
    other = GAME.resample(state, 0, 7)
    assert other.players[0].held == state.players[0].held
    assert other != state
    assert sorted([*(p.held for p in other.players if p.held), *other.city_pile]) == sorted(
        [*(p.held for p in state.players if p.held), *state.city_pile]
    )
    assert GAME.view(other, 0) == GAME.view(state, 0)


def test_undo_is_refused_after_a_draw_and_allowed_within_the_turn() -> None:
    state = scenario(held="I2a")
    mid = play(state, "T -1,0 0")
    assert not GAME.reveals(state, 0, GAME.decode("T -1,0 0"))
    assert not GAME.reveals(mid, 0, GAME.decode("F 0,0 NE"))
    late = play(mid, "F 0,0 NE")
    assert GAME.reveals(late, 0, GAME.decode("F 0,1 NW"))  # ends the turn: a tile is drawn
    assert not GAME.reveals(late, 0, GAME.decode(f"X {late.offer[0]}"))
    taken = play(late, f"X {late.offer[0]}")
    assert GAME.reveals(taken, 0, GAME.decode(f"C {late.offer[0]} 0,1 NW"))  # refills the offer


def test_every_city_tile_copy_exists_once() -> None:
    pile = city_pile()
    assert len(pile) == 54
    assert sum(1 for k in pile if k[1] == "2") == 24
    assert sum(1 for k in pile if k[1] == "3") == 18
    assert sum(1 for k in pile if k[1] == "4") == 12


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_random_games_end_with_boats_in_use(players: int) -> None:
    for seed in range(3):
        result = playout(GAME, players, 7000 + seed, check=False)
        final: TollenoState = result.final_state
        assert final.phase is Phase.OVER
        assert any(p.boat is not None for p in final.players)
        assert any(p.floors == 20 for p in final.players) or not final.city_pile
