"""Tolleno's body: the city map with a cursor, and a panel with the hand, the board path and the offer.

The body never decides what is legal: it highlights what the shell's list of legal actions
contains, and sends whatever the player confirms; the rules refuse an illegal choice with a
reason that the shell shows. What the seat sees is one value, a `Look`, that the drawing reads;
keys and clicks replace it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Span, Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.games.tolleno.rules.actions import TakeContract
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.rules.state import Phase, Space
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.table import layout
from boardgames_tui.games.tolleno.table.city import MARGIN, bounds
from boardgames_tui.games.tolleno.table.city_map import CityMap
from boardgames_tui.games.tolleno.table.look import Look, Seats
from boardgames_tui.games.tolleno.table.panel import Panel, panel_is_open, panel_text
from boardgames_tui.games.tolleno.table.status import status_text
from boardgames_tui.games.tolleno.table.window import MapWindow, MiniBox
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.kit import DARK, Palette, palette_of
from boardgames_tui.ui.kit.icons import ascii_mode
from boardgames_tui.ui.literal import literal

ONLY_IN = {"rotate": Phase.PLACE, "take": Phase.SECOND}
"""Keys that only mean something during one step of the turn (hidden from the footer otherwise)."""


def _look_field(name: str) -> Any:
    """A body attribute that reads and replaces one field of the body's `Look`."""

    def get(self: TollenoBody) -> Any:
        return getattr(self.look, name)

    def put(self: TollenoBody, value: Any) -> None:
        self.look = replace(self.look, **{name: value})

    return property(get, put)


class TollenoBody(GameBody):
    """Tolleno's screen: every action by keyboard (cursor, keys) or mouse (clicks on map and panel)."""

    uses_action_menu = False
    can_focus = True

    DEFAULT_CSS = """
    TollenoBody { height: 1fr; min-height: 12; width: 1fr; layout: vertical; }
    TollenoBody #tl-status { height: 2; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    TollenoBody:focus #tl-status { background: $primary 20%; }
    """

    BINDINGS = [
        Binding("up", "move(-1,0)", "Up", show=False),
        Binding("down", "move(1,0)", "Down", show=False),
        Binding("left", "move(0,-1)", "Left", show=False),
        Binding("right", "move(0,1)", "Right", show=False),
        Binding("shift+up", "pan(-1,0)", "Pan", show=False),
        Binding("shift+down", "pan(1,0)", "Pan", show=False),
        Binding("shift+left", "pan(0,-1)", "Pan", show=False),
        Binding("shift+right", "pan(0,1)", "Pan", show=False),
        Binding("enter,space", "confirm", "Do it"),
        Binding("n", "cycle(1)", "Next"),
        Binding("p", "cycle(-1)", "Prev", show=False),
        Binding("r", "rotate", "Rotate"),
        Binding("1", "take(0)", "Contract 1", show=False),
        Binding("2", "take(1)", "Contract 2", show=False),
        Binding("3", "take(2)", "Contract 3", show=False),
        Binding("c", "cycle(1)", "Carry", show=False),
        Binding("home", "centre('city')", "Centre city", show=False),
        Binding("full_stop", "centre('cursor')", "Centre cursor", show=False),
        Binding("z", "zoom", "Zoom"),
        Binding("i", "panel", "Panel"),
    ]

    cursor_tile: Pos = _look_field("cursor_tile")
    cursor_space: Space = _look_field("cursor_space")
    rotation: int = _look_field("rotation")
    carry_index: int = _look_field("carry_index")
    overview: bool = _look_field("overview")
    panel_open: bool | None = _look_field("panel_open")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.look = Look()
        self.window = MapWindow()
        self.minimap_box: MiniBox | None = None
        """Where the minimap was drawn: (column, line, width, height, city top, city left)."""
        self._turn_key: tuple[Any, ...] | None = None
        self._shown: dict[str, tuple[str, tuple[Span, ...]]] = {}
        """What each Static shows now: its text and spans."""

    def compose(self) -> ComposeResult:
        yield Static("", id="tl-status")
        yield CityMap(self)
        yield Panel("", id="tl-panel")

    # --- what the shell hands over ---------------------------------------------------------
    @property
    def seen(self) -> Seen | None:
        return self.look.seen

    @property
    def view(self) -> TollenoView | None:
        return self.look.view

    def show(self, seen: Seen) -> None:
        self.look = replace(self.look, seen=seen)
        view: TollenoView = seen.view
        key = (view.current, view.phase, view.turn, view.placed_at, view.first_build, view.sail_from, seen.viewer)
        if key != self._turn_key:
            new_turn = self._turn_key is None or self._turn_key[0] != view.current or self._turn_key[-1] != seen.viewer
            self._turn_key = key
            self.carry_index = 0
            if seen.actions:
                self._jump(0)
            elif view.placed_at is None and view.phase is not Phase.OVER:
                self.cursor_tile = (0, 0)
            if new_turn:
                self.window.origin = None
            self.window.follow = True
        if seen.actions and self.is_mounted:
            self.focus()
        self.refresh_all()

    def deciding_seat(self) -> int | None:
        """The seat whose choices the body holds (the viewer, on its own turn)."""
        return self.look.deciding_seat()

    def phase(self) -> Phase | None:
        """The step of the turn the body is offering choices for (None: nothing to choose)."""
        return self.look.phase()

    # --- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ONLY_IN:
            return self.phase() is ONLY_IN[action]
        if action in ("confirm", "cycle"):
            return self.phase() is not None
        return True

    def press(self, name: str) -> None:
        """A panel click acting like a key."""
        handlers = {
            "confirm": self.action_confirm,
            "next": lambda: self.action_cycle(1),
            "rotate": self.action_rotate,
            "zoom": self.action_zoom,
            "panel": self.action_panel,
            "centre": lambda: self.action_centre("city"),
        }
        if name in handlers:
            handlers[name]()
        elif name in ("1", "2", "3"):
            self.action_take(int(name) - 1)
        elif name.startswith("carry"):
            self.carry_index = int(name[5:])
            self.action_confirm()

    def action_move(self, dr: int, dc: int) -> None:
        view = self.view
        if view is None:
            return
        top, left, bottom, right = bounds(view, self.look.pad())
        if self.look.uses_spaces() and not self.overview:
            (row, col), corner = self.cursor_space
            sr = 2 * row + (corner in (Corner.SW, Corner.SE)) + dr
            sc = 2 * col + (corner in (Corner.NE, Corner.SE)) + dc
            sr = max(2 * top, min(2 * bottom + 1, sr))
            sc = max(2 * left, min(2 * right + 1, sc))
            south, east = sr % 2 == 1, sc % 2 == 1
            corner = {(False, False): Corner.NW, (False, True): Corner.NE,
                      (True, True): Corner.SE, (True, False): Corner.SW}[(south, east)]
            self.cursor_space = ((sr // 2, sc // 2), corner)
            self.cursor_tile = self.cursor_space[0]
        else:
            row, col = self.cursor_tile
            self.cursor_tile = (max(top, min(bottom, row + dr)), max(left, min(right, col + dc)))
            if self.look.uses_spaces():
                self.cursor_space = (self.cursor_tile, self.cursor_space[1])
        self.carry_index = 0
        self.window.follow = True
        self.refresh_all()

    def action_pan(self, drow: int, dcol: int) -> None:
        self.pan(drow, dcol)

    def pan(self, drow: int, dcol: int) -> None:
        """Move the map by whole tiles, leaving the cursor where it is."""
        self.window.pan(drow, dcol)
        self.refresh_all()

    def action_centre(self, on: str) -> None:
        """Centre the map on the city, or on the cursor."""
        view = self.view
        if view is None:
            return
        if on == "city":
            top, left, bottom, right = bounds(view, self.look.pad())
            self.window.centre_on(((top + bottom) // 2, (left + right) // 2))
            self.window.follow = False
        else:
            self.window.centre_on(self.cursor_tile)
            self.window.follow = True
        self.refresh_all()

    def tile_size(self) -> tuple[int, int]:
        """Cells per tile on the map now (detail or overview)."""
        return layout.tile_size(self.look, self.window)

    def action_cycle(self, step: int) -> None:
        """Jump to the next (or previous) legal choice."""
        self._jump(step)
        self.window.follow = True
        self.refresh_all()

    def _jump(self, step: int) -> None:
        look = self.look
        phase = look.phase()
        if phase is Phase.PLACE:
            options = sorted((a.pos, a.k) for a in look.placements())
            current = (look.cursor_tile, look.rotation)
            if not options:
                return
            index = options.index(current) if current in options else -1
            nxt = options[(index + step) % len(options)] if step else options[0]
            self.cursor_tile, self.rotation = nxt
        elif look.uses_spaces():
            spaces = sorted(look.target_spaces())
            if not spaces:
                return
            index = spaces.index(look.cursor_space) if look.cursor_space in spaces else -1
            self.cursor_space = spaces[(index + step) % len(spaces)] if step else spaces[0]
            self.cursor_tile = self.cursor_space[0]
        elif phase is Phase.NAVIGATE:
            dests = sorted({m.dest for m in look.boat_moves()})
            if not dests:
                return
            index = dests.index(look.cursor_tile) if look.cursor_tile in dests else -1
            self.cursor_tile = dests[(index + step) % len(dests)] if step else dests[0]
        elif phase is Phase.CARRY:
            self.carry_index = (look.carry_index + step) % max(1, len(look.carries()))

    def action_rotate(self) -> None:
        self.rotation = (self.rotation + 1) % 4
        self.refresh_all()

    def action_take(self, index: int) -> None:
        """Take the face-up contract in that slot (step 3, instead of a second floor)."""
        view = self.view
        if self.phase() is not Phase.SECOND or view is None or index >= len(view.offer):
            return
        self.choose(TakeContract(view.offer[index]))

    def action_zoom(self) -> None:
        self.overview = not self.overview
        self.window.origin = None
        self.refresh_all()

    def action_panel(self) -> None:
        self.panel_open = not self.panel_is_open()
        self.refresh_all()

    def current_action(self) -> Any | None:
        """The action the cursor and the selected options stand for now."""
        return self.look.current_action()

    def action_confirm(self) -> None:
        action = self.current_action()
        if action is not None:
            self.choose(action)

    # --- clicks on the map -------------------------------------------------------------------
    def map_clicked(self, x: int, y: int) -> None:
        """A click on the map: select what is drawn there; a second click on the same place does it."""
        if self.view is None or self._minimap_clicked(x, y):
            return
        if x < MARGIN or y < 1 or self.window.origin is None:
            return
        tw, th = self.tile_size()
        origin = self.window.origin
        col = origin[1] + (x - MARGIN) // tw
        row = origin[0] + (y - 1) // th
        before_tile, before_space = self.cursor_tile, self.cursor_space
        self.cursor_tile = (row, col)
        if self.look.uses_spaces():
            if self.overview:
                on_tile = [s for s in sorted(self.look.target_spaces()) if s[0] == (row, col)]
                self.cursor_space = on_tile[0] if on_tile else ((row, col), Corner.NW)
            else:
                frame = 0 if self.window.compact else 1
                ix, iy = (x - MARGIN) % tw - frame, (y - 1) % th - frame
                r, c = iy, ix // 3
                if not (0 <= ix <= 8 and 0 <= iy <= 2) or r == 1 or c == 1:
                    # Not a corner cell: select the tile, keep the corner, never confirm.
                    self.cursor_space = ((row, col), self.cursor_space[1])
                    self.carry_index = 0
                    self.refresh_all()
                    return
                corner = {(0, 0): Corner.NW, (0, 2): Corner.NE, (2, 2): Corner.SE, (2, 0): Corner.SW}[(r, c)]
                self.cursor_space = ((row, col), corner)
            same = self.cursor_space == before_space
        else:
            same = self.cursor_tile == before_tile
        if same and self.phase() is not None:
            self.action_confirm()
            return
        self.carry_index = 0
        self.refresh_all()

    def _minimap_clicked(self, x: int, y: int) -> bool:
        """A click on the minimap centres the map on that tile (True if the click was on it)."""
        box = self.minimap_box
        if box is None:
            return False
        column, line, width, height, top, left = box
        if not (column <= x < column + width and line <= y < line + height):
            return False
        inner_x, inner_y = x - column - 1, y - line - 1
        if 0 <= inner_x < width - 2 and 0 <= inner_y < height - 2:
            self.window.centre_on((top + inner_y, left + inner_x))
            self.window.follow = False
            self.refresh_all()
        return True

    # --- drawing -----------------------------------------------------------------------------
    def seat_marks(self) -> Seats:
        return self.look.seat_marks()

    def pal(self) -> Palette:
        return palette_of(self.app) if self.is_mounted else DARK

    def map_text(self, width: int, height: int) -> Text:
        text, self.minimap_box = layout.map_text(self.look, self.window, (width, height), self.pal())
        return text

    def status_text(self) -> Text:
        """The status lines above the map (as drawn, less the ASCII stand-ins)."""
        return status_text(self.look, self.pal(), self.size.width)

    def panel_text(self) -> Text:
        """The panel under the map (as drawn, less the ASCII stand-ins)."""
        return panel_text(self.look, self.size.width, self.size.height, self.pal())

    def panel_is_open(self) -> bool:
        return panel_is_open(self.look, self.size.height)

    def refresh_all(self) -> None:
        if not self.is_mounted or self.seen is None:
            return
        self.refresh_bindings()
        self._update("#tl-status", layout.status_lines(self.look, self.pal(), self.size.width))
        self._update("#tl-panel", self._panel_lines())
        self.query_one(CityMap).refresh()

    _panel_made: tuple[Seen | None, tuple[object, ...], Text] | None = None  # what, from what

    def _panel_lines(self) -> Text:
        """The panel under the map: it never reads the cursor, so a cursor move reuses it."""
        look, width, height, pal = self.look, self.size.width, self.size.height, self.pal()
        key = (look.rotation, look.carry_index, look.overview, look.panel_open, width, height, pal, ascii_mode())
        made = self._panel_made
        if made is None or made[0] is not look.seen or made[1] != key:
            made = self._panel_made = (look.seen, key, layout.panel_lines(look, width, height, pal))
        return made[2]

    def _update(self, selector: str, text: Text) -> None:
        """Show `text` in a Static unless it already shows it. Both Statics are one line per line
        of text (no wrapping), so only a new number of lines lays the screen out again."""
        key = (text.plain, tuple(text.spans))
        shown = self._shown.get(selector)
        if shown != key:
            self._shown[selector] = key
            same_height = shown is not None and shown[0].count("\n") == text.plain.count("\n")
            self.query_one(selector, Static).update(literal(text), layout=not same_height)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_all()

    def on_mount(self) -> None:
        self.watch(self.screen, "focused", self._focus_moved, init=False)
        self.refresh_all()

    def _focus_moved(self, focused: Widget | None) -> None:
        """Tab into the pane holding the map goes on to the map: the pane itself never scrolls here."""
        if focused is not None and focused is self.parent:
            self.focus()
