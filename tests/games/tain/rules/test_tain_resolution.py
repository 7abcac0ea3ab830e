"""The resolution phase and the end: plunder home, the 11-cow end, refills, the turn track, scoring."""

from __future__ import annotations

from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.state import Phase, TainState
from tests.games.tain.scenario import A, B, P, at_turn, holdings, play, raid, resolve, table


def test_resolution_places_plunder_advances_the_turn_and_passes_the_active_marker_R10() -> None:
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:c", None), "house 1": (f"{B}:w", None)}})
    state = resolve(state)
    assert state.clans[P].loot_cows == 1 and state.clans[P].cows == 5
    state = resolve(state, through_dawn=True)
    assert state.clans[P].cows == 6 and state.clans[B].jewels == 4
    assert state.turn == 2 and state.active == B and state.current == B
    assert state.phase is Phase.SCOUT and not any(c.passed for c in state.clans)
    assert all(slot is None for row in state.guards + state.scouts for slot in row)


def test_rulebook_example_brigittes_29_points_and_the_early_end_oracle_O1() -> None:
    state = table(active=P)
    state = at_turn(state, 5)
    state = holdings(state, B, cows=10, jewels=1, captives=[(P, "b")])
    state = holdings(state, A, screen={"c": 1})
    state = raid(state, fk=[(B, "w")])
    state = resolve(state, through_dawn=True)
    assert state.phase is Phase.OVER and state.turn == 5
    assert state.clans[B].cows == 11
    assert state.clans[A].screen_total == 1 and state.clans[A].discard_total == 17, "no refill at the end"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.totals[B] == 29
    lines = {line.label: line.values[B] for line in outcome.lines}
    assert lines["Cows (2 each)"] == 22
    assert lines["Jewels (3 each)"] == 3
    assert lines["Captive boys (1 each)"] == 1
    assert lines["Herd of 11+ cows (+3)"] == 3
    assert outcome.winners == (B,)
    assert GAME.to_act(state) is None


def test_game_ends_after_the_eighth_turn() -> None:
    state = table(active=P)
    state = at_turn(state, 8)
    state = play(state, (P, "pass"), (B, "pass"), (A, "pass"))
    state = resolve(state, through_dawn=True)
    assert state.phase is Phase.OVER
    assert GAME.progress(state) == "Game over after turn 8 of 8"


def test_oracle_O8_refill_only_for_an_empty_screen() -> None:
    # Patrick's screen is empty: his whole discard pile comes back. Brigitte keeps one token
    # behind her screen, so her discard pile stays where it is.
    state = holdings(table(active=P), P, screen={})
    state = holdings(state, B, screen={"b": 1})
    state = resolve(raid(state), through_dawn=True)
    assert state.clans[P].screen_total == 18 and state.clans[P].discard_total == 0
    assert state.clans[B].screen_total == 1 and state.clans[B].discard_total == 17
    assert "Patrick takes back 18 used tokens from the discard pile." in [e.text for e in state.log]


def test_captives_stay_captive_when_their_owner_refills() -> None:
    state = holdings(table(active=P), A, captives=[(P, "b")])
    state = holdings(state, P, screen={})
    state = resolve(raid(state), through_dawn=True)
    assert state.clans[P].screen_total == 17
    assert state.clans[P].screen[Kind.BOY] == 5
    assert state.clans[A].captives == ((P, Kind.BOY),)


def _finish(state: TainState) -> TainState:
    state = at_turn(state, 8)
    return resolve(raid(state), through_dawn=True)


def test_oracle_O6_tie_on_points_broken_by_cows() -> None:
    state = holdings(table(players=2, active=P), P, cows=8, jewels=2, captives=[(B, "b")])
    state = holdings(state, B, cows=7, jewels=3)
    outcome = GAME.outcome(_finish(state))
    assert outcome is not None and outcome.totals == (23, 23)
    assert outcome.ranking == ((P,), (B,))
    assert outcome.tiebreak == "Patrick and Brigitte are level on 23 points; Patrick has more cows (8 to 7)."


def test_oracle_O6_tie_broken_by_tokens_behind_the_screen() -> None:
    state = holdings(table(players=2, active=P), P, cows=8, jewels=2, captives=[(B, "b")], screen={"x": 3})
    state = holdings(state, B, cows=8, jewels=2, captives=[(P, "b")], screen={"x": 5})
    outcome = GAME.outcome(_finish(state))
    assert outcome is not None and outcome.totals == (23, 23)
    assert outcome.winners == (B,)
    assert "more tokens behind the screen (5 to 3)" in outcome.tiebreak


def test_tie_broken_by_jewels() -> None:
    # 6 cows, 3 jewels, 3 boys = 24 against 6 cows, 2 jewels, 6 boys = 24: jewels decide.
    state = holdings(table(players=2, active=P), P, cows=6, jewels=3, captives=[(B, "b"), (B, "b"), (B, "b")])
    state = holdings(state, B, cows=6, jewels=2, captives=[(P, "b"), (P, "b"), (P, "b"), (P, "b"), (P, "b"), (P, "b")])
    outcome = GAME.outcome(_finish(state))
    assert outcome is not None and outcome.totals == (24, 24)
    assert outcome.winners == (P,) and "more jewels (3 to 2)" in outcome.tiebreak


def test_full_tie_is_a_shared_win() -> None:
    state = _finish(table(players=2, active=P))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking == ((P, B),)
    assert outcome.tiebreak.endswith("they share the win.")


def test_oracle_O6_captive_daughter_and_herd_bonus_make_30() -> None:
    state = holdings(table(active=P), A, cows=11, jewels=0, captives=[(P, "d")])
    outcome = GAME.outcome(_finish(state))
    assert outcome is not None and outcome.totals[A] == 30
    assert {line.label: line.values[A] for line in outcome.lines}["Captive daughters (5 each)"] == 5


def test_the_eleven_cow_trigger_does_not_win_by_itself_R12() -> None:
    state = holdings(table(active=P), A, cows=11, jewels=0)
    state = holdings(state, P, cows=4, jewels=9)
    outcome = GAME.outcome(_finish(state))
    assert outcome is not None and outcome.totals[A] == 25 and outcome.totals[P] == 35
    assert outcome.winners == (P,)
