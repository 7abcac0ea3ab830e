"""What a seat does not know, redrawn: the other hands with the draw pile, and the stacks' hidden
tiles (used by the leak tests and the bots)."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tasnia.rules.state import PHASE, State, sort_cards


def resample(state: State, seat: Seat, seed: int) -> State:
    """A state `seat` cannot tell from `state`: the other hands and the draw pile dealt again from
    their cards, and the tiles under each stack's top shuffled among the stacks."""
    rng = RngState(seed)
    players = state.players
    draw = state.draw
    if state.phase is not PHASE.OVER:
        others = [i for i in range(len(players)) if i != seat]
        pool = tuple(sorted([*(c for i in others for c in players[i].hand), *state.draw]))
        pool, rng = rng.shuffled(pool)
        new_players = list(players)
        at = 0
        for i in others:
            size = len(players[i].hand)
            new_players[i] = evolve(players[i], hand=sort_cards(pool[at : at + size]))
            at += size
        players, draw = tuple(new_players), pool[at:]
    hidden = tuple(sorted(t for s in state.stacks for t in s[1:]))
    hidden, rng = rng.shuffled(hidden)
    stacks = []
    at = 0
    for s in state.stacks:
        depth = max(0, len(s) - 1)
        stacks.append(s[:1] + hidden[at : at + depth])
        at += depth
    return evolve(state, players=players, draw=draw, stacks=tuple(stacks), rng=rng)
