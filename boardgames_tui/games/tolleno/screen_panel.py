"""The text around Tolleno's map: the status lines above it and the panel below it.

The panel always shows the three contracts on offer (with, for the seat that moves, the most VP
each could pay this turn, from the rules' preview), the viewer's own board, hand and VP, and
every seat's public facts in one line each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.tolleno.rules import view as preview
from boardgames_tui.games.tolleno.rules.actions import BuildFloor, MoveBoat, PlaceContract, PlaceTile
from boardgames_tui.games.tolleno.rules.components import CONTRACTS_BY_ID, PLAYER_FLOORS
from boardgames_tui.games.tolleno.rules.geometry import Dir
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.screen_map import fountain_glyph, held_tile_block
from boardgames_tui.games.tolleno.screen_render import board_text, contract_text, initial_text, next_unlock
from boardgames_tui.ui.kit import Block, beside, chip, icon, legend
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.palette import contrast_text

if TYPE_CHECKING:
    from boardgames_tui.games.tolleno.screen import TollenoBody

HINTS = {
    Phase.PLACE: "place your tile: r rotate · n next fit · Enter",
    Phase.BUILD: "first floor: n next space · Enter",
    Phase.SECOND: "second floor: n next · Enter, or 1 2 3 take a contract",
    Phase.CONTRACT: "lay the contract: n next space · Enter (u takes it back)",
    Phase.NAVIGATE: "sail: n next stop · Enter",
    Phase.CARRY: "carry: c/n next choice · Enter",
}
PATH_MARKS = {6: "boat", 13: "turn", 16: "turn", 18: "star"}
"""The floors on a board's path that unlock something, by the icon drawn on them."""
PATH_BONUS = {19: "+1", 20: "+2"}
"""The last two spaces of the path: VP at the end for the player who cleared them."""
LEGEND = ("water", ("floor", "building: owner, height"), "contract", "boat", "legal")


def status_text(body: TollenoBody) -> Text:
    """Two lines: who acts and the keys of this step; then the choice under the cursor, ✓ or ✗ why."""
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    text = Text(no_wrap=True, overflow="ellipsis")
    phase = body.phase()
    if view.phase is Phase.OVER:
        text.append("Final city. ", style="bold")
        text.append("z overview · i panel · shift+arrows or drag to pan · Home centres")
        return text
    text.append_text(chip(seen.seats[view.current], active=True, pal=body.pal()))
    if phase is None:
        text.append(f" · round {view.turn} · z overview · i panel · shift+arrows pan")
        return text
    text.append(f" · {HINTS[phase]}\n")
    action = body.current_action()
    if action is None:
        return text
    legal = action in body._actions()
    label = seen.labels.get(action) if legal else None
    text.append(f"{icon('done')} " if legal else f"{icon('disabled')} ",
                style=Style(color="green" if legal else "red", bold=True))
    text.append((label or _short(action)).split(": ", 1)[-1])
    if not legal:
        reason = body.refusal()
        text.append(f": {reason}" if reason else " (not allowed here: Enter tells why)", style=Style(dim=True))
    if phase is Phase.NAVIGATE and legal:
        stops = sorted({m.dest for m in body.boat_moves()})
        text.append(f" · stop {stops.index(action.dest) + 1} of {len(stops)}, course bright;"
                    " faint arrows: the others'", style=Style(dim=True))
    if phase is Phase.CARRY:
        text.append(f" ({body.carry_index % len(body.carries()) + 1} of {len(body.carries())})",
                    style=Style(dim=True))
    return text


def path_label(n: int) -> str:
    """What space `n` of a board's path shows: its unlock icon, its end bonus, or a plain dot."""
    if n in PATH_MARKS:
        return icon(PATH_MARKS[n]) * (2 if n == 16 else 1)
    return PATH_BONUS.get(n, "·")


def floor_path(floors: int, colour: str) -> Text:
    """A board's 20 spaces in groups of five, as on the box: the floors taken so far in the owner's
    colour (▤ on a plain space, the space's own mark lit in that colour on a special one), the
    spaces still covered dim, the special ones showing what they give: ◡ the boat (6), ⟳ one turn
    (13), ⟳⟳ two turns (16), ★ the board's own scoring (18), +1 and +2 VP at the end (19, 20)."""
    out = Text(no_wrap=True)
    for n in range(1, PLAYER_FLOORS + 1):
        if n > 1 and n % 5 == 1:
            out.append(" ")
        label = path_label(n)
        special = label != "·"
        if n <= floors:
            if special:
                out.append(label, style=f"bold {contrast_text(colour)} on {colour}")
            else:
                out.append(icon("floor"), style=f"bold {colour}")
        else:
            out.append(label, style="bold" if special else "dim")
    return out


def seat_line(body: TollenoBody, seat: int, width: int) -> Text:
    """One seat's public facts (and its VP when the viewer may see them)."""
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    info, facts = seen.seats[seat], view.seats[seat]
    colour = body.seat_marks().colour(seat)
    line = chip(info, width=14, active=seat == view.current and view.phase is not Phase.OVER, pal=body.pal())
    line.append(f" {facts.floors:>2}/20 ")
    line.append_text(floor_path(facts.floors, colour))
    line.append(f" {facts.board}")
    if facts.floors >= 6:
        where = "off" if facts.boat is None else f"{facts.boat[0]},{facts.boat[1]}"
        line.append(f" {icon('boat')} {where}", style=f"bold {colour}")
    if facts.vp is not None:
        line.append(f" VP {facts.vp}", style="bold")
    if facts.contracts_taken:
        line.append(f" {icon('contract')} " + " ".join(facts.contracts_taken), style="dim")
    return fit(line, width)


def offer_lines(body: TollenoBody, width: int, compact: bool) -> list[Text]:
    """The face-up contracts: the key that takes each, its text, its best VP this turn (mover only)."""
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    takeable = {t.contract for t in body.takes()}
    seat = body.deciding_seat()
    lines = []
    for i, cid in enumerate(view.offer):
        click = Style(meta={"@click": f"key('{i + 1}')"}) if cid in takeable else Style()
        line = Text(no_wrap=True)
        line.append(f"[{i + 1}] " if cid in takeable else f" {i + 1}  ", style=click + Style(bold=True))
        best = None
        if seat is not None and view.phase is Phase.SECOND:
            best = preview.best_contract_value(view, seat, cid)
        if compact:
            line.append(cid, style=click + Style(bold=True))
            if best is not None:
                line.append(f" +{best}", style=Style(bold=True, color="green"))
            line.append(f" {CONTRACTS_BY_ID[cid].text}", style=click)
        else:
            line.append(contract_text(cid), style=click)
            if best is not None:
                line.append(f"  up to +{best} VP here", style=Style(bold=True, color="green"))
        lines.append(line)
    if compact:
        joined = Text(" │ ", style="dim").join(fit(line, max(10, width // 3 - 3)) for line in lines)
        return [fit(joined, width)]
    return [fit(line, width) for line in lines]


def own_block(body: TollenoBody, seat: int, width: int) -> Block:
    """The viewer's hand tile (turned as it will be placed) beside its VP, board path and the offer."""
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    facts = view.seats[seat]
    colour = body.seat_marks().colour(seat)
    tiles = [held_tile_block(facts.held, body.rotation, body.pal())] if facts.held else []
    room = width - (tiles[0].width + 1 if tiles else 0)
    hand = Text(f"Hand {facts.held}" if facts.held else "Hand: no tile", style="bold", no_wrap=True)
    if facts.held:
        hand.append(f" turned {body.rotation} ")
        hand.append("[r rotate]", style=Style(meta={"@click": "key('rotate')"}, underline=True))
    vp = ", ".join(f"{k} {v:+d}" if k != "start" else f"start {v}" for k, v in facts.vp_lines)
    hand.append(f" · VP {facts.vp} ({vp})", style="bold")
    board = Text(f"Board {board_text(facts.board)}, once {icon('star')} (floor 18) is reached", no_wrap=True)
    board.stylize("bold", 0, 5)
    path = floor_path(facts.floors, colour)
    path.append(f"  {facts.floors}/20 floors · next {next_unlock(facts.floors)}")
    lines = [hand, board, path, *offer_lines(body, room, compact=False)]
    text = Block.of([fit(line, room) for line in lines], room)
    return beside([*tiles, text], gap=1)


def panel_text(body: TollenoBody) -> Text:
    """The panel under the map, full (`i` or a tall screen) or compact (three lines)."""
    seen = body.seen
    assert seen is not None
    view: TollenoView = seen.view
    width = max(20, body.size.width or 80)
    me = seen.viewer
    out: list[Text] = []
    if not body.panel_is_open():
        out += offer_lines(body, width, compact=True)
        focus = me if me is not None else view.current
        out.append(seat_line(body, focus, width))
        more = Text(no_wrap=True)
        for seat in range(len(view.seats)):
            if seat != focus:
                more.append_text(chip(seen.seats[seat], pal=body.pal()))
                more.append(f" {view.seats[seat].floors}/20 {view.seats[seat].board}  ")
        more.append("[i] more", style=Style(bold=True, meta={"@click": "key('panel')"}))
        out.append(fit(more, width))
        return Text("\n").join(out)
    if me is not None and view.phase is not Phase.OVER:
        out += own_block(body, me, width).lines
    else:
        out += offer_lines(body, width, compact=False)
    if view.chosen_contract is not None:
        out.append(Text(f"Laying {contract_text(view.chosen_contract)}", style="bold"))
    if body.phase() is Phase.CARRY:
        out.append(_carry_buttons(body))
    out += [seat_line(body, seat, width) for seat in range(len(view.seats))]
    tail = " · last round" if view.end_triggered else ""
    out.append(fit(Text(f"{initial_text(view.initial)} · piles: city {view.city_pile}, "
                        f"contracts {view.contract_pile}{tail}", style="dim"), width))
    if body.size.height >= 36:
        key = legend(LEGEND, pal=body.pal())
        key.append(f"  {fountain_glyph(Dir.N)}{fountain_glyph(Dir.E)}", style="bold #3C9BDC")
        key.append(" fountain, pointing", style=body.pal().muted)
        out.append(fit(key, width))
    return Text("\n").join(out)


def _carry_buttons(body: TollenoBody) -> Text:
    out = Text(no_wrap=True)
    for i, option in enumerate(body.carries()[:6]):
        chosen = i == body.carry_index % len(body.carries())
        label = "carry nothing" if option.carry_from is None else (
            f"carry {option.carry_from[0][0]},{option.carry_from[0][1]} {option.carry_from[1]}"
            f" → {option.carry_to}")
        out.append(f"[{label}] ", style=Style(meta={"@click": f"key('carry{i}')"}, bold=True, reverse=chosen))
    return out


def _short(action: Any) -> str:
    if isinstance(action, PlaceTile):
        return f"tile at {action.pos[0]},{action.pos[1]} turned {action.k}"
    if isinstance(action, BuildFloor):
        return f"floor at {action.pos[0]},{action.pos[1]} {action.corner}"
    if isinstance(action, PlaceContract):
        return f"contract {action.contract} at {action.pos[0]},{action.pos[1]} {action.corner}"
    if isinstance(action, MoveBoat):
        return f"boat to {action.dest[0]},{action.dest[1]}"
    return str(action)
