"""Tàin's table drawn with the kit: the foreign kingdom, the turn track, every clan board and the
viewer's own screen, full at 120×40 and compact at 80×24 (the pieces are in screen_parts)."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import KINDS, PASTURE_ENTRANCES, TURNS
from boardgames_tui.games.tain.rules.state import Matchup, Phase, Token
from boardgames_tui.games.tain.rules.view import ClanView, TainView, TokenView
from boardgames_tui.games.tain.screen_parts import (
    BOARD_WIDTH,
    FK_CELL,
    ICON,
    KEY,
    LEGEND,
    SLOT,
    Cell,
    Look,
    board_title,
    captive_tokens,
    herd_text,
    house_text,
    lit_slots,
    loot_text,
    marks_row,
    result_mark,
    slot,
    slot_columns,
    slot_row,
    supply_text,
)
from boardgames_tui.ui.kit import (
    Block,
    Count,
    Marker,
    beside,
    chip,
    compact_track,
    counter,
    fit,
    icon,
    legend,
    seat_colour,
    stack,
    track,
)
from boardgames_tui.ui.kit.block import BlockCache
from boardgames_tui.ui.kit.frame import Line, framed

_CACHE = BlockCache(512)
"""Boards drawn recently, by everything they depend on: a cursor move redraws one board at most."""


# --- a clan board ------------------------------------------------------------------------------
def clan_board(look: Look, clan: ClanView) -> Block:
    """A full board: outside slots above the edge, inside slots under it, herd, house and supply."""
    lit = lit_slots(look)
    key = _board_key(look, clan, lit, "full")
    return _CACHE.get(key, lambda: _draw_board(look, clan, lit))


def _board_key(look: Look, clan: ClanView, lit: dict[Cell, Token | None], form: str) -> Hashable:
    seat = clan.seat
    mine = frozenset(c for c in look.legal if c[1] == seat)
    cursor = look.cursor if look.cursor is not None and look.cursor[1] == seat else None
    lit_here = tuple(sorted((c, t) for c, t in lit.items() if c[1] == seat))
    view = look.view
    nxt = view.next_entrance if view.next_entrance and view.next_entrance[0] == seat else None
    marks = (tuple(m for m in view.last if m[0] == seat), nxt)
    kind = look.kind if mine or cursor else None
    flags = (look.placing, seat == view.current, seat == view.active, view.phase)
    return (form, clan, look.seats, look.viewer, look.pal, kind, cursor, mine, lit_here, marks, flags)


def _draw_board(look: Look, clan: ClanView, lit: dict[Cell, Token | None]) -> Block:
    width, pal = BOARD_WIDTH, look.pal
    line = Line.SELECTED if clan.seat == look.view.current else Line.PLAIN
    colour = seat_colour(look.seats[clan.seat])
    scouts = Text(" ", no_wrap=True) + slot_row(look, Area.SCOUT, clan, lit)
    scouts.append("  " + icon("scout") + " scouts", style=pal.muted)
    guards = Text(" ", no_wrap=True) + slot_row(look, Area.GUARD, clan, lit)
    guards.append("  " + icon("guard") + " guards", style=pal.muted)
    marks = Text(" ", no_wrap=True) + marks_row(look, clan.seat)
    columns = slot_columns()
    herd = Text(" ", no_wrap=True) + fit(herd_text(look, clan), columns[PASTURE_ENTRANCES] - 1)
    herd.append_text(house_text(look, clan))
    supply = Text(" ", no_wrap=True) + supply_text(look, clan)
    loot = loot_text(look, clan)
    if loot:
        supply.append("  won", style=look.pal.muted)
        supply.append_text(loot)
    score = Text(f" {clan.score} pts ", style=f"bold {pal.foreground}")
    frame = framed([guards, marks, herd, supply], width, line, colour, title=board_title(look, clan), corner=score)
    top = fit(Text(" ") + scouts, width)
    block = stack([Block([top], width), frame])
    hits = [*_slot_hits(clan.seat, Area.SCOUT, 0, 2), *_slot_hits(clan.seat, Area.GUARD, 2, 2)]
    return Block(block.lines, block.width, hits)


def _slot_hits(seat: int, area: Area, line: int, left: int) -> list[tuple[int, int, int, object]]:
    """Click spans of one row of slots drawn from column `left`."""
    return [(line, left + c, left + c + SLOT, ("cell", (area, seat, e))) for e, c in enumerate(slot_columns())]


def compact_board(look: Look, clan: ClanView, width: int) -> Block:
    """A board in two lines: name, herd and house beside the outside slots; score, captives and
    supply beside the inside slots; a third line with the latest result when it is this board's."""
    lit = lit_slots(look)
    key = (_board_key(look, clan, lit, "compact"), width)
    return _CACHE.get(key, lambda: _draw_compact(look, clan, lit, width))


NAME_COLUMN = 20
"""Columns before a compact board's slots: the name chip above, score and marks ("★act passed") below."""


def _draw_compact(look: Look, clan: ClanView, lit: dict[Cell, Token | None], width: int) -> Block:
    pal = look.pal
    name = fit(chip(look.seats[clan.seat], active=clan.seat == look.view.current, pal=pal), NAME_COLUMN)
    marks = Text(no_wrap=True)
    if clan.seat == look.view.active:
        marks.append(icon("star") + "act ", style=f"bold {pal.warning}")
    if clan.seat == look.viewer:
        marks.append("you", style="italic")
    elif clan.passed and look.view.phase is Phase.SCOUT:
        marks.append("passed", style=pal.muted)
    score = fit(Text(f"{clan.score:>3} pts ", style="bold") + marks, NAME_COLUMN)
    top = name + Text("out ", style=pal.muted) + slot_row(look, Area.SCOUT, clan, lit) + Text("  ")
    top.append_text(counter(Count("cow", clan.cows), pal=pal))
    top.append(" ")
    top.append_text(counter(Count("jewel", clan.jewels), pal=pal))
    top.append_text(loot_text(look, clan))
    bottom = score + Text("in  ", style=pal.muted) + slot_row(look, Area.GUARD, clan, lit) + Text("  ")
    if clan.captives:
        bottom.append_text(captive_tokens(look, clan.captives))
        bottom.append(" ")
    bottom.append(f"{icon('hidden')}{clan.screen_count} ", style=pal.muted)
    bottom.append(f"{icon('pile')}{clan.discard_count}", style=pal.muted)
    lines = [fit(top, width), fit(bottom, width)]
    row_marks = marks_row(look, clan.seat, numbers=False)
    if row_marks.plain.strip():
        lines.append(fit(Text(" " * (NAME_COLUMN + 4)) + row_marks, width))
    left = NAME_COLUMN + 4
    hits = [*_slot_hits(clan.seat, Area.SCOUT, 0, left), *_slot_hits(clan.seat, Area.GUARD, 1, left)]
    return Block(lines, width, hits)


# --- the foreign kingdom, the turn track and the viewer's screen ---------------------------------
def kingdom(look: Look) -> Block:
    """The foreign kingdom: its two raid slots, its herd, and the results of its raid."""
    pal, view = look.pal, look.view
    lit = lit_slots(look)
    slots = Text(" raid ", style=pal.muted, no_wrap=True)
    marks = Text("      ", no_wrap=True)
    for i, token in enumerate(view.fk):
        slots.append_text(_fk_slot(look, i, token, lit))
        slots.append(" ")
    for matchup in _kingdom_results(view):
        marks.append(" " * (6 + 5 * matchup[1] - marks.cell_len))
        marks.append_text(fit(result_mark(look, matchup), SLOT))
    herd = Text(" herd ", style=pal.muted) + counter(Count("cow", view.fk_cows), pal=pal)
    frame = framed([slots, marks, herd], 22, Line.PLAIN, pal.muted, title=Text("Foreign kingdom", style="bold"))
    hits = [(1, 7 + 5 * i, 7 + 5 * i + SLOT, ("cell", FK_CELL)) for i in range(len(view.fk))]
    return Block(frame.lines, frame.width, hits)


def _kingdom_results(view: TainView) -> list[Matchup]:
    """The kingdom's results of the latest step in slot order (the rules resolve them clockwise
    from the active player, which may be the other way round)."""
    return sorted((m for m in view.last if m[0] == -1), key=lambda m: m[1])


def _fk_slot(look: Look, index: int, token: TokenView | None, lit: dict[Cell, Token | None]) -> Text:
    """Kingdom slot `index`: the first empty one stands for the raid target (legal mark, cursor)."""
    own = (Area.RAID, -1, index)
    if own in lit:
        return slot(look, own, token, lit)
    first_empty = next((i for i, t in enumerate(look.view.fk) if t is None), -1)
    return slot(look, FK_CELL if index == first_empty else own, token, lit)


def turn_track(look: Look) -> Block:
    """The turn track 1–8 with the marker on this turn, and who holds the active-player marker."""
    view, pal = look.view, look.pal
    turn = Marker(view.turn, icon("turn"), pal.text_primary)
    block = track(1, TURNS, [turn], current=view.turn, pal=pal, width=40)
    active = Text("active ", style=pal.muted) + chip(look.seats[view.active], pal=pal)
    return stack([Block.of([Text("Turn", style="bold")]), block, Block.of([active])])


def compact_top(look: Look, width: int) -> Block:
    """One line: the turn ruler, the kingdom's slots and herd, the active player."""
    view, pal = look.view, look.pal
    ruler = compact_track(1, TURNS, every=1, current=view.turn, pal=pal).lines[0]
    text = Text(f"Turn {view.turn} ", style="bold", no_wrap=True) + ruler
    text.append("  ")
    text.append("Kingdom ", style="bold")
    lit = lit_slots(look)
    start = text.cell_len
    for i, token in enumerate(view.fk):
        text.append_text(_fk_slot(look, i, token, lit))
        text.append(" ")
    text.append_text(counter(Count("cow", view.fk_cows), pal=pal))
    for matchup in _kingdom_results(view):
        text.append(" ")
        text.append_text(result_mark(look, matchup))
    text.append("   active ", style=pal.muted)
    text.append_text(chip(look.seats[view.active], pal=pal))
    hits = [(0, start + 5 * i, start + 5 * i + SLOT, ("cell", FK_CELL)) for i in range(len(view.fk))]
    return Block([fit(text, width)], width, hits)


def screen_panel(look: Look, clan: ClanView, framed_form: bool) -> Block:
    """Behind the viewer's screen, by kind (each a key and a click), and the discard pile by kind."""
    pal = look.pal
    assert clan.screen is not None
    kinds = Text(no_wrap=True)
    hits = []
    for kind in KINDS:
        count = clan.screen[kind]
        start = kinds.cell_len
        chosen = look.placing and kind is look.kind
        style = f"bold {pal.text_primary} on {pal.highlight}" if chosen else ("bold" if count else pal.muted)
        piece = Text(KEY[kind], style=f"underline {style}") + Text(icon(ICON[kind]) + str(count), style=style)
        if chosen:
            piece = Text(icon("selected"), style=style) + piece
        elif not count:
            piece = Text(icon("disabled"), style=pal.muted) + piece
        else:
            piece = Text(" ") + piece
        kinds.append_text(piece)
        hits.append((0, start, kinds.cell_len, ("kind", kind)))
        kinds.append(" ")
    pile = Text("discard ", style=pal.muted, no_wrap=True)
    if clan.discard is not None and any(clan.discard):
        for kind in KINDS:
            if clan.discard[kind]:
                pile.append_text(counter(Count(ICON[kind], clan.discard[kind]), pal=pal))
                pile.append(" ")
    else:
        pile.append("empty", style=pal.muted)
    if not framed_form:
        text = Text("Screen ", style="bold") + kinds + Text(" ") + pile
        return Block([text], text.cell_len, [(0, 7 + s, 7 + e, t) for _l, s, e, t in hits])
    frame = framed([kinds, pile], 34, Line.PLAIN, pal.muted, title=Text("Behind your screen", style="bold"))
    return Block(frame.lines, frame.width, [(1, 1 + s, 1 + e, t) for _l, s, e, t in hits])


def legend_lines(look: Look, width: int) -> list[Text]:
    """The legend naming the icons on the table: one line, or two when it does not fit."""
    whole = legend(LEGEND, pal=look.pal)
    if whole.cell_len <= width:
        return [whole]
    half = (len(LEGEND) + 1) // 2
    return [legend(LEGEND[:half], width=width, pal=look.pal), legend(LEGEND[half:], width=width, pal=look.pal)]


def boards(look: Look, width: int, compact: bool, roomy: bool = False) -> Block:
    """Every clan board: two per row when they fit, else the compact form one under another."""
    clans = look.view.clans
    if compact:
        return stack([compact_board(look, clan, width) for clan in clans], gap=1 if roomy else 0)
    rows = [beside([clan_board(look, c) for c in clans[i : i + 2]], gap=2) for i in range(0, len(clans), 2)]
    return stack(rows)


def top_row(look: Look, width: int) -> Block:
    """The full form's top row: kingdom, turn track and active player, the viewer's screen."""
    parts = [kingdom(look), turn_track(look)]
    view = look.view
    viewer = look.viewer
    if viewer is not None and not view.over:
        mine = view.clans[viewer]
        if mine.screen is not None:
            parts.append(screen_panel(look, mine, True))
    return beside(parts, gap=2)
