"""Helpers that build Tafelrunde positions and play them forward like a game at the table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import DecisionKind, Seat
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Action, Answer
from boardgames_tui.games.tafelrunde.rules.components import ALL_CARD_IDS, COLOURS
from boardgames_tui.games.tafelrunde.rules.deal import new_state
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.state import Phase, State

NAMES = ("Lilo", "Rudi", "Greta", "Yves")  # seats 0-3 hold lilac, red, green, yellow

ABBREV = {
    "rl": "rogue-lilac",
    "ar": "amazon-red",
    "gg": "gnome-green",
    "ay": "amazon-yellow",
    "ry": "rogue-yellow",
    "gog": "goblin-green",
    "gr": "gnome-red",
    "gol": "goblin-lilac",
    "Z": "zork",
}


def heroes(text: str) -> tuple[str, ...]:
    """"rl ar gg" -> the hero ids, so orders read like the spec's oracles."""
    return tuple(ABBREV[t] for t in text.split())


def scenario(
    players: int = 4,
    hands: dict[Seat, Sequence[int]] | None = None,
    *,
    money: Sequence[int] | None = None,
    order: str | None = None,
    start: Seat = 0,
    private_polls: bool = False,
    discard: Sequence[int] = (),
    draw: Sequence[int] | None = None,
) -> State:
    """A day-1 morning with seats 0.. holding lilac, red, green (, yellow); every card not placed
    in a hand or the discard pile lies in the draw pile (unless `draw` is given)."""
    hands = hands or {}
    placed = {c for h in hands.values() for c in h} | set(discard)
    pile = [c for c in ALL_CARD_IDS if c not in placed] if draw is None else list(draw)
    return new_state(
        NAMES[:players],
        COLOURS[:players],
        start,
        [tuple(hands.get(s, ())) for s in range(players)],
        pile,
        private_polls=private_polls,
        money=money,
        order=heroes(order) if order else None,
        discard=discard,
    )


class Dice:
    """The next rolls of the two dice come out as these pairs, one pair per roll."""

    def __init__(self, *pairs: tuple[int, int]) -> None:
        self.pairs = pairs


@cache
def _rng_for(pairs: tuple[tuple[int, int], ...]) -> RngState:
    seed = 0
    while True:
        for counter, pair in enumerate(pairs):
            gen = random.Random(seed * 1_000_003 + counter)
            if (gen.randint(1, 6), gen.randint(1, 6)) != pair:
                break
        else:
            return RngState(seed, 0)
        seed += 1


def with_dice(state: State, *pairs: tuple[int, int]) -> State:
    return evolve(state, rng=_rng_for(pairs))


Step = Action | str | Dice | tuple[Seat | None, Action]


def act(state: State, *steps: Step) -> State:
    """Play forward. A str answers the open question (whoever must answer it); an Action is taken
    by the seat to act (the table for an open call); (seat, action) names the seat; Dice rigs
    the next roll."""
    for step in steps:
        if isinstance(step, Dice):
            state = with_dice(state, *step.pairs)
            continue
        if isinstance(step, str):
            question = current_question(state)
            state = GAME.apply(state, question.chooser, Answer(question.slot, step))
            continue
        if isinstance(step, tuple):
            seat, action = step
        else:
            decision = GAME.to_act(state)
            assert decision is not None
            seat = decision.seats[0] if decision.kind is DecisionKind.TURN else None
            action = step
        state = GAME.apply(state, seat, action)
    return state


def order_of(state: State) -> str:
    back = {v: k for k, v in ABBREV.items()}
    return " ".join(back[h] for h in state.order)


def skip_turn(state: State) -> State:
    """The seat on turn draws a card (or lays one out when its hand is full): a quiet action."""
    from boardgames_tui.games.tafelrunde.rules.actions import Discard, Draw

    assert state.phase is Phase.ACT
    seat = state.on_turn
    if len(state.hands[seat]) < 5 and (state.draw or state.discard):
        return GAME.apply(state, seat, Draw())
    return GAME.apply(state, seat, Discard(state.hands[seat][0]))


def on_day(state: State, day: int, part: int = 0) -> State:
    """The same table, moved on to a later day (and action round) of the calendar."""
    return evolve(state, day=day, part=part)


def quiet_until_payout(state: State) -> State:
    """Every remaining seat of the day takes a quiet action, up to and including the pay-out."""
    day = state.day
    while state.day == day and state.phase is Phase.ACT:
        state = skip_turn(state)
    return state
