"""What a choice would bring, worked out from the deciding seat's own view (pure, no UI).

The screen asks these before the player commits: the VP a contract would pay on each space, the
course the boat would sail to each stop, the floors it could carry there, and why a tile does not
fit where the cursor is. Each reads only what `view(state, seat)` shows that seat, and answers
with the same rules `legal` and `apply` use (the same functions of `targets`, `geometry` and
`scoring`), so a preview never disagrees with what the move then does.
"""

from __future__ import annotations

from boardgames_tui.games.tolleno.components import BOAT_AT
from boardgames_tui.games.tolleno.geometry import (
    City,
    Corner,
    Dir,
    Pos,
    Route,
    boat_paths,
    boat_routes,
    open_sides,
)
from boardgames_tui.games.tolleno.scoring import contract_vp
from boardgames_tui.games.tolleno.state import MapContract, Phase, TollenoView
from boardgames_tui.games.tolleno.targets import carries_in, placement_problem, second_spaces_in

Space = tuple[Pos, Corner]


def city_of(view: TollenoView) -> City:
    """The map of a view as position -> tile geometry."""
    return {t.pos: t.geom for t in view.tiles}


def blocked_for(view: TollenoView, seat: int) -> set[Pos]:
    """Tiles where another seat's boat is moored (closed to `seat`)."""
    return {s.boat for i, s in enumerate(view.seats) if i != seat and s.boat is not None}


def placement_reason(view: TollenoView, seat: int, pos: Pos, k: int) -> str | None:
    """Why the seat's held tile may not go at `pos` turned `k` (None: it may), as `apply` would say."""
    held = view.seats[seat].held
    if held is None:
        return "you hold no city tile"
    return placement_problem(city_of(view), held, pos, k % 4, blocked_for(view, seat))


def contract_spaces(view: TollenoView, seat: int) -> list[Space]:
    """The empty spaces where the seat could lay a contract in step 3 of this turn."""
    if view.first_build is None or view.phase not in (Phase.SECOND, Phase.CONTRACT):
        return []
    used = {(b.pos, b.corner) for b in view.buildings} | {(c.pos, c.corner) for c in view.contracts}
    spaces = second_spaces_in(city_of(view), view.first_build, blocked_for(view, seat))
    return sorted(s for s in spaces if s not in used)


def contract_values(view: TollenoView, seat: int, contract: str) -> dict[Space, int]:
    """The VP `contract` would pay the seat on each space where it may be laid now."""
    city = city_of(view)
    out: dict[Space, int] = {}
    for pos, corner in contract_spaces(view, seat):
        laid = (*view.contracts, MapContract(pos, corner, contract, seat))
        out[(pos, corner)] = contract_vp(contract, city, view.buildings, laid, seat, pos, len(view.seats))
    return out


def best_contract_value(view: TollenoView, seat: int, contract: str) -> int | None:
    """The most VP `contract` could pay the seat this turn (None: it cannot be laid)."""
    values = contract_values(view, seat, contract)
    return max(values.values()) if values else None


def _start_and_entries(view: TollenoView, seat: int) -> tuple[Pos | None, list[tuple[Pos, Dir]]]:
    city = city_of(view)
    boat = view.seats[seat].boat
    if boat is not None:
        return boat, []
    return None, [(p, d) for p in city for d in open_sides(city, p)]


def boat_courses(view: TollenoView, seat: int) -> dict[Pos, Route]:
    """Every stop the seat's boat may sail to now, with one course that reaches it.

    A course starts on the boat's tile (or, entering, on the first tile it reaches) and ends on the
    stop; it is the shortest, then the one with fewest turns. Empty when the boat cannot sail.
    """
    if view.seats[seat].floors < BOAT_AT:
        return {}
    city = city_of(view)
    start, entries = _start_and_entries(view, seat)
    routes = boat_routes(city, start, view.seats[seat].allowance, entries)
    blocked = blocked_for(view, seat)
    return {dest: route for dest, route in sorted(routes.items()) if dest not in blocked}


def carry_sources(view: TollenoView, seat: int, dest: Pos) -> list[Space]:
    """The seat's floors that the boat could pick up on the way to `dest` and land there."""
    city = city_of(view)
    if dest not in city or view.seats[seat].floors < BOAT_AT:
        return []
    start, entries = _start_and_entries(view, seat)
    passed = boat_paths(city, start, view.seats[seat].allowance, entries).get(dest, set())
    carries = carries_in(city, view.buildings, view.contracts, seat, passed, dest, blocked_for(view, seat))
    return sorted({c.carry_from for c in carries if c.carry_from is not None})
