"""Tàin's table drawn with the kit: the foreign kingdom, the turn track, every clan board and the
viewer's own screen, full at 120×40 and compact at 80×24.

Every slot is 4 cells: a token (face down as its owner's back, face up as glyph and kind), a
marked legal slot, or an empty hole. Outside slots (scouts) sit above a board's top edge, inside
slots (guards) just under it. The match-up the latest raid step resolved lights up where it was,
with its result drawn under the entrance. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tain.actions import Area
from boardgames_tui.games.tain.components import ENTRANCES, KINDS, PASTURE_ENTRANCES, TURNS, Kind
from boardgames_tui.games.tain.state import Matchup, Phase, Token
from boardgames_tui.games.tain.views import ClanView, TainView, TokenView
from boardgames_tui.ui.kit import (
    Block,
    Count,
    Marker,
    Palette,
    beside,
    chip,
    compact_track,
    counter,
    fit,
    icon,
    legend,
    seat_colour,
    stack,
    token_back,
    token_face,
    track,
)
from boardgames_tui.ui.kit.block import BlockCache
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import pick

ICON = {
    Kind.CHIEFTAIN: "chieftain",
    Kind.WARRIOR: "warrior",
    Kind.BOY: "boy",
    Kind.DAUGHTER: "daughter",
    Kind.BLUFF: "bluff",
}
KEY = {Kind.CHIEFTAIN: "c", Kind.WARRIOR: "w", Kind.BOY: "b", Kind.DAUGHTER: "d", Kind.BLUFF: "x"}
LEGEND: list[str | tuple[str, str]] = [
    "chieftain",
    "warrior",
    "boy",
    "daughter",
    "bluff",
    "hidden",
    "cow",
    "jewel",
    "captive",
    ("legal", "open slot"),
    ("pile", "discard"),
]

Cell = tuple[Area, int, int]
"""A slot on screen: (area, board, entrance); board and entrance are -1 for the kingdom."""
PASS_CELL: Cell = (Area.RAID, -2, -2)
"""The Pass button, kept in the cursor grid so Enter can reach it."""
FK_CELL: Cell = (Area.RAID, -1, -1)
SLOT = 4
"""Cells per slot."""
BOARD_WIDTH = 41
"""A full clan board's width (two fit side by side at 120 columns beside the log)."""


@dataclass(frozen=True, slots=True)
class Look:
    """What one drawing of the table depends on: the view, the viewer's seats and the cursor."""

    view: TainView
    seats: tuple[SeatInfo, ...]
    viewer: int | None
    pal: Palette
    kind: Kind | None
    """The token kind chosen for placing (None when not placing)."""
    cursor: Cell | None
    """The slot under the cursor while placing."""
    legal: frozenset[Cell]
    """Slots the chosen kind may go to now."""
    placing: bool


_CACHE = BlockCache(512)


# --- one slot ----------------------------------------------------------------------------------
def _lit(look: Look) -> dict[Cell, Token | None]:
    """The slots of the match-ups the latest raid step resolved, with the token that stood there."""
    lit: dict[Cell, Token | None] = {}
    for board, entrance, scout, guard, _result, _prize in look.view.last:
        if board < 0:
            lit[(Area.RAID, -1, entrance)] = scout
        else:
            lit[(Area.SCOUT, board, entrance)] = scout
            lit[(Area.GUARD, board, entrance)] = guard
    return lit


def slot(look: Look, cell: Cell, token: TokenView | None, lit: dict[Cell, Token | None]) -> Text:
    """One slot, 4 cells: its token, a legal mark, the cursor's preview, or an empty hole."""
    pal = look.pal
    at_cursor = look.placing and cell == look.cursor
    if cell in lit:
        shown = lit[cell]
        body = _face(look, shown[0], shown[1]) if shown is not None else Text("    ")
        edge = f"bold {pal.warning}"
        return Text(pick("⟦", "["), style=edge) + body[1:3] + Text(pick("⟧", "]"), style=edge)
    if token is not None:
        body = _face(look, token.owner, token.kind)
    elif at_cursor and cell in look.legal and look.kind is not None and look.viewer is not None:
        body = _face(look, look.viewer, look.kind)
    elif look.placing and cell in look.legal and look.kind is not None:
        body = Text(" " + icon("legal") + icon(ICON[look.kind]) + " ", style=f"bold {pal.success}")
    else:
        body = Text(" ·· ", style=pal.muted)
    if at_cursor:
        inner = body[1:3]
        inner.stylize(f"on {pal.highlight}")
        edge = f"bold {pal.text_primary} on {pal.highlight}"
        body = Text(icon("arrow_right"), style=edge) + inner + Text(icon("arrow_left"), style=edge)
    return body


def _face(look: Look, owner: int, kind: Kind | None) -> Text:
    seat = look.seats[owner]
    return token_back(seat) if kind is None else token_face(seat, ICON[kind])


def _row(look: Look, area: Area, clan: ClanView, lit: dict[Cell, Token | None]) -> Text:
    """One board's five outside or inside slots: pasture three, a divider, house two."""
    slots = clan.scouts if area is Area.SCOUT else clan.guards
    text = Text(no_wrap=True)
    for e in range(ENTRANCES):
        if e == PASTURE_ENTRANCES:
            text.append(" " + pick("┊", "|") + " ", style=look.pal.muted)
        elif e:
            text.append(" ")
        text.append_text(slot(look, (area, clan.seat, e), slots[e], lit))
    return text


def slot_columns() -> list[int]:
    """The first column of each entrance's slot in a row drawn by `_row`."""
    columns, x = [], 0
    for e in range(ENTRANCES):
        x += 3 if e == PASTURE_ENTRANCES else (1 if e else 0)
        columns.append(x)
        x += SLOT
    return columns


# --- results of the latest step ------------------------------------------------------------------
RESULT_ICON = {
    "cow": "cow",
    "jewel": "jewel",
    "freed": "done",
    "choose": "waiting",
    "captured": "captive",
    "kidnapped": "captive",
    "fail": "disabled",
    "empty": "disabled",
    "beaten": "disabled",
}


def result_mark(look: Look, matchup: Matchup) -> Text:
    """4 cells drawing what a match-up won: `Ѡ→●` a cow to the raider, `⊗→■` a captive taken,
    `✓●♙` a captive freed, `✗` nothing."""
    board, _e, scout, _guard, result, prize = matchup
    pal = look.pal
    if result in ("cow", "jewel") and scout is not None:
        winner = look.seats[scout[0]]
        return (
            Text(icon(RESULT_ICON[result]), style=f"bold {pal.success}")
            + Text(icon("gives"), style=pal.muted)
            + _glyph(winner)
        )
    if result == "captured" and prize is not None and board >= 0:
        return (
            Text(icon("captive"), style=f"bold {pal.warning}")
            + Text(icon("gives"), style=pal.muted)
            + _glyph(look.seats[board])
        )
    if result == "kidnapped" and scout is not None:
        return (
            Text(icon("captive"), style=f"bold {pal.warning}")
            + Text(icon("gives"), style=pal.muted)
            + _glyph(look.seats[scout[0]])
        )
    if result == "freed" and prize is not None:
        return (
            Text(icon("done"), style=f"bold {pal.success}")
            + _glyph(look.seats[prize[0]])
            + Text(icon(ICON[prize[1]]), style="bold")
        )
    return Text(icon(RESULT_ICON.get(result, "disabled")), style=f"bold {pal.error}")


def _glyph(seat: SeatInfo) -> Text:
    return chip(seat).copy()[:1]


ENTRANCE_NAMES = (" p1 ", " p2 ", " p3 ", " h1 ", " h2 ")
"""Entrance names under the slots (pasture 1–3, house 1–2), as the log names them."""


def _marks_row(look: Look, board: int, numbers: bool = True) -> Text:
    """Under a board's inside slots: the latest step's result at its entrance, `next` at the next one."""
    marks: dict[int, Text] = {}
    for matchup in look.view.last:
        if matchup[0] == board:
            marks[matchup[1]] = result_mark(look, matchup)
    nxt = look.view.next_entrance
    if nxt is not None and nxt[0] == board and nxt[1] not in marks:
        marks[nxt[1]] = Text(icon("arrow_up") + "nxt", style=f"bold {look.pal.text_primary}")
    text = Text(no_wrap=True)
    for e, column in enumerate(slot_columns()):
        text.append(" " * (column - text.cell_len))
        if e in marks:
            text.append_text(fit(marks[e], SLOT))
        elif numbers:
            text.append(ENTRANCE_NAMES[e], style=look.pal.muted)
    return text


# --- counts ------------------------------------------------------------------------------------
def _captives(look: Look, captives: tuple[Token, ...]) -> Text:
    """Captives as small tokens in their owners' colours, repeats counted (`●♙×2`)."""
    counts: dict[Token, int] = {}
    for token in captives:
        counts[token] = counts.get(token, 0) + 1
    text = Text(no_wrap=True)
    for (owner, kind), count in counts.items():
        if text:
            text.append(" ")
        face = token_face(look.seats[owner], ICON[kind])
        text.append_text(face[1:3])
        if count > 1:
            text.append(pick("×", "x") + str(count), style="bold")
    return text


def _loot(look: Look, clan: ClanView) -> Text:
    """Plunder lying beside the board this turn: `+Ѡ1 +◆1 +●♙`."""
    text = Text(no_wrap=True)
    pal = look.pal
    for name, count in (("cow", clan.loot_cows), ("jewel", clan.loot_jewels)):
        if count:
            text.append(" +", style=f"bold {pal.success}")
            text.append_text(counter(Count(name, count), pal=pal))
    if clan.loot_captives:
        text.append(" +", style=f"bold {pal.success}")
        text.append_text(_captives(look, clan.loot_captives))
    return text


def _title(look: Look, clan: ClanView) -> Text:
    """The board's name chip with its marks: ▶ to act, ★ active player, (you), passed."""
    view, pal = look.view, look.pal
    text = chip(look.seats[clan.seat], active=clan.seat == view.current, pal=pal)
    if clan.seat == view.active:
        text.append(" " + icon("star") + "active", style=f"bold {pal.warning}")
    if clan.seat == look.viewer:
        text.append(" (you)", style="italic")
    if clan.passed and view.phase is Phase.SCOUT:
        text.append(" passed", style=pal.muted)
    return text


def _herd(look: Look, clan: ClanView) -> Text:
    text = counter(Count("cow", clan.cows), pal=look.pal)
    text.append(" pasture", style=look.pal.muted)
    return text


def _house(look: Look, clan: ClanView) -> Text:
    text = counter(Count("jewel", clan.jewels), pal=look.pal)
    if clan.captives:
        text.append(" ")
        text.append_text(_captives(look, clan.captives))
    else:
        text.append(" house", style=look.pal.muted)
    return text


def _supply(look: Look, clan: ClanView) -> Text:
    text = Text("screen ", style=look.pal.muted, no_wrap=True)
    text.append(str(clan.screen_count), style="bold")
    text.append(" · discard ", style=look.pal.muted)
    text.append(str(clan.discard_count), style="bold")
    return text


# --- a clan board ------------------------------------------------------------------------------
def clan_board(look: Look, clan: ClanView) -> Block:
    """A full board: outside slots above the edge, inside slots under it, herd, house and supply."""
    lit = _lit(look)
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
    scouts = Text(" ", no_wrap=True) + _row(look, Area.SCOUT, clan, lit)
    scouts.append("  " + icon("scout") + " scouts", style=pal.muted)
    guards = Text(" ", no_wrap=True) + _row(look, Area.GUARD, clan, lit)
    guards.append("  " + icon("guard") + " guards", style=pal.muted)
    marks = Text(" ", no_wrap=True) + _marks_row(look, clan.seat)
    columns = slot_columns()
    herd = Text(" ", no_wrap=True) + fit(_herd(look, clan), columns[PASTURE_ENTRANCES] - 1)
    herd.append_text(_house(look, clan))
    supply = Text(" ", no_wrap=True) + _supply(look, clan)
    loot = _loot(look, clan)
    if loot:
        supply.append("  won", style=look.pal.muted)
        supply.append_text(loot)
    score = Text(f" {clan.score} pts ", style=f"bold {pal.foreground}")
    frame = framed([guards, marks, herd, supply], width, line, colour, title=_title(look, clan), corner=score)
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
    lit = _lit(look)
    key = (_board_key(look, clan, lit, "compact"), width)
    return _CACHE.get(key, lambda: _draw_compact(look, clan, lit, width))


NAME_COLUMN = 16


def _draw_compact(look: Look, clan: ClanView, lit: dict[Cell, Token | None], width: int) -> Block:
    pal = look.pal
    name = fit(chip(look.seats[clan.seat], active=clan.seat == look.view.current, pal=pal), NAME_COLUMN)
    marks = Text(no_wrap=True)
    if clan.seat == look.view.active:
        marks.append(icon("star"), style=f"bold {pal.warning}")
    if clan.seat == look.viewer:
        marks.append("you", style="italic")
    if clan.passed and look.view.phase is Phase.SCOUT:
        marks.append(" pass", style=pal.muted)
    score = fit(Text(f"{clan.score:>3} pts ", style="bold") + marks, NAME_COLUMN)
    top = name + Text("out ", style=pal.muted) + _row(look, Area.SCOUT, clan, lit) + Text("  ")
    top.append_text(counter(Count("cow", clan.cows), pal=pal))
    top.append(" ")
    top.append_text(counter(Count("jewel", clan.jewels), pal=pal))
    top.append_text(_loot(look, clan))
    bottom = score + Text("in  ", style=pal.muted) + _row(look, Area.GUARD, clan, lit) + Text("  ")
    if clan.captives:
        bottom.append_text(_captives(look, clan.captives))
        bottom.append(" ")
    bottom.append(f"{icon('hidden')}{clan.screen_count} ", style=pal.muted)
    bottom.append(f"{icon('pile')}{clan.discard_count}", style=pal.muted)
    lines = [fit(top, width), fit(bottom, width)]
    row_marks = _marks_row(look, clan.seat, numbers=False)
    if row_marks.plain.strip():
        lines.append(fit(Text(" " * (NAME_COLUMN + 4)) + row_marks, width))
    left = NAME_COLUMN + 4
    hits = [*_slot_hits(clan.seat, Area.SCOUT, 0, left), *_slot_hits(clan.seat, Area.GUARD, 1, left)]
    return Block(lines, width, hits)


# --- the foreign kingdom, the turn track and the viewer's screen ---------------------------------
def kingdom(look: Look) -> Block:
    """The foreign kingdom: its two raid slots, its herd, and the results of its raid."""
    pal, view = look.pal, look.view
    lit = _lit(look)
    slots = Text(" raid ", style=pal.muted, no_wrap=True)
    marks = Text("      ", no_wrap=True)
    for i, token in enumerate(view.fk):
        slots.append_text(_fk_slot(look, i, token, lit))
        slots.append(" ")
    for matchup in view.last:
        if matchup[0] == -1:
            marks.append(" " * (6 + 5 * matchup[1] - marks.cell_len))
            marks.append_text(fit(result_mark(look, matchup), SLOT))
    herd = Text(" herd ", style=pal.muted) + counter(Count("cow", view.fk_cows), pal=pal)
    frame = framed([slots, marks, herd], 22, Line.PLAIN, pal.muted, title=Text("Foreign kingdom", style="bold"))
    hits = [(1, 7 + 5 * i, 7 + 5 * i + SLOT, ("cell", FK_CELL)) for i in range(len(view.fk))]
    return Block(frame.lines, frame.width, hits)


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
    lit = _lit(look)
    start = text.cell_len
    for i, token in enumerate(view.fk):
        text.append_text(_fk_slot(look, i, token, lit))
        text.append(" ")
    text.append_text(counter(Count("cow", view.fk_cows), pal=pal))
    for matchup in view.last:
        if matchup[0] == -1:
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


def legend_line(look: Look, width: int) -> Text:
    """One line naming the icons on the table."""
    return legend(LEGEND, width=width, pal=look.pal)


def boards(look: Look, width: int, compact: bool) -> Block:
    """Every clan board: two per row when they fit, else the compact form one under another."""
    clans = look.view.clans
    if compact:
        return stack([compact_board(look, clan, width) for clan in clans])
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
