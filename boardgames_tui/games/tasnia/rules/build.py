"""The Building phase's tiles: picking a tile, PLACE, MOVE, STOCK, and where a divided building's
cards go (the special cards are in `specials`)."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tasnia.rules.actions import Cancel, Keep, Lift, Put, Stock, Take
from boardgames_tui.games.tasnia.rules.area import (
    Area,
    SplitChoice,
    add_tile,
    same_tiles,
    settle_split,
    with_stock,
)
from boardgames_tui.games.tasnia.rules.components import RESIDENTS, tile_name
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.placing import is_target, may_put, put_options, rest_of, without
from boardgames_tui.games.tasnia.rules.state import Held, PlayerState, State, with_player
from boardgames_tui.games.tasnia.rules.text import cards_text, cell_words


def cell_text(cell: Cell) -> str:
    return cell_words(cell)


def verify_take(area: Area, action: Take) -> None:
    if action.tile not in area.stock:
        raise IllegalAction(f"there is no {tile_name(action.tile)} in your stockpile")


def verify_lift(area: Area, cell: Cell) -> None:
    if cell not in area.grid:
        raise IllegalAction(f"there is no tile of yours at {cell_text(cell)}")
    if cell in area.locked:
        raise IllegalAction("A2 locked: a tile of a completed building never leaves it")


def verify_put(area: Area, held: Held, cell: Cell) -> None:
    """A3 against the area before the action, then P1-P7 on the area without the held tile."""
    if may_put(area, held, cell):
        return  # the verdicts worked out for `legal` (the checks below, on every target)
    if not is_target(area.layout, cell):
        raise IllegalAction(f"A3 target: {cell_text(cell)} is not a cell you can build on now")
    reason = rest_of(area, held).place_failure(cell, held.tile)
    if reason is not None:
        raise IllegalAction(reason)


Done = tuple[Area, tuple[str, ...], tuple[SplitChoice, ...]]
"""An area after a build action, the cards left homeless, and the split choices it opens."""


def do_put(area: Area, held: Held, cell: Cell) -> Done:
    """PLACE (from the stockpile) or MOVE (from a cell).

    A MOVE is one action: the tile leaves its cell without any lock being decided on the area in
    between, and the locks and the split of its old building are settled on the area after it."""
    if held.source is None:
        return add_tile(with_stock(area, removed=held.tile), cell, held.tile), (), ()
    rest, tile, lost = without(area, held.source, False)
    after, choices = settle_split(area, add_tile(rest, cell, tile), held.source)
    return after, lost, choices


def do_stock(area: Area, held: Held) -> Done:
    """STOCK: the lifted tile goes back to the stockpile."""
    assert held.source is not None
    rest, tile, lost = without(area, held.source)
    after, choices = settle_split(area, with_stock(rest, added=(tile,)), held.source)
    return after, lost, choices


def verify_keep(area: Area, choices: tuple[SplitChoice, ...], action: Keep) -> None:
    """A card of a building just split may go to any of its parts that has room for it (P7)."""
    parts = dict(choices).get(action.card)
    if parts is None:
        raise IllegalAction(f"the {action.card} was not in the building you just divided")
    if action.building not in parts:
        raise IllegalAction(f"the building at {cell_text(action.building)} is not a part of the one you divided")
    lay = area.layout
    others = [c for c, a in area.cards if a == action.building and c in RESIDENTS and c != action.card]
    if action.card in RESIDENTS and others:
        raise IllegalAction(f"P7 one resident: the {others[0]} already lives at {cell_text(action.building)}")
    assert action.building in lay.label


def keep_actions(area: Area, choices: tuple[SplitChoice, ...]) -> list[Keep]:
    """Each other part a card of a divided building may go to (its default part is kept otherwise)."""
    out = []
    for card, parts in choices:
        now = dict(area.cards).get(card)
        for anchor in parts:
            action = Keep(card, anchor)
            if anchor != now and _keep_ok(area, choices, action):
                out.append(action)
    return out


def _keep_ok(area: Area, choices: tuple[SplitChoice, ...], action: Keep) -> bool:
    try:
        verify_keep(area, choices, action)
    except IllegalAction:
        return False
    return True


def put_actions(area: Area, held: Held) -> list[Put]:
    """Every cell the held tile may go to, in the order of T(area) (rows from the bottom, the
    anchor last): see `placing`."""
    return list(put_options(area, held).puts)


_TAKES: dict[str, Take] = {}
_LIFTS: dict[Cell, Lift] = {}


def pick_actions(area: Area) -> list[Take | Lift]:
    """Choosing a tile to build with: one per stockpile tile type, one per unlocked placed tile."""
    takes, lifts, locked = _TAKES, _LIFTS, area.locked
    out: list[Take | Lift] = []
    for tile in dict.fromkeys(area.stock):
        action = takes.get(tile)
        if action is None:
            action = takes[tile] = Take(tile)
        out.append(action)
    for cell, _ in area.tiles:
        if cell not in locked:
            lift = lifts.get(cell)
            if lift is None:
                lift = lifts[cell] = Lift(cell)
            out.append(lift)
    return out


# --- acting -------------------------------------------------------------------------------------
def take(state: State, seat: Seat, action: Take) -> State:
    return evolve(state, holding=Held(action.tile), split=())


def lift(state: State, seat: Seat, action: Lift) -> State:
    return evolve(state, holding=Held(state.players[seat].area.grid[action.cell], action.cell), split=())


def cancel(state: State, seat: Seat, action: Cancel) -> State:
    return evolve(state, holding=None)


def put(state: State, seat: Seat, action: Put, log: list[LogEntry]) -> State:
    me = state.players[seat]
    held = state.holding
    assert held is not None
    area, lost, split = do_put(me.area, held, action.cell)
    return built(state, seat, me.hand, area, state.discard, log, lost, split)


def stock(state: State, seat: Seat, action: Stock, log: list[LogEntry]) -> State:
    me = state.players[seat]
    held = state.holding
    assert held is not None
    area, lost, split = do_stock(me.area, held)
    return built(state, seat, me.hand, area, state.discard, log, lost, split)


def keep(state: State, seat: Seat, action: Keep, log: list[LogEntry]) -> State:
    """A card of the building just divided goes to the part its owner chose."""
    me = state.players[seat]
    cards = tuple((c, action.building if c == action.card else a) for c, a in me.area.cards)
    players = with_player(state.players, seat, PlayerState(me.hand, same_tiles(me.area, cards=cards)))
    split = tuple(x for x in state.split if x[0] != action.card)
    return evolve(state, players=players, split=split, log=state.log + tuple(log))


def built(
    state: State,
    seat: Seat,
    hand: tuple[str, ...],
    area: Area,
    discard: tuple[str, ...],
    log: list[LogEntry],
    lost: tuple[str, ...] = (),
    split: tuple[SplitChoice, ...] = (),
) -> State:
    """The state after a building action: the seat's new hand and area, cards left homeless to
    the discard pile, one more building action counted, the hand empty, the split choices open."""
    if lost:
        discard += lost
        log.append(LogEntry(f"{cards_text(lost)} lost the building and went to the discard pile."))
    players = with_player(state.players, seat, PlayerState(hand, area))
    return evolve(
        state,
        players=players,
        discard=discard,
        build_actions=state.build_actions + 1,
        holding=None,
        split=split,
        log=state.log + tuple(log),
    )
