"""The two status lines above Tolleno's map: who acts and the keys of this step, then the choice
under the cursor with ✓, or ✗ and why not."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.tolleno.rules.actions import BuildFloor, MoveBoat, PlaceContract, PlaceTile
from boardgames_tui.games.tolleno.rules.geometry import Dir
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.rules.text import TURNS, canal_sides, pos_name, space_name, tile_name
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import course_cell
from boardgames_tui.games.tolleno.table.look import Look
from boardgames_tui.games.tolleno.table.panel import fit_words
from boardgames_tui.ui.kit import Palette, chip, icon

HINTS = {
    Phase.PLACE: "place your tile: r rotate · n next fit · Enter",
    Phase.BUILD: "first floor: n next space · Enter",
    Phase.SECOND: "second floor: n next · Enter, or 1 2 3 take a contract",
    Phase.CONTRACT: "lay the contract: n next space · Enter (u takes it back)",
    Phase.NAVIGATE: "sail: n next stop · Enter",
    Phase.CARRY: "carry: c/n next choice · Enter",
}


def status_text(look: Look, pal: Palette, width: int = 0) -> Text:
    """Two lines: who acts and the keys of this step; then the choice under the cursor, ✓ or ✗ why,
    within `width` if given (what follows the choice is left out whole when it does not fit)."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    text = Text(no_wrap=True, overflow="ellipsis")
    phase = look.phase()
    if view.phase is Phase.OVER:
        text.append("Final city. ", style="bold")
        text.append("z overview · i panel · shift+arrows or drag to pan · Home centres")
        return text
    text.append_text(chip(seen.seats[view.current], active=True, pal=pal))
    if phase is None:
        text.append(f" · round {view.turn} · z overview · i panel · shift+arrows pan")
        return text
    text.append(f" · {HINTS[phase]}")
    action = look.current_action()
    if action is None:
        return text
    first, text = text, Text(no_wrap=True, overflow="ellipsis")
    legal = action in look.actions()
    label = seen.labels.get(action) if legal else None
    text.append(f"{icon('done')} " if legal else f"{icon('disabled')} ",
                style=Style(color="green" if legal else "red", bold=True))
    held = view.seats[seen.viewer].held if seen.viewer is not None else None
    placing: PlaceTile | None = action if isinstance(action, PlaceTile) else None
    if placing is not None and held is not None:
        # the tile itself named (the map draws it at the cursor; its value and shape in words)
        text.append(f"{tile_name(held)} at {pos_name(placing.pos)}, {canal_sides(held, placing.k)}")
    else:
        text.append((label or _short(action)).split(": ", 1)[-1])
    tails: list[Text] = []  # what follows the choice, each whole or not at all, the first wanted most
    reason = None if legal else look.refusal()
    if not legal:
        if reason:
            tails.append(Text(f": {reason}", style=Style(dim=True)))  # alone if both do not fit
        tails.append(Text(" (not allowed here: Enter tells why)", style=Style(dim=True)))
    if phase is Phase.NAVIGATE and legal:
        stops = sorted({m.dest for m in look.boat_moves()})
        tails.append(Text(f" · stop {stops.index(action.dest) + 1} of {len(stops)}", style=Style(dim=True)))
        tails.append(Text.assemble((": course ", "dim"), (course_cell(Dir.E, True), "bold"), (" to it, ", "dim"),
                                   (course_cell(Dir.E, False), "bold"), (" to the others", "dim")))
    if phase is Phase.CARRY:
        tails.append(Text(f" ({look.carry_index % len(look.carries()) + 1} of {len(look.carries())})",
                          style=Style(dim=True)))
    room = width or 1000
    if reason and text.cell_len + len(reason) + 2 > room:
        # the reason matters more than the place, which the cursor shows on the map
        text = Text.assemble((f"{icon('disabled')} ", Style(color="red", bold=True)), reason)
        tails = []
    if text.cell_len > room:
        text = fit_words(text, room)
    for tail in tails:
        if text.cell_len + tail.cell_len <= room:
            text.append_text(tail)
            if not legal:
                break  # the reason, or where to find it: one of the two
    return Text("\n").join([first, text])


def _short(action: Any) -> str:
    """A move the rules refuse, in words (the rules' own label is only made for legal moves)."""
    if isinstance(action, PlaceTile):
        return f"tile at {pos_name(action.pos)}, {TURNS[action.k % 4]}"
    if isinstance(action, BuildFloor):
        return f"floor at {space_name((action.pos, action.corner))}"
    if isinstance(action, PlaceContract):
        return f"contract at {space_name((action.pos, action.corner))}"
    if isinstance(action, MoveBoat):
        return f"boat to {pos_name(action.dest)}"
    return "this move"
