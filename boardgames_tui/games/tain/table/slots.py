"""One slot and a row of slots of a clan board, and what the latest raid step resolved there.

Every slot is 4 cells: a token (face down as its owner's back, face up as glyph and kind), a
marked legal slot, or an empty hole. Outside slots (scouts) sit above a board's top edge, inside
slots (guards) just under it. The match-up the latest raid step resolved lights up where it was,
with its result drawn under the entrance. Nothing here decides a rule.
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import ENTRANCES, PASTURE_ENTRANCES, Kind
from boardgames_tui.games.tain.rules.state import Matchup, Token
from boardgames_tui.games.tain.rules.view import ClanView, TokenView
from boardgames_tui.games.tain.table.legend import ICON
from boardgames_tui.games.tain.table.look import Cell, Look
from boardgames_tui.ui.kit import chip, fit, icon, seat_colour, token_back, token_face
from boardgames_tui.ui.kit.icons import ascii_mode, pick

SLOT = 4
"""Cells per slot."""


# --- one slot ----------------------------------------------------------------------------------
def lit_slots(look: Look) -> dict[Cell, Token | None]:
    """The slots of the match-ups the latest raid step resolved, with the token that stood there."""
    lit: dict[Cell, Token | None] = {}
    for board, entrance, scout, guard, _result, _prize in look.view.last:
        if board < 0:
            lit[(Area.RAID, -1, entrance)] = scout
        else:
            lit[(Area.SCOUT, board, entrance)] = scout
            lit[(Area.GUARD, board, entrance)] = guard
    return lit


def slot(look: Look, cell: Cell, token: TokenView | None, lit: dict[Cell, Token | None], tall: bool = False) -> Text:
    """One slot, 4 cells: its token, a legal mark, the cursor's preview, or an empty hole. In the
    tall form (`slot_caps` above and below) a hole and a lit match-up have sides."""
    pal = look.pal
    at_cursor = look.placing and cell == look.cursor
    if cell in lit:
        shown = lit[cell]
        body = face(look, shown[0], shown[1]) if shown is not None else Text("    ")
        edge = f"bold {pal.warning}"
        left, right = (pick("│", "|"),) * 2 if tall else (pick("⟦", "["), pick("⟧", "]"))
        return Text(left, style=edge) + body[1:3] + Text(right, style=edge)
    if token is not None:
        body = face(look, token.owner, token.kind)
    elif at_cursor and cell in look.legal and look.kind is not None and look.viewer is not None:
        body = face(look, look.viewer, look.kind)
    elif look.placing and cell in look.legal and look.kind is not None:
        side = pick("╎", ":") if tall else " "
        body = Text(side + icon("legal") + icon(ICON[look.kind]) + side, style=f"bold {pal.success}")
    else:
        side = pick("╎", ":") if tall else " "
        body = Text(side + "··" + side, style=pal.muted)
    if at_cursor:
        inner = body[1:3]
        inner.stylize(f"on {pal.highlight}")
        edge = f"bold {pal.text_primary} on {pal.highlight}"
        body = Text(icon("arrow_right"), style=edge) + inner + Text(icon("arrow_left"), style=edge)
    return body


def slot_caps(look: Look, cell: Cell, token: TokenView | None, lit: dict[Cell, Token | None]) -> tuple[Text, Text]:
    """The tall form's lines above and below a slot: a token's rounded ends in its owner's colour
    (the cursor's in the highlight), a frame round a lit match-up, a dotted hole's ends."""
    pal = look.pal
    if cell in lit:
        edge = f"bold {pal.warning}"
        return Text(pick("┌──┐", "+--+"), style=edge), Text(pick("└──┘", "+--+"), style=edge)
    if look.placing and cell == look.cursor:
        return _ends(pal.highlight)
    if token is not None:
        return _ends(seat_colour(look.seats[token.owner]))
    style = f"bold {pal.success}" if look.placing and cell in look.legal and look.kind is not None else pal.muted
    return Text(pick("┌╌╌┐", "+..+"), style=style), Text(pick("└╌╌┘", "+..+"), style=style)


def _ends(colour: str) -> tuple[Text, Text]:
    """A token's top and bottom in `colour` (half blocks; ASCII: the colour as a background)."""
    if ascii_mode():
        return Text("    ", style=f"on {colour}"), Text("    ", style=f"on {colour}")
    return Text("▗▄▄▖", style=colour), Text("▝▀▀▘", style=colour)


def face(look: Look, owner: int, kind: Kind | None) -> Text:
    seat = look.seats[owner]
    return token_back(seat) if kind is None else token_face(seat, ICON[kind])


def slot_row(look: Look, area: Area, clan: ClanView, lit: dict[Cell, Token | None]) -> Text:
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


def tall_slot_rows(look: Look, area: Area, clan: ClanView, lit: dict[Cell, Token | None]) -> list[Text]:
    """A row of slots in the tall form: three lines (top ends, the slots, bottom ends)."""
    slots = clan.scouts if area is Area.SCOUT else clan.guards
    lines = [Text(no_wrap=True) for _ in range(3)]
    for e in range(ENTRANCES):
        cell = (area, clan.seat, e)
        gap = " " + pick("┊", "|") + " " if e == PASTURE_ENTRANCES else (" " if e else "")
        top, bottom = slot_caps(look, cell, slots[e], lit)
        for line, part in zip(lines, (top, slot(look, cell, slots[e], lit, tall=True), bottom), strict=True):
            line.append(gap, style=look.pal.muted)
            line.append_text(part)
    return lines


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
            + glyph_of(winner)
        )
    if result == "captured" and prize is not None and board >= 0:
        return (
            Text(icon("captive"), style=f"bold {pal.warning}")
            + Text(icon("gives"), style=pal.muted)
            + glyph_of(look.seats[board])
        )
    if result == "kidnapped" and scout is not None:
        return (
            Text(icon("captive"), style=f"bold {pal.warning}")
            + Text(icon("gives"), style=pal.muted)
            + glyph_of(look.seats[scout[0]])
        )
    if result == "bluff":
        return (
            Text(icon("bluff"), style=f"bold {pal.warning}")
            + Text(icon("gives"), style=pal.muted)
            + Text(icon("pile"), style=pal.muted)
        )
    if result == "freed" and prize is not None:
        return (
            Text(icon("done"), style=f"bold {pal.success}")
            + glyph_of(look.seats[prize[0]])
            + Text(icon(ICON[prize[1]]), style="bold")
        )
    return Text(icon(RESULT_ICON.get(result, "disabled")), style=f"bold {pal.error}")


def glyph_of(seat: SeatInfo) -> Text:
    return chip(seat).copy()[:1]


ENTRANCE_NUMBERS = (" 1  ", " 2  ", " 3  ", " 1  ", " 2  ")
"""Entrance numbers under the slots (pasture 1–3, house 1–2, as the log names them); the words
"pasture" and "house" stand under them (`entrance_header` in the compact form)."""


def entrance_numbers(look: Look) -> Text:
    """The entrance numbers under (or above) a row of slots, with the pasture–house divider."""
    text = Text(no_wrap=True)
    for e, column in enumerate(slot_columns()):
        if e == PASTURE_ENTRANCES:
            text.append(" " + pick("┊", "|") + " ", style=look.pal.muted)
        text.append(" " * (column - text.cell_len))
        text.append(ENTRANCE_NUMBERS[e], style=look.pal.muted)
    return text


def marks_row(look: Look, board: int, numbers: bool = True) -> Text:
    """Under a board's inside slots: the latest step's result at its entrance, `next` at the next one."""
    marks: dict[int, Text] = {}
    for matchup in look.view.last:
        if matchup[0] == board:
            marks[matchup[1]] = result_mark(look, matchup)
    nxt = look.view.next_entrance
    if nxt is not None and nxt[0] == board and nxt[1] not in marks:
        marks[nxt[1]] = Text("next", style=f"bold {look.pal.text_primary}")
    text = Text(no_wrap=True)
    for e, column in enumerate(slot_columns()):
        text.append(" " * (column - text.cell_len))
        if e in marks:
            text.append_text(fit(marks[e], SLOT))
        elif numbers:
            text.append(ENTRANCE_NUMBERS[e], style=look.pal.muted)
        if numbers and e == PASTURE_ENTRANCES - 1:
            text.append(" " * (column + SLOT - text.cell_len))
            text.append(" " + pick("┊", "|"), style=look.pal.muted)
    return text
