"""How Tasnia's table folds so that the viewer's area is whole at full size.

At 120×40 a late area (ten buildings over nine rows and more) does not fit as 5×3 tiles under
the market, the hand and the other seats. While the viewer builds, nothing can be bought, so
the table gives up drawing in this order, taking the first step after which the whole area
fits: the market (and its title's counts) on one line; then also the legend without the
buying icons and the building lines in their short form; then the area's tiles at 5×2 (with
the fewest folds that let them fit); last, the area one line a row (again with the fewest
folds). The rest of the table is measured by drawing it without the area, once per fold,
with the other seats' areas whole, so that the form chosen leaves room for them too. (Looking,
while buying, the market stays; the area's drawing itself may shorten the building lines.)
"""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.view import TasniaView
from boardgames_tui.games.tasnia.table.screen_draw import Look, area_cells, draw_table, fits, usual_room
from boardgames_tui.games.tasnia.table.screen_render import CELL, HALF_CELL, window
from boardgames_tui.games.tasnia.table.screen_rows import ROW_CELL
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette

FOLDS = (0, 1, 2)
"""Look.fold's steps: nothing folded, the market on one line, also the legend and building lines."""
ROW_SIZE = (ROW_CELL, 1)
"""A cell of the one-line-a-row form, in characters."""


def draw_fitted(canvas: Canvas, seen: Seen, look: Look, pal: Palette) -> None:
    """The whole table for `seen.viewer` onto `canvas`, folded by `fitted`."""
    draw_table(canvas, seen, fitted(seen, look, pal), pal)


def fitted(seen: Seen, look: Look, pal: Palette) -> Look:
    """`look` with the folds and area form that keep the viewer's area whole (unchanged when the
    usual drawing fits, at small sizes, when not building, at game over and with `o`)."""
    view: TasniaView = seen.view
    building = look.acting and view.phase is Phase.BUILD and not view.over
    if look.compact or not building or look.show_others or look.form is not None:
        return look
    seat = view.seats[seen.viewer if seen.viewer is not None else view.current]
    full = window(area_cells(seen, seat, look, True), None, 10**6, 10**6)
    rest: dict[int, tuple[int, int]] = {}

    def measured(fold: int) -> tuple[int, int]:
        """(the line the area starts on, the lines the table takes without it) at `fold`."""
        if fold not in rest:
            canvas = Canvas()
            draw_table(canvas, seen, replace(look, fold=fold, form="skip"), pal)
            rest[fold] = canvas.marks.get("area", canvas.row), canvas.row + 1
        return rest[fold]

    if fits(full, CELL, look.width, usual_room(seen, seat, look, pal, measured(0)[0], building=True)):
        return look  # the whole area at 7×4 or 5×3: the table as it always was
    steps = [(1, "cell", CELL), (2, "cell", CELL)]
    steps += [(fold, "half", HALF_CELL) for fold in FOLDS] + [(fold, "rows", ROW_SIZE) for fold in FOLDS]
    for fold, form, size in steps:
        room = look.height - measured(fold)[1]
        if _whole_at(full, size, look, room, rows=form == "rows"):
            return replace(look, fold=fold, form=form, room=room)
    return replace(look, fold=2, form="rows", room=look.height - measured(2)[1])


def _whole_at(box: tuple[int, int, int, int], size: tuple[int, int], look: Look, room: int, *,
              rows: bool = False) -> bool:  # fmt: skip
    """Whether the whole `box` fits `room` lines at `size` (the row form has an arrow's columns more)."""
    return fits(box, size, look.width - 2 if rows else look.width, room)
