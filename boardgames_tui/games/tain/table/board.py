"""A clan board, full (120×40) or compact (80×24): its slots, herd, house, captives, plunder
and supply, and every board of the table laid out together."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import PASTURE_ENTRANCES
from boardgames_tui.games.tain.rules.state import Phase, Token
from boardgames_tui.games.tain.rules.view import ClanView
from boardgames_tui.games.tain.table.legend import ICON
from boardgames_tui.games.tain.table.look import Cell, Look
from boardgames_tui.games.tain.table.slots import (
    SLOT,
    entrance_numbers,
    lit_slots,
    marks_row,
    slot_columns,
    slot_row,
    tall_slot_rows,
)
from boardgames_tui.ui.kit import Block, Count, beside, chip, counter, fit, icon, seat_colour, seat_glyph, stack
from boardgames_tui.ui.kit.block import BlockCache
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import pick

BOARD_WIDTH = 41
"""A full clan board's width (two fit side by side at 120 columns beside the log)."""
_CACHE = BlockCache(512)
"""Boards drawn recently, by everything they depend on: a cursor move redraws one board at most."""


# --- a clan board ------------------------------------------------------------------------------
def clan_board(look: Look, clan: ClanView, tall: bool = False) -> Block:
    """A full board: outside slots above the edge, inside slots under it, herd, house and supply;
    `tall`: each slot drawn three lines high, as a token lying on the board (where rows are free)."""
    lit = lit_slots(look)
    key = _board_key(look, clan, lit, "tall" if tall else "full")
    return _CACHE.get(key, lambda: _draw_board(look, clan, lit, tall))


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


def _slot_lines(look: Look, area: Area, clan: ClanView, lit: dict[Cell, Token | None], tall: bool) -> list[Text]:
    """A board's row of outside or inside slots (one line, or three when tall), named on its middle line."""
    rows = tall_slot_rows(look, area, clan, lit) if tall else [slot_row(look, area, clan, lit)]
    lines = [Text(" ", no_wrap=True) + row for row in rows]
    name = "  " + icon("scout") + " scouts" if area is Area.SCOUT else "  " + icon("guard") + " guards"
    lines[len(lines) // 2].append(name, style=look.pal.muted)
    return lines


def _draw_board(look: Look, clan: ClanView, lit: dict[Cell, Token | None], tall: bool) -> Block:
    width, pal = BOARD_WIDTH, look.pal
    line = Line.SELECTED if clan.seat == look.view.current else Line.PLAIN
    colour = seat_colour(look.seats[clan.seat])
    scouts = _slot_lines(look, Area.SCOUT, clan, lit, tall)
    guards = _slot_lines(look, Area.GUARD, clan, lit, tall)
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
    frame = framed([*guards, marks, herd, supply], width, line, colour, title=board_title(look, clan), corner=score)
    top = [fit(Text(" ") + scout, width) for scout in scouts]
    block = stack([Block(top, width), frame])
    rows = len(scouts)
    hits = [hit for r in range(rows) for hit in _slot_hits(clan.seat, Area.SCOUT, r, 2)]
    hits += [hit for r in range(rows) for hit in _slot_hits(clan.seat, Area.GUARD, rows + 1 + r, 2)]
    return Block(block.lines, block.width, hits)


def _slot_hits(seat: int, area: Area, line: int, left: int) -> list[tuple[int, int, int, object]]:
    """Click spans of one row of slots drawn from column `left`."""
    return [(line, left + c, left + c + SLOT, ("cell", (area, seat, e))) for e, c in enumerate(slot_columns())]


def compact_board(look: Look, clan: ClanView, width: int) -> Block:
    """A board in two lines: name, the outside slots (scouts), herd and house; score, the inside
    slots (guards), captives and supply; a third line with the latest result when it is this board's."""
    lit = lit_slots(look)
    key = (_board_key(look, clan, lit, "compact"), width)
    return _CACHE.get(key, lambda: _draw_compact(look, clan, lit, width))


NAME_COLUMN = 20
"""Columns before a compact board's row names: the name chip above, score and marks ("★act passed") below."""
ROW_NAME = 7
"""Columns of a compact board's row names, `scouts` over the outside slots, `guards` over the inside ones."""


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
    top = name + Text("scouts ", style=pal.muted) + slot_row(look, Area.SCOUT, clan, lit) + Text("  ")
    top.append_text(counter(Count("cow", clan.cows), pal=pal))
    top.append(" ")
    top.append_text(counter(Count("jewel", clan.jewels), pal=pal))
    top.append_text(loot_text(look, clan))
    bottom = score + Text("guards ", style=pal.muted) + slot_row(look, Area.GUARD, clan, lit) + Text("  ")
    if clan.captives:
        bottom.append_text(captive_tokens(look, clan.captives))
        bottom.append(" ")
    bottom.append(f"{icon('hidden')}{clan.screen_count} ", style=pal.muted)
    bottom.append(f"{icon('pile')}{clan.discard_count}", style=pal.muted)
    lines = [fit(top, width), fit(bottom, width)]
    row_marks = marks_row(look, clan.seat, numbers=False)
    if row_marks.plain.strip():
        lines.append(fit(Text(" " * (NAME_COLUMN + ROW_NAME)) + row_marks, width))
    left = NAME_COLUMN + ROW_NAME
    hits = [*_slot_hits(clan.seat, Area.SCOUT, 0, left), *_slot_hits(clan.seat, Area.GUARD, 1, left)]
    return Block(lines, width, hits)


def boards(look: Look, width: int, compact: bool, roomy: bool = False) -> Block:
    """Every clan board: two per row when they fit (an odd last one in the middle of its row),
    else the compact form one under another; `roomy`: the compact boards a line apart, the full
    ones tall (`tall_height`)."""
    clans = look.view.clans
    if compact:
        compacts = [compact_board(look, clan, width) for clan in clans]
        return stack([entrance_header(look, width), stack(compacts, gap=1 if roomy else 0)])
    drawn = [clan_board(look, c, roomy) for c in clans]
    rows = [beside(drawn[i : i + 2], gap=2) for i in range(0, len(drawn), 2)]
    if len(drawn) > 1 and len(drawn) % 2:  # an odd board alone on its row stands in the middle
        shift = (rows[0].width - drawn[-1].width) // 2
        rows[-1] = beside([Block.of([" " * shift] * drawn[-1].height, shift), drawn[-1]], gap=0)
    return stack(rows, gap=1 if roomy else 0)


BOARD_HEIGHT = 7
"""A full board's lines: the outside slots, the frame's edges, inside slots, marks, herd, supply."""
TALL_EXTRA = 4
"""Lines a tall board adds: two above and below each row of slots."""


def tall_height(clans: int) -> int:
    """The lines every full board takes in the tall form (two boards a row, a line between rows)."""
    rows = (clans + 1) // 2
    return rows * (BOARD_HEIGHT + TALL_EXTRA) + rows - 1


def entrance_header(look: Look, width: int) -> Block:
    """Above the compact boards: which slots are the pasture's and which the house's, numbered
    as the log numbers them (`pasture 1 2 3 ┊ 1 2 house`)."""
    muted = look.pal.muted
    text = Text("pasture".rjust(NAME_COLUMN + ROW_NAME - 1), style=muted, no_wrap=True)
    text.append(" ")
    text.append_text(entrance_numbers(look))
    text.append("house", style=muted)
    return Block([fit(text, width)], width)


# --- counts ------------------------------------------------------------------------------------
def captive_tokens(look: Look, captives: tuple[Token, ...]) -> Text:
    """Captives as the legend draws them, a ⊗ with the owner's glyph and the kind in the owner's
    colour, repeats counted (`⊗●♙×2`)."""
    counts: dict[Token, int] = {}
    for token in captives:
        counts[token] = counts.get(token, 0) + 1
    text = Text(no_wrap=True)
    for (owner, kind), count in counts.items():
        if text:
            text.append(" ")
        seat = look.seats[owner]
        text.append(icon("captive") + seat_glyph(seat) + icon(ICON[kind]), style=f"bold {seat_colour(seat)}")
        if count > 1:
            text.append(pick("×", "x") + str(count), style="bold")
    return text


def loot_text(look: Look, clan: ClanView) -> Text:
    """Plunder lying beside the board this turn: `+Ѡ1 +◆1 +●♙`."""
    text = Text(no_wrap=True)
    pal = look.pal
    for name, count in (("cow", clan.loot_cows), ("jewel", clan.loot_jewels)):
        if count:
            text.append(" +", style=f"bold {pal.success}")
            text.append_text(counter(Count(name, count), pal=pal))
    if clan.loot_captives:
        text.append(" +", style=f"bold {pal.success}")
        text.append_text(captive_tokens(look, clan.loot_captives))
    return text


def board_title(look: Look, clan: ClanView) -> Text:
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


def herd_text(look: Look, clan: ClanView) -> Text:
    text = counter(Count("cow", clan.cows), pal=look.pal)
    text.append(" pasture", style=look.pal.muted)
    return text


def house_text(look: Look, clan: ClanView) -> Text:
    text = counter(Count("jewel", clan.jewels), pal=look.pal)
    text.append(" house", style=look.pal.muted)
    if clan.captives:
        text.append(" ")
        text.append_text(captive_tokens(look, clan.captives))
    return text


def supply_text(look: Look, clan: ClanView) -> Text:
    text = Text("screen ", style=look.pal.muted, no_wrap=True)
    text.append(str(clan.screen_count), style="bold")
    text.append(" · discard ", style=look.pal.muted)
    text.append(str(clan.discard_count), style="bold")
    return text
