"""Secrets: what a seat does not know (the other hands and the draw pile, redrawn for bots and
leak tests), and which actions make something new known (no undo past them)."""

from __future__ import annotations

import random
from collections.abc import Callable

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.actions import Action, Back, Discard, Draw, NoVeto, Pass, Veto
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State


def resample(state: State, seat: Seat, seed: int) -> State:
    """Other hands and the draw pile redrawn; cards `seat` knows the holder of stay put.

    A card still being declared in secret by another seat goes back to that hand, since the
    viewer cannot know it was chosen. Which reshuffle a hidden card came from is not tracked.
    """
    if state.decl is not None and not state.decl.announced and state.decl.actor != seat:
        state = evolve(state, phase=PHASE.ACT, decl=None)
    stays = {k.card for k in state.known if k.audience is None or seat in k.audience}
    pool = list(state.draw)
    kept: list[list[int]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            kept.append(list(hand))
            continue
        kept.append([c for c in hand if c in stays])
        pool.extend(c for c in hand if c not in stays)
    pool.sort()
    gen = random.Random(seed)
    gen.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        mine = kept[s]
        while len(mine) < len(hand):
            mine.append(pool.pop())
        hands.append(tuple(mine))
    return evolve(state, hands=tuple(hands), draw=tuple(pool), rng=RngState(seed, 1))


def reveals(before: State, seat: Seat | None, action: Action,
            apply: Callable[[State, Seat | None, Action], State]) -> bool:
    """Whether taking `action` (with the game's `apply`) makes anything new known: a card drawn,
    laid out or spent, a card shown to the table or taken, dice rolled, a call closed."""
    if isinstance(action, (Draw, Discard, Veto)):
        return True
    if isinstance(action, (Pass, Back)):
        return False
    try:
        after = apply(before, seat, action)
    except IllegalAction:
        return False
    if isinstance(action, NoVeto):
        return after.phase is not before.phase
    d0, d1 = before.decl, after.decl
    if d1 is None or d0 is None:
        return d1 is None or d1.announced
    if d1.announced and not d0.announced:
        return True
    return [(r.first, r.second) for r in d0.rolls] != [(r.first, r.second) for r in d1.rolls]
