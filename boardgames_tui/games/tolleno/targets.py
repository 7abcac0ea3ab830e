"""What a seat may do at each step of a Tolleno turn: placement checks, build targets, boat moves.

Each `verify_*` function raises IllegalAction with a reason a player can read; the `*_targets`
functions enumerate every legal choice for `legal` and the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno.geometry import (
    BIT,
    DIRS,
    GEOMS,
    City,
    Corner,
    Line,
    Pos,
    boat_paths,
    open_sides,
    perpendiculars,
    quay_spaces,
    space_lines,
    step,
)
from boardgames_tui.games.tolleno.state import Building, Carry, MapContract, MoveBoat, TollenoState

Space = tuple[Pos, Corner]
R = TypeVar("R")


def per_state(fn: Callable[[TollenoState, int], R]) -> Callable[[TollenoState, int], R]:
    """Remember the answer for the last few (state, seat) pairs, by the state's identity.

    States never change, and each entry keeps its state alive so an id cannot be reused while it
    is remembered. `legal`, `apply` and the turn flow ask the same question of the same state
    several times; this only saves the repeated work.
    """
    memo: dict[tuple[int, int], tuple[TollenoState, R]] = {}

    def wrapper(state: TollenoState, seat: int) -> R:
        hit = memo.get((id(state), seat))
        if hit is not None and hit[0] is state:
            return hit[1]
        result = fn(state, seat)
        if len(memo) >= 16:
            memo.clear()
        memo[(id(state), seat)] = (state, result)
        return result

    wrapper.__doc__ = fn.__doc__
    return wrapper


def pos_name(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def space_name(space: Space) -> str:
    return f"{pos_name(space[0])} {space[1]}"


def foreign_boats(state: TollenoState, seat: int) -> set[Pos]:
    """Tiles blocked for `seat` by another player's boat."""
    return {p.boat for s, p in enumerate(state.players) if s != seat and p.boat is not None}


# --- step 1: placement -----------------------------------------------------------------------


def placement_problem(city: City, kind: str, pos: Pos, k: int, blocked: set[Pos]) -> str | None:
    """Why the tile may not go there (the first failing check M1..M5), or None if it may."""
    if pos in city:
        return f"there is already a tile at {pos_name(pos)}"
    geom = GEOMS[(kind, k)]
    touching = False
    canal_joined = False
    for d in DIRS:
        other = city.get(step(pos, d))
        if other is None:
            continue
        touching = True
        mine, theirs = d in geom.canals, d.opposite in other.canals
        if mine != theirs:
            return f"a canal would run into land on the {d.name} side (a dead end)"
        canal_joined = canal_joined or mine
    if not touching:
        return "the tile must touch the side of a tile already in the city"
    if not canal_joined:
        return "the tile must extend at least one canal of the city"
    for d in DIRS:
        if step(pos, d) in blocked:
            return "the tile would touch a tile where another player's boat is moored"
    return None


def placements(state: TollenoState, seat: int, kind: str, first_only: bool = False) -> list[tuple[Pos, int]]:
    """Every (position, rotation) where `kind` may be placed by `seat` (or just the first one).

    This is `placement_problem` for every candidate at once, with canal sides as bit masks, since
    it runs for every legal-move listing.
    """
    city = state.city()
    blocked = foreign_boats(state, seat)
    geoms = [GEOMS[(kind, k)].mask for k in range(4)]
    out: list[tuple[Pos, int]] = []
    for pos in state.frontier():
        r, c = pos
        present = 0
        facing = 0
        near_boat = False
        for dr, dc, bit, back in _AROUND:
            npos = (r + dr, c + dc)
            other = city.get(npos)
            if other is None:
                continue
            present |= bit
            if other.mask & back:
                facing |= bit
            near_boat = near_boat or npos in blocked
        if near_boat or not facing:
            continue
        for k, mask in enumerate(geoms):
            if mask & present == facing:
                out.append((pos, k))
                if first_only:
                    return out
    return out


_AROUND = tuple((d.delta[0], d.delta[1], BIT[d], BIT[d.opposite]) for d in DIRS)
"""Each side as (row step, column step, its bit, the bit of the facing side)."""


# --- steps 2 and 3: floors and contracts -----------------------------------------------------


def _occupants(state: TollenoState) -> tuple[dict[Space, Building], dict[Space, MapContract]]:
    return (
        {(b.pos, b.corner): b for b in state.buildings},
        {(c.pos, c.corner): c for c in state.contracts},
    )


def _floor_ok(space: Space, seat: int, buildings: dict[Space, Building], contracts: dict[Space, MapContract]) -> bool:
    if space in contracts:
        return False
    building = buildings.get(space)
    return building is None or building.owner == seat


def _quay_of(city: City, lines: list[Line] | tuple[Line, ...], skip: Pos | None) -> list[Space]:
    seen: list[Space] = []
    for line in lines:
        for space in quay_spaces(city, line):
            if space[0] != skip and space not in seen:
                seen.append(space)
    return seen


@per_state
def first_build_targets(state: TollenoState, seat: int) -> list[Space]:
    """Spaces for the step-2 floor: the quay of an extended canal, empty or own, unblocked."""
    if state.players[seat].floors_left <= 0:
        return []
    city = state.city()
    blocked = foreign_boats(state, seat)
    buildings, contracts = _occupants(state)
    return sorted(
        s
        for s in _quay_of(city, state.extended, None)
        if s[0] not in blocked and _floor_ok(s, seat, buildings, contracts)
    )


def perpendicular_spaces(city: City, first: Space, reference: Line) -> list[Space]:
    """Spaces on the quays of the lines perpendicular to `reference`, off the first floor's tile."""
    lines = perpendiculars(city, reference)
    return _quay_of(city, lines, first[0])


def second_spaces_in(city: City, first: Space, blocked: set[Pos]) -> list[Space]:
    """Spaces for step 3 in `city` after a first floor on `first`, off the `blocked` tiles."""
    out: list[Space] = []
    for ref in space_lines(city, *first):
        for space in perpendicular_spaces(city, first, ref):
            if space[0] not in blocked and space not in out:
                out.append(space)
    return out


@per_state
def second_spaces(state: TollenoState, seat: int) -> list[Space]:
    """Unblocked spaces for step 3, whichever line through the step-2 space is taken as reference."""
    if state.first_build is None:
        return []
    return second_spaces_in(state.city(), state.first_build, foreign_boats(state, seat))


def second_floor_targets(state: TollenoState, seat: int) -> list[Space]:
    if state.players[seat].floors_left <= 0:
        return []
    buildings, contracts = _occupants(state)
    return sorted(s for s in second_spaces(state, seat) if _floor_ok(s, seat, buildings, contracts))


def contract_targets(state: TollenoState, seat: int) -> list[Space]:
    if not state.offer:
        return []
    buildings, contracts = _occupants(state)
    return sorted(s for s in second_spaces(state, seat) if s not in buildings and s not in contracts)


def verify_space_exists(city: City, space: Space) -> None:
    pos, corner = space
    if pos not in city:
        raise IllegalAction(f"there is no tile at {pos_name(pos)}")
    if corner not in city[pos].spaces:
        raise IllegalAction(f"tile {pos_name(pos)} has no constructible space at {corner}")


def verify_floor_space(state: TollenoState, seat: int, space: Space) -> None:
    """The checks shared by every floor: supply, space, ownership, boats."""
    if state.players[seat].floors_left <= 0:
        raise IllegalAction("all your floors are already built")
    verify_space_exists(state.city(), space)
    buildings, contracts = _occupants(state)
    if space in contracts:
        raise IllegalAction("a contract lies on that space")
    building = buildings.get(space)
    if building is not None and building.owner != seat:
        raise IllegalAction("that building belongs to another player")
    if space[0] in foreign_boats(state, seat):
        raise IllegalAction("another player's boat is moored on that tile")


def verify_first_build(state: TollenoState, seat: int, space: Space) -> None:
    verify_floor_space(state, seat, space)
    if space not in _quay_of(state.city(), state.extended, None):
        raise IllegalAction("the first floor must stand on the quay of a canal you have just extended")


def verify_second(state: TollenoState, seat: int, space: Space) -> None:
    """Checks for the step-3 element's space (floor or contract), after the space exists."""
    if state.first_build is not None and space[0] == state.first_build[0]:
        raise IllegalAction("the second element may not go on the tile of your first floor")
    if space not in second_spaces(state, seat):
        if space[0] in foreign_boats(state, seat):
            raise IllegalAction("another player's boat is moored on that tile")
        raise IllegalAction("that space is not on a quay perpendicular to the canal of your first floor")


# --- step 4: the boat --------------------------------------------------------------------------


def _paths(state: TollenoState, seat: int, start: tuple[Pos, ...]) -> dict[Pos, set[Pos]]:
    """Every stop of `seat`'s boat from `start` ((): entering), with the tiles passed on the way."""
    city = state.city()
    allowance = state.players[seat].allowance
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
    return sorted(MoveBoat(dest) for dest in _paths(state, seat, _start_of(state, seat)) if dest not in others)


@per_state
def carry_options(state: TollenoState, seat: int) -> list[Carry]:
    """After the boat sailed: each own top floor it passed that may ride along, and where it may land."""
    if state.sail_from is None:
        return []
    dest = state.players[seat].boat
    assert dest is not None
    passed = _paths(state, seat, state.sail_from).get(dest, set())
    return carries_in(state.city(), state.buildings, state.contracts, seat, passed, dest, foreign_boats(state, seat))


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
    by_space = {(b.pos, b.corner): b for b in buildings}
    laid = {(c.pos, c.corner): c for c in contracts}
    sources = [(b.pos, b.corner) for b in buildings if b.owner == seat and b.pos in passed and b.pos not in blocked]
    drops = [c for c in city[dest].spaces if _floor_ok((dest, c), seat, by_space, laid)]
    return [Carry(src, drop) for src in sorted(sources) for drop in drops]


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
