"""Step 1 of a Tolleno turn: the held city tile joins the city.

`placement_problem` says why a tile may not go somewhere (the checks M1..M5 in order), and
`placements` lists every position and rotation where it may.
"""

from __future__ import annotations

from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tolleno.rules.actions import PLACE_TILE, PlaceTile
from boardgames_tui.games.tolleno.rules.components import KINDS
from boardgames_tui.games.tolleno.rules.geometry import DIRS, GEOMS, City, Dir, Line, Pos, step
from boardgames_tui.games.tolleno.rules.mapfacts import MapFacts
from boardgames_tui.games.tolleno.rules.state import (
    PHASE,
    Placed,
    TollenoState,
    foreign_boats,
    player_changed,
    with_tile,
)
from boardgames_tui.games.tolleno.rules.text import canal_sides, pos_name, tile_name


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

    This is `placement_problem` for every candidate at once: each empty position beside the city
    is kept with the sides it meets (`MapFacts.around`), and `FITS` says which rotations of the
    kind fit those sides; it runs for every legal-move listing.
    """
    facts = state.facts()
    around = facts.around
    fits = FITS[kind]
    boats = foreign_boats(state, seat)
    near_boats = {(r + dr, c + dc) for r, c in boats for dr, dc in _STEPS} if boats else _NONE
    out: list[tuple[Pos, int]] = []
    for pos in facts.frontier:
        turns = fits[around[pos]]
        if turns and pos not in near_boats:
            if first_only:
                return [(pos, turns[0])]
            for k in turns:
                out.append((pos, k))
    return out


def _fitting(kind: str, sides: int) -> tuple[int, ...]:
    """The rotations of `kind` that fit a position meeting tiles on the `present` sides, with a
    canal facing it on the `facing` ones (`sides` = 16 x present + facing): every side met
    canal to canal or land to land, and at least one canal joined (M2..M4)."""
    present, facing = divmod(sides, 16)
    if not facing or facing & ~present:
        return ()
    return tuple(k for k in range(4) if GEOMS[(kind, k)].mask & present == facing)


FITS: dict[str, tuple[tuple[int, ...], ...]] = {kind: tuple(_fitting(kind, i) for i in range(256)) for kind in KINDS}
"""For each kind, indexed by the sides a position meets (`MapFacts.around`): the rotations that fit."""
_STEPS = tuple(d.delta for d in DIRS)
_NONE: frozenset[Pos] = frozenset()


def legal_placements(state: TollenoState, seat: int) -> list[PlaceTile]:
    """Step 1's choices: the held tile at every position and rotation where it fits."""
    held = state.players[seat].held
    assert held is not None
    return [PLACE_TILE[placing] for placing in placements(state, seat, held)]


def verify_place_tile(state: TollenoState, seat: int, action: PlaceTile) -> None:
    """Why the held tile may not go there (nothing if it may)."""
    held = state.players[seat].held
    assert held is not None
    if action.k not in range(4):
        raise IllegalAction("a rotation is 0 to 3 quarter turns")
    problem = placement_problem(state.city(), held, action.pos, action.k, foreign_boats(state, seat))
    if problem is not None:
        raise IllegalAction(problem)


def place_tile(state: TollenoState, seat: int, action: PlaceTile) -> TollenoState:
    """Step 1: the held tile joins the city; the canals it extends are remembered for step 2."""
    held = state.players[seat].held
    assert held is not None
    facts = state.facts().grown(action.pos, held, action.k)
    text = f"{state.names[seat]} places a {tile_name(held)} at {pos_name(action.pos)}, {canal_sides(held, action.k)}."
    return with_tile(
        state,
        Placed(action.pos, held, action.k),
        facts,
        players=player_changed(state, seat, held=None),
        phase=PHASE.BUILD,
        placed_at=action.pos,
        extended=extended_by(facts, action.pos),
        log=state.log.add(LogEntry(text)),
    )


def extended_by(facts: MapFacts, pos: Pos) -> tuple[Line, ...]:
    """`geometry.extended_lines` from the lines kept with the map (the same lines, in order)."""
    city = facts.city
    canals = facts.city[pos].canals
    r, c = pos
    return tuple(
        facts.lines[(pos, vertical)]
        for vertical, sides in ((True, _VERTICAL), (False, _HORIZONTAL))
        if any(d in canals and (r + dr, c + dc) in city for d, (dr, dc) in sides)
    )


_VERTICAL = ((Dir.N, Dir.N.delta), (Dir.S, Dir.S.delta))
_HORIZONTAL = ((Dir.E, Dir.E.delta), (Dir.W, Dir.W.delta))
