"""Comparison bars: one bar per seat for a count (a dispute, a majority), the leader marked.

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
from boardgames_tui.ui.kit.palette import DARK, Palette

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
