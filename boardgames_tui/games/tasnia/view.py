"""What each seat may see (views) and how actions read in labels and the log."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from boardgames_tui.engine.protocol import Seat
from boardgames_tui.games.tasnia.area import Area
from boardgames_tui.games.tasnia.components import empty_stacks_to_end, tile_name
from boardgames_tui.games.tasnia.geometry import Cell
from boardgames_tui.games.tasnia.market import hand_limit
from boardgames_tui.games.tasnia.scoring import BoardScore, board_score, building_points, card_score
from boardgames_tui.games.tasnia.state import (
    Action,
    Buy,
    Cancel,
    EndBuilding,
    Held,
    Install,
    Keep,
    Lift,
    MoveCard,
    Phase,
    Plague,
    Put,
    State,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
)


@dataclass(frozen=True, slots=True)
class BuildingView:
    """One building as everyone sees it."""

    anchor: Cell
    tiles: tuple[tuple[Cell, str], ...]
    complete: bool
    why: str | None
    """The first completion check it fails, or None when complete."""
    cards: tuple[str, ...]
    points: int = 0
    """What it scores as it stands (complete or not, gold stars and Princess included)."""

    @property
    def size(self) -> int:
        return len(self.tiles)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's side of the table; `hand` is None when the viewer may not see it."""

    name: str
    hand: tuple[str, ...] | None
    hand_size: int
    hand_limit: int
    tiles: tuple[tuple[Cell, str], ...]
    locked: frozenset[Cell]
    stock: tuple[str, ...]
    buildings: tuple[BuildingView, ...]
    board: BoardScore
    card_points: int | None
    """Silver and Gold in hand, shown only to the owner until the end."""


@dataclass(frozen=True, slots=True)
class TasniaView:
    """The whole table as one viewer sees it."""

    viewer: Seat | None
    current: Seat
    dealer: Seat
    phase: Phase
    final: bool
    turn: int
    market: tuple[str | None, ...]
    """Each stack's face-up tile, None for an empty stack."""
    stack_sizes: tuple[int, ...]
    empty_to_end: int
    draw_size: int
    discard: tuple[str, ...]
    seats: tuple[SeatView, ...]
    build_actions: int
    """Building-phase actions the current seat has completed this phase."""
    holding: Held | None
    """The tile the current player has picked up to put down (public, like the area)."""
    split: tuple[tuple[str, tuple[Cell, ...]], ...] = ()
    """Cards of a building the current player just divided, each with the parts it may go to."""

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


@lru_cache(maxsize=4096)
def _buildings(area: Area) -> tuple[BuildingView, ...]:
    lay = area.layout
    out = []
    for index, (part, why, anchor) in enumerate(zip(lay.parts, lay.failures, lay.anchors, strict=True)):
        tiles = tuple(sorted((c, lay.grid[c]) for c in part))
        points = building_points(area, index)
        out.append(BuildingView(anchor, tiles, why is None, why, area.cards_at(anchor), points))
    return tuple(out)


def view_of(state: State, viewer: Seat | None) -> TasniaView:
    over = state.phase is Phase.OVER
    seats = []
    for i, p in enumerate(state.players):
        sees = over or viewer == i
        seats.append(
            SeatView(
                name=state.names[i],
                hand=p.hand if sees else None,
                hand_size=len(p.hand),
                hand_limit=hand_limit(p.area),
                tiles=p.area.tiles,
                locked=p.area.locked,
                stock=p.area.stock,
                buildings=_buildings(p.area),
                board=board_score(p.area),
                card_points=card_score(p.hand) if sees else None,
            )
        )
    return TasniaView(
        viewer=viewer,
        current=state.current,
        dealer=state.dealer,
        phase=state.phase,
        final=state.final,
        turn=state.turn,
        market=tuple(s[0] if s else None for s in state.stacks),
        stack_sizes=tuple(len(s) for s in state.stacks),
        empty_to_end=empty_stacks_to_end(len(state.players)),
        draw_size=len(state.draw),
        discard=state.discard,
        seats=tuple(seats),
        build_actions=state.build_actions,
        holding=state.holding,
        split=state.split,
    )


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in Counter(cards).items())


def _at(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def describe_action(state: State, seat: Seat, action: Action, *, past: bool) -> str:
    """The action in words, without the actor's name ("buy ..." or, with `past`, "bought ...")."""

    def verb(now: str, then: str) -> str:
        return then if past else now

    area = state.players[seat].area
    if isinstance(action, Trade):
        return f"{verb('trade in', 'traded in')} {action.count} {action.kind}"
    if isinstance(action, Buy):
        stack = state.stacks[action.stack] if 0 <= action.stack < len(state.stacks) else ()
        what = tile_name(stack[0]) if stack else "a tile"
        return f"{verb('buy', 'bought')} {what} from stack {action.stack + 1} for {_cards(action.payment)}"
    if isinstance(action, ToBuilding):
        return verb("go on to building", "went on to building")
    if isinstance(action, EndBuilding):
        if state.final:
            return verb("finish building and end the game", "finished building")
        return verb("finish building and gather cards", "finished building")
    held = state.holding
    if isinstance(action, Take):
        return f"{verb('pick', 'picked')} a {tile_name(action.tile)} from the stockpile"
    if isinstance(action, Lift):
        tile = area.grid.get(action.cell)
        return f"{verb('pick up', 'picked up')} the {tile_name(tile) if tile else 'tile'} at {_at(action.cell)}"
    if isinstance(action, Cancel):
        return verb("put the tile back", "put the tile back")
    if isinstance(action, Put) and held is not None:
        if held.source is None:
            return f"{verb('place', 'placed')} a {tile_name(held.tile)} at {_at(action.cell)}"
        return f"{verb('move', 'moved')} the {tile_name(held.tile)} from {_at(held.source)} to {_at(action.cell)}"
    if isinstance(action, Put):
        return f"{verb('put', 'put')} a tile at {_at(action.cell)}"
    if isinstance(action, Stock):
        what = tile_name(held.tile) if held is not None else "tile"
        return f"{verb('take', 'took')} the {what} back to the stockpile"
    if isinstance(action, Keep):
        return f"{verb('keep', 'kept')} the {action.card} in the part at {_at(action.building)}"
    if isinstance(action, Install):
        return f"{verb('house', 'housed')} the {action.card} in the building at {_at(action.building)}"
    if isinstance(action, MoveCard):
        return (
            f"{verb('move', 'moved')} the {action.card} to the building at {_at(action.building)}"
            f" for {_cards(action.payment)}"
        )
    target = state.names[action.target] if 0 <= action.target < len(state.names) else "?"
    if isinstance(action, Plague):
        return f"{verb('send', 'sent')} the Plague on {target}'s {action.card}"
    if isinstance(action, Steal):
        if action.cell is not None:
            victim = state.players[action.target].area if 0 <= action.target < len(state.players) else area
            tile = victim.grid.get(action.cell)
            what = tile_name(tile) if tile else "a tile"
            return f"{verb('send', 'sent')} the Scoundrel to steal {target}'s {what} at {_at(action.cell)}"
        return f"{verb('send', 'sent')} the Scoundrel to steal {target}'s {tile_name(action.tile)} from the stockpile"
    return repr(action)
