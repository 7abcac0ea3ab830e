"""The pieces of Tàin's table, drawn with the kit: one slot, a row of slots, the result of a
match-up, captives, plunder and counts; `Look` holds what one drawing depends on.

Every slot is 4 cells: a token (face down as its owner's back, face up as glyph and kind), a
marked legal slot, or an empty hole. Outside slots (scouts) sit above a board's top edge, inside
slots (guards) just under it. The match-up the latest raid step resolved lights up where it was,
with its result drawn under the entrance. Nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import ENTRANCES, PASTURE_ENTRANCES, Kind
from boardgames_tui.games.tain.rules.state import Matchup, Phase, Token
from boardgames_tui.games.tain.rules.view import ClanView, TainView, TokenView
from boardgames_tui.ui.kit import (
    Count,
    Palette,
    chip,
    counter,
    fit,
    icon,
    token_back,
    token_face,
)
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
    ("star", "active"),
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


def slot(look: Look, cell: Cell, token: TokenView | None, lit: dict[Cell, Token | None]) -> Text:
    """One slot, 4 cells: its token, a legal mark, the cursor's preview, or an empty hole."""
    pal = look.pal
    at_cursor = look.placing and cell == look.cursor
    if cell in lit:
        shown = lit[cell]
        body = face(look, shown[0], shown[1]) if shown is not None else Text("    ")
        edge = f"bold {pal.warning}"
        return Text(pick("⟦", "["), style=edge) + body[1:3] + Text(pick("⟧", "]"), style=edge)
    if token is not None:
        body = face(look, token.owner, token.kind)
    elif at_cursor and cell in look.legal and look.kind is not None and look.viewer is not None:
        body = face(look, look.viewer, look.kind)
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


ENTRANCE_NAMES = (" p1 ", " p2 ", " p3 ", " h1 ", " h2 ")
"""Entrance names under the slots (pasture 1–3, house 1–2), as the log names them."""


def marks_row(look: Look, board: int, numbers: bool = True) -> Text:
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
def captive_tokens(look: Look, captives: tuple[Token, ...]) -> Text:
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
    if clan.captives:
        text.append(" ")
        text.append_text(captive_tokens(look, clan.captives))
    else:
        text.append(" house", style=look.pal.muted)
    return text


def supply_text(look: Look, clan: ClanView) -> Text:
    text = Text("screen ", style=look.pal.muted, no_wrap=True)
    text.append(str(clan.screen_count), style="bold")
    text.append(" · discard ", style=look.pal.muted)
    text.append(str(clan.discard_count), style="bold")
    return text
