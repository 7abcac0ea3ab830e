"""The Building phase: checking and enumerating PLACE, MOVE, STOCK and the special-card actions."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tasnia.area import Area, Tiles, add_tile, remove_tile, requirement_failure, with_stock
from boardgames_tui.games.tasnia.components import INSTALLABLE, MAX_REARRANGEMENTS, tile_name
from boardgames_tui.games.tasnia.geometry import Cell, canonical, is_target, placement_failure, targets
from boardgames_tui.games.tasnia.market import affordable, card_move_payments, contains
from boardgames_tui.games.tasnia.state import Held, Install, Lift, MoveCard, Put, Take


def _cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


@lru_cache(maxsize=1024)
def _without(area: Area, cell: Cell) -> tuple[Area, str, tuple[str, ...]]:
    return remove_tile(area, cell)


def verify_take(area: Area, action: Take) -> None:
    if action.tile not in area.stock:
        raise IllegalAction(f"there is no {tile_name(action.tile)} in your stockpile")


def verify_lift(area: Area, cell: Cell, rearranged: int) -> None:
    if cell not in area.grid:
        raise IllegalAction(f"there is no tile of yours at {_cell(cell)}")
    if cell in area.locked:
        raise IllegalAction("A2 locked: a tile of a completed building never leaves it")
    if rearranged >= MAX_REARRANGEMENTS:
        raise IllegalAction(f"you have already moved {MAX_REARRANGEMENTS} tiles this turn")


def _rest(area: Area, held: Held) -> Area:
    """The area the held tile is put into: without it if it was lifted from a cell."""
    return area if held.source is None else _without(area, held.source)[0]


def verify_put(area: Area, held: Held, cell: Cell) -> None:
    """A3 against the area before the action, then P1-P7 on the area without the held tile."""
    if not is_target(area.grid, cell):
        raise IllegalAction(f"A3 target: {_cell(cell)} is not a cell you can build on now")
    reason = _rest(area, held).place_failure(cell, held.tile)
    if reason is not None:
        raise IllegalAction(reason)


def do_put(area: Area, held: Held, cell: Cell) -> tuple[Area, tuple[str, ...]]:
    """PLACE (from the stockpile) or MOVE (from a cell); returns the cards left homeless."""
    if held.source is None:
        return add_tile(with_stock(area, removed=held.tile), cell, held.tile), ()
    rest, tile, lost = _without(area, held.source)
    return add_tile(rest, cell, tile), lost


def do_stock(area: Area, held: Held) -> tuple[Area, tuple[str, ...]]:
    """STOCK: the lifted tile goes back to the stockpile."""
    assert held.source is not None
    rest, tile, lost = _without(area, held.source)
    return with_stock(rest, added=(tile,)), lost


_PUTS: dict[Cell, Put] = {}


def _put(cell: Cell) -> Put:
    action = _PUTS.get(cell)
    if action is None:
        action = _PUTS[cell] = Put(cell)
    return action


@lru_cache(maxsize=1024)
def _targets(tiles: Tiles) -> tuple[Cell, ...]:
    return tuple(targets(dict(tiles)))


def put_actions(area: Area, held: Held) -> list[Put]:
    """Every cell the held tile may go to (a target with no neighbour passes every check)."""
    rest = _rest(area, held)
    lay = rest.layout
    grid = lay.grid
    near = lay.frontier
    residents = rest.residents()
    doors = list(lay.doors)
    tile = held.tile
    label = lay.label
    puts = _PUTS
    return [
        puts.get(cell) or _put(cell)
        for cell in _targets(area.tiles)
        if cell not in near or placement_failure(grid, cell, tile, label, doors, residents) is None
    ]


def pick_actions(area: Area, rearranged: int) -> list[Take | Lift]:
    """Choosing a tile to build with: one per stockpile tile type, one per unlocked placed tile."""
    out: list[Take | Lift] = [Take(tile) for tile in dict.fromkeys(area.stock)]
    if rearranged < MAX_REARRANGEMENTS:
        out.extend(Lift(cell) for cell, _ in area.tiles if cell not in area.locked)
    return out


def verify_install(area: Area, hand: tuple[str, ...], action: Install) -> None:
    if action.card not in INSTALLABLE:
        raise IllegalAction(f"the {action.card} is not a card that lives in a building")
    if action.card not in hand:
        raise IllegalAction(f"you hold no {action.card}")
    _verify_building(area, action.building)
    reason = requirement_failure(area, action.card, action.building)
    if reason is not None:
        raise IllegalAction(reason)


def _verify_building(area: Area, cell: Cell) -> None:
    if cell not in area.grid or canonical(area.building_of(cell)) != cell:
        raise IllegalAction(f"no building of yours starts at {_cell(cell)}")


def verify_move_card(area: Area, hand: tuple[str, ...], action: MoveCard) -> None:
    anchors = [a for c, a in area.cards if c == action.card]
    if not anchors:
        raise IllegalAction(f"you have no {action.card} in a building")
    _verify_building(area, action.building)
    if anchors[0] == action.building:
        raise IllegalAction(f"the {action.card} already lives there")
    if action.payment not in card_move_payments(area):
        raise IllegalAction("moving a card costs 1 Gold or 2 Silver")
    if not contains(hand, action.payment):
        raise IllegalAction("you cannot pay for that move")
    moved = type(area)(area.tiles, area.locked, tuple(x for x in area.cards if x[0] != action.card), area.stock)
    reason = requirement_failure(moved, action.card, action.building)
    if reason is not None:
        raise IllegalAction(reason)


def card_actions(area: Area, hand: tuple[str, ...]) -> list[Install | MoveCard]:
    out: list[Install | MoveCard] = []
    anchors = area.layout.anchors
    for card in dict.fromkeys(hand):
        if card in INSTALLABLE:
            out.extend(Install(card, a) for a in anchors if requirement_failure(area, card, a) is None)
    payments = affordable(card_move_payments(area), hand)
    for card, anchor in area.cards:
        if not payments:
            break
        moved = type(area)(area.tiles, area.locked, tuple(x for x in area.cards if x[0] != card), area.stock)
        for a in anchors:
            if a != anchor and requirement_failure(moved, card, a) is None:
                out.extend(MoveCard(card, a, p) for p in payments)
    return out
