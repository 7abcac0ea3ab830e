"""Tolleno's rules: setup, the five-step turn, the end of the game and the score sheet."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

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
from boardgames_tui.games.tolleno import ABOUT, bot, flow
from boardgames_tui.games.tolleno.components import (
    BOARDS,
    CONTRACTS,
    DOWNTOWN_FACES,
    DOWNTOWN_ROTATION,
    INITIAL_CONTRACTS,
    KINDS,
    PLAYER_FLOORS,
    START_VP,
    city_pile,
)
from boardgames_tui.games.tolleno.scoring import final_score
from boardgames_tui.games.tolleno.state import (
    Action,
    BuildFloor,
    Carry,
    MoveBoat,
    Phase,
    PlaceContract,
    Placed,
    PlaceTile,
    PlayerState,
    SeatView,
    TakeContract,
    TollenoState,
    TollenoView,
    decode_action,
)
from boardgames_tui.games.tolleno.targets import (
    boat_moves,
    carry_options,
    contract_targets,
    first_build_targets,
    placements,
    pos_name,
    second_floor_targets,
    space_name,
)


class Tolleno(Game[TollenoState, Action, TollenoView], about=ABOUT):
    """The canal city: extend canals, raise buildings on their quays, sail a boat, win the tiles."""

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
    engine_target = 3_000

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
            contract_pile=tuple(contracts[flow.OFFER_SIZE:]),
            offer=tuple(contracts[:flow.OFFER_SIZE]),
            first=first,
            current=first,
            phase=Phase.PLACE,
        )
        faces = ", ".join(f"{pos_name(t.pos)} {'X' if t.kind == 'DX' else 'T'}" for t in tiles)
        state = flow.add_line(state, f"Downtown faces: {faces}. Initial contract {state.initial}.")
        state = flow.add_line(state, f"{names[first]} plays first.")
        for seat in range(n):
            state = flow.add_line(
                state,
                f"You hold tile {players[seat].held} and {players[seat].start_vp} VP.",
                frozenset({seat}),
            )
        return flow.start_turn(state)

    # --- flow ----------------------------------------------------------------------------
    def to_act(self, state: TollenoState) -> Decision | None:
        if state.phase is Phase.OVER:
            return None
        return Decision(DecisionKind.TURN, (state.current,), prompt=flow.PROMPTS[state.phase])

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
            takes = [TakeContract(cid) for cid in state.offer] if contract_targets(state, seat) else []
            return floors + takes
        if state.phase is Phase.CONTRACT:
            chosen = state.chosen_contract
            assert chosen is not None
            return [PlaceContract(chosen, p, c) for p, c in contract_targets(state, seat)]
        if state.phase is Phase.CARRY:
            return [Carry(), *carry_options(state, seat)]
        return list(boat_moves(state, seat))

    def apply(self, state: TollenoState, seat: Seat | None, action: Action) -> TollenoState:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        if seat != state.current:
            who = "the table" if seat is None else state.names[seat] if 0 <= seat < state.n else "that seat"
            raise IllegalAction(f"it is {state.names[state.current]}'s turn, not {who}'s")
        if isinstance(action, PlaceTile):
            return flow.place_tile(state, seat, action)
        if isinstance(action, BuildFloor):
            return flow.build(state, seat, action)
        if isinstance(action, TakeContract):
            return flow.take_contract(state, seat, action)
        if isinstance(action, PlaceContract):
            return flow.lay_contract(state, seat, action)
        if isinstance(action, MoveBoat):
            return flow.sail(state, seat, action)
        if isinstance(action, Carry):
            return flow.carry(state, seat, action)
        raise IllegalAction("not a Tolleno action")

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
            chosen_contract=state.chosen_contract,
            sail_from=state.sail_from,
            end_triggered=state.end_triggered,
        )

    def scores(self, state: TollenoState) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(p.vp) for p in state.players)

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
        if isinstance(action, TakeContract):
            return f"{name}: take contract {action.contract}"
        if isinstance(action, PlaceContract):
            return f"{name}: lay {action.contract} at {space_name((action.pos, action.corner))}"
        if isinstance(action, MoveBoat):
            return f"{name}: boat to {pos_name(action.dest)}"
        if action.carry_from is None:
            return f"{name}: carry nothing"
        return f"{name}: carry the floor at {space_name(action.carry_from)} to {action.carry_to}"

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
        hidden.sort()
        rng.shuffle(hidden)
        players = list(state.players)
        for s in others:
            players[s] = replace(players[s], held=hidden.pop())
        contracts = sorted(state.contract_pile)
        rng.shuffle(contracts)
        return replace(
            state, players=tuple(players), city_pile=tuple(hidden), contract_pile=tuple(contracts)
        )

    rollout_cutoff = bot.ROLLOUT_CUTOFF

    def evaluate(self, state: TollenoState) -> tuple[float, ...]:
        """A bot's estimate of an unfinished game (see `bot.evaluate`)."""
        return bot.evaluate(state)

    def check_invariants(self, state: TollenoState) -> None:
        held = [p.held for p in state.players if p.held is not None]
        placed = [t.kind for t in state.tiles if not t.kind.startswith("D")]
        everything = sorted([*held, *placed, *state.city_pile, *state.removed])
        assert everything == sorted(city_pile()), "city tiles lost or duplicated"
        on_map = [c.id for c in state.contracts]
        all_contracts = sorted([*on_map, *state.offer, *state.contract_pile])
        assert all_contracts == sorted(c.id for c in CONTRACTS), "contracts lost or duplicated"
        assert len(state.offer) == min(flow.OFFER_SIZE, len(state.offer) + len(state.contract_pile))
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
