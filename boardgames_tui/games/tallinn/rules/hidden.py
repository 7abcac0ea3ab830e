"""Redrawing what one seat cannot know, for leak tests and bots: other players' hands, piles,
face-down towers, Supporters, sealed choices not yet revealed, the components nobody ever sees,
and which card stands behind each half the others show (several cards share a half)."""

from __future__ import annotations

import random
from dataclasses import replace

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.components import INFLUENCE
from boardgames_tui.games.tallinn.rules.rounds import options_for
from boardgames_tui.games.tallinn.rules.state import PHASE, RowCard, SeatState, TallinnState, Tower


def resample(state: TallinnState, seat: int, seed: int) -> TallinnState:
    rng = random.Random(seed)
    starts = sorted(state.unused_starts)
    rng.shuffle(starts)
    chronicles = sorted(state.chronicle_hidden)
    rng.shuffle(chronicles)
    state = evolve(state, unused_starts=tuple(starts), chronicle_hidden=tuple(chronicles))
    if state.phase is PHASE.OVER:
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
        seats[i] = evolve(seats[i], tokens=tuple(sorted(pool[:k])))
        pool = pool[k:]
    undealt = tuple(sorted(pool))

    # Cards: which card shows each half of another player's row is unknown, as is everything in
    # their hand, pile and face-down towers.
    plays = list(state.plays)
    for i in others:
        seats[i], plays[i] = _reshuffle_cards(seats[i], plays[i], rng)
    state = evolve(state, seats=tuple(seats), undealt_tokens=undealt, plays=tuple(plays))

    # Sealed choices of the others are unknown: any choice open to them would look the same.
    pending = list(state.pending)
    for i in others:
        if pending[i] is not None:
            pending[i] = rng.choice(options_for(state, i))
    return evolve(state, pending=tuple(pending))


def _reshuffle_cards(s: SeatState, play: Play | None, rng: random.Random) -> tuple[SeatState, Play | None]:
    """Another player's cards redrawn: each shown half kept, the card behind it any card of theirs
    with that half; the rest dealt at random to their hand, pile and face-down towers."""
    shown = [(e.card, e.half) for e in (*s.row, *s.removed)]
    shown += [(t.card, t.shown) for t in s.towers if not t.from_hand]
    hidden = [*s.hand, *s.pile, *(t.card for t in s.towers if t.from_hand)]
    # Every pool is sorted before it is shuffled, so the result depends on what the viewer knows
    # and on the seed alone, not on where the hidden cards really are.
    cards = sorted([*hidden, *(card for card, _ in shown)])
    new_id = _match_faces(shown, cards, rng)
    taken = set(new_id.values())
    rest = [card for card in cards if card not in taken]
    rng.shuffle(rest)
    hand = tuple(sorted(rest[: len(s.hand)]))
    rest = rest[len(s.hand) :]
    towers = []
    for t in s.towers:
        if t.from_hand:
            towers.append(Tower(rest.pop(), True, -1))
        else:
            towers.append(Tower(new_id[t.card], False, t.shown))
    s = evolve(
        s,
        hand=hand,
        pile=tuple(rest),
        towers=tuple(towers),
        row=tuple(RowCard(new_id[e.card], e.half) for e in s.row),
        removed=tuple(RowCard(new_id[e.card], e.half) for e in s.removed),
    )
    if play is not None and play.card in new_id:
        play = replace(play, card=new_id[play.card])  # an action: a slotted value, not a state
    return s, play


_FACE_IDS: dict[object, int] = {}
_FACE: dict[tuple[int, int], int] = {
    (card.id, h): _FACE_IDS.setdefault(half, len(_FACE_IDS))
    for card in INFLUENCE.values()
    for h, half in enumerate(card.halves)
}
"""_FACE[(card, half)]: a number shared by equal halves, so that matching faces compares two ints
instead of two dataclasses (a bot redraws every other player's cards on every iteration)."""


def _match_faces(shown: list[tuple[int, int]], cards: list[int], rng: random.Random) -> dict[int, int]:
    """A random one-to-one choice, for every shown (card, half), of a card among `cards` (sorted)
    with the same face on that half; slots are taken in their public order. A small backtracking
    search: there are at most eleven cards and the present assignment is always a solution."""
    order = list(shown)
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def place(k: int) -> bool:
        if k == len(order):
            return True
        card, half = order[k]
        face = _FACE[(card, half)]
        options = [c for c in cards if c not in used and _FACE[(c, half)] == face]
        rng.shuffle(options)
        for option in options:
            chosen[card] = option
            used.add(option)
            if place(k + 1):
                return True
            used.discard(option)
        return False

    if not place(0):  # pragma: no cover - the identity is always a solution
        raise AssertionError("no card assignment matches the shown halves")
    return chosen
