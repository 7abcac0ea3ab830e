"""What Tolleno's map highlights for the seat deciding: legal targets from the shell's list of
legal actions, and previews from the preview functions of the rules' view (never worked out here).

Previews are asked only when the viewer is the seat that moves (the Look then holds its legal
actions), so no other seat's screen ever shows what a choice would bring someone else.
"""

from __future__ import annotations

from boardgames_tui.games.tolleno.rules import view as preview
from boardgames_tui.games.tolleno.rules.actions import Carry
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.table.city import Marks, Space
from boardgames_tui.games.tolleno.table.look import Look


def marks_for(look: Look) -> Marks:
    """The highlights and previews for the seat's cursor and step."""
    view = look.view
    if view is None:
        return Marks()
    base = Marks(placed=view.placed_at, first=view.first_build)
    phase = look.phase()
    seat = look.deciding_seat()
    if phase is None or seat is None:
        shown = look.cursor_tile if look.seen is not None and look.seen.viewer is not None else None
        return Marks(cursor_tile=shown, placed=view.placed_at, first=view.first_build)
    if phase is Phase.PLACE:
        fits = {(a.pos, a.k) for a in look.placements()}
        held = view.seats[seat].held
        placed = {t.pos for t in view.tiles}
        ghost = None
        if held and look.cursor_tile not in placed:
            ghost = (look.cursor_tile, held, look.rotation, (look.cursor_tile, look.rotation) in fits)
        return Marks(cursor_tile=look.cursor_tile, target_tiles=frozenset(p for p, _ in fits), ghost=ghost,
                     placed=view.placed_at, first=view.first_build)
    if phase is Phase.NAVIGATE:
        courses = preview.boat_courses(view, seat)
        course = courses.get(look.cursor_tile, ())
        others = tuple(route for dest, route in courses.items() if dest != look.cursor_tile)
        lifts = frozenset(preview.carry_sources(view, seat, look.cursor_tile)) if course else frozenset()
        return Marks(cursor_tile=look.cursor_tile, target_tiles=frozenset(m.dest for m in look.boat_moves()),
                     course=course, other_courses=others, mover=seat, lifts=lifts, placed=view.placed_at,
                     first=view.first_build, anchor=course[0] if course else view.seats[seat].boat)
    if phase is Phase.CARRY:
        choice = look.current_action()
        boat = view.seats[seat].boat
        chosen: frozenset[Space] = frozenset()
        drop = None
        if isinstance(choice, Carry) and choice.carry_from is not None and choice.carry_to and boat is not None:
            chosen, drop = frozenset({choice.carry_from}), (boat, choice.carry_to)
        sources = frozenset(c.carry_from for c in look.carries() if c.carry_from is not None)
        return Marks(cursor_tile=boat, target_spaces=sources, lifts=chosen, drop=drop,
                     placed=view.placed_at, first=view.first_build)
    values = {}
    if phase is Phase.CONTRACT and view.chosen_contract is not None:
        values = preview.contract_values(view, seat, view.chosen_contract)
    return Marks(cursor_space=look.cursor_space, target_spaces=frozenset(look.target_spaces()), values=values,
                 placed=base.placed, first=base.first)
