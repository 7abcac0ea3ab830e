"""Tàin's body widget: the foreign kingdom, every clan board and the viewer's own screen.

Keyboard: arrows move the slot cursor, c w b d x pick the token kind, Enter places it (or takes
the next raid step), p passes. Mouse: click a kind, then a slot; click Pass or Next step. Only
legal slots are marked; asking for another one sends it to the rules, whose reason the shell
shows. The widget never decides a rule itself: it renders `Seen.view` and offers `Seen.actions`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widgets import OptionList

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games.tain.rules.actions import FREES, GUARDS, PASS, RAIDS, SCOUTS, STEP, Area, Place
from boardgames_tui.games.tain.rules.components import ENTRANCES, KINDS, Kind
from boardgames_tui.games.tain.rules.state import Phase
from boardgames_tui.games.tain.rules.view import TainView
from boardgames_tui.games.tain.table.board import BOARD_WIDTH
from boardgames_tui.games.tain.table.controls import Controls
from boardgames_tui.games.tain.table.layout import draw_table
from boardgames_tui.games.tain.table.legend import KEY
from boardgames_tui.games.tain.table.look import FK_CELL, PASS_CELL, Cell, Look
from boardgames_tui.ui.body import GameBody, Seen, room_height
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import palette_of
from boardgames_tui.ui.lines import LineDrawn
from boardgames_tui.ui.literal import literal

KEYS = {letter: kind for kind, letter in KEY.items()}
FULL_HEIGHT = 32
"""Terminal rows from which the full boards are drawn (below it, the compact form)."""
Target = tuple[Any, ...]


class TainBody(LineDrawn, GameBody, can_focus=True):
    """The Tàin table for one viewer."""

    uses_action_menu = False

    DEFAULT_CSS = """
    TainBody {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "confirm", "Place / next step"),
        Binding("p", "pass_turn", "Pass"),
        Binding("c", "kind('c')", "Chieftain", show=False),
        Binding("w", "kind('w')", "Warrior", show=False),
        Binding("b", "kind('b')", "Boy", show=False),
        Binding("d", "kind('d')", "Daughter", show=False),
        Binding("x", "kind('x')", "Bluff", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.kind: Kind | None = None
        self.row = 0
        self.col = 0
        self.grid: list[list[Cell]] = []
        self._side_by_side = 0
        """Boards per row of the cursor grid (0 before the first drawing)."""
        self.canvas = Canvas()
        """The last drawing, whose spans map a click back to what was drawn there."""
        self._cursor_line = 0
        self._news_line = 0
        self._viewer: int | None = None
        self._legal_set: frozenset[Any] = frozenset()
        self._legal_cells: dict[Kind, frozenset[Cell]] = {}
        """Per kind, the slots it may go to now (built once per show, asked on every draw)."""
        self.note = ""
        """Why the last key did nothing, shown under the board until the next key."""
        self._note_drawn = False
        """Whether the last drawing held a note (a line of its own, so its coming or going
        changes the body's height)."""

    # --- what the viewer may do -----------------------------------------------------------
    @property
    def view(self) -> TainView | None:
        return self.seen.view if self.seen is not None else None

    def _legal(self) -> frozenset[Any]:
        return self._legal_set

    def _scouting(self) -> bool:
        view = self.view
        return view is not None and view.phase is Phase.SCOUT and bool(self._legal())

    def _stepping(self) -> bool:
        seen = self.seen
        return seen is not None and seen.decision is not None and seen.decision.kind is DecisionKind.STEP

    def _choosing(self) -> bool:
        view = self.view
        return view is not None and view.phase is Phase.CHOOSE and bool(self._legal())

    def _action(self, cell: Cell, kind: Kind) -> Place | None:
        area, board, entrance = cell
        if cell == PASS_CELL:
            return None
        if area is Area.RAID:
            return RAIDS[kind]
        if area is Area.GUARD:
            return GUARDS[(kind, board, entrance)]
        return SCOUTS[(kind, board, entrance)]

    def _fits(self, cell: Cell, kind: Kind) -> bool:
        """Whether a token of `kind` may go to `cell` now."""
        return cell != PASS_CELL and self._action(cell, kind) in self._legal_set

    def _cell_legal(self, cell: Cell) -> bool:
        if cell == PASS_CELL:
            return PASS in self._legal()
        return self.kind is not None and self._action(cell, self.kind) in self._legal()

    # --- showing --------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        self.seen = seen
        self._legal_set = frozenset(seen.actions)  # asked once per cell when drawing: built once
        self._regrid()
        if seen.viewer != self._viewer:
            self._viewer = seen.viewer
            self.kind = None
            self.note = ""
        self._legal_cells = {
            kind: frozenset(cell for row in self.grid for cell in row if self._fits(cell, kind)) for kind in KINDS
        }
        if self._scouting():
            self._settle_choice()
        self.refresh(layout=True)
        self.refresh_bindings()
        self.call_after_refresh(self._after_show)

    def _regrid(self) -> None:
        """The cursor grid in the drawing's shape: one row per line of slots as drawn (two boards
        side by side in the full form, one under another in the compact), so Up and Down go to the
        slots drawn above and below on every board, and Left and Right to the board beside."""
        view = self.view
        if view is None:
            return
        cell = self.grid[self.row][self.col] if self.grid else None
        side_by_side = 1 if self.compact() else 2
        grid: list[list[Cell]] = [[FK_CELL]]
        for first in range(0, len(view.clans), side_by_side):
            seats = [clan.seat for clan in view.clans[first : first + side_by_side]]
            for area in (Area.SCOUT, Area.GUARD):
                grid.append([(area, seat, e) for seat in seats for e in range(ENTRANCES)])
        grid.append([PASS_CELL])
        self.grid, self._side_by_side = grid, side_by_side
        for r, row in enumerate(grid):
            if cell in row:
                self.row, self.col = r, row.index(cell)
                return
        self.row = min(self.row, len(grid) - 1)
        self.col = min(self.col, len(grid[self.row]) - 1)

    def on_resize(self, _event: events.Resize) -> None:
        """Follow the drawing when it changes form (full boards side by side, or compact)."""
        if self.seen is not None and (1 if self.compact() else 2) != self._side_by_side:
            self._regrid()
            self.refresh()

    def _settle_choice(self) -> None:
        """Keep a kind that can still go somewhere, and a cursor on a slot where it may go."""
        legal = self._legal()
        usable = [k for k in KINDS if any(isinstance(a, Place) and a.kind is k for a in legal)]
        if self.kind not in usable:
            self.kind = usable[0] if usable else None
        self.row = min(self.row, len(self.grid) - 1)
        self.col = min(self.col, len(self.grid[self.row]) - 1)
        if not self._cell_legal(self.grid[self.row][self.col]):
            for r, row in enumerate(self.grid):
                for c, cell in enumerate(row):
                    if self._cell_legal(cell):
                        self.row, self.col = r, c
                        return

    def _after_show(self) -> None:
        # Take the keys unless the shell's action list is open (the player pressed m for it).
        focused = self.screen.focused
        menu_open = isinstance(focused, OptionList) and focused.display
        if self.seen is not None and self.seen.actions and not menu_open:
            self.focus()
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        """Keep what the player needs in sight when the board is taller than the pane: the slot
        cursor while placing, the latest raid sentences and the Next button while resolving."""
        pane = self.parent
        if not isinstance(pane, ScrollableContainer):
            return
        top = self.region.y - pane.region.y + int(pane.scroll_y)
        if self._scouting():
            pane.scroll_to_region(Region(0, top + self._cursor_line - 1, 1, 3), animate=False)
        elif self.view is not None and (self.view.news or self._stepping()):
            height = len(self.view.news) * 3 + 2
            pane.scroll_to_region(Region(0, top + self._news_line, 1, height), animate=False)

    def render(self) -> Text:
        # Everything the table is drawn from: `show` replaces the moment, grid and legal cells.
        key = (self.seen, self.grid, self._legal_set, self._legal_cells, self.row, self.col, self.kind, self.note,
               self.content_size.width, room_height(self), self.app.size,
               self.has_focus)  # fmt: skip
        return literal(self.drawn_once(key, self._render_table))

    def _render_table(self) -> Text:
        if self.seen is None:
            return Text("")
        canvas = Canvas()
        self._draw(canvas, self.seen, self.seen.view)
        self.canvas = canvas
        self._cursor_line = canvas.marks.get("cursor", self._line_of_cursor(canvas))
        self._news_line = canvas.marks.get("news", 0)
        self._note_drawn = bool(self.note)
        return literal(canvas.text(crop=True))

    def _line_of_cursor(self, canvas: Canvas) -> int:
        """The drawn line of the slot under the cursor (0 when not placing)."""
        if not self._scouting() or not self.grid:
            return 0
        wanted = ("cell", self.grid[self.row][self.col])
        return next((line for line, _s, _e, target in canvas.hits if target == wanted), 0)

    # --- drawing --------------------------------------------------------------------------
    def _look(self, seen: Seen, view: TainView) -> Look:
        placing = self._scouting()
        cursor = self.grid[self.row][self.col] if placing and self.grid else None
        legal = self._legal_cells.get(self.kind, frozenset()) if placing and self.kind is not None else frozenset()
        return Look(view, seen.seats, seen.viewer, palette_of(self.app), self.kind, cursor, legal, placing)

    def compact(self) -> bool:
        """The compact table: when the pane is narrower than two boards side by side, or short."""
        width = self.content_size.width or 76
        return width < 2 * BOARD_WIDTH + 2 or self.app.size.height < FULL_HEIGHT

    def _draw(self, canvas: Canvas, seen: Seen, view: TainView) -> None:
        scouting = self._scouting()
        at_pass = scouting and self.grid[self.row][self.col] == PASS_CELL
        now = Controls(scouting, self._stepping(), self._choosing(), at_pass, self.kind, self.note)
        width = max(40, self.content_size.width or 76)
        room = room_height(self) or 99
        draw_table(canvas, seen, self._look(seen, view), now, width, self.compact(), self.app.size.height, room)

    # --- input ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return self._scouting()
        if action == "confirm":
            return self._scouting() or self._stepping() or self._choosing()
        if action in ("move", "kind"):
            return self._scouting() or (action == "kind" and self._choosing())
        return True

    def action_move(self, drow: int, dcol: int) -> None:
        if not self._scouting() or not self.grid:
            return
        self.note = ""
        self.row, self.col = self._next_open(drow, dcol)
        self._redraw()
        self.call_after_refresh(self._scroll_to_cursor)

    def _open(self, cell: Cell) -> bool:
        """Whether the cursor may stop on `cell`: the chosen kind may go there (or, with no kind
        chosen, some kind may), or it is the Pass button while passing is offered."""
        if cell == PASS_CELL:
            return PASS in self._legal_set
        if self.kind is not None:
            return cell in self._legal_cells.get(self.kind, frozenset())
        return any(cell in cells for cells in self._legal_cells.values())

    def _next_open(self, drow: int, dcol: int) -> tuple[int, int]:
        """The next slot from the cursor in a direction where something may go, skipping the rest:
        Left and Right along the row (wrapping), Up and Down to the nearest open slot of the next
        row that has one, measured by where the slots are drawn across the row."""
        grid, row, col = self.grid, self.row, self.col
        if dcol:
            width = len(grid[row])
            for step in range(1, width):
                c = (col + dcol * step) % width
                if self._open(grid[row][c]):
                    return row, c
            return row, col
        for step in range(1, len(grid)):
            r = (row + drow * step) % len(grid)
            open_cols = [c for c, cell in enumerate(grid[r]) if self._open(cell)]
            if open_cols:
                return r, min(open_cols, key=lambda c: abs(c - col))
        return row, col

    def action_kind(self, letter: str) -> None:
        kind = KEYS[letter]
        self.note = ""
        if self._choosing():
            self.choose(FREES[kind])
            return
        self._pick_kind(kind)

    def _pick_kind(self, kind: Kind) -> None:
        """Choose the kind to place; a kind that can go nowhere says why and leaves none chosen
        (so a later click cannot place the kind chosen before it)."""
        if self._legal_cells.get(kind):
            self.kind = kind
            self._settle_cursor()
        else:
            self.kind = None
            self.note = self._why_not(kind)
        self._redraw()

    def _redraw(self) -> None:
        """Draw again after a key; lay the body out again when a note came or went, so the
        line it takes or gives back does not push the legend's last line out of the body."""
        self.refresh(layout=bool(self.note) != self._note_drawn)

    def _why_not(self, kind: Kind) -> str:
        """Why a token of `kind` cannot be placed now, from what the viewer can see."""
        view, seen = self.view, self.seen
        left = 0
        if view is not None and seen is not None and seen.viewer is not None:
            screen = view.clans[seen.viewer].screen
            left = screen[kind] if screen is not None else 0
        if not left:
            return f"No {kind.label} left behind your screen: choose another kind."
        return f"Your {kind.label} has no free slot it may go to now: choose another kind."

    def _settle_cursor(self) -> None:
        """Move the cursor to a slot the chosen kind may take, if it is not on one."""
        if self._cell_legal(self.grid[self.row][self.col]):
            return
        for r, row in enumerate(self.grid):
            for c, cell in enumerate(row):
                if self._cell_legal(cell):
                    self.row, self.col = r, c
                    return

    def action_pass_turn(self) -> None:
        if self._scouting():
            self.choose(PASS)

    def action_confirm(self) -> None:
        if self._stepping():
            self.choose(STEP)
        elif self._choosing() and self.seen is not None:
            self.choose(self.seen.actions[0])
        elif self._scouting():
            self._take(self.grid[self.row][self.col])

    def _take(self, cell: Cell) -> None:
        if cell == PASS_CELL:
            self.choose(PASS)
            return
        if self.kind is None:
            self.note = "Choose a token kind first (c, w, b, d or x)."
            self._redraw()
            return
        action = self._action(cell, self.kind)
        if action is not None:
            # Illegal choices go to the rules too: the shell shows their reason.
            self.choose(action)

    def on_click(self, event: events.Click) -> None:
        target = self._hit(event.y, event.x - 1)
        if self._stepping() and (target is None or target[0] == "step"):
            self.choose(STEP)
            return
        if target is None:
            return
        if target[0] == "kind" and self._scouting():
            self.note = ""
            self._pick_kind(target[1])
        elif target[0] == "cell" and self._scouting():
            cell = target[1]
            for r, row in enumerate(self.grid):
                if cell in row:
                    self.row, self.col = r, row.index(cell)
            self._take(cell)
        elif target[0] == "free" and self._choosing():
            self.choose(FREES[target[1]])

    def _hit(self, y: int, x: int) -> Target | None:
        target: Target | None = self.canvas.hit(y, x)
        return target
