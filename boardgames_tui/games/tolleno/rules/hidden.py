"""What a seat does not know in Tolleno, redrawn: the other seats' held tiles with the city pile,
and the order of the contract pile."""

from __future__ import annotations

import random

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.games.tolleno.rules.state import TollenoState


def resample(state: TollenoState, seat: int, seed: int) -> TollenoState:
    """A state `seat` cannot tell apart from `state`, the same for the same seed."""
    rng = random.Random(seed)
    state.facts()  # worked out before the copy, so that every redrawn state shares the map's facts
    others = [s for s in range(state.n) if s != seat and state.players[s].held is not None]
    hidden = [t for t in (state.players[s].held for s in others) if t is not None]
    hidden += state.city_pile
    hidden.sort()
    rng.shuffle(hidden)
    players = list(state.players)
    for s in others:
        players[s] = evolve(players[s], held=hidden.pop())
    contracts = sorted(state.contract_pile)
    rng.shuffle(contracts)
    return evolve(
        state, players=tuple(players), city_pile=tuple(hidden), contract_pile=tuple(contracts)
    )
