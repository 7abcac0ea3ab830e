"""Step 1 of a Tolleno turn: the held city tile joins the city.

`placement_problem` says why a tile may not go somewhere (the checks M1..M5 in order), and
`placements` lists every position and rotation where it may.
"""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tolleno.rules.actions import PlaceTile
from boardgames_tui.games.tolleno.rules.geometry import BIT, DIRS, GEOMS, City, Pos, extended_lines, step
from boardgames_tui.games.tolleno.rules.state import (
    PHASE,
    Placed,
    TollenoState,
    add_line,
    foreign_boats,
    set_player,
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


def legal_placements(state: TollenoState, seat: int) -> list[PlaceTile]:
    """Step 1's choices: the held tile at every position and rotation where it fits."""
    held = state.players[seat].held
    assert held is not None
    return [PlaceTile(pos, k) for pos, k in placements(state, seat, held)]


def place_tile(state: TollenoState, seat: int, action: PlaceTile) -> TollenoState:
    """Step 1: the held tile joins the city; the canals it extends are remembered for step 2."""
    held = state.players[seat].held
    assert held is not None
    if action.k not in range(4):
        raise IllegalAction("a rotation is 0 to 3 quarter turns")
    problem = placement_problem(state.city(), held, action.pos, action.k, foreign_boats(state, seat))
    if problem is not None:
        raise IllegalAction(problem)
    state = set_player(state, seat, held=None)
    tiles = with_tile(state, Placed(action.pos, held, action.k))
    state = add_line(
        state,
        f"{state.names[seat]} places a {tile_name(held)} at {pos_name(action.pos)}, {canal_sides(held, action.k)}.",
        tiles=tiles,
        phase=PHASE.BUILD,
        placed_at=action.pos,
    )
    return evolve(state, extended=tuple(extended_lines(state.city(), action.pos)))
