"""A numbered track (turns, days, scores) with markers, full or compact, wrapping when long.

Full form: one box per space, `cell` cells wide (the widest label, or the most markers sharing
a space, whichever is more), 4 lines per row of spaces; a track wider than `width` wraps into
rows. The current space has ▼ in its top edge. Compact form: a ruler one cell per space (a
number every `every` spaces), then one lane per line of markers: 1 + lanes lines. Markers past
the end sit on the last space and are listed with their value after the track.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.block import Block, fit, stack
from boardgames_tui.ui.kit.chip import seat_colour, seat_glyph
from boardgames_tui.ui.kit.icons import icon, pick
from boardgames_tui.ui.kit.palette import DARK, Palette


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker on the track: a value, the glyph and colour that say whose it is."""

    value: int
    glyph: str
    colour: str

    @classmethod
    def of(cls, seat: SeatInfo, value: int) -> Marker:
        """A seat's marker: its glyph (ASCII in ASCII mode) in its colour."""
        return cls(value, seat_glyph(seat), seat_colour(seat))


def track(
    first: int,
    last: int,
    markers: Sequence[Marker] = (),
    *,
    width: int = 80,
    labels: Sequence[str] | None = None,
    current: int | None = None,
    pal: Palette = DARK,
) -> Block:
    """The full track from `first` to `last`, wrapped to `width` cells; `labels` replace the numbers."""
    spaces = list(range(first, last + 1))
    names = list(labels) if labels is not None else [str(v) for v in spaces]
    at: dict[int, list[Marker]] = {}
    for marker in markers:
        at.setdefault(min(max(marker.value, first), last), []).append(marker)
    cell = max([len(n) for n in names] + [len(m) for m in at.values()] + [1])
    per_row = max(1, (width - 1) // (cell + 1))
    rows = [
        _row(spaces[i : i + per_row], names[i : i + per_row], at, cell, current, pal)
        for i in range(0, len(spaces), per_row)
    ]
    block = stack(rows)
    return _with_overflow(block, markers, last, pal)


def _row(
    spaces: Sequence[int],
    names: Sequence[str],
    at: dict[int, list[Marker]],
    cell: int,
    current: int | None,
    pal: Palette,
) -> Block:
    """One row of boxes: top edge, labels, markers, bottom edge."""
    h, v = pick("─", "-"), pick("│", "|")
    tl, tt, tr = tuple(pick("┌┬┐", "+++"))
    bl, bt, br = tuple(pick("└┴┘", "+++"))
    edge = pal.muted
    top, label, marks, bottom = (Text(no_wrap=True) for _ in range(4))
    for index, (space, name) in enumerate(zip(spaces, names, strict=True)):
        top.append(tl if index == 0 else tt, style=edge)
        if space == current:
            top.append(icon("arrow_down") * cell, style=f"bold {pal.text_primary}")
        else:
            top.append(h * cell, style=edge)
        bottom.append((bl if index == 0 else bt) + h * cell, style=edge)
        label.append(v, style=edge)
        style = f"bold {pal.text_primary}" if space == current else pal.muted
        label.append(name.rjust(cell), style=style)
        marks.append(v, style=edge)
        here = at.get(space, [])
        for marker in here:
            marks.append(marker.glyph, style=f"bold {marker.colour}")
        marks.append(" " * (cell - len(here)))
    top.append(tr, style=edge)
    bottom.append(br, style=edge)
    label.append(v, style=edge)
    marks.append(v, style=edge)
    return Block([top, label, marks, bottom], top.cell_len)


def compact_track(
    first: int,
    last: int,
    markers: Sequence[Marker] = (),
    *,
    every: int = 5,
    current: int | None = None,
    pal: Palette = DARK,
) -> Block:
    """One cell per space: a ruler with a number every `every` spaces, then lanes of markers."""
    length = last - first + 1
    ruler = Text(no_wrap=True)
    position = 0
    while position < length:
        value = first + position
        if value == current:
            ruler.append(icon("arrow_down"), style=f"bold {pal.text_primary}")
            position += 1
        elif (
            (value - first) % every == 0
            and position + len(str(value)) <= length
            and not (current is not None and value < current < value + len(str(value)))
        ):  # a number, unless the current value's arrow would fall on one of its digits
            ruler.append(str(value), style=pal.muted)
            position += len(str(value))
        else:
            ruler.append(pick("·", "."), style=pal.muted)
            position += 1
    lanes: list[dict[int, Marker]] = []
    for marker in sorted(markers, key=lambda m: m.value):
        spot = min(max(marker.value, first), last) - first
        lane = next((lane for lane in lanes if spot not in lane), None)
        if lane is None:
            lane = {}
            lanes.append(lane)
        lane[spot] = marker
    lines = [ruler]
    for lane in lanes:
        text = Text(" " * length, no_wrap=True)
        for spot, marker in lane.items():
            text = text[:spot] + Text(marker.glyph, style=f"bold {marker.colour}") + text[spot + 1 :]
        lines.append(text)
    return _with_overflow(Block.of(lines, length), markers, last, pal)


def _with_overflow(block: Block, markers: Sequence[Marker], last: int, pal: Palette) -> Block:
    """Adds a line naming each marker past the end with its value (`+ ▲ 67`), when there are any."""
    beyond = [m for m in markers if m.value > last]
    if not beyond:
        return block
    text = Text(f"past {last}:", style=pal.muted, no_wrap=True)
    for marker in beyond:
        text.append(" ")
        text.append(marker.glyph, style=f"bold {marker.colour}")
        text.append(str(marker.value), style=f"bold {pal.foreground}")
    width = max(block.width, text.cell_len)
    return Block([*(fit(line, width) for line in block.lines), fit(text, width)], width, block.hits)
