"""The viewer's side of Tasnia's table: its head lines, hand and stockpile, the area in the
form the room allows, the building lines, and while building the status under the area (what
the cursor's cell would do, a split's pending choice, the buttons)."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tasnia.rules.actions import Put
from boardgames_tui.games.tasnia.rules.components import Cell
from boardgames_tui.games.tasnia.rules.state import Phase
from boardgames_tui.games.tasnia.rules.text import cell_words, plain_reason
from boardgames_tui.games.tasnia.rules.view import SeatView, TasniaView, put_preview, put_refusal
from boardgames_tui.games.tasnia.table.area import BIG_CELL, CELL, RULER, area_block, compact_area, window
from boardgames_tui.games.tasnia.table.look import Look
from boardgames_tui.games.tasnia.table.others import WHOLE, others_block, seat_chip
from boardgames_tui.games.tasnia.table.rows import ROW_CELL, row_area
from boardgames_tui.games.tasnia.table.seat import (
    broken,
    buildings_block,
    hand_block,
    seat_summary_parts,
    stock_block,
    wrap_parts,
)
from boardgames_tui.games.tasnia.table.tiles import full_legend_entries, legend_lines, tile_line
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Block, Palette, beside, draw_on, fit, icon


def draw_own(canvas: Canvas, seen: Seen, seat: SeatView, look: Look, pal: Palette) -> None:
    view: TasniaView = seen.view
    index = view.seats.index(seat)
    parts_of_title = seat_summary_parts(seat, pal=pal)
    if index == view.current and not view.over:
        phase = "last building phase" if view.final and view.phase is Phase.BUILD else f"{view.phase.value} phase"
        parts_of_title.append(Text(phase, style="italic"))
    head = Text.assemble(seat_chip(seen, index, pal), "  ")
    lines = wrap_parts(head, parts_of_title, look.width, pal=pal)  # broken between parts, never cut
    if look.compact and len(lines) > 1:  # one line at small sizes: the largest building gives way
        lines = wrap_parts(head, [p for p in parts_of_title if not p.plain.startswith("largest")], look.width, pal=pal)
        if len(lines) > 1:  # still too long (long names): one line, cut at its end
            lines = [Text(" · ", style=pal.muted).join([lines[0], *(line[2:] for line in lines[1:])])]
    for line in lines:
        canvas.add(fit(line, look.width))
        canvas.newline()
    building = look.acting and view.phase is Phase.BUILD
    held = view.holding if building else None
    parts: list[Block] = []
    if seat.hand is not None:
        parts.append(hand_block(seat, look.payment, width=look.width, compact=look.compact, pal=pal))
    chosen = held.tile if held is not None and held.source is None else None
    parts.append(stock_block(seat, clickable=building, chosen=chosen, compact=look.compact, pal=pal))
    if len(parts) == 2 and parts[0].width + parts[1].width + 3 <= look.width:
        draw_on(canvas, beside([parts[0], parts[1]], gap=3))
        canvas.newline()
    else:
        for part in parts:
            draw_on(canvas, part)
            canvas.newline()
    canvas.mark("area")
    short = short_lines(look)
    if seat.tiles or building:
        short = _draw_area(canvas, seen, seat, look, pal, building) or short
    if seat.buildings:
        draw_on(canvas, buildings_block(seat, width=look.width, pal=pal, short=short))
        canvas.newline()
    if building:
        _status(canvas, seen, seat, look, pal)


def _draw_area(canvas: Canvas, seen: Seen, seat: SeatView, look: Look, pal: Palette, building: bool) -> bool:
    """The viewer's area in the form the room allows; True when the building lines under it
    must take their short form so that it is whole (looking at full size, one line a row)."""
    if look.form == "skip":  # measuring the rest of the table
        return False
    view: TasniaView = seen.view
    held = view.holding if building else None
    legal = {a.cell for a in seen.actions if isinstance(a, Put)} if building else set()
    cells = area_cells(seen, seat, look, building)
    full = window(cells, None, 10**6, 10**6)
    rows_left = look.room if look.form is not None else usual_room(seen, seat, look, pal, canvas.row, building=building)
    form = look.form or usual_form(full, look, rows_left, building)
    if form == "compact":
        # Looking, not building: the whole area one line a row rather than a cut-off part of it,
        # with the building lines short if only that leaves room for all of it (the market stays).
        ruled = compact_area(seat, max_rows=WHOLE, pal=pal).width <= look.width  # the numbers only if no tile is cut
        area = compact_area(seat, max_rows=WHOLE, pal=pal, ruled=ruled)
        short = False
        if area.height > rows_left and seat.buildings and not short_lines(look):
            saved = buildings_block(seat, width=look.width, pal=pal, short=False).height - buildings_block(
                seat, width=look.width, pal=pal, short=True).height  # fmt: skip
            short, rows_left = saved > 0, rows_left + saved
        if area.height > rows_left:
            area = compact_area(seat, max_rows=max(2, rows_left), pal=pal, ruled=ruled)
        draw_on(canvas, area)
        canvas.newline()
        return short
    if form == "rows":
        # Building with too little room for tiles: one line a row, so most or all of the area is in view.
        cols = max(1, (look.width - RULER - 2) // ROW_CELL)
        box = window(cells, look.cursor, cols, max(2, rows_left - 1))
        draw_on(canvas, row_area(seat, box, cursor=look.cursor, legal=legal, lifted=held.source if held else None,
                                 held=held.tile if held else None, clickable=True, extent=full, pal=pal))  # fmt: skip
        canvas.newline()
        _mark_scrolled(canvas, box, full)
        return False
    size = BIG_CELL if form == "big" else CELL
    cols = max(1, (look.width - RULER) // size[0])
    rows = max(2, (rows_left - 1) // size[1])
    box = window(cells, look.cursor if building else None, cols, rows)
    if building and full[3] - full[2] + 1 > rows:  # scrolled: rows of tiles before rows of ✚ alone
        tiled = window([*(c for c, _ in seat.tiles), look.cursor], look.cursor, cols, rows)
        box = (box[0], box[1], tiled[2], tiled[3])  # rows this leaves free go to the other seats
    block = area_block(
        seat,
        box,
        cursor=look.cursor if building else None,
        legal=legal,
        lifted=held.source if held else None,
        held=held.tile if held else None,
        clickable=building,
        pal=pal,
        cell_size=size,
        extent=full,
    )
    draw_on(canvas, block)
    canvas.newline()
    _mark_scrolled(canvas, box, full)
    return False


def _mark_scrolled(canvas: Canvas, box: tuple[int, int, int, int], full: tuple[int, int, int, int]) -> None:
    """Marks the canvas "scrolled" when part of the area is out of view (arrows point to it):
    the legend then names the arrows."""
    if box != full:
        canvas.mark("scrolled")


def area_cells(seen: Seen, seat: SeatView, look: Look, building: bool) -> list[Cell]:
    """The cells the viewer's area must show: its tiles and, while building, the cursor and the
    cells the held tile may go to."""
    cells = [c for c, _ in seat.tiles]
    if building:
        cells += [look.cursor, *(a.cell for a in seen.actions if isinstance(a, Put))]
    return cells


def usual_room(seen: Seen, seat: SeatView, look: Look, pal: Palette, row: int, *, building: bool) -> int:
    """The lines left for the area drawn from line `row`, less what follows it: the building
    lines, the status while building, then the others (a line at 80x24, with the legend's line
    under it; at full size their compact areas whole, and the legend's lines)."""
    lines = buildings_block(seat, width=look.width, pal=pal, short=short_lines(look)).height if seat.buildings else 0
    if look.compact:  # the status as it will be drawn (one line or two), the others' line, the legend
        status = _status_rows(seen, seat, look, pal) if building else 1
        return look.height - row - lines - status - 2
    others = [(i, s) for i, s in enumerate(seen.view.seats) if s is not seat]
    status = 2 if building else 0  # the status takes a line or two
    others_lines = others_block(seen, others, look.width, pal, rows=WHOLE).height
    legend = legend_lines(look.width, pal=pal, entries=full_legend_entries(scrolled=True))  # as long as it gets
    below = status + others_lines + len(legend)
    return look.height - row - lines - below


def short_lines(look: Look) -> bool:
    """Whether the building lines take their short form: at small sizes, and while a large area
    scrolls (`layout.fitted`'s "cell" form; "skip" measures the table around it)."""
    return look.compact or look.form in ("cell", "skip")


def usual_form(full: tuple[int, int, int, int], look: Look, rows_left: int, building: bool) -> str:
    """The area's form by the room left: 7×4 tiles when they fit at full size, else 5×3; when
    5×3 does not fit, one line a row (not building: the compact form of another seat's area)."""
    if not look.compact and fits(full, BIG_CELL, look.width, rows_left):
        return "big"
    if not fits(full, CELL, look.width, rows_left):
        if not building:
            return "compact"
        if look.compact:
            return "rows"
    return "cell"


def fits(box: tuple[int, int, int, int], size: tuple[int, int], width: int, rows: int) -> bool:
    """Whether `box` drawn in cells of `size` (and the column numbers) fits `width` × `rows`."""
    x0, x1, y0, y1 = box
    return (x1 - x0 + 1) * size[0] + RULER <= width and (y1 - y0 + 1) * size[1] + 1 <= rows


def _status_rows(seen: Seen, seat: SeatView, look: Look, pal: Palette) -> int:
    """The lines `_status` takes (drawn aside to count them)."""
    scratch = Canvas()
    _status(scratch, seen, seat, look, pal)
    return scratch.row


def _status(canvas: Canvas, seen: Seen, seat: SeatView, look: Look, pal: Palette) -> None:
    """The lines under the viewer's area while building: what the cursor's cell would do, the
    failing check of the building under the cursor, a pending choice after a split, buttons."""
    view: TasniaView = seen.view
    held = view.holding
    cursor = look.cursor
    grid = dict(seat.tiles)
    lines: list[Text] = []
    if held is not None:
        line = Text("holding ")
        line.append_text(tile_line(held.tile, pal=pal))
        line.append(" from the stockpile" if held.source is None else f" from {cell_words(held.source)}")
        reason = put_refusal(view, cursor)
        preview = put_preview(view, cursor) if reason is None else None
        if preview is not None:
            change = preview.change
            line.append(f" · {cell_words(cursor)}: fits, Enter puts it", style=f"bold {pal.text_success}")
            line.append(f" · board {preview.before} → {preview.after} ({change:+d})", style="bold")
            if preview.breaks:
                line.append(f"  {icon('disabled')} a complete building would become incomplete",
                            style=f"bold {pal.text_error}")  # fmt: skip
        else:
            line.append(f" · {cell_words(cursor)}: {plain_reason(reason or '')}", style=f"bold {pal.text_error}")
        lines.append(line)
    else:
        hint = Text("pick a stockpile tile (1-9 or click)", style="italic")
        if cursor in grid and cursor not in seat.locked:
            hint.append(f", or Enter to pick up the tile at {cell_words(cursor)}", style="italic")
        elif cursor in seat.locked:
            hint.append(f" · the tile at {cell_words(cursor)} is locked (its building was completed)", style="italic")
        lines.append(hint)
    focus = next((i for i, b in enumerate(seat.buildings) if any(c == cursor for c, _ in b.tiles)), None)
    if focus is not None and not seat.buildings[focus].complete:
        why = plain_reason(seat.buildings[focus].why or "")
        lines.append(Text(f"building {focus + 1} is open: {why}", style=pal.text_warning))
    for card, parts in view.split:
        home = next((b for b in seat.buildings if card in b.cards), None)
        where = seat.buildings.index(home) + 1 if home is not None else "?"
        text = Text(f"The {card} stays in building {where} (the larger part)", style="bold")
        text.append(f" · p: send it to another of the {len(parts)} parts", style=pal.muted)
        lines.append(text)
    lines = [part for line in lines for part in broken(line, look.width, pal)]
    for line in lines[:-1]:
        canvas.add(fit(line, look.width))
        canvas.newline()
    last = lines[-1]
    if last.cell_len + 30 <= look.width:  # the buttons go on the last status line when they fit
        canvas.add(last)
        canvas.add("  ")
    else:
        canvas.add(fit(last, look.width))
        canvas.newline()
    buttons = [("Esc let go", "cancel")] if held is not None else [("e end building", "end")]
    if held is not None and held.source is not None:
        buttons.append(("x to stockpile", "stock"))
    for label, name in buttons:
        canvas.add(f"[{label}]", "bold", target=("button", name))
        canvas.add(" ")
    canvas.newline()
