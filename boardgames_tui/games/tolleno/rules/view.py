"""What a seat may see of Tolleno (`view`), and what a choice would bring, worked out from that view.

`view(state, seat)` shows every public fact, and a seat's held tile and VP only to that seat (to
everyone once the game is over).

The screen asks the previews before the player commits: the VP a contract would pay on each
space, the course the boat would sail to each stop, the floors it could carry there, and why a
tile does not fit where the cursor is. Each reads only what `view(state, seat)` shows that seat,
and answers with the same rules `legal` and `apply` use (the same functions of the step modules,
`geometry` and `scoring`), so a preview never disagrees with what the move then does.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.games.tolleno.rules.boat import carries_in
from boardgames_tui.games.tolleno.rules.building import second_spaces_in
from boardgames_tui.games.tolleno.rules.components import BOAT_AT, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.rules.geometry import (
    City,
    Corner,
    Dir,
    Line,
    Pos,
    Route,
    boat_paths,
    boat_routes,
    open_sides,
)
from boardgames_tui.games.tolleno.rules.placement import placement_problem
from boardgames_tui.games.tolleno.rules.scoring import contract_vp
from boardgames_tui.games.tolleno.rules.state import Building, MapContract, Phase, Placed, TollenoState

Space = tuple[Pos, Corner]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat shows the viewer: public facts, and the secrets only when allowed."""

    name: str
    board: str
    floors: int
    boat: Pos | None
    contracts_taken: tuple[str, ...]
    held: str | None
    """The held tile, only for the viewer itself (or everyone at the end)."""
    vp: int | None
    """VP tokens, only for the viewer itself (or everyone at the end)."""
    vp_lines: tuple[tuple[str, int], ...] = ()
    """The VP breakdown (start, each contract) when `vp` is shown."""

    @property
    def allowance(self) -> int:
        return 2 if self.floors >= TURN2_AT else 1 if self.floors >= TURN1_AT else 0


@dataclass(frozen=True, slots=True)
class TollenoView:
    """Everything one viewer may see of the game."""

    viewer: int | None
    initial: str
    tiles: tuple[Placed, ...]
    buildings: tuple[Building, ...]
    contracts: tuple[MapContract, ...]
    seats: tuple[SeatView, ...]
    offer: tuple[str, ...]
    city_pile: int
    contract_pile: int
    removed: tuple[str, ...]
    first: int
    current: int
    phase: Phase
    turn: int
    placed_at: Pos | None
    extended: tuple[Line, ...]
    first_build: tuple[Pos, Corner] | None
    chosen_contract: str | None
    sail_from: tuple[Pos, ...] | None
    end_triggered: bool


def view(state: TollenoState, seat: int | None) -> TollenoView:
    """Everything `seat` may see (None: the table): held tiles and VP only of that seat, or of all at the end."""
    over = state.phase is Phase.OVER
    seats = []
    for s, p in enumerate(state.players):
        shown = over or s == seat
        lines = (("start", p.start_vp), *p.contracts) if shown else ()
        seats.append(
            SeatView(
                name=state.names[s],
                board=p.board,
                floors=p.floors,
                boat=p.boat,
                contracts_taken=tuple(cid for cid, _ in p.contracts),
                held=p.held if shown else None,
                vp=p.vp if shown else None,
                vp_lines=lines,
            )
        )
    return TollenoView(
        viewer=seat,
        initial=state.initial,
        tiles=state.tiles,
        buildings=state.buildings,
        contracts=state.contracts,
        seats=tuple(seats),
        offer=state.offer,
        city_pile=len(state.city_pile),
        contract_pile=len(state.contract_pile),
        removed=state.removed,
        first=state.first,
        current=state.current,
        phase=state.phase,
        turn=state.turn,
        placed_at=state.placed_at,
        extended=state.extended,
        first_build=state.first_build,
        chosen_contract=state.chosen_contract,
        sail_from=state.sail_from,
        end_triggered=state.end_triggered,
    )


# --- previews: what a choice would bring, from the deciding seat's own view -------------------




def city_of(view: TollenoView) -> City:
    """The map of a view as position -> tile geometry."""
    return {t.pos: t.geom for t in view.tiles}


def blocked_for(view: TollenoView, seat: int) -> set[Pos]:
    """Tiles where another seat's boat is moored (closed to `seat`)."""
    return {s.boat for i, s in enumerate(view.seats) if i != seat and s.boat is not None}


def placement_reason(view: TollenoView, seat: int, pos: Pos, k: int) -> str | None:
    """Why the seat's held tile may not go at `pos` turned `k` (None: it may), as `apply` would say."""
    held = view.seats[seat].held
    if held is None:
        return "you hold no city tile"
    return placement_problem(city_of(view), held, pos, k % 4, blocked_for(view, seat))


def contract_spaces(view: TollenoView, seat: int) -> list[Space]:
    """The empty spaces where the seat could lay a contract in step 3 of this turn."""
    if view.first_build is None or view.phase not in (Phase.SECOND, Phase.CONTRACT):
        return []
    used = {(b.pos, b.corner) for b in view.buildings} | {(c.pos, c.corner) for c in view.contracts}
    spaces = second_spaces_in(city_of(view), view.first_build, blocked_for(view, seat))
    return sorted(s for s in spaces if s not in used)


def contract_values(view: TollenoView, seat: int, contract: str) -> dict[Space, int]:
    """The VP `contract` would pay the seat on each space where it may be laid now."""
    city = city_of(view)
    out: dict[Space, int] = {}
    for pos, corner in contract_spaces(view, seat):
        laid = (*view.contracts, MapContract(pos, corner, contract, seat))
        out[(pos, corner)] = contract_vp(contract, city, view.buildings, laid, seat, pos, len(view.seats))
    return out


def best_contract_value(view: TollenoView, seat: int, contract: str) -> int | None:
    """The most VP `contract` could pay the seat this turn (None: it cannot be laid)."""
    values = contract_values(view, seat, contract)
    return max(values.values()) if values else None


def _start_and_entries(view: TollenoView, seat: int) -> tuple[Pos | None, list[tuple[Pos, Dir]]]:
    city = city_of(view)
    boat = view.seats[seat].boat
    if boat is not None:
        return boat, []
    return None, [(p, d) for p in city for d in open_sides(city, p)]


def boat_courses(view: TollenoView, seat: int) -> dict[Pos, Route]:
    """Every stop the seat's boat may sail to now, with one course that reaches it.

    A course starts on the boat's tile (or, entering, on the first tile it reaches) and ends on the
    stop; it is the shortest, then the one with fewest turns. Empty when the boat cannot sail.
    """
    if view.seats[seat].floors < BOAT_AT:
        return {}
    city = city_of(view)
    start, entries = _start_and_entries(view, seat)
    routes = boat_routes(city, start, view.seats[seat].allowance, entries)
    blocked = blocked_for(view, seat)
    return {dest: route for dest, route in sorted(routes.items()) if dest not in blocked}


def carry_sources(view: TollenoView, seat: int, dest: Pos) -> list[Space]:
    """The seat's floors that the boat could pick up on the way to `dest` and land there."""
    city = city_of(view)
    if dest not in city or view.seats[seat].floors < BOAT_AT:
        return []
    start, entries = _start_and_entries(view, seat)
    passed = boat_paths(city, start, view.seats[seat].allowance, entries).get(dest, set())
    carries = carries_in(city, view.buildings, view.contracts, seat, passed, dest, blocked_for(view, seat))
    return sorted({c.carry_from for c in carries if c.carry_from is not None})
