"""Issue 36 §4, the hint: in Tàin against bots `h` said "expected result 100/100 over 1 playout,
next best 100/100 over 1 playout" and changed its advice on every press.

Two causes, each answered here: the app drew a fresh search seed on every press (now one drawn
once per sitting, `Seating.hint_seed`), and the 3 s time cap decided where the search stopped. The
stopping rule now looks only at counts, checked after fixed chunks; the time cap is only a safety
for a slow machine, and when it cuts in the hint is the one kept at the last of a few fixed
checkpoints. These tests replace the wall clock with a counting one, so what they check does not
depend on the machine's speed."""

from __future__ import annotations

import itertools
import re

from boardgames_tui.bots.advice import CHUNK, advise
from boardgames_tui.engine.match import Match
from boardgames_tui.games import GAMES
from boardgames_tui.ui.bot_turns import advice_text
from boardgames_tui.ui.flow.seating import BotPacing, Seating
from tests.bots.states import sample_states
from tests.ui.flow.table import seats

TAIN = GAMES["tain"].game


def _scouting(least: int) -> list[tuple[object, int]]:
    """Tàin states where the seat to act has at least `least` placements to choose from."""
    found = []
    for _, state in sample_states("tain", per_game=3, seeds=1):
        seat = TAIN.to_act(state).seats[0]  # type: ignore[union-attr]
        if len(TAIN.legal(state, seat)) >= least:
            found.append((state, seat))
    assert found
    return found


def _chunks(cut_after: int):  # type: ignore[no-untyped-def]
    """A clock that reads 0 when the search starts and one more at each look after a chunk, with
    the time cap set to cut in after `cut_after` chunks."""
    return itertools.count().__next__, float(cut_after)


def test_the_same_state_and_seed_give_the_same_hint_however_often_h_is_pressed() -> None:
    """The seed a hint searches with is the same at every press on the same state (the pacing of
    the app fixes no seed), and another sitting draws its own."""
    match = Match.new(TAIN, seats([None, "normal"]), {}, 5)
    sitting = Seating(match, BotPacing(seed=None))
    assert sitting.hint_seed(0) == sitting.hint_seed(0)
    assert len({Seating(match, BotPacing(seed=None)).hint_seed(0) for _ in range(4)}) > 1


def test_a_hint_cut_short_by_the_time_cap_is_the_same_wherever_it_was_cut() -> None:
    """Cut after 5 or after 7 chunks (a faster or slower machine), the hint is the one kept at the
    checkpoint of 4 chunks, marked as cut short."""
    state, seat = _scouting(40)[0]
    clock, seconds = _chunks(5)
    early = advise(TAIN, state, seat, seed=3, seconds=seconds, clock=clock)
    clock, seconds = _chunks(7)
    late = advise(TAIN, state, seat, seed=3, seconds=seconds, clock=clock)
    assert early == late and early.timed_out and early.iterations == 4 * CHUNK


def test_the_hint_never_says_over_1_playout() -> None:
    """Tàin's scouting with 60-odd placements, the search cut short after one chunk: the hint
    names no move on so little ("too few to weigh"), instead of "over 1 playout"."""
    for state, seat in _scouting(40):
        clock, seconds = _chunks(1)
        advice = advise(TAIN, state, seat, seed=3, seconds=seconds, clock=clock)
        text = advice_text(TAIN, state, seat, advice).plain
        assert not re.search(r"over [0-9] playouts?\b", text), text
        assert "too few to weigh" in text


def test_tain_scouting_hint_spends_its_playouts_on_distinct_choices() -> None:
    """With the same budget, the hint's search by groups of like placements (a token kind on any
    slot) puts several times more playouts on its best move than the flat search, which spreads
    them over every near-alike placement."""
    for state, seat in _scouting(40):
        grouped = advise(TAIN, state, seat, seed=3, max_iterations=12 * CHUNK, seconds=1e9)
        flat = advise(TAIN, state, seat, seed=3, max_iterations=12 * CHUNK, seconds=1e9, grouped=False)
        assert grouped.best.playouts >= 2 * flat.best.playouts, (grouped.best, flat.best)
