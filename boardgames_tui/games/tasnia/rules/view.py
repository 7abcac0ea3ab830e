"""What each seat may see (views), and what putting the held tile on a cell would do, worked out
from the view alone (the table's live feedback while building)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from boardgames_tui.engine.protocol import IllegalAction, Seat
from boardgames_tui.games.tasnia.rules.area import Area
from boardgames_tui.games.tasnia.rules.build import do_put, verify_put
from boardgames_tui.games.tasnia.rules.components import empty_stacks_to_end
from boardgames_tui.games.tasnia.rules.geometry import Cell
from boardgames_tui.games.tasnia.rules.market import hand_limit
from boardgames_tui.games.tasnia.rules.scoring import BoardScore, board_score, building_points, card_score
from boardgames_tui.games.tasnia.rules.state import PHASE, Held, Phase, State, sort_cards


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
        return self.phase is PHASE.OVER


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
    over = state.phase is PHASE.OVER
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


def after_gathering(view: TasniaView, seat: Seat, drawn: tuple[str, ...]) -> TasniaView:
    """`view` (of `seat`, just before its turn ended) with the cards it then drew in its hand and
    the piles as they are after the drawing: what its owner reads before the hand-off. The draw
    pile ran out, and the discards became the new one, only when more cards were drawn than it held."""
    me = view.seats[seat]
    if me.hand is None:
        return view
    hand = sort_cards(me.hand + drawn)
    mine = replace(me, hand=hand, hand_size=len(hand), card_points=card_score(hand))
    seats = tuple(mine if i == seat else s for i, s in enumerate(view.seats))
    if len(drawn) > view.draw_size:  # reshuffled: every card left of both piles is in the draw pile
        return replace(view, seats=seats, draw_size=view.draw_size + len(view.discard) - len(drawn), discard=())
    return replace(view, seats=seats, draw_size=view.draw_size - len(drawn))


def area_from_view(seat: SeatView) -> Area:
    """Rebuild a seat's area from its public view (everything about an area is public)."""
    cards = tuple((card, b.anchor) for b in seat.buildings for card in b.cards)
    return Area(seat.tiles, seat.locked, cards, seat.stock)


def put_refusal(view: TasniaView, cell: Cell) -> str | None:
    """Why the current seat may not put its held tile on `cell` now, or None: for live feedback."""
    if view.holding is None or view.phase is not PHASE.BUILD:
        return "pick a tile first"
    try:
        verify_put(area_from_view(view.seats[view.current]), view.holding, cell)
    except IllegalAction as exc:
        return str(exc)
    return None


@dataclass(frozen=True, slots=True)
class PutPreview:
    """What putting the held tile on a cell would do to the board score, before committing."""

    before: int
    after: int
    breaks: bool
    """True when a building that is complete now would be incomplete afterwards."""

    @property
    def change(self) -> int:
        return self.after - self.before


def put_preview(view: TasniaView, cell: Cell) -> PutPreview | None:
    """The score change of putting the current seat's held tile on `cell`, None if it may not go there."""
    if put_refusal(view, cell) is not None:
        return None
    assert view.holding is not None
    area = area_from_view(view.seats[view.current])
    after, _, _ = do_put(area, view.holding, cell)
    return PutPreview(board_score(area).total, board_score(after).total, _breaks(area, after))


def _breaks(before: Area, after: Area) -> bool:
    old, new = before.layout, after.layout
    for part, why in zip(old.parts, old.failures, strict=True):
        if why is None and any(new.failures[new.label[c]] is not None for c in part if c in new.label):
            return True
    return False
