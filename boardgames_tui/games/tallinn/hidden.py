"""Redrawing what one seat cannot know, for leak tests: other players' hands, piles, face-down
towers, Supporters, sealed choices not yet revealed, and the components nobody ever sees."""

from __future__ import annotations

import random
from dataclasses import replace

from boardgames_tui.games.tallinn.flow import options_for
from boardgames_tui.games.tallinn.state import Phase, SeatState, TallinnState, Tower


def resample(state: TallinnState, seat: int, seed: int) -> TallinnState:
    rng = random.Random(seed)
    starts = sorted(state.unused_starts)
    rng.shuffle(starts)
    chronicles = sorted(state.chronicle_hidden)
    rng.shuffle(chronicles)
    state = replace(state, unused_starts=tuple(starts), chronicle_hidden=tuple(chronicles))
    if state.phase is Phase.OVER:
        return state

    # Supporters: the undealt ones and every other player's unspent ones form one unknown pool.
    others = [i for i in range(state.players) if i != seat]
    pool = list(state.undealt_tokens)
    for i in others:
        pool.extend(state.seats[i].tokens)
    pool.sort()
    rng.shuffle(pool)
    seats = list(state.seats)
    for i in others:
        k = len(seats[i].tokens)
        seats[i] = replace(seats[i], tokens=tuple(sorted(pool[:k])))
        pool = pool[k:]
    undealt = tuple(sorted(pool))

    # Cards: another player's hand, pile and face-down towers hold the cards not seen elsewhere.
    for i in others:
        seats[i] = _reshuffle_cards(seats[i], rng)
    state = replace(state, seats=tuple(seats), undealt_tokens=undealt)

    # Sealed choices of the others are unknown: any choice open to them would look the same.
    pending = list(state.pending)
    for i in others:
        if pending[i] is not None:
            pending[i] = rng.choice(options_for(state, i))
    return replace(state, pending=tuple(pending))


def _reshuffle_cards(s: SeatState, rng: random.Random) -> SeatState:
    hidden_towers = [t for t in s.towers if t.from_hand]
    cards = sorted([*s.hand, *s.pile, *(t.card for t in hidden_towers)])
    rng.shuffle(cards)
    hand = tuple(sorted(cards[: len(s.hand)]))
    rest = cards[len(s.hand) :]
    towers = []
    for t in s.towers:
        if t.from_hand:
            towers.append(Tower(rest.pop(), True, -1))
        else:
            towers.append(t)
    return replace(s, hand=hand, pile=tuple(rest), towers=tuple(towers))
