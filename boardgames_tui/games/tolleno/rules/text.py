"""Tolleno in words: positions and spaces, the prompt of each step, log lines for actions, the
progress line, and the texts of boards and contracts that the table shows."""

from __future__ import annotations

from functools import cache

from boardgames_tui.games.tolleno.rules.actions import (
    Action,
    BuildFloor,
    MoveBoat,
    PlaceContract,
    PlaceTile,
    TakeContract,
)
from boardgames_tui.games.tolleno.rules.components import (
    BOARDS_BY_ID,
    CONTRACTS_BY_ID,
    FLOOR_EFFECTS,
    INITIAL_CONTRACTS,
    PLAYER_FLOORS,
)
from boardgames_tui.games.tolleno.rules.geometry import DIRS, GEOMS, Corner, Dir, Pos
from boardgames_tui.games.tolleno.rules.state import Phase, Placed, TollenoState

PROMPTS = {
    Phase.PLACE: "Place your city tile",
    Phase.BUILD: "Build a floor on the quay of a canal you extended",
    Phase.SECOND: "Build a second floor or take a contract (perpendicular quay)",
    Phase.CONTRACT: "Lay your contract on an empty space of a perpendicular quay",
    Phase.NAVIGATE: "Move your boat",
    Phase.CARRY: "Carry one of your floors passed on the way, or none",
}


SIDE_WORDS = {Dir.N: "north", Dir.E: "east", Dir.S: "south", Dir.W: "west"}
CORNER_WORDS = {Corner.NW: "north-west", Corner.NE: "north-east", Corner.SE: "south-east", Corner.SW: "south-west"}
SHAPE_WORDS = {"I": "straight", "L": "bend", "T": "three-way", "X": "crossing"}
"""A tile's canal pattern as a player calls it (the data's pattern letters are never shown)."""
TURNS = ("unturned", "turned once", "turned twice", "turned three times")


@cache
def pos_name(pos: Pos) -> str:
    """A tile's place as the rulers beside the map read it (rows on the left, columns on top)."""
    return f"row {pos[0]}, column {pos[1]}"


@cache
def space_name(space: tuple[Pos, Corner]) -> str:
    """A space: its tile's place and the corner it is on."""
    return f"{pos_name(space[0])}, {CORNER_WORDS[space[1]]} corner"


def corner_name(corner: Corner) -> str:
    return f"{CORNER_WORDS[corner]} corner"


@cache
def tile_name(kind: str | None) -> str:
    """A tile by what is printed on it: its value and canal pattern ("value-3 bend tile")."""
    if kind is None:
        return "no tile"
    shape = "City Center" if kind.startswith("D") else SHAPE_WORDS[kind[0]]
    return f"value-{GEOMS[(kind, 0)].value} {shape} tile"


@cache
def canal_sides(kind: str, k: int) -> str:
    """Where a tile's canals leave it once turned `k` times ("canals north, east and south")."""
    sides = [SIDE_WORDS[d] for d in DIRS if d in GEOMS[(kind, k)].canals]
    listed = sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]
    return f"canals {listed}"


QUARTERS = {(0, 0): "north-west", (0, 1): "north-east", (1, 1): "south-east", (1, 0): "south-west"}
"""The City Center's four tiles by the quarter of the block they hold."""


def downtown_text(tiles: tuple[Placed, ...]) -> str:
    """The faces the City Center shows ("north-west three-way, north-east crossing, …")."""
    kinds = {t.pos: t.kind for t in tiles}
    faces = (f"{quarter} {'crossing' if kinds[pos] == 'DX' else 'three-way'}" for pos, quarter in QUARTERS.items())
    return "The City Center shows: " + ", ".join(faces)


def describe(state: TollenoState, seat: int | None, action: Action, viewer: int | None) -> str:
    """The log line for `action` as `viewer` may read it (the placed tile only for its placer)."""
    name = state.names[seat] if seat is not None else "The table"
    if isinstance(action, PlaceTile):
        held = state.players[seat].held if seat is not None else None
        if viewer == seat and held:
            return f"{name}: place your tile at {pos_name(action.pos)}, {canal_sides(held, action.k)}"
        return f"{name}: place a tile at {pos_name(action.pos)}, {TURNS[action.k % 4]}"
    if isinstance(action, BuildFloor):
        return f"{name}: floor at {space_name((action.pos, action.corner))}"
    if isinstance(action, TakeContract):
        return f"{name}: take the contract {contract_text(action.contract)}"
    if isinstance(action, PlaceContract):
        return f"{name}: lay the contract at {space_name((action.pos, action.corner))}"
    if isinstance(action, MoveBoat):
        return f"{name}: boat to {pos_name(action.dest)}"
    if action.carry_from is None:
        return f"{name}: carry nothing"
    where = f" to the {corner_name(action.carry_to)}" if action.carry_to is not None else ""
    return f"{name}: carry from {space_name(action.carry_from)}{where}"


def progress(state: TollenoState) -> str:
    """The round, and how far the busiest builder is along their board."""
    if state.phase is Phase.OVER:
        return f"Game over after round {state.turn}"
    most = max(p.floors for p in state.players)
    tail = ", last round" if state.end_triggered else ""
    return f"Round {state.turn}, {most}/{PLAYER_FLOORS} floors at most{tail}"


def next_unlock(floors: int) -> str:
    """What the next special floor on the path gives, in words."""
    for n in sorted(FLOOR_EFFECTS):
        if n > floors:
            words = {"boat": "boat unlocked", "1 turn": "boat may turn once", "2 turns": "boat may turn twice",
                     "board": "board scoring on", "+1": "+1 VP at the end", "+2": "+2 VP at the end"}
            return f"floor {n}: {words[FLOOR_EFFECTS[n]]}"
    return "board cleared"


def board_name(board: str) -> str:
    """A player board by its name (as the box prints it)."""
    return BOARDS_BY_ID[board].name


def board_text(board: str) -> str:
    b = BOARDS_BY_ID[board]
    return f"{b.name}: {b.text}"


def contract_text(cid: str, players: int | None = None) -> str:
    """A contract in words: what it pays and for what (for that many players, when given)."""
    c = CONTRACTS_BY_ID[cid]
    if players is not None:
        return f"{c.vp_two_players if players == 2 else c.vp} VP for {c.text}"
    star = f" (2 players: {c.vp_two_players})" if c.vp_two_players != c.vp else ""
    return f"{c.vp}{star} VP for {c.text}"


def initial_text(side: str) -> str:
    return "Opening contract: " + ", ".join(f"{a.vp} VP {a.text}" for a in INITIAL_CONTRACTS[side])
