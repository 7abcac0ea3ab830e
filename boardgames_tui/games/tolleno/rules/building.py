"""Steps 2 and 3 of a Tolleno turn: a floor on the quay of a canal just extended, then a second
floor or a contract on a quay perpendicular to it.

Each `verify_*` function raises IllegalAction with a reason a player can read; the `*_targets`
functions enumerate every legal choice for `legal` and the screen.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, TypeVar

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.field_memo import field_memo, keep_field_memo
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tolleno.rules.actions import (
    BUILD_FLOOR,
    PLACE_CONTRACT,
    TAKE_CONTRACT,
    BuildFloor,
    PlaceContract,
    TakeContract,
)
from boardgames_tui.games.tolleno.rules.components import BOAT_AT, CONTRACTS_BY_ID, PLAYER_FLOORS, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.rules.geometry import (
    CORNER_SIDES,
    City,
    Corner,
    Line,
    Pos,
    perpendiculars,
    quay_spaces,
    space_lines,
)
from boardgames_tui.games.tolleno.rules.mapfacts import MapFacts
from boardgames_tui.games.tolleno.rules.scoring import contract_vp
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
from boardgames_tui.games.tolleno.rules.text import contract_text, pos_name, space_name

Item = TypeVar("Item", Building, MapContract)


def occupants(state: TollenoState) -> tuple[dict[Space, Building], dict[Space, MapContract]]:
    """The buildings and the contracts on the map, by their space: kept with the two fields
    (`engine.field_memo`), which most actions leave as they were. Shared: never change them."""
    return field_memo(state, "buildings", by_space), field_memo(state, "contracts", by_space)


def by_space(items: tuple[Item, ...]) -> dict[Space, Item]:
    """Buildings or contracts by the space they stand on."""
    return {(item.pos, item.corner): item for item in items}


def floor_ok(space: Space, seat: int, buildings: dict[Space, Building], contracts: dict[Space, MapContract]) -> bool:
    """True if `seat` may put a floor on `space`: no contract there, and no one else's building."""
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
    blocked = foreign_boats(state, seat)
    buildings, contracts = occupants(state)
    return sorted(
        s
        for s in extended_quay(state)
        if s[0] not in blocked and s not in contracts and ((b := buildings.get(s)) is None or b.owner == seat)
    )  # `floor_ok` written out: the floors' listings ask it of every space


def extended_quay(state: TollenoState) -> list[Space]:
    """The spaces on the quays of the canals just extended, line by line (each once)."""
    facts = state.facts()
    if all(facts.lines.get((line.tiles[0], line.vertical)) is line for line in state.extended):
        # The lines are this map's own (the tile was placed on it): their quays are kept with it.
        seen: dict[Space, None] = {}
        for line in state.extended:
            seen.update(dict.fromkeys(facts.quays[(line.tiles[0], line.vertical)]))
        return list(seen)
    return _quay_of(facts.city, state.extended, None)


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
    first = state.first_build
    if first is None:
        return []
    # Worked out once per map and first floor without the boats, then the boats' tiles left out:
    # the same spaces in the same order (a space is dropped by its tile alone).
    spaces = state.map_memo(("second", first), lambda facts: second_spaces_of(facts, first))
    return _unblocked(spaces, foreign_boats(state, seat))


def _unblocked(spaces: list[Space], blocked: set[Pos]) -> list[Space]:
    return [s for s in spaces if s[0] not in blocked] if blocked else spaces


def _sorted_second_spaces(state: TollenoState, seat: int) -> list[Space]:
    """`sorted(second_spaces(state, seat))`, the sorting done once per map and first floor."""
    first = state.first_build
    if first is None:
        return []
    spaces = state.map_memo(("second sorted", first), lambda facts: sorted(second_spaces_of(facts, first)))
    return _unblocked(spaces, foreign_boats(state, seat))


def second_spaces_of(facts: MapFacts, first: Space) -> list[Space]:
    """`second_spaces_in` with no tile blocked, from the lines and quays kept with the map."""
    pos, corner = first
    canals = facts.city[pos].canals
    lines, quays = facts.lines, facts.quays
    out: dict[Space, None] = {}
    for vertical, side in zip((True, False), CORNER_SIDES[corner], strict=True):
        if side in canals:
            for tile in lines[(pos, vertical)].tiles:
                quay = quays.get((tile, not vertical))
                if quay is None:
                    continue
                if tile == pos:  # the line across the first floor's own tile: off that tile
                    quay = tuple(s for s in quay if s[0] != pos)
                out.update(dict.fromkeys(quay))
    return list(out)


@per_state
def second_floor_targets(state: TollenoState, seat: int) -> list[Space]:
    if state.players[seat].floors_left <= 0:
        return []
    buildings, contracts = occupants(state)
    return [  # `floor_ok` written out
        s
        for s in _sorted_second_spaces(state, seat)
        if s not in contracts and ((b := buildings.get(s)) is None or b.owner == seat)
    ]


@per_state
def contract_targets(state: TollenoState, seat: int) -> list[Space]:
    if not state.offer:
        return []
    buildings, contracts = occupants(state)
    return [s for s in _sorted_second_spaces(state, seat) if s not in buildings and s not in contracts]


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
    buildings, contracts = occupants(state)
    if space in contracts:
        raise IllegalAction("a contract lies on that space")
    building = buildings.get(space)
    if building is not None and building.owner != seat:
        raise IllegalAction("that building belongs to another player")
    if space[0] in foreign_boats(state, seat):
        raise IllegalAction("another player's boat is moored on that tile")


def verify_first_build(state: TollenoState, seat: int, space: Space) -> None:
    verify_floor_space(state, seat, space)
    if space not in extended_quay(state):
        raise IllegalAction("the first floor must stand on the quay of a canal you have just extended")


def verify_second(state: TollenoState, seat: int, space: Space) -> None:
    """Checks for the step-3 element's space (floor or contract), after the space exists."""
    if state.first_build is not None and space[0] == state.first_build[0]:
        raise IllegalAction("the second element may not go on the tile of your first floor")
    if space not in second_spaces(state, seat):
        if space[0] in foreign_boats(state, seat):
            raise IllegalAction("another player's boat is moored on that tile")
        raise IllegalAction("that space is not on a quay perpendicular to the canal of your first floor")


# --- the choices and their effects -----------------------------------------------------------


def legal_first_floors(state: TollenoState, seat: int) -> list[BuildFloor]:
    """Step 2's choices."""
    return [BUILD_FLOOR[space] for space in first_build_targets(state, seat)]


def legal_seconds(state: TollenoState, seat: int) -> list[BuildFloor | TakeContract]:
    """Step 3's choices: a second floor, or a face-up contract if there is room to lay it."""
    floors: list[BuildFloor | TakeContract] = [BUILD_FLOOR[space] for space in second_floor_targets(state, seat)]
    takes = [TAKE_CONTRACT[cid] for cid in state.offer] if contract_targets(state, seat) else []
    return floors + takes


def legal_contract_spaces(state: TollenoState, seat: int) -> list[PlaceContract]:
    """Step 3, after taking a contract: every empty space where it may be laid."""
    chosen = state.chosen_contract
    assert chosen is not None
    return [PLACE_CONTRACT[(chosen, p, c)] for p, c in contract_targets(state, seat)]


def add_floor(buildings: tuple[Building, ...], pos: Pos, corner: Corner, seat: int) -> tuple[Building, ...]:
    """The buildings (sorted) with one more floor of `seat` on the space (a new building if it was
    empty), still sorted: a space holds one building, so the space alone places it in the order."""
    i = bisect_left(buildings, (pos, corner), key=_space)
    if i < len(buildings) and buildings[i].pos == pos and buildings[i].corner == corner:
        b = buildings[i]
        return (*buildings[:i], Building(pos, corner, b.owner, b.height + 1), *buildings[i + 1 :])
    return (*buildings[:i], Building(pos, corner, seat, 1), *buildings[i:])


def _space(building: Building) -> Space:
    return (building.pos, building.corner)


_UNLOCKS = {
    BOAT_AT: "the boat is unlocked",
    TURN1_AT: "the boat may turn once",
    TURN2_AT: "the boat may turn twice",
}
"""What a floor taken from the board unlocks, by its number."""


def put_floor(state: TollenoState, seat: int, action: BuildFloor, **changes: Any) -> TollenoState:
    """The next floor from the seat's board goes on the space, with what it unlocks (and the
    step's own `changes`, made in the same copy of the state)."""
    floors = state.players[seat].floors + 1
    space = (action.pos, action.corner)
    buildings = occupants(state)[0]
    below = buildings.get(space)
    height = 1 if below is None else below.height + 1
    built = Building(action.pos, action.corner, seat if below is None else below.owner, height)
    name = state.names[seat]
    lines = [LogEntry(f"{name} builds floor {floors} at {space_name(space)} (now {height} high).")]
    unlocked = _UNLOCKS.get(floors)
    if unlocked:
        lines.append(LogEntry(f"{name}: {unlocked}."))
    if floors == PLAYER_FLOORS and not state.end_triggered:
        lines.append(LogEntry(f"{name} built their last floor: the game ends after this round."))
        changes["end_triggered"] = True
    state = evolve(
        state,
        players=player_changed(state, seat, floors=floors),
        buildings=add_floor(state.buildings, action.pos, action.corner, seat),
        log=state.log + tuple(lines),
        **changes,
    )
    keep_field_memo(state, "buildings", {**buildings, space: built})  # one building changed
    return state


def verify_build(state: TollenoState, seat: int, action: BuildFloor) -> None:
    """Why step 2's floor, or step 3's second floor, may not go there (nothing if it may)."""
    space = (action.pos, action.corner)
    if state.phase is PHASE.BUILD:
        verify_first_build(state, seat, space)
    else:
        verify_floor_space(state, seat, space)
        verify_second(state, seat, space)


def build(state: TollenoState, seat: int, action: BuildFloor) -> TollenoState:
    """Step 2's floor, or step 3's second floor."""
    if state.phase is PHASE.BUILD:
        return put_floor(state, seat, action, phase=PHASE.SECOND, first_build=(action.pos, action.corner))
    return put_floor(state, seat, action, phase=PHASE.NAVIGATE)


def verify_take(state: TollenoState, seat: int, action: TakeContract) -> None:
    if action.contract not in state.offer:
        known = action.contract in CONTRACTS_BY_ID  # a forged action may name no contract at all
        raise IllegalAction(f"the contract {contract_text(action.contract) if known else 'asked for'} is not face up")
    if not contract_targets(state, seat):
        raise IllegalAction("there is no empty space where a contract could go")


def take_contract(state: TollenoState, seat: int, action: TakeContract) -> TollenoState:
    """Step 3, contract instead of a floor: pick one of the face-up contracts."""
    return add_line(
        state,
        f"{state.names[seat]} takes a contract: {contract_text(action.contract, state.n)}.",
        phase=PHASE.CONTRACT,
        chosen_contract=action.contract,
    )


def verify_lay(state: TollenoState, seat: int, action: PlaceContract) -> None:
    if action.contract != state.chosen_contract:
        raise IllegalAction("that is not the contract you took")
    space = (action.pos, action.corner)
    verify_space_exists(state.city(), space)
    if any((b.pos, b.corner) == space for b in state.buildings) or any(
        (c.pos, c.corner) == space for c in state.contracts
    ):
        raise IllegalAction("a contract needs an empty space")
    verify_second(state, seat, space)


def lay_contract(state: TollenoState, seat: int, action: PlaceContract) -> TollenoState:
    """Step 3: lay the contract taken, score it for the placer, refill the offer."""
    space = (action.pos, action.corner)
    placed = MapContract(action.pos, action.corner, action.contract, seat)
    contracts = tuple(sorted((*state.contracts, placed)))
    vp = contract_vp(action.contract, state.city(), state.buildings, contracts, seat, action.pos, state.n)
    player = state.players[seat]
    offer = tuple(c for c in state.offer if c != action.contract)
    lines: tuple[LogEntry, ...] = (
        LogEntry(f"{state.names[seat]} lays the contract at {space_name(space)}."),
        LogEntry(f"The contract earns you {vp} VP.", frozenset({seat})),
    )
    changes: dict[str, Any] = {}
    if state.contract_pile:
        new, changes["contract_pile"] = state.contract_pile[0], state.contract_pile[1:]
        offer = (*offer, new)
        lines = (*lines, LogEntry(f"New contract face up: {contract_text(new, state.n)}."))
    return evolve(
        state,
        players=player_changed(state, seat, contracts=(*player.contracts, (action.contract, vp))),
        contracts=contracts,
        log=state.log + lines,
        offer=offer,
        phase=PHASE.NAVIGATE,
        chosen_contract=None,
        **changes,
    )
