"""The foreign kingdom with its raid slots and herd, and the turn track with the active player:
framed at 120×40, on one line at 80×24."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import TURNS
from boardgames_tui.games.tain.rules.state import Matchup, Token
from boardgames_tui.games.tain.rules.view import TainView, TokenView
from boardgames_tui.games.tain.table.look import FK_CELL, Cell, Look
from boardgames_tui.games.tain.table.slots import SLOT, lit_slots, result_mark, slot
from boardgames_tui.ui.kit import Block, Count, chip, counter, fit, stack, track
from boardgames_tui.ui.kit.frame import Line, framed


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
    """The turn track 1–8 with this turn marked (▼), and who holds the active-player marker."""
    view, pal = look.view, look.pal
    block = track(1, TURNS, [], current=view.turn, pal=pal, width=40)
    active = Text("active ", style=pal.muted) + chip(look.seats[view.active], pal=pal)
    return stack([Block.of([Text("Turn", style="bold")]), block, Block.of([active])])


def compact_top(look: Look, width: int) -> Block:
    """One line: the turn of the game, the kingdom's slots and herd, the active player."""
    view, pal = look.view, look.pal
    text = Text(f"Turn {view.turn}", style="bold", no_wrap=True)
    text.append(f" of {TURNS}", style=pal.muted)
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
