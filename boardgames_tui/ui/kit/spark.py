"""Sparklines: a seat's score (points, money) across a game as one line of rising blocks.

Hand-drawn rather than Textual's Sparkline widget: that widget colours by value (a min and a max
colour from CSS), where a score chart needs each seat in its own colour beside its chip, and a
Rich line fits inside any panel or canvas. Width: `width` cells; values are resampled to fit.
ASCII mode draws `_.-=#` heights.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit.block import Block, fit
from boardgames_tui.ui.kit.chip import chip, seat_colour, seat_glyph
from boardgames_tui.ui.kit.icons import pick
from boardgames_tui.ui.kit.palette import DARK, Palette

_LEVELS_UNICODE = "▁▂▃▄▅▆▇█"
_LEVELS_ASCII = "_.-=#"


def sparkline(values: Sequence[float], width: int, colour: str, *, top: float | None = None) -> Text:
    """`values` as `width` cells of heights from the lowest level to `top` (default: their maximum)."""
    levels = pick(_LEVELS_UNICODE, _LEVELS_ASCII)
    if not values or width <= 0:
        return Text(" " * max(width, 0))
    samples = _resample(values, width)
    low = min(min(samples), 0)
    high = max(top if top is not None else max(samples), low + 1)
    cells = "".join(levels[round((v - low) / (high - low) * (len(levels) - 1))] for v in samples)
    return fit(Text(cells, style=colour, no_wrap=True), width)


def _resample(values: Sequence[float], width: int) -> list[float]:
    """`width` samples taken evenly along `values`, stretched or thinned (the last is the last value)."""
    if len(values) == width:
        return list(values)
    if width == 1:
        return [values[-1]]
    step = (len(values) - 1) / (width - 1)
    return [values[round(i * step)] for i in range(width)]


def score_lines(
    series: Sequence[tuple[SeatInfo, Sequence[float]]],
    *,
    width: int = 60,
    label_width: int = 12,
    pal: Palette = DARK,
) -> Block:
    """One line per seat: its chip, its sparkline on a shared scale, and its final value."""
    top = max((max(values) for _, values in series if values), default=1)
    spark_width = max(width - label_width - 6, 4)
    lines = []
    for seat, values in series:
        text = chip(seat, width=label_width, pal=pal)
        text.append(" ")
        text.append_text(sparkline(values, spark_width, seat_colour(seat), top=top))
        last = values[-1] if values else 0
        text.append(f" {last:>4g}", style=f"bold {pal.foreground}")
        lines.append(text)
    return Block.of(lines)


def score_plot(
    series: Sequence[tuple[SeatInfo, Sequence[float]]],
    *,
    width: int = 60,
    height: int = 8,
    pal: Palette = DARK,
) -> Block:
    """The scores as lines on one shared chart, `height` rows from the lowest value reached to the
    highest, each seat a line in its colour (higher final scores drawn over lower ones) ending on its
    glyph and final value (the plot narrower by what the longest row of final values takes, so
    the chart never wraps); the scale's top and bottom values on the left."""
    values_all = [v for _, values in series for v in values]
    if not values_all or height < 2:
        return Block.of([])
    low, top = min(values_all), max(values_all)
    span = max(top - low, 1)
    axis = max(len(f"{top:g}"), len(f"{low:g}"))
    drawn = sorted(((seat, values) for seat, values in series if values),
                   key=lambda item: item[1][-1])  # the leader drawn last, on top
    ends: dict[int, list[tuple[SeatInfo, float]]] = {}  # each row's final values, " ▲37 ■35"
    for seat, values in drawn:
        ends.setdefault(_row(values[-1], low, span, height), []).append((seat, values[-1]))
    room = max(7, *(sum(2 + len(f"{v:g}") for _, v in row) for row in ends.values()))
    plot_width = max(width - axis - 2 - room, 8)
    grid: list[list[tuple[str, str] | None]] = [[None] * plot_width for _ in range(height)]
    flat, rise = pick("━", "-"), pick("┃", "|")
    for seat, values in drawn:
        colour = seat_colour(seat)
        rows = [_row(v, low, span, height) for v in _resample(values, plot_width)]
        for x, row in enumerate(rows):
            before = rows[x - 1] if x else row
            for r in range(min(before, row), max(before, row) + 1):
                grid[r][x] = (rise if r != row else flat, colour)
    lines = []
    for r, cells in enumerate(grid):
        label = f"{top:g}" if r == 0 else (f"{low:g}" if r == height - 1 else "")
        text = Text(label.rjust(axis) + " " + pick("┤", "|"), style=pal.muted, no_wrap=True)
        for cell in cells:
            text.append(" ") if cell is None else text.append(cell[0], style=cell[1])
        for seat, last in ends.get(r, []):
            text.append(" " + seat_glyph(seat), style=f"bold {seat_colour(seat)}")
            text.append(f"{last:g}", style=f"bold {pal.foreground}")
        lines.append(text)
    return Block.of(lines)


def _row(value: float, low: float, span: float, height: int) -> int:
    """The chart row (0 at the top) of `value` on a scale from `low` over `span` in `height` rows."""
    return height - 1 - round((value - low) / span * (height - 1))
