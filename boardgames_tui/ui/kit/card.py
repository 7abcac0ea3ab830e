"""A card: a frame with a title, one or two halves of icon rows, and its states.

Sizes: `CARD_WIDTH` cells wide (a caller may pass another width, at least 8); height is
2 + the rows of every half + 1 between two halves (a one-row, two-half card is 5 lines). The
compact form is one line, `[♞2 ♦1|✝1 ¤]`, as wide as its content.

States, each with a mark as well as a colour: selected (double frame and ✔ in the bottom edge),
disabled (dashed frame, dim, ✗ in the bottom edge), face down (hatched back with the owner's
glyph, no title, no id). A lit half (the half to be played) has a ▶ before it on a highlight.
The id is drawn in the top edge only when the caller passes it: the caller decides who may know it.
A pile (`pile`) is a 6×3 stack of card edges with a count (a hand, a draw pile).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.block import Block, BlockCache, fit
from boardgames_tui.ui.kit.chip import seat_colour, seat_glyph
from boardgames_tui.ui.kit.frame import Line, framed, pieces
from boardgames_tui.ui.kit.icons import icon
from boardgames_tui.ui.kit.palette import DARK, Palette
from boardgames_tui.ui.kit.token import Count, counters

CARD_WIDTH = 14
"""The usual card width in cells (12 inside the frame: four or five icons with counts)."""


class CardState(Enum):
    """How a card is shown."""

    NORMAL = "normal"
    SELECTED = "selected"
    DISABLED = "disabled"
    FACE_DOWN = "face down"


Row = Sequence[Count]
"""One line of icons with counts."""


@dataclass(frozen=True)
class Half:
    """One half of a card: its rows of icons, and an optional short note (e.g. `was A`)."""

    rows: Sequence[Row]
    note: str = ""


def card_height(halves: Sequence[Half]) -> int:
    """Lines a face-up card with these halves takes."""
    return 2 + sum(max(len(h.rows), 1) for h in halves) + max(len(halves) - 1, 0)


def card(
    title: str,
    halves: Sequence[Half],
    *,
    state: CardState = CardState.NORMAL,
    lit: int | None = None,
    card_id: str | None = None,
    colour: str | None = None,
    owner: SeatInfo | None = None,
    width: int = CARD_WIDTH,
    pal: Palette = DARK,
) -> Block:
    """A card `width` wide and `card_height(halves)` high.

    `colour` tints the frame (a special card in its own colour); `owner` colours a face-down back.
    """
    halves_key = tuple((tuple(tuple(row) for row in h.rows), h.note) for h in halves)
    key = (title, halves_key, state, lit, card_id, colour, owner, width, pal)
    return _CACHE.get(key, lambda: _draw_card(title, halves, state, lit, card_id, colour, owner, width, pal))


_CACHE = BlockCache()


def _draw_card(
    title: str,
    halves: Sequence[Half],
    state: CardState,
    lit: int | None,
    card_id: str | None,
    colour: str | None,
    owner: SeatInfo | None,
    width: int,
    pal: Palette,
) -> Block:
    """Draws what `card` describes (uncached)."""
    if state is CardState.FACE_DOWN:
        return card_back(owner, card_height(halves), width=width, pal=pal)
    disabled = state is CardState.DISABLED
    border = colour or (pal.text_primary if state is CardState.SELECTED else pal.muted)
    if state is CardState.SELECTED:
        border = f"bold {border}"
    inner: list[Text] = []
    dividers: list[int] = []
    for index, half in enumerate(halves):
        if index:
            dividers.append(len(inner))
            inner.append(Text())
        inner.extend(_half_lines(half, width - 2, index == lit, pal))
    line = {CardState.SELECTED: Line.SELECTED, CardState.DISABLED: Line.DISABLED}.get(state, Line.PLAIN)
    title_text = Text(f" {title} ", style=f"bold {colour or pal.foreground}") if title else None
    corner = Text(f"#{card_id}", style=pal.muted) if card_id is not None else None
    foot = None
    if state is CardState.SELECTED:
        foot = Text(f" {icon('selected')} ", style=f"bold {pal.text_primary}")
    elif disabled:
        foot = Text(f" {icon('disabled')} ", style=pal.text_error)
    block = framed(inner, width, line, border, title=title_text, corner=corner, foot=foot, dividers=dividers)
    if disabled:
        for text in block.lines:
            text.stylize("dim")
    return block


def _half_lines(half: Half, span: int, lit: bool, pal: Palette) -> list[Text]:
    """The lines of one half, `span` wide, with the lit mark and style when it is the one to play."""
    rows = list(half.rows) or [[]]
    lines = []
    for number, row in enumerate(rows):
        text = Text(icon("cursor") if lit and number == 0 else " ", style=f"bold {pal.text_primary}")
        text.append_text(counters(row, pal=pal))
        if half.note and number == len(rows) - 1:
            note = Text(half.note, style=f"italic {pal.muted}")
            gap = span - text.cell_len - note.cell_len
            text.append(" " * max(gap, 1))
            text.append_text(note)
        line = fit(text, span)
        if lit:
            line.stylize(f"bold on {pal.highlight}")
        lines.append(line)
    return lines


def card_back(owner: SeatInfo | None, height: int, *, width: int = CARD_WIDTH, pal: Palette = DARK) -> Block:
    """A face-down card: hatched, in the owner's colour with the owner's glyph in the middle."""
    colour = seat_colour(owner) if owner is not None else pal.muted
    hatch = icon("hidden")
    inner = []
    middle = (height - 2) // 2
    for row in range(height - 2):
        text = Text(hatch * (width - 2), style=colour)
        if row == middle and owner is not None:
            centre = (width - 2) // 2 - 1
            text = Text(hatch * centre, style=colour)
            text.append(f" {seat_glyph(owner)} ", style=f"bold {colour}")
            text.append(hatch * (width - 2 - centre - 3), style=colour)
        inner.append(text)
    return framed(inner, width, Line.BACK, colour)


def compact_card(
    halves: Sequence[Half],
    *,
    state: CardState = CardState.NORMAL,
    lit: int | None = None,
    owner: SeatInfo | None = None,
    pal: Palette = DARK,
) -> Text:
    """One line: `[♞2 ♦1|✝1 ¤]`; selected `✔[…]`, disabled `✗[…]` dim, face down `[▒▒▒]`."""
    if state is CardState.FACE_DOWN:
        colour = seat_colour(owner) if owner is not None else pal.muted
        glyph = seat_glyph(owner) if owner is not None else icon("hidden")
        return Text(f"[{icon('hidden')}{glyph}{icon('hidden')}]", style=colour, no_wrap=True)
    text = Text(no_wrap=True)
    if state is CardState.SELECTED:
        text.append(icon("selected"), style=f"bold {pal.text_primary}")
    elif state is CardState.DISABLED:
        text.append(icon("disabled"), style=pal.text_error)
    text.append("[", style=pal.muted)
    for index, half in enumerate(halves):
        if index:
            text.append("|", style=pal.muted)
        part = Text(no_wrap=True)
        for row in half.rows:
            if part:
                part.append(" ")
            part.append_text(counters(row, pal=pal))
        if index == lit:
            part = Text(icon("cursor"), style=f"bold {pal.text_primary}") + part
            part.stylize(f"bold on {pal.highlight}")
        text.append_text(part)
    text.append("]", style=pal.muted)
    if state is CardState.DISABLED:
        text.stylize("dim")
    return text


PILE_SIZE = (6, 3)
"""A pile's width and height in cells."""


def pile(count: int, owner: SeatInfo | None = None, *, pal: Palette = DARK) -> Block:
    """A small stack of cards with how many are in it (a hand, a draw pile): 6×3 cells.

    An empty pile is an open outline with 0, so "none left" looks different from "a few".
    """
    colour = seat_colour(owner) if owner is not None else pal.muted
    number = Text(f"{min(count, 99):>2}", style=f"bold {pal.foreground}")
    if count <= 0:
        return _empty_pile(number, colour)
    tl, h, tr, v, bl, br, _, _ = tuple(pieces(Line.BACK))
    lines = [
        Text(tl + h * 2 + tr + tr, style=colour),
        Text(v, style=colour) + number + Text(v + v, style=colour),
        Text(bl + h * 2 + br + br, style=colour),
    ]
    return Block.of([Text(" ") + line for line in lines], PILE_SIZE[0])


def _empty_pile(number: Text, colour: str) -> Block:
    """An empty pile: bare corners around the 0."""
    tl, _, tr, _, bl, br, _, _ = tuple(pieces(Line.LEGAL))
    lines = [Text(tl + "  " + tr, style=colour), Text(" ") + number + Text(" "), Text(bl + "  " + br, style=colour)]
    return Block.of([Text(" ") + line for line in lines], PILE_SIZE[0])
