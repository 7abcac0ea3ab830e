"""A turn of Tasnia: who acts, what is legal now, and which phase's module checks and applies an
action (trading and purchasing in `purchase`, tiles in `build`, cards in `specials`, the end of
the turn in `gather`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import Decision, DecisionKind, IllegalAction, LogEntry, Seat
from boardgames_tui.games.tasnia.rules import build, gather, purchase, specials
from boardgames_tui.games.tasnia.rules.actions import (
    Action,
    Buy,
    Cancel,
    EndBuilding,
    Install,
    Keep,
    Lift,
    MoveCard,
    Plague,
    Put,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
)
from boardgames_tui.games.tasnia.rules.placing import put_options
from boardgames_tui.games.tasnia.rules.state import PHASE, Phase, State
from boardgames_tui.games.tasnia.rules.text import FINAL_PROMPT, PROMPTS, done_line


def to_act(state: State) -> Decision | None:
    if state.phase is PHASE.OVER:
        return None
    return _decision(state.phase, state.current, state.final)


@lru_cache(maxsize=64)
def _decision(phase: Phase, current: Seat, final: bool) -> Decision:
    prompt = FINAL_PROMPT if final and phase is PHASE.BUILD else PROMPTS[phase]
    return Decision(DecisionKind.TURN, (current,), prompt=prompt)


_STOCK, _CANCEL, _END = Stock(), Cancel(), EndBuilding()
"""The actions without fields, made once (`legal` offers one of them on nearly every step)."""


def legal(state: State, seat: Seat | None) -> list[Action]:
    if state.phase is PHASE.OVER or seat != state.current:
        return []
    me = state.players[seat]
    out: list[Action] = []
    if state.phase in (PHASE.TRADE, PHASE.PURCHASE):
        out.extend(purchase.market_actions(state, me))
    if state.holding is not None:
        out.extend(put_options(me.area, state.holding).puts)
        if state.holding.source is not None:
            out.append(_STOCK)
        out.append(_CANCEL)
        return out
    if state.phase is PHASE.BUILD:
        out.extend(build.keep_actions(me.area, state.split))
        out.extend(build.pick_actions(me.area))
        out.extend(specials.card_actions(me.area, me.hand))
    if not state.final:
        out.extend(specials.one_shot_actions(state, seat))
    if state.phase is PHASE.BUILD:
        out.append(_END)
    return out


def verify(state: State, seat: Seat | None, action: Action) -> None:
    """Raise IllegalAction with a reason if `seat` may not take `action` now."""
    if state.phase is PHASE.OVER:
        raise IllegalAction("the game is over")
    if seat != state.current:
        raise IllegalAction(f"it is {state.names[state.current]}'s turn")
    me = state.players[seat]
    held = state.holding
    if held is not None:
        if isinstance(action, Put):
            build.verify_put(me.area, held, action.cell)
        elif isinstance(action, Stock):
            if held.source is None:
                raise IllegalAction("that tile is already in your stockpile")
        elif not isinstance(action, Cancel):
            raise IllegalAction("put down or let go of the tile you are holding first")
        return
    if isinstance(action, Put | Stock | Cancel):
        raise IllegalAction("pick a tile first")
    if isinstance(action, Trade):
        purchase.verify_trade(state, me, action)
    elif isinstance(action, Buy):
        purchase.verify_buy(state, me, action)
    elif isinstance(action, ToBuilding):
        purchase.verify_to_building(state)
    elif isinstance(action, EndBuilding):
        gather.verify_end(state)
    elif isinstance(action, Plague | Steal):
        specials.verify_one_shot(state, seat, action)
    else:
        if state.phase is not PHASE.BUILD:
            raise IllegalAction("tiles and cards are set in the Building phase")
        if isinstance(action, Take):
            build.verify_take(me.area, action)
        elif isinstance(action, Lift):
            build.verify_lift(me.area, action.cell)
        elif isinstance(action, Install):
            specials.verify_install(me.area, me.hand, action)
        elif isinstance(action, MoveCard):
            specials.verify_move_card(me.area, me.hand, action)
        elif isinstance(action, Keep):
            build.verify_keep(me.area, state.split, action)
        else:
            raise IllegalAction(f"{action!r} is not a Tasnia action")


_PICKS: dict[type, Callable[[State, Seat, Any], State]] = {
    Take: build.take,
    Lift: build.lift,
    Cancel: build.cancel,
}
"""Picking up or letting go of a tile: nothing is done yet, nothing is logged."""

_STEPS: dict[type, Callable[[State, Seat, Any, list[LogEntry]], State]] = {
    Trade: purchase.trade,
    Buy: purchase.buy,
    ToBuilding: purchase.to_building,
    Put: build.put,
    Stock: build.stock,
    Keep: build.keep,
    Install: specials.install,
    MoveCard: specials.move_card,
    Plague: specials.one_shot,
    Steal: specials.one_shot,
    EndBuilding: gather.end_building,
}
"""Each logged action's step, given the log lines so far (the action's own line first)."""


def apply(state: State, seat: Seat | None, action: Action) -> State:
    verify(state, seat, action)
    return apply_legal(state, seat, action)


def apply_legal(state: State, seat: Seat | None, action: Action) -> State:
    """`apply` for an action `legal` has just offered `seat`: the same state, without checking the
    action again (a bot's search takes every move from `legal`, see `bots.search`)."""
    assert seat is not None
    kind = type(action)
    pick = _PICKS.get(kind)
    if pick is not None:
        return pick(state, seat, action)
    log = [LogEntry(done_line(state, seat, action))]
    if kind is not Keep and state.split:
        state = evolve(state, split=())  # a split's card choices last until any other action
    return _STEPS[kind](state, seat, action, log)


def reveals(action: Action) -> bool:
    """Whether `action` cannot be taken back: it draws cards (a trade, the end of building), turns
    up a stack's next tile (a purchase), or plays the Plague or the Scoundrel on another seat."""
    return isinstance(action, Trade | Buy | Plague | Steal | EndBuilding)
