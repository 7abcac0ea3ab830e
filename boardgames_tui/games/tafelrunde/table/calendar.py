"""The calendar and the piles: the day track with the Herold's marker, the Herold's line, and
the draw pile, the discard pile and the cards laid out in front of players."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.games.tafelrunde.table.cards import card_name
from boardgames_tui.games.tafelrunde.table.ring import castle_hex, seat_chip
from boardgames_tui.ui import kit
from boardgames_tui.ui.kit import Block, Marker, Palette
from boardgames_tui.ui.kit.icons import icon, pick


def day_track(view: TableView, seats: Sequence[SeatInfo], *, compact: bool, pal: Palette) -> Block:
    """Days 1-12 with the Herold's marker on today, its side (☀ morning, ☾ evening) as the glyph."""
    glyph = icon("day") if view.part == 0 else icon("night")
    herold = view.colours[view.start]
    markers = [] if view.finished else [Marker(view.day, glyph, castle_hex(herold))]
    if compact:
        return kit.compact_track(1, view.days, markers, every=3, current=None if view.finished else view.day, pal=pal)
    return kit.track(1, view.days, markers, width=40, current=None if view.finished else view.day, pal=pal)


def herold_line(view: TableView, seats: Sequence[SeatInfo], pal: Palette) -> Text:
    """"Day 4 of 12, morning · Herold ✚ Dora ☀": the day, its half and who holds the Herold."""
    if view.finished:
        return Text("Game over: every hand is shown.", style=f"bold {pal.foreground}")
    part = "morning" if view.part == 0 else "evening"
    text = Text(f"Day {view.day} of {view.days}, {part}{pick(' · ', ' - ')}Herold ", style=f"bold {pal.foreground}")
    text.append_text(seat_chip(view, seats, view.start, pal=pal))
    text.append(" " + icon("day" if view.part == 0 else "night"), style=f"bold {pal.text_warning}")
    return text


def piles_lines(view: TableView, seats: Sequence[SeatInfo], width: int, pal: Palette) -> list[Text]:
    """The draw pile, the discard pile with its top card, and the cards laid out in front of
    players (each seat's card kept whole on a line), fitted to `width`."""
    line = Text(f"{icon('pile')} draw pile {view.draw_size}", style=pal.foreground)
    line.append(pick(" · ", " - "), style=pal.muted)
    line.append(f"discard pile {len(view.discard)}", style=pal.foreground)
    lines = [line]
    if view.discard:
        top = Text(f"{icon('card')} on top: ", style=pal.muted)
        top.append_text(card_name(view.discard[-1], pal))
        lines.append(top)
    head = "laid out: "
    laid, filled = Text(head, style=pal.muted), False
    for seat, card in ((s, c) for s, c in enumerate(view.in_front) if c is not None):
        entry = seat_chip(view, seats, seat, pal=pal) + Text(" ") + card_name(card, pal)
        gap = pick(" · ", " - ") if filled else ""
        if filled and laid.cell_len + len(gap) + entry.cell_len > width:
            lines.append(laid)
            laid, gap = Text(" " * len(head)), ""
        laid.append(gap, style=pal.muted)
        laid.append_text(entry)
        filled = True
    if filled:
        lines.append(laid)
    return [kit.fit(line, width) for line in lines]
