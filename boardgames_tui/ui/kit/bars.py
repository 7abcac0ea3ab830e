"""Comparison bars: one bar per seat for a count (a dispute, a majority), the leader marked; and
stacked bars, one per seat cut into its points by category (`stacked_bars`).

Each row is `label_width` cells of label (a seat chip), a bar `bar_width` cells long for the
largest value, the value, the leader mark and an optional note: `label_width + bar_width + 10`
cells plus the note. A sole leader gets ♛ (ASCII `!`); tied leaders get = (and the word "tied").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from boardgames_tui.ui.kit.block import Block, fit
from boardgames_tui.ui.kit.icons import ascii_mode, icon, pick
from boardgames_tui.ui.kit.palette import DARK, Palette, blend, contrast_text

_EIGHTHS = " ▏▎▍▌▋▊▉"


@dataclass(frozen=True)
class Bar:
    """One row: who (a chip), how many, its colour, and a short note (e.g. `+2`)."""

    label: Text
    value: int
    colour: str
    note: str | Text = ""


def bars(
    rows: Sequence[Bar],
    *,
    label_width: int = 12,
    bar_width: int = 20,
    scale_to: int | None = None,
    mark_leader: bool = True,
    pal: Palette = DARK,
) -> Block:
    """The rows as horizontal bars scaled so `scale_to` (default: the largest value) fills `bar_width`."""
    top = max((r.value for r in rows), default=0)
    scale = max(scale_to if scale_to is not None else top, 1)
    leaders = [i for i, r in enumerate(rows) if r.value == top and top > 0]
    lines = []
    for index, row in enumerate(rows):
        text = fit(row.label, label_width)
        text.append(" ")
        text.append_text(_bar(row.value, scale, bar_width, row.colour))
        text.append(f" {row.value:>3} ", style=f"bold {pal.foreground}")
        if mark_leader and index in leaders:
            mark = icon("leader") if len(leaders) == 1 else icon("tie")
            word = "leads" if len(leaders) == 1 else "tied"
            text.append(f"{mark} {word:<5}", style=f"bold {pal.text_warning}")
        else:
            text.append(" " * 7)
        if row.note:
            text.append(" ")
            text.append_text(row.note if isinstance(row.note, Text) else Text(row.note, style=pal.muted))
        lines.append(text)
    return Block.of(lines)


def _bar(value: int, scale: int, width: int, colour: str) -> Text:
    """A bar of `value / scale × width` cells, in eighths where Unicode allows, then a faint rest."""
    exact = max(value, 0) * width / scale
    full = int(exact)
    text = Text(pick("█", "#") * full, style=colour, no_wrap=True)
    rest = width - full
    if rest and not ascii_mode():
        part = _EIGHTHS[int((exact - full) * 8)]
        if part != " ":
            text.append(part, style=colour)
            rest -= 1
    text.append(pick("·", ".") * rest, style=f"dim {colour}")
    return text


@dataclass(frozen=True)
class Stack:
    """One row of stacked bars: who (a chip), the points of each category in order, its colour."""

    label: Text
    parts: Sequence[int]
    colour: str


def stacked_bars(rows: Sequence[Stack], *, label_width: int = 12, width: int = 60, pal: Palette = DARK) -> Block:
    """Each row one bar cut into parts, one per category, numbered from 1 in the part (so a part is
    told without colour), neighbouring parts the row's colour full and faint; the largest total
    fills the bar's room and the row's total follows, then any category that took points away
    (`5:-1`). A category too small for a cell is not drawn."""
    losses = max((sum(3 + len(str(p)) for p in r.parts if p < 0) for r in rows), default=0)
    bar_width = max(width - label_width - 6 - losses, 8)
    scale = max(max((sum(max(p, 0) for p in r.parts) for r in rows), default=0), 1)
    lines = []
    for row in rows:
        text = fit(row.label, label_width)
        text.append(" ")
        shades = (row.colour, blend(row.colour, pal.background, 0.5))
        done = drawn = shown = 0
        for index, points in enumerate(row.parts):
            done += max(points, 0)
            end = round(done * bar_width / scale)
            if end <= drawn:
                continue
            back = shades[shown % 2]
            text.append(str(index + 1)[: end - drawn].ljust(end - drawn), style=f"bold {contrast_text(back)} on {back}")
            drawn, shown = end, shown + 1
        text.append(" " * (bar_width - drawn))
        text.append(f" {sum(row.parts):>4}", style=f"bold {pal.foreground}")
        for index, points in enumerate(row.parts):
            if points < 0:  # points taken away: after the total, by their category's number
                text.append(f" {index + 1}:{points}", style=f"bold {pal.text_error}")
        lines.append(text)
    return Block.of(lines)


def numbered_legend(names: Sequence[str], width: int, pal: Palette = DARK, lead: Text | None = None) -> list[Text]:
    """`1 Contracts  2 City tiles …` on as many lines of `width` as it takes, whole entries, after
    `lead` (a title) on the first line."""
    lines = [lead.copy() if lead is not None else Text(no_wrap=True)]
    for index, name in enumerate(names, start=1):
        entry = Text(f"{index}", style=f"bold {pal.foreground}")
        entry.append(f" {name}", style=pal.muted)
        if lines[-1].cell_len and lines[-1].cell_len + 2 + entry.cell_len > width:
            lines.append(Text(no_wrap=True))
        if lines[-1].cell_len:
            lines[-1].append("  ")
        lines[-1].append_text(entry)
    return lines
