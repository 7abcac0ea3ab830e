"""Tolleno's turn, step by step: each action's effect, and the automatic moves between steps.

Every function takes a state and returns a new one. After each action `settle` skips the steps
the current seat cannot take, ends the turn (drawing a tile) and starts the next one, dealing
with a held tile that fits nowhere or an empty hand on the way.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tolleno.components import BOAT_AT, PLAYER_FLOORS, TURN1_AT, TURN2_AT
from boardgames_tui.games.tolleno.geometry import Corner, Pos, extended_lines
from boardgames_tui.games.tolleno.scoring import contract_vp
from boardgames_tui.games.tolleno.state import (
    BuildFloor,
    Building,
    Carry,
    MapContract,
    MoveBoat,
    Phase,
    PlaceContract,
    Placed,
    PlaceTile,
    TakeContract,
    TollenoState,
)
from boardgames_tui.games.tolleno.targets import (
    boat_moves,
    carry_options,
    contract_targets,
    first_build_targets,
    foreign_boats,
    placement_problem,
    placements,
    pos_name,
    second_floor_targets,
    space_name,
    verify_boat_move,
    verify_carry,
    verify_first_build,
    verify_floor_space,
    verify_second,
    verify_space_exists,
)

OFFER_SIZE = 3

PROMPTS = {
    Phase.PLACE: "Place your city tile",
    Phase.BUILD: "Build a floor on the quay of a canal you extended",
    Phase.SECOND: "Build a second floor or take a contract (perpendicular quay)",
    Phase.CONTRACT: "Lay your contract on an empty space of a perpendicular quay",
    Phase.NAVIGATE: "Move your boat",
    Phase.CARRY: "Carry one of your floors passed on the way, or none",
}
TURN_RESET: dict[str, Any] = {
    "placed_at": None, "extended": (), "first_build": None, "chosen_contract": None, "sail_from": None,
}
"""The per-turn fields, cleared when a turn starts and when the game ends."""


def _evolve(state: TollenoState, **changes: Any) -> TollenoState:
    """`dataclasses.replace` for the state, without its per-call overhead (it runs a lot)."""
    new = object.__new__(TollenoState)
    for name in _STATE_FIELDS:
        object.__setattr__(new, name, changes.pop(name) if name in changes else getattr(state, name))
    if changes:
        raise TypeError(f"TollenoState has no field {next(iter(changes))}")
    return new


_STATE_FIELDS = tuple(f.name for f in fields(TollenoState))


def add_line(
    state: TollenoState, text: str, audience: frozenset[int] | None = None, **changes: Any
) -> TollenoState:
    """Add a log line (and make any other changes in the same step)."""
    return _evolve(state, log=(*state.log, LogEntry(text, audience)), **changes)


def _set_player(state: TollenoState, seat: int, **changes: object) -> TollenoState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return _evolve(state, players=tuple(players))


def _add_floor(buildings: tuple[Building, ...], pos: Pos, corner: Corner, seat: int) -> tuple[Building, ...]:
    out = []
    found = False
    for b in buildings:
        if b.pos == pos and b.corner == corner:
            out.append(replace(b, height=b.height + 1))
            found = True
        else:
            out.append(b)
    if not found:
        out.append(Building(pos, corner, seat, 1))
    return tuple(sorted(out))


def _remove_floor(buildings: tuple[Building, ...], pos: Pos, corner: Corner) -> tuple[Building, ...]:
    out = []
    for b in buildings:
        if b.pos == pos and b.corner == corner:
            if b.height > 1:
                out.append(replace(b, height=b.height - 1))
        else:
            out.append(b)
    return tuple(out)


def start_turn(state: TollenoState) -> TollenoState:
    """Begin the current seat's turn, dealing with a missing or unplaceable tile."""
    seat = state.current
    name = state.names[seat]
    state = _evolve(state, phase=Phase.PLACE, **TURN_RESET)
    while True:
        held = state.players[seat].held
        if held is None:
            if not state.end_triggered:
                state = add_line(state, f"{name} has no city tile left: the game ends after this round.")
            state = _evolve(state, end_triggered=True, phase=Phase.NAVIGATE)
            return settle(state)
        if placements(state, seat, held, first_only=True):
            return state
        state = add_line(state, f"{name}'s tile {held} fits nowhere and leaves the game.")
        state = _evolve(state, removed=(*state.removed, held))
        state = draw(state, seat)


def draw(state: TollenoState, seat: int) -> TollenoState:
    """Step 5: the top city tile goes to the seat's hand (nothing if the pile is empty)."""
    if not state.city_pile:
        return _set_player(state, seat, held=None)
    tile, rest = state.city_pile[0], state.city_pile[1:]
    players = list(state.players)
    players[seat] = replace(players[seat], held=tile)
    lines = (
        LogEntry(f"{state.names[seat]} draws a city tile."),
        LogEntry(f"You drew tile {tile}.", frozenset({seat})),
    )
    return _evolve(state, players=tuple(players), city_pile=rest, log=(*state.log, *lines))


def settle(state: TollenoState) -> TollenoState:
    """Skip the steps the current seat cannot take; end the turn when nothing is left."""
    seat = state.current
    player = state.players[seat]
    if state.phase is Phase.BUILD and not first_build_targets(state, seat):
        state = add_line(state, f"{state.names[seat]} has nowhere to build.", phase=Phase.NAVIGATE)
    if state.phase is Phase.SECOND and not (second_floor_targets(state, seat) or contract_targets(state, seat)):
        state = add_line(state, f"{state.names[seat]} has no place for a second element.", phase=Phase.NAVIGATE)
    if state.phase is Phase.NAVIGATE:
        if player.boat_unlocked and boat_moves(state, seat):
            return state
        if player.boat_unlocked:
            state = add_line(state, f"{state.names[seat]}'s boat cannot move.")
        return end_turn(state)
    if state.phase is Phase.CARRY and not carry_options(state, seat):
        return end_turn(state)
    return state


def end_turn(state: TollenoState) -> TollenoState:
    """Draw, then pass to the next seat, or end the game after the last seat of the last round."""
    seat = state.current
    if state.end_triggered and seat == state.last_seat:
        state = _evolve(state, phase=Phase.OVER, **TURN_RESET)
        return add_line(state, "The round is complete: final scoring.")
    if state.players[seat].held is None:
        state = draw(state, seat)
    nxt = (seat + 1) % state.n
    turn = state.turn + (nxt == state.first)
    return start_turn(_evolve(state, current=nxt, turn=turn))


def expect(state: TollenoState, *phases: Phase) -> None:
    """Refuse an action that belongs to another step of the turn."""
    if state.phase not in phases:
        raise IllegalAction(f"now is not the time for that: {PROMPTS[state.phase].lower()}")


def place_tile(state: TollenoState, seat: int, action: PlaceTile) -> TollenoState:
    """Step 1: the held tile joins the city; the canals it extends are remembered for step 2."""
    expect(state, Phase.PLACE)
    held = state.players[seat].held
    assert held is not None
    if action.k not in range(4):
        raise IllegalAction("a rotation is 0 to 3 quarter turns")
    problem = placement_problem(state.city(), held, action.pos, action.k, foreign_boats(state, seat))
    if problem is not None:
        raise IllegalAction(problem)
    state = _set_player(state, seat, held=None)
    tiles = (*state.tiles, Placed(action.pos, held, action.k))
    state = add_line(
        state,
        f"{state.names[seat]} places tile {held} at {pos_name(action.pos)}, turned {action.k}.",
        tiles=tiles,
        phase=Phase.BUILD,
        placed_at=action.pos,
    )
    state = _evolve(state, extended=tuple(extended_lines(state.city(), action.pos)))
    return settle(state)


def put_floor(state: TollenoState, seat: int, action: BuildFloor) -> TollenoState:
    """The next floor from the seat's board goes on the space, with what it unlocks."""
    floors = state.players[seat].floors + 1
    state = _set_player(state, seat, floors=floors)
    buildings = _add_floor(state.buildings, action.pos, action.corner, seat)
    height = next(b.height for b in buildings if (b.pos, b.corner) == (action.pos, action.corner))
    name = state.names[seat]
    state = add_line(
        state,
        f"{name} builds floor {floors} at {space_name((action.pos, action.corner))} (now {height} high).",
        buildings=buildings,
    )
    unlocked = {
        BOAT_AT: "the boat is unlocked",
        TURN1_AT: "the boat may turn once",
        TURN2_AT: "the boat may turn twice",
    }.get(floors)
    if unlocked:
        state = add_line(state, f"{name}: {unlocked}.")
    if floors == PLAYER_FLOORS and not state.end_triggered:
        state = add_line(state, f"{name} built their last floor: the game ends after this round.",
                         end_triggered=True)
    return state


def build(state: TollenoState, seat: int, action: BuildFloor) -> TollenoState:
    """Step 2's floor, or step 3's second floor."""
    expect(state, Phase.BUILD, Phase.SECOND)
    space = (action.pos, action.corner)
    if state.phase is Phase.BUILD:
        verify_first_build(state, seat, space)
        state = put_floor(state, seat, action)
        state = _evolve(state, phase=Phase.SECOND, first_build=space)
    else:
        verify_floor_space(state, seat, space)
        verify_second(state, seat, space)
        state = put_floor(state, seat, action)
        state = _evolve(state, phase=Phase.NAVIGATE)
    return settle(state)


def take_contract(state: TollenoState, seat: int, action: TakeContract) -> TollenoState:
    """Step 3, contract instead of a floor: pick one of the face-up contracts."""
    expect(state, Phase.SECOND)
    if action.contract not in state.offer:
        raise IllegalAction(f"contract {action.contract} is not face up")
    if not contract_targets(state, seat):
        raise IllegalAction("there is no empty space where a contract could go")
    return add_line(
        state,
        f"{state.names[seat]} takes contract {action.contract}.",
        phase=Phase.CONTRACT,
        chosen_contract=action.contract,
    )


def lay_contract(state: TollenoState, seat: int, action: PlaceContract) -> TollenoState:
    """Step 3: lay the contract taken, score it for the placer, refill the offer."""
    expect(state, Phase.CONTRACT)
    if action.contract != state.chosen_contract:
        raise IllegalAction(f"the contract you took is {state.chosen_contract}, not {action.contract}")
    space = (action.pos, action.corner)
    verify_space_exists(state.city(), space)
    if any((b.pos, b.corner) == space for b in state.buildings) or any(
        (c.pos, c.corner) == space for c in state.contracts
    ):
        raise IllegalAction("a contract needs an empty space")
    verify_second(state, seat, space)
    placed = MapContract(action.pos, action.corner, action.contract, seat)
    contracts = tuple(sorted((*state.contracts, placed)))
    vp = contract_vp(action.contract, state.city(), state.buildings, contracts, seat, action.pos, state.n)
    player = state.players[seat]
    state = _set_player(state, seat, contracts=(*player.contracts, (action.contract, vp)))
    offer = tuple(c for c in state.offer if c != action.contract)
    name = state.names[seat]
    state = add_line(state, f"{name} lays contract {action.contract} at {space_name(space)}.", contracts=contracts)
    state = add_line(state, f"Contract {action.contract} earns you {vp} VP.", frozenset({seat}))
    if state.contract_pile:
        new, rest = state.contract_pile[0], state.contract_pile[1:]
        offer = (*offer, new)
        state = add_line(state, f"Contract {new} is turned face up.", contract_pile=rest)
    state = _evolve(state, offer=offer, phase=Phase.NAVIGATE, chosen_contract=None)
    return settle(state)


def sail(state: TollenoState, seat: int, action: MoveBoat) -> TollenoState:
    """Step 4: the boat enters or moves; a floor it passed may then ride along."""
    expect(state, Phase.NAVIGATE)
    verify_boat_move(state, seat, action)
    start = state.players[seat].boat
    state = _set_player(state, seat, boat=action.dest)
    verb = "sails into the city at" if start is None else "moves the boat to"
    state = add_line(
        state,
        f"{state.names[seat]} {verb} {pos_name(action.dest)}.",
        phase=Phase.CARRY,
        sail_from=() if start is None else (start,),
    )
    return settle(state)


def carry(state: TollenoState, seat: int, action: Carry) -> TollenoState:
    """Step 4, after sailing: move one passed floor to the destination, or none."""
    expect(state, Phase.CARRY)
    verify_carry(state, seat, action)
    if action.carry_from is not None and action.carry_to is not None:
        src, corner = action.carry_from
        dest = state.players[seat].boat
        assert dest is not None
        buildings = _add_floor(_remove_floor(state.buildings, src, corner), dest, action.carry_to, seat)
        state = add_line(
            state,
            f"{state.names[seat]}'s boat carries a floor from {space_name(action.carry_from)} "
            f"to {space_name((dest, action.carry_to))}.",
            buildings=buildings,
        )
    else:
        state = add_line(state, f"{state.names[seat]}'s boat carries nothing.")
    return end_turn(_evolve(state, sail_from=None))
