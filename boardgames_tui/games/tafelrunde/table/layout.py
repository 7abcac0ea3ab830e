"""Die Tafelrunde's body laid out for one width: the table at the top, then the card in play,
the one list of choices, the hand and the legend.

Two forms. Full (room for it, as at 120×40): the Herold's line, the day track beside the piles,
the ring of three-line plates with the purses in its middle. Compact (80×24): one-line plates on
a smaller ring whose free corners carry the day, the Herold, the piles and the legend, so the
list and the hand stay on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.text import Text

from boardgames_tui.games.tafelrunde.rules.view import Forecast, TableView
from boardgames_tui.games.tafelrunde.table.calendar import day_track, herold_line, piles_lines
from boardgames_tui.games.tafelrunde.table.cards import LEGEND, draw_discard, draw_hand
from boardgames_tui.games.tafelrunde.table.choices import draw_list
from boardgames_tui.games.tafelrunde.table.declaration import draw_declaration
from boardgames_tui.games.tafelrunde.table.lines import CONSOLE
from boardgames_tui.games.tafelrunde.table.look import Look
from boardgames_tui.games.tafelrunde.table.ring import (
    Scene,
    castle_key,
    purse_lines,
    ring_blocks,
    seat_chip,
    zork_note,
)
from boardgames_tui.ui import kit
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Block, Palette
from boardgames_tui.ui.kit.icons import icon

FULL_MIN_WIDTH = 76
FULL_MIN_HEIGHT = 34
"""Below this many lines for the body the compact form is drawn."""


def active_preview(view: TableView, look: Look) -> Forecast | None:
    """The table the highlighted choice or the declared card would lead to (None: no change)."""
    forecast: Forecast | None = None
    lit = look.lit()
    if lit is not None:
        forecast = lit.forecast
    if forecast is None and view.decl is not None:
        forecast = view.decl.forecast
    if forecast is None or (forecast.order, forecast.goblet_left, forecast.money) == (
            view.order, view.goblet_left, view.money):
        return None
    return forecast


def scene_for(view: TableView, look: Look) -> tuple[Scene, str]:
    """What the ring shows now, and its title."""
    lit = look.lit()
    targets = frozenset(h for c in look.choices if c.legal and (h := c.hero) is not None)
    base = Scene(order=view.order, goblet_left=view.goblet_left, values=view.values, zork_values=view.zork_values,
                 nets=view.nets, money=view.money, zork_owner=view.zork_owner, was={},
                 cursor=lit.hero if lit is not None else None, targets=targets)
    forecast = active_preview(view, look)
    if forecast is None:
        return base, "The table now"
    if look.show_current:
        return base, "The table now (p: if it goes through)"
    order = forecast.order
    was = {h: view.order.index(h) + 1 for i, h in enumerate(order) if view.order[i] != h}
    if forecast.goblet_left != view.goblet_left:  # every position is counted from the other side
        was = {h: view.order.index(h) + 1 for h in order}
    scene = replace(base, order=order, goblet_left=forecast.goblet_left, nets=forecast.nets, money=forecast.money,
                    zork_owner=forecast.zork_owner, was=was)
    return scene, f"If it goes through {icon('ghost')} (p: now)"


def draw_table(canvas: Canvas, seen: Seen, look: Look, focused: bool, width: int, height: int, *,
               pal: Palette) -> int:
    """Everything for one viewer; returns the canvas line of the list's cursor.

    The full form draws the hand as cards under the list with the legend on its header; when a
    long list would push that below `height`, the hand is drawn on one line and the shield marks'
    legend moves into the ring's corner, so the table and the hand stay in view."""
    full = width >= FULL_MIN_WIDTH and height >= FULL_MIN_HEIGHT
    args = (seen, look, focused, width, pal)
    part = Canvas()
    row = _draw_all(part, *args, full=full, tight=False)
    if full and len(part.lines) > height:
        part = Canvas()
        row = _draw_all(part, *args, full=full, tight=True)
    return _paste(canvas, part) + row


def _paste(canvas: Canvas, part: Canvas) -> int:
    """Copies `part` onto `canvas` from its current line on; returns the line it starts on."""
    offset, column = canvas.row, canvas.lines[-1].cell_len
    first, *rest = part.lines
    canvas.lines[-1].append_text(first)
    canvas.lines.extend(rest)
    canvas.hits.extend((r + offset, a + (column if not r else 0), b + (column if not r else 0), target)
                       for r, a, b, target in part.hits)
    return offset


def _draw_all(canvas: Canvas, seen: Seen, look: Look, focused: bool, width: int, pal: Palette, *, full: bool,
              tight: bool) -> int:
    """`draw_table` in one form: full or compact, and in the full form tight or not."""
    view: TableView = seen.view
    scene, title = scene_for(view, look)
    if full:
        _draw_top(canvas, seen, view, width, pal)
    ring_height = 17 if full else 9
    ring_width = min(width, 96) if full else min(width, 80)
    blocks = ring_blocks(view, seen.seats, scene, compact=not full, pal=pal)
    sizes = [b.size for b in blocks]
    lines = 1 + len(view.names) + ((3 if _previewed(view, scene) else 2) if full else 0)
    centre = _centre(view, seen, scene, title, lambda extra: kit.ring_room(sizes, ring_width, ring_height,
                                                                          lines + extra), full=full, pal=pal)
    ring = kit.ring(blocks, ring_width, ring_height, centre=centre, rim_style=pal.muted)
    if not full:
        ring = _with_corners(ring, view, seen, title, pal)
    else:
        ring = _with_legend(ring, pal, tight=tight, castles=castle_key(view, pal))
    kit.draw_on(canvas, ring)
    canvas.newline()
    if not full:
        draw_hand(canvas, seen, view, width, compact=True, pal=pal)
    draw_declaration(canvas, seen, view, width, compact=not full, pal=pal)
    row = draw_list(canvas, seen, view, look, focused, width, compact=not full, pal=pal)
    if full and not draw_hand(canvas, seen, view, width, compact=tight, pal=pal) and not tight:
        canvas.add(kit.legend(LEGEND, width=width, pal=pal))
        canvas.newline()
    if look.show_discard:
        draw_discard(canvas, view, width, pal)
    return row


def _draw_top(canvas: Canvas, seen: Seen, view: TableView, width: int, pal: Palette) -> None:
    track = day_track(view, seen.seats, compact=False, pal=pal)
    room = max(10, width - track.width - 2)
    lines = [*herold_line(view, seen.seats, pal).wrap(CONSOLE, room), *piles_lines(view, seen.seats, room, pal)]
    side = Block.of(lines, room)
    kit.draw_on(canvas, kit.beside([track, side], gap=2))
    canvas.newline()


def _centre(view: TableView, seen: Seen, scene: Scene, title: str, room_for: Callable[[int], int], *, full: bool,
            pal: Palette) -> Block:
    """The middle of the table: what the ring shows and every purse, as wide as the ring leaves
    room for (`room_for(n)`: the width with n lines more than the title, purses and notes)."""
    room = room_for(0)
    purses = _purses(view, seen, scene, room, full=full, pal=pal)
    lines = [Text(title, style=f"bold {pal.foreground}"), *purses] if full else purses
    if full:
        notes = [zork_note(view, seen.seats, scene, pal)]
        if notes[0].cell_len > room:  # Zork's note on two lines rather than cut, where the ring leaves room
            narrow = room_for(1)
            wrapped = list(notes[0].wrap(CONSOLE, narrow)) if narrow > 10 else []
            for line in wrapped:
                line.rstrip()
            fewer = _purses(view, seen, scene, narrow, full=full, pal=pal)
            if len(wrapped) == 2 and max(line.cell_len for line in [*wrapped, *fewer]) <= narrow:
                room, notes = narrow, wrapped
                lines[1:] = fewer
        lines.extend(notes)
        if _previewed(view, scene):
            lines.append(Text("* if it goes through", style=pal.muted))
    width = min(room, max(line.cell_len for line in lines)) if room else 0
    return Block.of(lines, width)


def _purses(view: TableView, seen: Seen, scene: Scene, room: int, *, full: bool, pal: Palette) -> list[Text]:
    """The purses in the widest form that fits `room`: full with every name whole, full, compact,
    or (in the full table, whose note tells Zork's side) compact without Zork's mark."""
    purses = purse_lines(view, seen.seats, scene, compact=False, pal=pal, whole_names=True)
    if max(line.cell_len for line in purses) > room:
        purses = purse_lines(view, seen.seats, scene, compact=False, pal=pal)
    if max(line.cell_len for line in purses) > room:
        purses = purse_lines(view, seen.seats, scene, compact=True, pal=pal)
    if full and max(line.cell_len for line in purses) > room:
        purses = purse_lines(view, seen.seats, scene, compact=True, pal=pal, zork=False)
    return purses


def _previewed(view: TableView, scene: Scene) -> bool:
    """The scene's purses, pay-outs or Zork's side differ from today's (they carry * marks)."""
    return (scene.nets, scene.money, scene.zork_owner) != (view.nets, view.money, view.zork_owner)


def _with_corners(ring: Block, view: TableView, seen: Seen, title: str, pal: Palette) -> Block:
    """The compact ring with the day, the Herold, the piles and the legend (or, in a preview, the
    ring's title) in its empty corners."""
    top_left = Text(f"Day {view.day}/{view.days} ", style=f"bold {pal.foreground}")
    top_left.append(icon("day" if view.part == 0 else "night"), style=f"bold {pal.text_warning}")
    if view.finished:
        top_left = Text("Game over", style=f"bold {pal.foreground}")
    top_right = Text("Herold ", style=pal.muted) + seat_chip(view, seen.seats, view.start, pal=pal)
    bottom_left = Text(f"draw {view.draw_size} · discards {len(view.discard)} (d)", style=pal.muted)
    bottom_right = kit.legend([("shield", "veto"), ("broken_shield", "overrule")], pal=pal)
    if title != "The table now":
        bottom_right = Text(title, style=f"bold {pal.text_primary}")
    lines = list(ring.lines)
    lines[0] = _overlay(lines[0], top_left, top_right, ring.width)
    lines[-1] = _overlay(lines[-1], bottom_left, bottom_right, ring.width)
    return Block(lines, ring.width, ring.hits)


def _with_legend(ring: Block, pal: Palette, *, tight: bool, castles: Text) -> Block:
    """The full ring with the castles' letters in words in its bottom-right corner and, when
    `tight` (the hand's header with the legend is not drawn), the shield marks' legend in its
    bottom-left corner; each only where that corner is free."""
    lines = list(ring.lines)
    legend = kit.legend([("shield", "veto"), ("broken_shield", "overrule")], pal=pal) if tight else Text("")
    lines[-1] = _overlay(lines[-1], legend, castles, ring.width)
    return Block(lines, ring.width, ring.hits)


def _overlay(line: Text, left: Text, right: Text, width: int) -> Text:
    """`line` with `left` over its first cells and `right` over its last, where they are blank."""
    out = line.copy()
    if not out.plain[: left.cell_len + 1].strip(" ·."):
        out = left + out[left.cell_len :]
    if not out.plain[width - right.cell_len - 1 :].strip(" ·."):
        out = out[: width - right.cell_len] + right
    return out


