"""The Trade and Purchase phases: trading cards in once, buying market tiles, going on to build."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tasnia.rules.actions import Buy, ToBuilding, Trade
from boardgames_tui.games.tasnia.rules.area import has_installed, with_stock
from boardgames_tui.games.tasnia.rules.components import MERCHANT, SPECIALS, TYPES, empty_stacks_to_end, tile_name
from boardgames_tui.games.tasnia.rules.market import (
    affordable,
    contains,
    draw_cards,
    tile_payments,
    with_silver_for_gold,
    without,
)
from boardgames_tui.games.tasnia.rules.state import PHASE, PlayerState, State, sort_cards, with_player
from boardgames_tui.games.tasnia.rules.text import cards_text


# --- what is legal ------------------------------------------------------------------------------
def market_actions(state: State, me: PlayerState) -> list[Trade | Buy | ToBuilding]:
    """The Trade phase's trades (only then), every purchase, and going on to building."""
    out: list[Trade | Buy | ToBuilding] = list(_trades(me.hand)) if state.phase is PHASE.TRADE else []
    tops = tuple(stack[0][0] if stack else "" for stack in state.stacks)
    out.extend(_purchases(has_installed(me.area, MERCHANT), me.hand, tops))
    out.append(_TO_BUILDING)
    return out


_TO_BUILDING = ToBuilding()


@lru_cache(maxsize=4096)
def _purchases(merchant: bool, hand: tuple[str, ...], tops: tuple[str, ...]) -> tuple[Buy, ...]:
    """Every purchase `hand` can make from stacks showing tiles of types `tops` ("" for an empty
    stack), stack by stack: worked out once per hand and market."""
    payments = _payments(merchant, hand)
    return tuple(_buy(index, p) for index, code in enumerate(tops) if code for p in payments[code])


@lru_cache(maxsize=1024)
def _trades(hand: tuple[str, ...]) -> tuple[Trade, ...]:
    """Every trade a hand allows: 1 up to all of one kind."""
    return tuple(Trade(kind, k) for kind, n in Counter(hand).items() for k in range(1, n + 1))


@lru_cache(maxsize=8192)
def _payments(merchant: bool, hand: tuple[str, ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """For each tile type, every way `hand` can pay for it (its cost, or one special card): worked
    out once per hand, for every stack."""
    specials = [(card,) for card in SPECIALS if card in hand]
    return {code: (*affordable(with_silver_for_gold(t.cost, merchant), hand), *specials) for code, t in TYPES.items()}


_BUYS: dict[tuple[int, tuple[str, ...]], Buy] = {}


def _buy(index: int, payment: tuple[str, ...]) -> Buy:
    """The purchase from stack `index` with `payment`, made once and reused."""
    action = _BUYS.get((index, payment))
    if action is None:
        action = _BUYS[(index, payment)] = Buy(index, payment)
    return action


# --- checking -----------------------------------------------------------------------------------
def verify_trade(state: State, me: PlayerState, action: Trade) -> None:
    if state.phase is not PHASE.TRADE:
        raise IllegalAction("you may trade only once, at the start of your turn")
    if action.count < 1 or not contains(me.hand, [action.kind] * action.count):
        raise IllegalAction(f"you do not hold {action.count} {action.kind}")


def verify_buy(state: State, me: PlayerState, action: Buy) -> None:
    if state.phase not in (PHASE.TRADE, PHASE.PURCHASE):
        raise IllegalAction("no more purchases: the game is ending" if state.final else "the purchase phase is over")
    if not 0 <= action.stack < len(state.stacks):
        raise IllegalAction(f"there is no stack {action.stack + 1}")
    stack = state.stacks[action.stack]
    if not stack:
        raise IllegalAction(f"stack {action.stack + 1} is empty")
    payment = sort_cards(action.payment)
    if payment in _payments(has_installed(me.area, MERCHANT), me.hand)[stack[0][0]]:
        return  # a price of the tile that the hand holds (the checks below, made once per hand)
    if payment not in tile_payments(stack[0], me.area):
        raise IllegalAction(f"that is not the price of a {tile_name(stack[0])}")
    if not contains(me.hand, payment):
        raise IllegalAction(f"you do not hold {cards_text(payment)}")


def verify_to_building(state: State) -> None:
    if state.phase not in (PHASE.TRADE, PHASE.PURCHASE):
        raise IllegalAction("you are already building")


# --- acting -------------------------------------------------------------------------------------
def trade(state: State, seat: Seat, action: Trade, log: list[LogEntry]) -> State:
    """Hand in the cards, draw as many (the draw is seen by the trader alone)."""
    me = state.players[seat]
    drawn, draw, discard, rng, reshuffled = draw_cards(state.draw, state.discard, state.rng, action.count)
    if reshuffled:
        log.append(LogEntry("The discard pile was shuffled into a new draw pile."))
    log.append(LogEntry(f"You drew {cards_text(drawn) or 'nothing'}.", frozenset({seat})))
    hand = sort_cards(without(me.hand, [action.kind] * action.count) + drawn)
    players = with_player(state.players, seat, PlayerState(hand, me.area))
    return evolve(
        state,
        players=players,
        draw=draw,
        discard=discard + (action.kind,) * action.count,
        rng=rng,
        phase=PHASE.PURCHASE,
        log=state.log + tuple(log),
    )


def buy(state: State, seat: Seat, action: Buy, log: list[LogEntry]) -> State:
    """The stack's top tile goes to the buyer's stockpile; enough emptied stacks end the game."""
    me = state.players[seat]
    index = action.stack
    stack = state.stacks[index]
    payment = sort_cards(action.payment)
    area = with_stock(me.area, added=(stack[0],))
    players = with_player(state.players, seat, PlayerState(without(me.hand, payment), area))
    stacks = (*state.stacks[:index], stack[1:], *state.stacks[index + 1 :])
    if len(stack) > 1:
        log.append(LogEntry(f"Stack {index + 1} now shows a {tile_name(stack[1])}."))
    phase, final = PHASE.PURCHASE, state.final
    empty = sum(1 for s in stacks if not s)
    if empty >= empty_stacks_to_end(len(state.players)):
        log.append(
            LogEntry(
                f"{empty} stacks are empty: the game ends. {state.names[seat]} may finish building; nobody else plays."
            )
        )
        phase, final = PHASE.BUILD, True
    return evolve(
        state,
        players=players,
        stacks=stacks,
        discard=state.discard + payment,
        phase=phase,
        final=final,
        log=state.log + tuple(log),
    )


def to_building(state: State, seat: Seat, action: ToBuilding, log: list[LogEntry]) -> State:
    """On to building: routine, so it goes unlogged (the turn's next line, a tile placed or the
    building finished, says it)."""
    return evolve(state, phase=PHASE.BUILD)
