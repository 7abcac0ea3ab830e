"""The panel under Tolleno's map: the offer, the viewer's own hand and board, every seat's facts.

The panel always shows the three contracts on offer (with, for the seat that moves, the most VP
each could pay this turn, from the rules' preview), the viewer's own board, hand and VP, and
every seat's public facts in one line each.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from boardgames_tui.games.tolleno.rules import view as preview
from boardgames_tui.games.tolleno.rules.geometry import Dir
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.rules.text import (
    CORNER_WORDS,
    board_name,
    board_text,
    canal_sides,
    contract_text,
    initial_text,
    pos_name,
    space_name,
    tile_name,
)
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table.city import (
    FAINT_COURSE,
    course_cell,
    drop_mark,
    fountain_glyph,
    held_tile_block,
    lift_mark,
)
from boardgames_tui.games.tolleno.table.look import Look
from boardgames_tui.games.tolleno.table.offer import offer_line
from boardgames_tui.games.tolleno.table.track import board_track, progress_bar
from boardgames_tui.ui.kit import Block, Palette, beside, chip, icon, legend
from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.palette import contrast_text

LEGEND = ("water", ("floor", "floor"), "contract", "boat", "legal")


def _seat_parts(look: Look, seat: int, pal: Palette) -> tuple[Text, dict[int, Text]]:
    """A seat's chip and floor count, and its other public facts by the order they are drawn in
    (1 the bar of floors, 2 the board, 3 where the boat is, 4 the VP when the viewer may see
    them, 5 the contracts taken)."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    info, facts = seen.seats[seat], view.seats[seat]
    colour = look.seat_marks().colour(seat)
    name_w = 4 + max(cell_len(s.name) for s in seen.seats)  # names measured in cells: a wide character takes two
    head = chip(info, width=name_w, active=seat == view.current and view.phase is not Phase.OVER, pal=pal)
    head.append(f" {facts.floors:>2}/20 floors")
    parts = {1: Text(" ") + progress_bar(facts.floors, colour, pal), 2: Text(f" · board {board_name(facts.board)}")}
    if facts.floors >= 6:
        where = "not yet sailing" if facts.boat is None else f"at {pos_name(facts.boat)}"
        parts[3] = Text(f" · {icon('boat')} {where}", style=f"bold {colour}")
    if facts.vp is not None:
        parts[4] = Text(f" · VP {facts.vp}", style="bold")
    if facts.contracts_taken:
        count = len(facts.contracts_taken)
        parts[5] = Text(f" · {icon('contract')} {count} contract{'s' if count > 1 else ''}", style="dim")
    return head, parts


_WANTED = (3, 4, 2, 5, 1)
"""The parts of a seat line most wanted first: where the boat is, the VP, the board, the
contracts, the bar (the floor count is always there)."""


def seat_line(look: Look, seat: int, width: int, pal: Palette) -> Text:
    """One seat's public facts (and its VP when the viewer may see them), whole parts only: what
    does not fit the width is left out, the floor count and where the boat is before the rest."""
    return _lined_up([_seat_parts(look, seat, pal)], width)[0]


def seat_lines(look: Look, width: int, pal: Palette) -> list[Text]:
    """Every seat's line, their parts in columns that line up from seat to seat (a part one seat
    lacks left blank); the same parts kept for all, most wanted first, as many as fit."""
    seen = look.seen
    assert seen is not None
    return _lined_up([_seat_parts(look, seat, pal) for seat in range(len(seen.seats))], width)


def _lined_up(rows: list[tuple[Text, dict[int, Text]]], width: int) -> list[Text]:
    columns = {kind: max((parts[kind].cell_len for _, parts in rows if kind in parts), default=0)
               for kind in _WANTED}
    room = width - max(head.cell_len for head, _ in rows)
    kept = []
    for kind in _WANTED:
        if 0 < columns[kind] <= room:
            kept.append(kind)
            room -= columns[kind]
    lines = []
    for head, parts in rows:
        line = head.copy()
        for kind in sorted(kept):
            part = parts.get(kind, Text())
            line.append_text(part)
            line.append(" " * (columns[kind] - part.cell_len))
        line.rstrip()
        lines.append(line)
    return lines


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
        line.append(contract_text(cid, len(view.seats)), style=click)
        if best is not None:
            line.append(f"  up to +{best} VP here", style=Style(bold=True, color="green"))
        lines.append(line)
    if compact:
        # no keys: a compact offer is never the one the seat takes from (that one is in full)
        return [offer_line(view.offer, len(view.seats), width)]
    return [part for line in lines for part in wrapped(line, width)]


def fit_words(line: Text, width: int) -> Text:
    """`line` in `width` cells, shortened at a space (then …) rather than in the middle of a word."""
    if line.cell_len <= width:
        return fit(line, width)
    cut = line.plain.rfind(" ", 0, width)
    short = line[:cut] if cut > 0 else line
    return fit(short + Text("…"), width) if cut > 0 else fit(line, width)


def wrapped(line: Text, width: int, indent: int = 4) -> list[Text]:
    """`line` broken between words into lines of at most `width` cells, the later ones indented."""
    plain, width = line.plain, max(12, width)
    if len(plain) <= width:
        return [line]
    cuts, start, room = [], 0, width
    while len(plain) - start > room:
        cut = plain.rfind(" ", start + 1, start + room + 1)
        cut = start + room if cut <= start else cut + 1
        cuts.append(cut)
        start, room = cut, width - indent
    parts = line.divide(cuts)
    for part in parts:
        part.rstrip()  # the space a line was broken at does not count against its width
    return [parts[0], *(Text(" " * indent, no_wrap=True) + fit(part, width - indent) for part in parts[1:])]


def own_block(look: Look, seat: int, width: int, pal: Palette) -> Block:
    """The viewer's hand tile (turned as it will be placed) beside its VP, board path and the offer."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    facts = view.seats[seat]
    colour = look.seat_marks().colour(seat)
    tiles = [held_tile_block(facts.held, look.rotation, pal)] if facts.held else []
    room = width - (tiles[0].width + 1 if tiles else 0)
    hand = Text("Hand: no tile", style="bold", no_wrap=True)
    if facts.held:
        hand = Text(f"Your tile: {tile_name(facts.held)}, {canal_sides(facts.held, look.rotation)} ", style="bold")
        hand.append("[r rotate]", style=Style(meta={"@click": "key('rotate')"}, underline=True))
    start = sum(v for k, v in facts.vp_lines if k == "start")
    paid = [v for k, v in facts.vp_lines if k != "start"]
    vp = f"start {start}" + (f", contracts {sum(paid):+d}" if paid else "")
    score = Text(f"VP {facts.vp} ({vp}) · {facts.floors}/20 floors built", style="bold")
    board = Text(f"Board {board_text(facts.board)}", no_wrap=True)  # from ★ 18: the track's names say so
    board.stylize("bold", 0, 5)
    track, names = board_track(facts.floors, colour, pal)
    # whole parts to a line (the VP after the tile, each mark with its name), never "VP" / "6"
    lines = [*packed([*wrapped(hand, room, indent=0), score], room, sep=" · "), *wrapped(board, room),
             *wrapped(track, room), *packed(list(names.split(" · ")), room, sep=" · "),
             *offer_lines(look, room, compact=False)]
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
    width = max(20, (width or 80) - 2)  # the pane's scroll bar may take two columns
    me = seen.viewer
    out: list[Text] = []
    if not panel_is_open(look, height):
        # while the seat may take a contract, the offer in full (one line each), else in brief
        # (while a contract is laid, that contract instead: the offer is what is left)
        choosing = me is not None and me == look.deciding_seat() and view.phase is Phase.SECOND
        if view.chosen_contract is not None:
            out += wrapped(_laying(view), width)[:1]
        else:
            out += offer_lines(look, width, compact=not choosing)
        focus = me if me is not None else view.current
        out.append(seat_line(look, focus, width, pal))
        out.append(others_line(look, focus, width, pal))
        return Text("\n").join(out)
    if me is not None and view.phase is not Phase.OVER:
        out += own_block(look, me, width, pal).lines
    else:
        if view.phase is Phase.OVER:
            out.append(Text("Contracts left face up:", style="bold"))
        out += offer_lines(look, width, compact=False)
    if view.chosen_contract is not None:
        out.append(_laying(view))
    if look.phase() is Phase.CARRY:
        out += _carry_buttons(look, width)
    out += seat_lines(look, width, pal)
    tail = " · last round" if view.end_triggered else ""
    out += wrapped(Text(f"{initial_text(view.initial)} · piles: city {view.city_pile}, "
                        f"contracts {view.contract_pile}{tail}", style="dim"), width)
    out += packed(legend_entries(look, pal), width)  # the map's key: on a short screen under `i`
    return Text("\n").join(out)


def _laying(view: TollenoView) -> Text:
    """The contract taken this turn, while it is laid on the map."""
    assert view.chosen_contract is not None
    return Text(f"Laying {contract_text(view.chosen_contract, len(view.seats))}", style="bold", no_wrap=True)


def others_line(look: Look, focus: int, width: int, pal: Palette) -> Text:
    """The compact panel's last line: every other seat's floors (with the word and the board, when
    they fit), then the key that opens the full panel and the map's key."""
    seen = look.seen
    assert seen is not None
    view: TollenoView = seen.view
    tail = Text("[i] more, key", style=Style(bold=True, meta={"@click": "key('panel')"}))
    lines = []
    for words in (2, 1, 0):
        line = Text(no_wrap=True)
        for seat in range(len(view.seats)):
            if seat != focus:
                facts = view.seats[seat]
                line.append_text(chip(seen.seats[seat], pal=pal))
                board = f", {board_name(facts.board)}" * (words > 1)
                line.append(f" {facts.floors}/20" + " floors" * (words > 0) + board + "  ")
        lines.append(line + tail)
    return fit(next((line for line in lines if line.cell_len <= width), lines[-1]), width)


def legend_entries(look: Look, pal: Palette) -> list[Text]:
    """The map's key, one entry each: every mark the map draws (a building as its owner's glyph
    and height, a free space, a tile's value, the fountains) and, while a boat sails or carries,
    its courses and the floors it may carry."""
    marks = look.seat_marks()
    first, rest = LEGEND[0], LEGEND[1:]
    muted = pal.muted
    building = (f"{marks.glyph(0)}2", f"bold {contrast_text(marks.colour(0))} on {marks.colour(0)}")
    entries = [legend((first,), pal=pal), Text.assemble(building, (" building: owner, floors", muted)),
               *(legend((entry,), pal=pal) for entry in rest),
               Text.assemble(("o", "bold"), (" free space", muted)),
               Text.assemble(("[3]", "bold"), (" tile value", muted)),
               Text.assemble((f"{fountain_glyph(Dir.N)}{fountain_glyph(Dir.E)}", "bold #3C9BDC"),
                             (" fountain, pointing", muted))]
    if look.phase() in (Phase.NAVIGATE, Phase.CARRY):
        entries += [
            Text.assemble((f"{course_cell(Dir.E, True)} {course_cell(Dir.N, True)}", "bold"),
                          (" course to the chosen stop", muted)),
            Text.assemble((course_cell(Dir.E, False), f"bold {FAINT_COURSE}"), (" courses to the other stops", muted)),
            Text.assemble((f"{lift_mark()} {drop_mark()}", "bold"), (" a floor it may carry, where it lands", muted)),
        ]
    return entries


def packed(pieces: list[Text], width: int, gap: int = 2, sep: str | None = None) -> list[Text]:
    """`pieces` side by side, `gap` apart (or `sep` between them), as many whole ones on a line as fit."""
    between = " " * gap if sep is None else sep
    lines = [Text(no_wrap=True)]
    for piece in pieces:
        if lines[-1].cell_len and lines[-1].cell_len + len(between) + piece.cell_len > width:
            lines.append(Text(no_wrap=True))
        if lines[-1].cell_len:
            lines[-1].append(between, style="dim" if sep is not None else "")
        lines[-1].append_text(piece)
    return [fit(line, width) for line in lines]


def _carry_buttons(look: Look, width: int) -> list[Text]:
    """The carry choices as buttons: "carry nothing", then for each floor that may ride along the
    line "carry the floor at …, to:" with a button per corner of the boat's tile it may go to."""
    carries = look.carries()
    chosen = look.carry_index % len(carries) if carries else -1
    nothing: list[Text] = []
    sources: dict[object, list[Text]] = {}
    for i, option in enumerate(carries):
        click = Style(meta={"@click": f"key('carry{i}')"}, bold=True, reverse=i == chosen)
        if option.carry_from is None or option.carry_to is None:
            nothing.append(Text("[carry nothing]", style=click))
            continue
        if option.carry_from not in sources:
            sources[option.carry_from] = [Text(f"carry the floor at {space_name(option.carry_from)} to:")]
        sources[option.carry_from].append(Text(f"[{CORNER_WORDS[option.carry_to]}]", style=click))
    lines = packed(nothing, width, gap=1) if nothing else []
    for pieces in sources.values():
        lines += packed(pieces, width, gap=1)
    return lines


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
