"""The opening of a game: castles and cards dealt, the first morning of day 1."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.lazylog import LazyLog
from boardgames_tui.engine.protocol import LogEntry, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde.rules.components import (
    ALL_CARD_IDS,
    COLOURS_FOR,
    DAYS,
    HAND_START,
    START_ORDER,
    START_SILVER,
    card_title,
    hero_label,
    heroes_of,
)
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State


def new_state(
    names: Sequence[str],
    colours: Sequence[str],
    start: Seat,
    hands: Sequence[Sequence[int]],
    draw: Sequence[int],
    *,
    seed: int = 0,
    private_polls: bool = False,
    money: Sequence[int] | None = None,
    order: Sequence[str] | None = None,
    discard: Sequence[int] = (),
) -> State:
    """A state at the start of a day-1 morning; `setup` deals, tests build scenarios with it."""
    n = len(names)
    lines = [f"{name} holds the {colour} castle ({', '.join(hero_label(h) for h in heroes_of(colour))})."
             for name, colour in zip(names, colours, strict=True)]
    lines.append(f"Day 1 of {DAYS}. {names[start]} starts with the Herold on its day side.")
    return State(
        names=tuple(names),
        colours=tuple(colours),
        private_polls=private_polls,
        order=tuple(order) if order is not None else START_ORDER[n],
        goblet_left=True,
        money=tuple(money) if money is not None else (START_SILVER,) * n,
        hands=tuple(tuple(h) for h in hands),
        draw=tuple(draw),
        discard=tuple(discard),
        in_front=(None,) * n,
        day=1,
        part=0,
        start=start,
        turn=0,
        phase=PHASE.ACT,
        rng=RngState(seed, 1),
        log=LazyLog(LogEntry(line) for line in lines),
    )


def deal(names: Sequence[str], seed: int, private_polls: bool) -> State:
    """The opening: castles and cards shuffled, three cards and one gold each, a random start player."""
    n = len(names)
    rng = RngState(seed)
    colours, rng = rng.shuffled(COLOURS_FOR[n])
    deck, rng = rng.shuffled(ALL_CARD_IDS)
    gen, rng = rng.draw()
    start = gen.randrange(n)
    hands = [deck[len(deck) - HAND_START * (i + 1) : len(deck) - HAND_START * i][::-1] for i in range(n)]
    draw = deck[: len(deck) - HAND_START * n]
    state = new_state(names, colours, start, hands, draw, seed=seed, private_polls=private_polls)
    private = tuple(
        LogEntry(f"Your cards: {', '.join(card_title(c) for c in hand)}.", frozenset({i}))
        for i, hand in enumerate(hands)
    )
    return evolve(state, rng=rng, log=state.log + private)
