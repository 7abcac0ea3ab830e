"""Redrawing what one seat cannot know, for leak tests and bots: other players' hands, piles,
face-down towers, Supporters, sealed choices not yet revealed, the components nobody ever sees,
and which card stands behind each half the others show (several cards share a half).

A bot redraws a state on every iteration of its search, so this is written to do little besides
the random draws themselves: one copy of each other seat and one of the state, halves matched by
number against short per-half lists of candidates. The draws are the plain redraw's, call for call
(`tests/games/tallinn/rules/test_tallinn_resample.py` compares the two on seeded games)."""

from __future__ import annotations

import random
from typing import NamedTuple

from boardgames_tui.engine.evolve import evolve, memo
from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.choosing import play_of
from boardgames_tui.games.tallinn.rules.components import INFLUENCE
from boardgames_tui.games.tallinn.rules.rounds import options_for
from boardgames_tui.games.tallinn.rules.state import PHASE, ROW_CARD, TOWER, SeatState, TallinnState, update


def resample(state: TallinnState, seat: int, seed: int) -> TallinnState:
    rng = random.Random(seed)
    shuffle = rng.shuffle
    starts = sorted(state.unused_starts)
    shuffle(starts)
    chronicles = sorted(state.chronicle_hidden)
    shuffle(chronicles)
    if state.phase is PHASE.OVER:
        return evolve(state, unused_starts=tuple(starts), chronicle_hidden=tuple(chronicles))

    # Supporters: the undealt ones and every other player's unspent ones form one unknown pool.
    seats = list(state.seats)
    others = [i for i in range(len(seats)) if i != seat]
    pool = list(state.undealt_tokens)
    for i in others:
        pool += seats[i].tokens
    pool.sort()
    shuffle(pool)
    tokens = {}
    taken = 0
    for i in others:
        k = len(seats[i].tokens)
        tokens[i] = tuple(sorted(pool[taken : taken + k]))
        taken += k
    undealt = tuple(sorted(pool[taken:]))

    # Cards: which card shows each half of another player's row is unknown, as is everything in
    # their hand, pile and face-down towers.
    plays = list(state.plays)
    for i in others:
        seats[i], plays[i] = _reshuffle_cards(seats[i], tokens[i], plays[i], rng)
    draft = evolve(
        state,
        unused_starts=tuple(starts),
        chronicle_hidden=tuple(chronicles),
        seats=tuple(seats),
        undealt_tokens=undealt,
        plays=tuple(plays),
    )

    # Sealed choices of the others are unknown: any choice open to them would look the same.
    pending = state.pending
    if any(pending[i] is not None for i in others):
        redrawn = list(pending)
        for i in others:
            if redrawn[i] is not None:
                redrawn[i] = rng.choice(options_for(draft, i))
        update(draft, pending=tuple(redrawn))  # nobody holds the new state yet
    return draft


def _reshuffle_cards(
    s: SeatState, tokens: tuple[str, ...], play: Play | None, rng: random.Random
) -> tuple[SeatState, Play | None]:
    """Another player's cards (and their redrawn Supporters): each shown half kept, the card
    behind it any card of theirs with that half; the rest dealt at random to their hand, pile
    and face-down towers."""
    plan = memo(s, REDRAW, _plan)
    if plan.open_cards:
        chosen = _match_faces(plan.open_candidates, rng)
        new_id = dict(plan.settled)
        new_id.update(zip(plan.open_cards, chosen, strict=True))
        taken = set(chosen)
        rest = [card for card in plan.pool if card not in taken]
        row = tuple([ROW_CARD[new_id[card], half] for card, half in s.row])
        removed = tuple([ROW_CARD[new_id[card], half] for card, half in s.removed]) if s.removed else ()
    else:  # every shown half stays on its card: the rows are as they were
        new_id = plan.settled
        rest = list(plan.pool)
        row, removed = s.row, s.removed
    rng.shuffle(rest)
    n = len(s.hand)
    hand = tuple(sorted(rest[:n]))
    rest = rest[n:]
    towers = s.towers
    if towers:
        towers = tuple(
            TOWER[rest.pop(), True, -1] if t.from_hand else TOWER[new_id[t.card], False, t.shown] for t in towers
        )
    s = evolve(s, hand=hand, pile=tuple(rest), towers=towers, row=row, removed=removed, tokens=tokens)
    if play is not None and play.card in new_id:
        play = play_of(new_id[play.card], play.half, play.faction, play.supporter)
    return s, play


class _Plan(NamedTuple):
    """What redrawing a seat's cards takes that no draw changes, kept on the seat (a search
    redraws the same seats on every iteration).

    A shown half whose face no other card of the seat shows, on a card that no other shown half
    could stand on either, always keeps its card and draws nothing: it is *settled* and left out
    of the matching. The other shown halves stay *open*, in their public order, so the matching
    makes the very same draws as over every shown half, and does less."""

    settled: dict[int, int]  # each settled shown card to itself (read only)
    open_cards: tuple[int, ...]  # the cards behind the open shown halves, in public order
    open_candidates: tuple[tuple[int, ...], ...]  # per open half: the seat's cards with that face there
    pool: tuple[int, ...]  # every card of the seat but the settled ones, in increasing order


REDRAW = "redraw"
"""The memo key of a seat's `_Plan`."""


def _plan(s: SeatState) -> _Plan:
    shown = [*s.row, *s.removed, *((t.card, t.shown) for t in s.towers if not t.from_hand)]
    # Every pool is sorted before it is shuffled, so the result depends on what the viewer knows
    # and on the seed alone, not on where the hidden cards really are.
    cards = sorted([*s.hand, *s.pile, *(t.card for t in s.towers if t.from_hand), *(card for card, _ in shown)])
    mine = set(cards)
    candidates = [tuple(c for c in _SAME_FACE[card, half] if c in mine) for card, half in shown]
    wanted = [c for options in candidates if len(options) > 1 for c in options]
    settled = {
        card: card
        for (card, _), options in zip(shown, candidates, strict=True)
        if len(options) == 1 and card not in wanted
    }
    open_halves = [(card, options) for (card, _), options in zip(shown, candidates, strict=True) if card not in settled]
    return _Plan(
        settled,
        tuple(card for card, _ in open_halves),
        tuple(options for _, options in open_halves),
        tuple(card for card in cards if card not in settled),
    )


_FACE_IDS: dict[object, int] = {}
_FACE: dict[tuple[int, int], int] = {
    (card.id, h): _FACE_IDS.setdefault(half, len(_FACE_IDS))
    for card in INFLUENCE.values()
    for h, half in enumerate(card.halves)
}
"""_FACE[(card, half)]: a number shared by equal halves, so that matching faces compares two ints
instead of two dataclasses (a bot redraws every other player's cards on every iteration)."""

_SAME_FACE: dict[tuple[int, int], tuple[int, ...]] = {
    (card, h): tuple(sorted(c for c in INFLUENCE if _FACE[(c, h)] == face)) for (card, h), face in _FACE.items()
}
"""_SAME_FACE[(card, half)]: every card (in increasing order) showing the same face on that half."""


def _match_faces(candidates: tuple[tuple[int, ...], ...], rng: random.Random) -> list[int]:
    """A random one-to-one choice of a card for every shown half among its `candidates` (the
    seat's cards with the same face on that half, in increasing order): the halves are taken in
    their public order, each one's candidates still free shuffled. A small backtracking search:
    there are at most eleven cards and the present assignment is always a solution."""
    chosen = [0] * len(candidates)
    used: set[int] = set()
    last = len(candidates)
    shuffle = rng.shuffle

    def place(k: int) -> bool:
        if k == last:
            return True
        options = [c for c in candidates[k] if c not in used]
        if len(options) > 1:  # a shuffle of one draws nothing
            shuffle(options)
        for option in options:
            chosen[k] = option
            used.add(option)
            if place(k + 1):
                return True
            used.discard(option)
        return False

    if not place(0):  # pragma: no cover - the identity is always a solution
        raise AssertionError("no card assignment matches the shown halves")
    return chosen
