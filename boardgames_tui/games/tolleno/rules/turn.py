"""A Tolleno turn from step to step: which step's choices are offered, the action handed to its
step's module, and the automatic moves between steps.

After each action `settle` skips the steps the current seat cannot take, ends the turn (drawing a
tile) and starts the next one, dealing with a held tile that fits nowhere or an empty hand on the
way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tolleno.rules import boat, building, placement
from boardgames_tui.games.tolleno.rules.actions import (
    Action,
    BuildFloor,
    Carry,
    MoveBoat,
    PlaceContract,
    PlaceTile,
    TakeContract,
)
from boardgames_tui.games.tolleno.rules.boat import boat_moves, carry_options
from boardgames_tui.games.tolleno.rules.building import contract_targets, first_build_targets, second_floor_targets
from boardgames_tui.games.tolleno.rules.state import (
    PHASE,
    TURN_RESET,
    Phase,
    TollenoState,
    add_line,
    per_state,
    player_changed,
)
from boardgames_tui.games.tolleno.rules.text import PROMPTS, tile_name


def legal(state: TollenoState, seat: int | None) -> list[Action]:
    """Every choice of the step the turn stands at (none for anyone but the current seat)."""
    if state.phase is PHASE.OVER or seat != state.current:
        return []
    return list(offered(state, seat))


@per_state
def offered(state: TollenoState, seat: int) -> list[Action]:
    """The current seat's choices (`legal`), worked out once per state: shared, never change it."""
    if state.phase is PHASE.PLACE:
        return list(placement.legal_placements(state, seat))
    if state.phase is PHASE.BUILD:
        return list(building.legal_first_floors(state, seat))
    if state.phase is PHASE.SECOND:
        return list(building.legal_seconds(state, seat))
    if state.phase is PHASE.CONTRACT:
        return list(building.legal_contract_spaces(state, seat))
    if state.phase is PHASE.CARRY:
        return list(boat.legal_carries(state, seat))
    return list(boat_moves(state, seat))


def play(state: TollenoState, seat: int | None, action: Action) -> TollenoState:
    """The state after the current seat's action, the turn moved on as far as it goes by itself.

    An action handed out by `legal` for this very state is known to pass every check; any other
    goes through `check` first, which says why it is refused."""
    if seat != state.current or state.phase is PHASE.OVER or not _among(action, offered(state, seat)):
        check(state, seat, action)
    assert seat is not None
    return _STEPS[type(action)](state, seat, action)


def _among(action: Action, actions: list[Action]) -> bool:
    """True if `action` is one of the very objects in `actions` (compared by identity in C: the
    objects are alive, so their ids are theirs)."""
    return id(action) in map(id, actions)


def check(state: TollenoState, seat: int | None, action: Action) -> None:
    """Raise IllegalAction, with a reason a player can read, unless the action may be played now."""
    if state.phase is PHASE.OVER:
        raise IllegalAction("the game is over")
    if seat != state.current:
        who = "the table" if seat is None else state.names[seat] if 0 <= seat < state.n else "that seat"
        raise IllegalAction(f"it is {state.names[state.current]}'s turn, not {who}'s")
    if isinstance(action, PlaceTile):
        expect(state, PHASE.PLACE)
        placement.verify_place_tile(state, seat, action)
    elif isinstance(action, BuildFloor):
        expect(state, PHASE.BUILD, PHASE.SECOND)
        building.verify_build(state, seat, action)
    elif isinstance(action, TakeContract):
        expect(state, PHASE.SECOND)
        building.verify_take(state, seat, action)
    elif isinstance(action, PlaceContract):
        expect(state, PHASE.CONTRACT)
        building.verify_lay(state, seat, action)
    elif isinstance(action, MoveBoat):
        expect(state, PHASE.NAVIGATE)
        boat.verify_boat_move(state, seat, action)
    elif isinstance(action, Carry):
        expect(state, PHASE.CARRY)
        boat.verify_carry(state, seat, action)
    else:
        raise IllegalAction("not a Tolleno action")


_STEPS: dict[type, Callable[[TollenoState, int, Any], TollenoState]] = {
    PlaceTile: lambda state, seat, action: settle(placement.place_tile(state, seat, action)),
    BuildFloor: lambda state, seat, action: settle(building.build(state, seat, action)),
    TakeContract: building.take_contract,
    PlaceContract: lambda state, seat, action: settle(building.lay_contract(state, seat, action)),
    MoveBoat: lambda state, seat, action: settle(boat.sail(state, seat, action)),
    Carry: lambda state, seat, action: end_turn(boat.carry(state, seat, action)),
}
"""Each checked action's effect, and the automatic moves after it."""


def reveals(before: TollenoState, seat: int | None, action: Action) -> bool:
    """True if the action makes something new known (a tile drawn, a contract turned up, a tile
    leaving the game, the next seat's turn or the end), so that it cannot be taken back."""
    try:
        after = play(before, seat, action)
    except IllegalAction:
        return False
    return (
        len(after.city_pile) != len(before.city_pile)
        or after.offer != before.offer
        or after.removed != before.removed
        or after.current != before.current
        or after.phase is PHASE.OVER
    )


def expect(state: TollenoState, *phases: Phase) -> None:
    """Refuse an action that belongs to another step of the turn."""
    if state.phase not in phases:
        raise IllegalAction(f"now is not the time for that: {PROMPTS[state.phase].lower()}")


def start_turn(state: TollenoState, **changes: Any) -> TollenoState:
    """Begin the current seat's turn (with `changes` made in the same copy, such as the seat
    whose turn it now is), dealing with a missing or unplaceable tile."""
    state = evolve(state, phase=PHASE.PLACE, **TURN_RESET, **changes)
    seat = state.current
    name = state.names[seat]
    while True:
        held = state.players[seat].held
        if held is None:
            if not state.end_triggered:
                state = add_line(state, f"{name} has no city tile left: the game ends after this round.")
            state = evolve(state, end_triggered=True, phase=PHASE.NAVIGATE)
            return settle(state)
        if offered(state, seat):  # the placements, kept for `legal` (asked next of this very state)
            return state
        state = add_line(state, f"{name}'s {tile_name(held)} fits nowhere and leaves the game.")
        state = evolve(state, removed=(*state.removed, held))
        state = draw(state, seat)


def draw(state: TollenoState, seat: int) -> TollenoState:
    """Step 5: the top city tile goes to the seat's hand (nothing if the pile is empty)."""
    return evolve(state, **_drawn(state, seat))


def _drawn(state: TollenoState, seat: int) -> dict[str, Any]:
    """The changes `draw` makes."""
    if not state.city_pile:
        return {"players": player_changed(state, seat, held=None)}
    tile, rest = state.city_pile[0], state.city_pile[1:]
    lines = (
        LogEntry(f"{state.names[seat]} draws a city tile."),
        LogEntry(f"You drew a {tile_name(tile)}.", frozenset({seat})),
    )
    return {"players": player_changed(state, seat, held=tile), "city_pile": rest, "log": state.log + lines}


def settle(state: TollenoState) -> TollenoState:
    """Skip the steps the current seat cannot take; end the turn when nothing is left."""
    seat = state.current
    player = state.players[seat]
    if state.phase is PHASE.BUILD and not first_build_targets(state, seat):
        state = add_line(state, f"{state.names[seat]} has nowhere to build.", phase=PHASE.NAVIGATE)
    if state.phase is PHASE.SECOND and not (second_floor_targets(state, seat) or contract_targets(state, seat)):
        state = add_line(state, f"{state.names[seat]} has no place for a second element.", phase=PHASE.NAVIGATE)
    if state.phase is PHASE.NAVIGATE:
        if player.boat_unlocked and boat_moves(state, seat):
            return state
        if player.boat_unlocked:
            state = add_line(state, f"{state.names[seat]}'s boat cannot move.")
        return end_turn(state)
    if state.phase is PHASE.CARRY and not carry_options(state, seat):
        return end_turn(state)
    return state


def end_turn(state: TollenoState) -> TollenoState:
    """Draw, then pass to the next seat, or end the game after the last seat of the last round."""
    seat = state.current
    if state.end_triggered and seat == state.last_seat:
        state = evolve(state, phase=PHASE.OVER, **TURN_RESET)
        return add_line(state, "The round is complete: final scoring.")
    drawn = _drawn(state, seat) if state.players[seat].held is None else {}
    nxt = (seat + 1) % state.n
    return start_turn(state, current=nxt, turn=state.turn + (nxt == state.first), **drawn)
