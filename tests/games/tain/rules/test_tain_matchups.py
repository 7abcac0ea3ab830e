"""The raid's latest match-ups as the view gives them (drawn on the boards), and the dawn's
wording of captives brought home."""

from __future__ import annotations

from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import STEP
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.resolution import _captive_phrases
from boardgames_tui.games.tain.rules.state import Phase
from tests.games.tain.scenario import NAMES, A, B, P, raid, table


def test_o2_board_example_each_step_names_its_matchup_and_result() -> None:
    """Spec O2: the reveal shows the bluff where it stood; each entrance step's `last` holds
    that entrance's scout, guard and result."""
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
    state = GAME.apply(state, None, STEP)  # the reveal: A's bluff at pasture 1 is shown, then goes
    assert GAME.view(state, None).last == ((A, 0, (P, Kind.CHIEFTAIN), (A, Kind.BLUFF), "bluff", None),)
    seen = []
    while state.phase is Phase.RAID and GAME.view(state, None).next_entrance is not None:
        state = GAME.apply(state, None, STEP)
        (matchup,) = GAME.view(state, None).last
        seen.append((matchup[1], matchup[4]))
    assert sorted(seen) == [(0, "cow"), (1, "captured"), (2, "fail"), (3, "jewel")]
    state = GAME.apply(state, None, STEP)  # dawn: the next turn's scouting has no match-up
    assert GAME.view(state, None).last == ()


def test_o3_fk_matchups_chieftain_beats_warrior() -> None:
    """Spec O3: A warrior + B chieftain on the kingdom: B takes a cow, A's warrior is beaten."""
    state = raid(table(active=P), fk=[(A, "w"), (B, "c")])
    state = GAME.apply(GAME.apply(state, None, STEP), None, STEP)
    results = {m[2]: m[4] for m in GAME.view(state, None).last}
    assert results == {(A, Kind.WARRIOR): "beaten", (B, Kind.CHIEFTAIN): "cow"}
    assert all(m[0] == -1 for m in GAME.view(state, None).last)


def test_repeated_captives_are_counted_not_repeated() -> None:
    """Found in play: two boys of one seat read "2 of X's boys as captives", not the phrase twice."""
    names = NAMES[:3]
    phrases = _captive_phrases(names, ((B, Kind.BOY), (B, Kind.BOY), (A, Kind.BOY)))
    assert phrases == ["2 of Brigitte's boys as captives", "Arthur's boy as a captive"]
    assert _captive_phrases(names, ((P, Kind.DAUGHTER),)) == ["Patrick's daughter as a captive"]


def test_dawn_reads_two_captured_boys_as_one_counted_phrase() -> None:
    """Found in play: Arthur's two warriors catch two of Patrick's boys; dawn says "2 of ...'s boys"."""
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:b", "w"), "pasture 2": (f"{P}:b", "w")}})
    while state.phase is not Phase.SCOUT:
        state = GAME.apply(state, None, STEP)
    text = " ".join(e.text for e in state.log)
    assert "Arthur brings home 2 of Patrick's boys as captives." in text
    assert text.count("Patrick's boy as a captive") == 0


def test_the_story_belongs_to_this_turn_only() -> None:
    """Found in play: last turn's raid stayed under the board into the next turn. Until this
    turn's reveal the view has no story and no match-up; after it, only this turn's lines."""
    state = raid(table(active=P), {A: {"pasture 1": (f"{P}:c", None)}})
    while state.phase is not Phase.SCOUT:
        state = GAME.apply(state, None, STEP)
    for _ in (P, B, A):  # everyone passes at once: the next turn's reveal is pending
        state = GAME.apply(state, state.current, GAME.legal(state, state.current)[-1])
    assert state.phase is Phase.REVEAL
    assert GAME.view(state, None).news == () and GAME.view(state, None).last == ()
    state = GAME.apply(state, None, STEP)
    news = GAME.view(state, None).news
    assert news and news[0] == "The tokens are turned face up." and not any("takes a cow" in n for n in news)
