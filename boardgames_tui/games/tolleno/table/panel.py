"""The panel under Tolleno's map: the offer, the viewer's own hand and board, every seat's facts.

The panel always shows the three contracts on offer (with, for the seat that moves, the most VP
each could pay this turn, from the rules' preview), the viewer's own board, hand and VP, and
every seat's public facts in one line each.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from boardgames_tui.games.tolleno.rules import view as preview
from boardgames_tui.games.tolleno.rules.components import CONTRACTS_BY_ID, PLAYER_FLOORS
from boardgames_tui.games.tolleno.rules.geometry import Dir
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.rules.text import board_text, contract_text, initial_text, next_unlock
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import fountain_glyph, held_tile_block
from boardgames_tui.games.tolleno.table.look import Look
from boardgames_tui.ui.kit import Block, Palette, beside, chip, icon, legend
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.palette import contrast_text

PATH_MARKS = {6: "boat", 13: "turn", 16: "turn", 18: "star"}
"""The floors on a board's path that unlock something, by the icon drawn on them."""
PATH_BONUS = {19: "+1", 20: "+2"}
"""The last two spaces of the path: VP at the end for the player who cleared them."""
LEGEND = ("water", ("floor", "building: owner, height"), "contract", "boat", "legal")


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


def seat_line(look: Look, seat: int, width: int, pal: Palette) -> Text:
    """One seat's public facts (and its VP when the viewer may see them)."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    info, facts = seen.seats[seat], view.seats[seat]
    colour = look.seat_marks().colour(seat)
    line = chip(info, width=14, active=seat == view.current and view.phase is not Phase.OVER, pal=pal)
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


def offer_lines(look: Look, width: int, compact: bool) -> list[Text]:
    """The face-up contracts: the key that takes each, its text, its best VP this turn (mover only)."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    takeable = {t.contract for t in look.takes()}
    seat = look.deciding_seat()
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


def own_block(look: Look, seat: int, width: int, pal: Palette) -> Block:
    """The viewer's hand tile (turned as it will be placed) beside its VP, board path and the offer."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    facts = view.seats[seat]
    colour = look.seat_marks().colour(seat)
    tiles = [held_tile_block(facts.held, look.rotation, pal)] if facts.held else []
    room = width - (tiles[0].width + 1 if tiles else 0)
    hand = Text(f"Hand {facts.held}" if facts.held else "Hand: no tile", style="bold", no_wrap=True)
    if facts.held:
        hand.append(f" turned {look.rotation} ")
        hand.append("[r rotate]", style=Style(meta={"@click": "key('rotate')"}, underline=True))
    vp = ", ".join(f"{k} {v:+d}" if k != "start" else f"start {v}" for k, v in facts.vp_lines)
    hand.append(f" · VP {facts.vp} ({vp})", style="bold")
    board = Text(f"Board {board_text(facts.board)}, once {icon('star')} (floor 18) is reached", no_wrap=True)
    board.stylize("bold", 0, 5)
    path = floor_path(facts.floors, colour)
    path.append(f"  {facts.floors}/20 floors · next {next_unlock(facts.floors)}")
    lines = [hand, board, path, *offer_lines(look, room, compact=False)]
    text = Block.of([fit(line, room) for line in lines], room)
    return beside([*tiles, text], gap=1)


def panel_is_open(look: Look, height: int) -> bool:
    """The panel in full: as the seat opened or closed it, else on a screen 30 lines tall or more."""
    if look.panel_open is not None:
        return look.panel_open
    return height >= 30 or height == 0


def panel_text(look: Look, width: int, height: int, pal: Palette) -> Text:
    """The panel under the map, full (`i` or a tall screen) or compact (three lines), for a body
    of `width` × `height` cells."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    width = max(20, width or 80)
    me = seen.viewer
    out: list[Text] = []
    if not panel_is_open(look, height):
        out += offer_lines(look, width, compact=True)
        focus = me if me is not None else view.current
        out.append(seat_line(look, focus, width, pal))
        more = Text(no_wrap=True)
        for seat in range(len(view.seats)):
            if seat != focus:
                more.append_text(chip(seen.seats[seat], pal=pal))
                more.append(f" {view.seats[seat].floors}/20 {view.seats[seat].board}  ")
        more.append("[i] more", style=Style(bold=True, meta={"@click": "key('panel')"}))
        out.append(fit(more, width))
        return Text("\n").join(out)
    if me is not None and view.phase is not Phase.OVER:
        out += own_block(look, me, width, pal).lines
    else:
        out += offer_lines(look, width, compact=False)
    if view.chosen_contract is not None:
        out.append(Text(f"Laying {contract_text(view.chosen_contract)}", style="bold"))
    if look.phase() is Phase.CARRY:
        out.append(_carry_buttons(look))
    out += [seat_line(look, seat, width, pal) for seat in range(len(view.seats))]
    tail = " · last round" if view.end_triggered else ""
    out.append(fit(Text(f"{initial_text(view.initial)} · piles: city {view.city_pile}, "
                        f"contracts {view.contract_pile}{tail}", style="dim"), width))
    if height >= 36:
        key = legend(LEGEND, pal=pal)
        key.append(f"  {fountain_glyph(Dir.N)}{fountain_glyph(Dir.E)}", style="bold #3C9BDC")
        key.append(" fountain, pointing", style=pal.muted)
        out.append(fit(key, width))
    return Text("\n").join(out)


def _carry_buttons(look: Look) -> Text:
    out = Text(no_wrap=True)
    for i, option in enumerate(look.carries()[:6]):
        chosen = i == look.carry_index % len(look.carries())
        label = "carry nothing" if option.carry_from is None else (
            f"carry {option.carry_from[0][0]},{option.carry_from[0][1]} {option.carry_from[1]}"
            f" → {option.carry_to}")
        out.append(f"[{label}] ", style=Style(meta={"@click": f"key('carry{i}')"}, bold=True, reverse=chosen))
    return out


class Panel(Static):
    """The facts below the map; its [bracketed] words are clickable like keys."""

    DEFAULT_CSS = """
    Panel {
        height: auto; width: 1fr; border-top: solid $primary-darken-2;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def action_key(self, name: str) -> None:
        press = getattr(self.parent, "press", None)
        if press is not None:
            press(name)
