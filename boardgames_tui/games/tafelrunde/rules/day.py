"""The end of a turn, of an action round (the Herold turns to its night side) and of the day (the
cards laid out go to the discard pile, the pay-out, the Herold moves on, hands refill)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.games.tafelrunde.rules.circle import Order, position_values, zork_values
from boardgames_tui.games.tafelrunde.rules.components import DAYS, HAND_REFILL
from boardgames_tui.games.tafelrunde.rules.effects import owners, zork_owner
from boardgames_tui.games.tafelrunde.rules.piles import Piles
from boardgames_tui.games.tafelrunde.rules.state import PHASE, State, remade
from boardgames_tui.games.tafelrunde.rules.text import entry


def end_turn(state: State, **changes: Any) -> State:
    """The next seat's turn (with `changes` folded into the same copy of the state)."""
    turn = state.turn + 1
    changes.update(_NEXT_TURN)
    changes["turn"] = turn
    if turn < len(state.names):
        return remade(state, changes)
    if state.part == 0:
        changes["log"] = changes.get("log", state.log).later(_evening_line, state.day)
        changes["part"] = 1
        changes["turn"] = 0
        return remade(state, changes)
    return end_of_day(remade(state, changes))


_NEXT_TURN: Final = {"phase": PHASE.ACT, "decl": None, "vetoer": None, "polls": ()}
"""What every turn's end sets: no card declared, no call open."""


@cache
def _evening_line(day: int) -> tuple[LogEntry]:
    return (entry(f"Day {day}: the Herold turns to its night side; the evening round begins."),)


def end_of_day(state: State) -> State:
    """Cards laid out go to the discard pile, the pay-out, the Herold moves on, hands refill to 3."""
    n = state.players
    laid_out = (state.in_front[(state.start + i) % n] for i in range(n))
    discard = state.discard + tuple(card for card in laid_out if card is not None)
    money = payout(state)
    log = state.log.later(_day_end_lines, state)
    if state.day >= DAYS:
        return evolve(state, discard=discard, in_front=(None,) * n, money=money, phase=PHASE.OVER, log=log)
    start = (state.start + 1) % n
    piles = Piles.of(state, discard)
    for i in range(n):
        seat = (start + i) % n
        while len(piles.hands[seat]) < HAND_REFILL and piles.left():
            piles.draw_one(seat)
    return evolve(state, in_front=(None,) * n, money=money, day=state.day + 1, part=0, turn=0, start=start,
                  **piles.changes(log))


def _day_end_lines(state: State) -> list[LogEntry]:
    """The log lines of `end_of_day(state)` before any card is drawn."""
    lines = [entry(payout_line(state))]
    if state.day >= DAYS:
        lines.append(entry(f"Day {DAYS} is over: the game ends."))
    else:
        start = (state.start + 1) % state.players
        lines.append(entry(f"Day {state.day + 1} of {DAYS}: {state.names[start]} holds the Herold (day side)."))
    return lines


def payout_nets(state: State, order: Order | None = None, money: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Each seat's pay-out before the floor at zero: its heroes' positions, plus Zork if it owns him.

    With `order` and `money`, the pay-out in that order with those purses (a preview: Zork sides
    with whoever would then be the richest); each defaults to today's."""
    order = state.order if order is None else order
    n = len(order)
    values, zork = position_values(n), zork_values(n)
    nets = [0] * state.players
    owner = zork_owner(state.money if money is None else money)
    seat_of = owners(state.colours).get
    for index, hero in enumerate(order):
        seat = seat_of(hero)
        if seat is not None:
            nets[seat] += values[index]
        elif owner is not None:
            nets[owner] += zork[index]
    return tuple(nets)


def payout(state: State) -> tuple[int, ...]:
    """The money after the day's pay-out."""
    nets = payout_nets(state)
    return tuple([max(0, m + d) for m, d in zip(state.money, nets, strict=True)])


def payout_line(state: State) -> str:
    """The log line of the day's pay-out."""
    nets = payout_nets(state)
    owner = zork_owner(state.money)
    money = payout(state)
    zork = f"Zork sides with {state.names[owner]}" if owner is not None else "Zork sides with nobody"
    parts = [f"{name} {net:+d} → {m}" for name, net, m in zip(state.names, nets, money, strict=True)]
    return f"Pay-out, day {state.day} ({zork}): " + ", ".join(parts) + "."
