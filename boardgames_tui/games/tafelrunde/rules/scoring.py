"""The end of the game: most silver wins; then the lower sum of a seat's hero positions; then
the better position of its best hero. The score sheet shows all three."""

from __future__ import annotations

import itertools

from boardgames_tui.engine.protocol import Outcome, ScoreLine, Seat
from boardgames_tui.games.tafelrunde.rules.effects import owners
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State


def hero_positions(state: State, seat: Seat) -> tuple[int, ...]:
    """The 1-based positions of the seat's two heroes, best first."""
    seat_of = owners(state.colours).get
    return tuple(sorted(i + 1 for i, h in enumerate(state.order) if seat_of(h) == seat))


def ranking_key(state: State, seat: Seat) -> tuple[int, int, int]:
    """Most silver first; then the lower sum of hero positions; then the better best hero."""
    positions = hero_positions(state, seat)
    return (-state.money[seat], sum(positions), positions[0])


def scores(state: State) -> tuple[float, ...]:
    """Each seat's running score, for the game-over chart."""
    return tuple(float(m) for m in state.money)


def outcome(state: State) -> Outcome | None:
    """None while play goes on; the score sheet, ranking and tie-breaks at the end."""
    if state.phase is not PHASE.OVER:
        return None
    n = state.players
    seats = sorted(range(n), key=lambda s: ranking_key(state, s))
    positions = [hero_positions(state, s) for s in range(n)]
    lines = (
        ScoreLine("Silver", state.money),
        ScoreLine("Sum of hero positions (lower wins)", tuple(sum(p) for p in positions)),
        ScoreLine("Best hero's position", tuple(p[0] for p in positions)),
    )
    notes = []
    for a, b in itertools.pairwise(seats):
        if state.money[a] != state.money[b]:
            continue
        pa, pb = positions[a], positions[b]
        if sum(pa) != sum(pb):
            why = f"hero positions {sum(pa)} against {sum(pb)}"
        else:
            why = f"equal sums, best hero at {pa[0]} against {pb[0]}"
        notes.append(f"{state.names[a]} beats {state.names[b]} on {state.money[a]} silver each: {why}.")
    return Outcome(lines, state.money, tuple((s,) for s in seats), " ".join(notes))
