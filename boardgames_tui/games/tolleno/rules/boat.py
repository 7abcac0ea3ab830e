"""Step 4 of a Tolleno turn: the boat sails (or enters the city), then may carry a floor it passed."""

from __future__ import annotations

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno.rules.actions import CARRY, CARRY_NOTHING, MOVE_BOAT, Carry, MoveBoat
from boardgames_tui.games.tolleno.rules.building import add_floor, by_space, floor_ok, occupants
from boardgames_tui.games.tolleno.rules.geometry import City, Corner, Pos, boat_paths, open_sides
from boardgames_tui.games.tolleno.rules.mapfacts import Visit, boat_stops, passed_on_way
from boardgames_tui.games.tolleno.rules.state import (
    PHASE,
    Building,
    MapContract,
    Space,
    TollenoState,
    add_line,
    foreign_boats,
    per_state,
    player_changed,
)
from boardgames_tui.games.tolleno.rules.text import pos_name, space_name


def _stops(state: TollenoState, seat: int, start: tuple[Pos, ...]) -> dict[Pos, list[Visit]]:
    """Every stop of `seat`'s boat from `start` ((): entering), with the courses to it
    (`mapfacts.boat_stops`): worked out once per map (the boat's move and then its carry ask the
    same of the same map). Shared: never change the answer."""
    allowance = state.players[seat].allowance
    return state.map_memo(
        ("stops", start, allowance), lambda facts: boat_stops(facts, start[0] if start else None, allowance)
    )


def _paths(state: TollenoState, seat: int, start: tuple[Pos, ...]) -> dict[Pos, set[Pos]]:
    """`_paths_in` from the courses kept with the map (`_stops`)."""
    first = start[0] if start else None
    return {dest: passed_on_way(visits, first) for dest, visits in _stops(state, seat, start).items()}


def _paths_in(city: City, start: tuple[Pos, ...], allowance: int) -> dict[Pos, set[Pos]]:
    if not start:
        entries = [(p, d) for p in city for d in open_sides(city, p)]
        return boat_paths(city, None, allowance, entries)
    return boat_paths(city, start[0], allowance)


def _start_of(state: TollenoState, seat: int) -> tuple[Pos, ...]:
    boat = state.players[seat].boat
    return () if boat is None else (boat,)


@per_state
def boat_moves(state: TollenoState, seat: int) -> list[MoveBoat]:
    """Every legal boat move for `seat` (an entry if the boat is not on the map yet)."""
    others = foreign_boats(state, seat)
    return [MOVE_BOAT[dest] for dest in sorted(_stops(state, seat, _start_of(state, seat))) if dest not in others]


@per_state
def carry_options(state: TollenoState, seat: int) -> list[Carry]:
    """After the boat sailed: each own top floor it passed that may ride along, and where it may land."""
    if state.sail_from is None:
        return []
    dest = state.players[seat].boat
    assert dest is not None
    visits = _stops(state, seat, state.sail_from).get(dest, [])
    passed = passed_on_way(visits, state.sail_from[0] if state.sail_from else None)
    buildings, contracts = occupants(state)
    return _carries(state.city(), buildings, contracts, seat, passed, dest, foreign_boats(state, seat))


def carries_in(
    city: City,
    buildings: tuple[Building, ...],
    contracts: tuple[MapContract, ...],
    seat: int,
    passed: set[Pos],
    dest: Pos,
    blocked: set[Pos],
) -> list[Carry]:
    """Each own top floor on a tile `passed` (not `blocked`) that may ride to a free space on `dest`."""
    return _carries(city, by_space(buildings), by_space(contracts), seat, passed, dest, blocked)


def _carries(
    city: City,
    buildings: dict[Space, Building],
    contracts: dict[Space, MapContract],
    seat: int,
    passed: set[Pos],
    dest: Pos,
    blocked: set[Pos],
) -> list[Carry]:
    sources = [s for s, b in buildings.items() if b.owner == seat and s[0] in passed and s[0] not in blocked]
    drops = [c for c in city[dest].spaces if floor_ok((dest, c), seat, buildings, contracts)]
    return [CARRY[(src, drop)] for src in sorted(sources) for drop in drops]


def verify_boat_move(state: TollenoState, seat: int, move: MoveBoat) -> None:
    if not state.players[seat].boat_unlocked:
        raise IllegalAction("your boat is not unlocked yet")
    if move not in boat_moves(state, seat):
        if move.dest in foreign_boats(state, seat):
            raise IllegalAction("another boat is moored there; you may pass it but not stop")
        raise IllegalAction(f"your boat cannot reach {pos_name(move.dest)} in a straight course")


def verify_carry(state: TollenoState, seat: int, carry: Carry) -> None:
    if (carry.carry_from is None) != (carry.carry_to is None):
        raise IllegalAction("a carried floor needs both a source and a drop space")
    if carry.carry_from is not None and carry not in carry_options(state, seat):
        src = carry.carry_from[0]
        if src in foreign_boats(state, seat):
            raise IllegalAction("no floor may be carried from a tile where another boat is moored")
        raise IllegalAction("that floor cannot be carried on this course")


# --- the choices and their effects -----------------------------------------------------------


def legal_carries(state: TollenoState, seat: int) -> list[Carry]:
    """After sailing: carry nothing, or one of the floors passed."""
    return [CARRY_NOTHING, *carry_options(state, seat)]


def _remove_floor(buildings: tuple[Building, ...], pos: Pos, corner: Corner) -> tuple[Building, ...]:
    out = []
    for b in buildings:
        if b.pos == pos and b.corner == corner:
            if b.height > 1:
                out.append(Building(b.pos, b.corner, b.owner, b.height - 1))
        else:
            out.append(b)
    return tuple(out)


def sail(state: TollenoState, seat: int, action: MoveBoat) -> TollenoState:
    """Step 4: the boat enters or moves; a floor it passed may then ride along."""
    start = state.players[seat].boat
    verb = "sails into the city at" if start is None else "moves the boat to"
    return add_line(
        state,
        f"{state.names[seat]} {verb} {pos_name(action.dest)}.",
        players=player_changed(state, seat, boat=action.dest),
        phase=PHASE.CARRY,
        sail_from=() if start is None else (start,),
    )


def carry(state: TollenoState, seat: int, action: Carry) -> TollenoState:
    """Step 4, after sailing: move one passed floor to the destination, or none."""
    if action.carry_from is not None and action.carry_to is not None:
        src, corner = action.carry_from
        dest = state.players[seat].boat
        assert dest is not None
        buildings = add_floor(_remove_floor(state.buildings, src, corner), dest, action.carry_to, seat)
        state = add_line(
            state,
            f"{state.names[seat]}'s boat carries a floor from {space_name(action.carry_from)} "
            f"to {space_name((dest, action.carry_to))}.",
            buildings=buildings,
            sail_from=None,
        )
    else:
        state = add_line(state, f"{state.names[seat]}'s boat carries nothing.", sail_from=None)
    return state
