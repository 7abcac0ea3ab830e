"""Tolleno's rules: setup, the five-step turn, the end of the game and the score sheet."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    LogEntry,
    Options,
    OptionSpec,
    Outcome,
    ScoreLine,
    Seat,
)
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tolleno.components import (
    BOARDS,
    BOAT_AT,
    CONTRACTS,
    DOWNTOWN_FACES,
    DOWNTOWN_ROTATION,
    INITIAL_CONTRACTS,
    KINDS,
    PLAYER_FLOORS,
    START_VP,
    TURN1_AT,
    TURN2_AT,
    city_pile,
)
from boardgames_tui.games.tolleno.geometry import Corner, Pos, extended_lines
from boardgames_tui.games.tolleno.scoring import contract_vp, final_score
from boardgames_tui.games.tolleno.state import (
    Action,
    BuildFloor,
    Building,
    MapContract,
    MoveBoat,
    Phase,
    PlaceContract,
    Placed,
    PlaceTile,
    PlayerState,
    SeatView,
    TollenoState,
    TollenoView,
    decode_action,
)
from boardgames_tui.games.tolleno.targets import (
    boat_moves,
    contract_targets,
    first_build_targets,
    foreign_boats,
    placement_problem,
    placements,
    pos_name,
    second_floor_targets,
    space_name,
    verify_boat_move,
    verify_first_build,
    verify_floor_space,
    verify_second,
    verify_space_exists,
)

OFFER_SIZE = 3

PROMPTS = {
    Phase.PLACE: "Place your city tile",
    Phase.BUILD: "Build a floor on the quay of a canal you extended",
    Phase.SECOND: "Build a second floor or place a contract on a perpendicular quay",
    Phase.NAVIGATE: "Move your boat",
}


def _evolve(state: TollenoState, **changes: Any) -> TollenoState:
    """`dataclasses.replace` for the state, without its per-call overhead (it runs a lot)."""
    new = object.__new__(TollenoState)
    for name in _STATE_FIELDS:
        object.__setattr__(new, name, changes.pop(name) if name in changes else getattr(state, name))
    if changes:
        raise TypeError(f"TollenoState has no field {next(iter(changes))}")
    return new


_STATE_FIELDS = tuple(f.name for f in fields(TollenoState))


def _log(
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


class Tolleno(Game[TollenoState, Action]):
    """The canal city: extend canals, raise buildings on their quays, sail a boat, win the tiles."""

    key = "tolleno"
    title = "Tolleno"
    blurb = "Grow a canal city tile by tile and raise the tallest buildings on its quays."
    min_players = 2
    max_players = 4
    options = (
        OptionSpec(
            "initial",
            "Initial contract side",
            choices=tuple(INITIAL_CONTRACTS),
            default="IC1",
            help="The shared end-of-game goals printed at the centre of the city.",
        ),
    )
    fuzz_games = 12

    # --- setup ---------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> TollenoState:
        chosen = self.check_options(options)
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Tolleno takes {self.min_players}-{self.max_players} players")
        rng_state = RngState(seed)
        rng, rng_state = rng_state.draw()
        tiles = tuple(
            Placed(pos, DOWNTOWN_FACES[rng.randrange(2)].id, k) for pos, k in sorted(DOWNTOWN_ROTATION.items())
        )
        pile = list(city_pile())
        rng.shuffle(pile)
        contracts = [c.id for c in CONTRACTS]
        rng.shuffle(contracts)
        boards = [b.id for b in BOARDS]
        rng.shuffle(boards)
        first = rng.randrange(n)
        players = []
        for seat in range(n):
            position = (seat - first) % n
            players.append(PlayerState(board=boards[seat], start_vp=START_VP[n][position]))
        for i in range(n):
            seat = (first + i) % n
            players[seat] = replace(players[seat], held=pile.pop(0))
        state = TollenoState(
            names=tuple(names),
            initial=chosen["initial"],
            rng=rng_state,
            tiles=tiles,
            buildings=(),
            contracts=(),
            players=tuple(players),
            city_pile=tuple(pile),
            contract_pile=tuple(contracts[OFFER_SIZE:]),
            offer=tuple(contracts[:OFFER_SIZE]),
            first=first,
            current=first,
            phase=Phase.PLACE,
        )
        faces = ", ".join(f"{pos_name(t.pos)} {'X' if t.kind == 'DX' else 'T'}" for t in tiles)
        state = _log(state, f"Downtown faces: {faces}. Initial contract {state.initial}.")
        state = _log(state, f"{names[first]} plays first.")
        for seat in range(n):
            state = _log(
                state,
                f"You hold tile {players[seat].held} and {players[seat].start_vp} VP.",
                frozenset({seat}),
            )
        return self._start_turn(state)

    # --- flow ----------------------------------------------------------------------------
    def _start_turn(self, state: TollenoState) -> TollenoState:
        """Begin the current seat's turn, dealing with a missing or unplaceable tile."""
        seat = state.current
        name = state.names[seat]
        state = _evolve(state, phase=Phase.PLACE, placed_at=None, extended=(), first_build=None)
        while True:
            held = state.players[seat].held
            if held is None:
                if not state.end_triggered:
                    state = _log(state, f"{name} has no city tile left: the game ends after this round.")
                state = _evolve(state, end_triggered=True, phase=Phase.NAVIGATE)
                return self._settle(state)
            if placements(state, seat, held, first_only=True):
                return state
            state = _log(state, f"{name}'s tile {held} fits nowhere and leaves the game.")
            state = _evolve(state, removed=(*state.removed, held))
            state = self._draw(state, seat)

    def _draw(self, state: TollenoState, seat: int) -> TollenoState:
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

    def _settle(self, state: TollenoState) -> TollenoState:
        """Skip the steps the current seat cannot take; end the turn when nothing is left."""
        seat = state.current
        player = state.players[seat]
        if state.phase is Phase.BUILD and not first_build_targets(state, seat):
            state = _log(state, f"{state.names[seat]} has nowhere to build.")
            state = _evolve(state, phase=Phase.NAVIGATE)
        if state.phase is Phase.SECOND and not (
            second_floor_targets(state, seat) or contract_targets(state, seat)
        ):
            state = _log(state, f"{state.names[seat]} has no place for a second element.")
            state = _evolve(state, phase=Phase.NAVIGATE)
        if state.phase is Phase.NAVIGATE:
            if player.boat_unlocked and boat_moves(state, seat):
                return state
            if player.boat_unlocked:
                state = _log(state, f"{state.names[seat]}'s boat cannot move.")
            return self._end_turn(state)
        return state

    def _end_turn(self, state: TollenoState) -> TollenoState:
        seat = state.current
        if state.end_triggered and seat == state.last_seat:
            state = _evolve(state, phase=Phase.OVER, placed_at=None, extended=(), first_build=None)
            return _log(state, "The round is complete: final scoring.")
        if state.players[seat].held is None:
            state = self._draw(state, seat)
        nxt = (seat + 1) % state.n
        turn = state.turn + (nxt == state.first)
        return self._start_turn(_evolve(state, current=nxt, turn=turn))

    # --- protocol --------------------------------------------------------------------------
    def to_act(self, state: TollenoState) -> Decision | None:
        if state.phase is Phase.OVER:
            return None
        return Decision(DecisionKind.TURN, (state.current,), prompt=PROMPTS[state.phase])

    def legal(self, state: TollenoState, seat: Seat | None) -> list[Action]:
        if state.phase is Phase.OVER or seat != state.current:
            return []
        if state.phase is Phase.PLACE:
            held = state.players[seat].held
            assert held is not None
            return [PlaceTile(pos, k) for pos, k in placements(state, seat, held)]
        if state.phase is Phase.BUILD:
            return [BuildFloor(p, c) for p, c in first_build_targets(state, seat)]
        if state.phase is Phase.SECOND:
            floors: list[Action] = [BuildFloor(p, c) for p, c in second_floor_targets(state, seat)]
            spaces = contract_targets(state, seat)
            return floors + [PlaceContract(cid, p, c) for cid in state.offer for p, c in spaces]
        return list(boat_moves(state, seat))

    def apply(self, state: TollenoState, seat: Seat | None, action: Action) -> TollenoState:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        if seat != state.current:
            who = "the table" if seat is None else state.names[seat] if 0 <= seat < state.n else "that seat"
            raise IllegalAction(f"it is {state.names[state.current]}'s turn, not {who}'s")
        if isinstance(action, PlaceTile):
            return self._place_tile(state, seat, action)
        if isinstance(action, BuildFloor):
            return self._build(state, seat, action)
        if isinstance(action, PlaceContract):
            return self._contract(state, seat, action)
        if isinstance(action, MoveBoat):
            return self._sail(state, seat, action)
        raise IllegalAction("not a Tolleno action")

    def _expect(self, state: TollenoState, *phases: Phase) -> None:
        if state.phase not in phases:
            raise IllegalAction(f"now is not the time for that: {PROMPTS[state.phase].lower()}")

    def _place_tile(self, state: TollenoState, seat: int, action: PlaceTile) -> TollenoState:
        self._expect(state, Phase.PLACE)
        held = state.players[seat].held
        assert held is not None
        if action.k not in range(4):
            raise IllegalAction("a rotation is 0 to 3 quarter turns")
        problem = placement_problem(state.city(), held, action.pos, action.k, foreign_boats(state, seat))
        if problem is not None:
            raise IllegalAction(problem)
        state = _set_player(state, seat, held=None)
        tiles = (*state.tiles, Placed(action.pos, held, action.k))
        state = _log(
            state,
            f"{state.names[seat]} places tile {held} at {pos_name(action.pos)}, turned {action.k}.",
            tiles=tiles,
            phase=Phase.BUILD,
            placed_at=action.pos,
        )
        state = _evolve(state, extended=tuple(extended_lines(state.city(), action.pos)))
        return self._settle(state)

    def _put_floor(self, state: TollenoState, seat: int, action: BuildFloor) -> TollenoState:
        floors = state.players[seat].floors + 1
        state = _set_player(state, seat, floors=floors)
        buildings = _add_floor(state.buildings, action.pos, action.corner, seat)
        height = next(b.height for b in buildings if (b.pos, b.corner) == (action.pos, action.corner))
        name = state.names[seat]
        state = _log(
            state,
            f"{name} builds floor {floors} at {space_name((action.pos, action.corner))} (now {height} high).",
            buildings=buildings,
        )
        unlocked = {BOAT_AT: "the boat is unlocked", TURN1_AT: "the boat may turn once",
                    TURN2_AT: "the boat may turn twice"}.get(floors)
        if unlocked:
            state = _log(state, f"{name}: {unlocked}.")
        if floors == PLAYER_FLOORS and not state.end_triggered:
            state = _evolve(state, end_triggered=True)
            state = _log(state, f"{name} built their last floor: the game ends after this round.")
        return state

    def _build(self, state: TollenoState, seat: int, action: BuildFloor) -> TollenoState:
        self._expect(state, Phase.BUILD, Phase.SECOND)
        space = (action.pos, action.corner)
        if state.phase is Phase.BUILD:
            verify_first_build(state, seat, space)
            state = self._put_floor(state, seat, action)
            state = _evolve(state, phase=Phase.SECOND, first_build=space)
        else:
            verify_floor_space(state, seat, space)
            verify_second(state, seat, space)
            state = self._put_floor(state, seat, action)
            state = _evolve(state, phase=Phase.NAVIGATE)
        return self._settle(state)

    def _contract(self, state: TollenoState, seat: int, action: PlaceContract) -> TollenoState:
        self._expect(state, Phase.SECOND)
        if action.contract not in state.offer:
            raise IllegalAction(f"contract {action.contract} is not face up")
        space = (action.pos, action.corner)
        verify_space_exists(state.city(), space)
        if any((b.pos, b.corner) == space for b in state.buildings) or any(
            (c.pos, c.corner) == space for c in state.contracts
        ):
            raise IllegalAction("a contract needs an empty space")
        verify_second(state, seat, space)
        placed = MapContract(action.pos, action.corner, action.contract, seat)
        contracts = tuple(sorted((*state.contracts, placed)))
        city = state.city()
        vp = contract_vp(action.contract, city, state.buildings, contracts, seat, action.pos, state.n)
        player = state.players[seat]
        state = _evolve(state, contracts=contracts)
        state = _set_player(state, seat, contracts=(*player.contracts, (action.contract, vp)))
        offer = tuple(c for c in state.offer if c != action.contract)
        name = state.names[seat]
        state = _log(state, f"{name} lays contract {action.contract} at {space_name(space)}.")
        state = _log(state, f"Contract {action.contract} earns you {vp} VP.", frozenset({seat}))
        if state.contract_pile:
            new, rest = state.contract_pile[0], state.contract_pile[1:]
            offer = (*offer, new)
            state = _evolve(state, contract_pile=rest)
            state = _log(state, f"Contract {new} is turned face up.")
        state = _evolve(state, offer=offer, phase=Phase.NAVIGATE)
        return self._settle(state)

    def _sail(self, state: TollenoState, seat: int, action: MoveBoat) -> TollenoState:
        self._expect(state, Phase.NAVIGATE)
        verify_boat_move(state, seat, action)
        entering = state.players[seat].boat is None
        players = list(state.players)
        players[seat] = replace(players[seat], boat=action.dest)
        changes: dict[str, Any] = {"players": tuple(players)}
        name = state.names[seat]
        verb = "sails into the city at" if entering else "moves the boat to"
        text = f"{name} {verb} {pos_name(action.dest)}"
        if action.carry_from is not None and action.carry_to is not None:
            src, corner = action.carry_from
            buildings = _remove_floor(state.buildings, src, corner)
            changes["buildings"] = _add_floor(buildings, action.dest, action.carry_to, seat)
            text += f", carrying a floor from {space_name(action.carry_from)} to {action.carry_to}"
        state = _log(state, text + ".", **changes)
        return self._end_turn(state)

    # --- views and text --------------------------------------------------------------------
    def view(self, state: TollenoState, seat: Seat | None) -> TollenoView:
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
            end_triggered=state.end_triggered,
        )

    def progress(self, state: TollenoState) -> str:
        if state.phase is Phase.OVER:
            return f"Game over after round {state.turn}"
        most = max(p.floors for p in state.players)
        tail = ", last round" if state.end_triggered else ""
        return f"Round {state.turn}, {most}/{PLAYER_FLOORS} floors at most{tail}"

    def describe(self, state: TollenoState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        name = state.names[seat] if seat is not None else "The table"
        if isinstance(action, PlaceTile):
            held = state.players[seat].held if seat is not None else None
            kind = held if viewer == seat and held else "a tile"
            return f"{name}: place {kind} at {pos_name(action.pos)}, turned {action.k}"
        if isinstance(action, BuildFloor):
            return f"{name}: floor at {space_name((action.pos, action.corner))}"
        if isinstance(action, PlaceContract):
            return f"{name}: contract {action.contract} at {space_name((action.pos, action.corner))}"
        text = f"{name}: boat to {pos_name(action.dest)}"
        if action.carry_from is not None:
            text += f", carry {space_name(action.carry_from)} to {action.carry_to}"
        return text

    def log(self, state: TollenoState) -> tuple[LogEntry, ...]:
        return state.log

    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        return decode_action(text)

    def reveals(self, before: TollenoState, seat: Seat | None, action: Action) -> bool:
        try:
            after = self.apply(before, seat, action)
        except IllegalAction:
            return False
        return (
            len(after.city_pile) != len(before.city_pile)
            or after.offer != before.offer
            or after.removed != before.removed
            or after.current != before.current
            or after.phase is Phase.OVER
        )

    def resample(self, state: TollenoState, seat: Seat, seed: int) -> TollenoState:
        rng = random.Random(seed)
        others = [s for s in range(state.n) if s != seat and state.players[s].held is not None]
        hidden = [t for t in (state.players[s].held for s in others) if t is not None]
        hidden += state.city_pile
        rng.shuffle(hidden)
        players = list(state.players)
        for s in others:
            players[s] = replace(players[s], held=hidden.pop())
        contracts = list(state.contract_pile)
        rng.shuffle(contracts)
        return replace(
            state, players=tuple(players), city_pile=tuple(hidden), contract_pile=tuple(contracts)
        )

    def check_invariants(self, state: TollenoState) -> None:
        held = [p.held for p in state.players if p.held is not None]
        placed = [t.kind for t in state.tiles if not t.kind.startswith("D")]
        everything = sorted([*held, *placed, *state.city_pile, *state.removed])
        assert everything == sorted(city_pile()), "city tiles lost or duplicated"
        on_map = [c.id for c in state.contracts]
        all_contracts = sorted([*on_map, *state.offer, *state.contract_pile])
        assert all_contracts == sorted(c.id for c in CONTRACTS), "contracts lost or duplicated"
        assert len(state.offer) == min(OFFER_SIZE, len(state.offer) + len(state.contract_pile))
        for s, p in enumerate(state.players):
            built = sum(b.height for b in state.buildings if b.owner == s)
            assert built == p.floors, f"seat {s} has {p.floors} floors taken but {built} on the map"
            assert 0 <= p.floors <= PLAYER_FLOORS
            taken = sorted(c.id for c in state.contracts if c.owner == s)
            assert taken == sorted(cid for cid, _ in p.contracts), "contract record mismatch"
            assert p.boat is None or p.boat in {t.pos for t in state.tiles}
        boats = [p.boat for p in state.players if p.boat is not None]
        assert len(boats) == len(set(boats)), "two boats share a tile"
        spaces = [(b.pos, b.corner) for b in state.buildings] + [(c.pos, c.corner) for c in state.contracts]
        assert len(spaces) == len(set(spaces)), "two things share a space"
        city = state.city()
        assert len(city) == len(state.tiles), "two tiles share a position"
        for pos, corner in spaces:
            assert corner in city[pos].spaces, "something stands off a space"
        assert all(b.height >= 1 for b in state.buildings)
        assert all(k in KINDS for k in (t.kind for t in state.tiles))

    def outcome(self, state: TollenoState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        score = final_score(state)
        lines = (
            ScoreLine("Starting VP", score.start),
            ScoreLine("Contracts", score.contracts),
            ScoreLine("City tiles", score.tiles),
            ScoreLine("Fountains", score.valuation),
            ScoreLine(f"Initial contract {state.initial}", score.initial),
            ScoreLine("Board scoring", score.board),
            ScoreLine("Cleared board spaces", score.bonus),
        )
        totals = score.totals
        ranking = tuple(
            tuple(s for s in range(state.n) if totals[s] == value)
            for value in sorted(set(totals), reverse=True)
        )
        tiebreak = "Equal totals share their place: Tolleno breaks no ties." if any(
            len(g) > 1 for g in ranking
        ) else ""
        return Outcome(lines, totals, ranking, tiebreak)
