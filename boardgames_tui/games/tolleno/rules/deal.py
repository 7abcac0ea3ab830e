"""The start of a game of Tolleno: downtown's faces, the shuffled piles, the boards, the first seat,
the starting VP and each seat's first tile."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tolleno.rules.components import (
    BOARDS,
    CONTRACTS,
    DOWNTOWN_FACES,
    DOWNTOWN_ROTATION,
    START_VP,
    city_pile,
)
from boardgames_tui.games.tolleno.rules.state import (
    OFFER_SIZE,
    Phase,
    Placed,
    PlayerState,
    TollenoState,
    add_line,
)
from boardgames_tui.games.tolleno.rules.text import downtown_text, initial_text, tile_name
from boardgames_tui.games.tolleno.rules.turn import start_turn


def deal(names: Sequence[str], initial: str, seed: int) -> TollenoState:
    """The opening state for these seats and initial contract side, from the seed."""
    n = len(names)
    rng_state = RngState(seed)
    rng, rng_state = rng_state.draw()
    tiles = tuple(
        Placed(pos, DOWNTOWN_FACES[rng.randrange(2)].id, k) for pos, k in sorted(DOWNTOWN_ROTATION.items())
    )
    pile = list(city_pile())
    rng.shuffle(pile)
    contracts = [c.id for c in CONTRACTS]
    rng.shuffle(contracts)
    boards = [b.id for b in BOARDS]
    rng.shuffle(boards)
    first = rng.randrange(n)
    players = []
    for seat in range(n):
        position = (seat - first) % n
        players.append(PlayerState(board=boards[seat], start_vp=START_VP[n][position]))
    for i in range(n):
        seat = (first + i) % n
        players[seat] = evolve(players[seat], held=pile.pop(0))
    state = TollenoState(
        names=tuple(names),
        initial=initial,
        rng=rng_state,
        tiles=tiles,
        buildings=(),
        contracts=(),
        players=tuple(players),
        city_pile=tuple(pile),
        contract_pile=tuple(contracts[OFFER_SIZE:]),
        offer=tuple(contracts[:OFFER_SIZE]),
        first=first,
        current=first,
        phase=Phase.PLACE,
    )
    state = add_line(state, f"{downtown_text(tiles)}. {initial_text(state.initial)}.")
    state = add_line(state, f"{names[first]} plays first.")
    for seat in range(n):
        state = add_line(
            state,
            f"You hold a {tile_name(players[seat].held)} and {players[seat].start_vp} VP.",
            frozenset({seat}),
        )
    return start_turn(state)
