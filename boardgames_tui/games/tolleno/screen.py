"""Tolleno's body: the city map with a cursor, and a panel with the hand, the board path and the offer.

The body never decides what is legal: it highlights what the shell's list of legal actions
contains, and sends whatever the player confirms; the rules refuse an illegal choice with a
reason that the shell shows.
"""

from __future__ import annotations

from typing import Any

from rich.text import Span, Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.games.tolleno.rules import view as preview
from boardgames_tui.games.tolleno.rules.actions import (
    BuildFloor,
    Carry,
    MoveBoat,
    PlaceContract,
    PlaceTile,
    TakeContract,
)
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.rules.state import Phase
from boardgames_tui.games.tolleno.rules.view import TollenoView
from boardgames_tui.games.tolleno.screen_map import (
    MARGIN,
    TILE_H,
    TILE_W,
    CityPainter,
    Seats,
    bounds,
    grid_size,
)
from boardgames_tui.games.tolleno.screen_marks import marks_for
from boardgames_tui.games.tolleno.screen_panel import panel_text, status_text
from boardgames_tui.games.tolleno.screen_render import OVER_H, OVER_W, ascii_safe, overview
from boardgames_tui.games.tolleno.screen_widgets import CityMap, Panel
from boardgames_tui.games.tolleno.screen_window import MapWindow, detail_map
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.kit import DARK, Palette, palette_of, seat_colour, seat_glyph
from boardgames_tui.ui.literal import literal

Space = tuple[Pos, Corner]
ONLY_IN = {"rotate": Phase.PLACE, "take": Phase.SECOND}
"""Keys that only mean something during one step of the turn (hidden from the footer otherwise)."""


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.cursor_tile: Pos = (0, 0)
        self.cursor_space: Space = ((0, 0), Corner.NW)
        self.rotation = 0
        self.carry_index = 0
        self.overview = False
        self.panel_open: bool | None = None
        self.window = MapWindow()
        self.minimap_box: tuple[int, int, int, int, int, int] | None = None
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
    def view(self) -> TollenoView | None:
        return self.seen.view if self.seen is not None else None

    def show(self, seen: Seen) -> None:
        self.seen = seen
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
        view = self.view
        return view.current if view is not None and self._actions() else None

    # --- legal choices, read from the shell's list -------------------------------------------
    def _actions(self) -> tuple[Any, ...]:
        return self.seen.actions if self.seen is not None else ()

    def phase(self) -> Phase | None:
        """The step of the turn the body is offering choices for (None: nothing to choose)."""
        view = self.view
        if view is None or not self._actions():
            return None
        return view.phase

    def placements(self) -> list[PlaceTile]:
        return [a for a in self._actions() if isinstance(a, PlaceTile)]

    def _floor_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self._actions() if isinstance(a, BuildFloor)]

    def _contract_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self._actions() if isinstance(a, PlaceContract)]

    def boat_moves(self) -> list[MoveBoat]:
        return [a for a in self._actions() if isinstance(a, MoveBoat)]

    def carries(self) -> list[Carry]:
        """The carry choices offered after sailing, "nothing" first."""
        return [a for a in self._actions() if isinstance(a, Carry)]

    def takes(self) -> list[TakeContract]:
        return [a for a in self._actions() if isinstance(a, TakeContract)]

    def target_spaces(self) -> list[Space]:
        """The spaces the current step may use (floors, or the contract taken)."""
        phase = self.phase()
        if phase in (Phase.BUILD, Phase.SECOND):
            return self._floor_spaces()
        if phase is Phase.CONTRACT:
            return self._contract_spaces()
        return []

    def _uses_spaces(self) -> bool:
        return self.phase() in (Phase.BUILD, Phase.SECOND, Phase.CONTRACT)

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
        top, left, bottom, right = bounds(view, self.pad())
        if self._uses_spaces() and not self.overview:
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
            if self._uses_spaces():
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
            top, left, bottom, right = bounds(view, self.pad())
            self.window.centre_on(((top + bottom) // 2, (left + right) // 2))
            self.window.follow = False
        else:
            self.window.centre_on(self.cursor_tile)
            self.window.follow = True
        self.refresh_all()

    def pad(self) -> int:
        """How far around the city the map reaches: one ring of empty positions while placing a tile."""
        return 1 if self.phase() is Phase.PLACE else 0

    def tile_size(self) -> tuple[int, int]:
        """Cells per tile on the map now (detail or overview)."""
        return (OVER_W, OVER_H) if self.overview else (TILE_W, TILE_H)

    def action_cycle(self, step: int) -> None:
        """Jump to the next (or previous) legal choice."""
        self._jump(step)
        self.window.follow = True
        self.refresh_all()

    def _jump(self, step: int) -> None:
        phase = self.phase()
        if phase is Phase.PLACE:
            options = sorted((a.pos, a.k) for a in self.placements())
            current = (self.cursor_tile, self.rotation)
            if not options:
                return
            index = options.index(current) if current in options else -1
            nxt = options[(index + step) % len(options)] if step else options[0]
            self.cursor_tile, self.rotation = nxt
        elif self._uses_spaces():
            spaces = sorted(self.target_spaces())
            if not spaces:
                return
            index = spaces.index(self.cursor_space) if self.cursor_space in spaces else -1
            self.cursor_space = spaces[(index + step) % len(spaces)] if step else spaces[0]
            self.cursor_tile = self.cursor_space[0]
        elif phase is Phase.NAVIGATE:
            dests = sorted({m.dest for m in self.boat_moves()})
            if not dests:
                return
            index = dests.index(self.cursor_tile) if self.cursor_tile in dests else -1
            self.cursor_tile = dests[(index + step) % len(dests)] if step else dests[0]
        elif phase is Phase.CARRY:
            self.carry_index = (self.carry_index + step) % max(1, len(self.carries()))

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
        phase = self.phase()
        if phase is Phase.PLACE:
            return PlaceTile(self.cursor_tile, self.rotation)
        if phase in (Phase.BUILD, Phase.SECOND):
            return BuildFloor(*self.cursor_space)
        view = self.view
        if phase is Phase.CONTRACT and view is not None and view.chosen_contract is not None:
            return PlaceContract(view.chosen_contract, *self.cursor_space)
        if phase is Phase.NAVIGATE:
            return MoveBoat(self.cursor_tile)
        if phase is Phase.CARRY:
            options = self.carries()
            return options[self.carry_index % len(options)] if options else None
        return None

    def refusal(self) -> str | None:
        """Why the choice under the cursor is not allowed, when the rules can say so from the view."""
        view, seat = self.view, self.deciding_seat()
        if view is None or seat is None or self.phase() is not Phase.PLACE:
            return None
        return preview.placement_reason(view, seat, self.cursor_tile, self.rotation)

    def action_confirm(self) -> None:
        action = self.current_action()
        if action is not None:
            self.choose(action)

    # --- drawing -----------------------------------------------------------------------------
    def seat_marks(self) -> Seats:
        if self.seen is None:
            return Seats((), ())
        return Seats(tuple(seat_glyph(s) for s in self.seen.seats), tuple(seat_colour(s) for s in self.seen.seats))

    def pal(self) -> Palette:
        return palette_of(self.app) if self.is_mounted else DARK

    def map_text(self, width: int, height: int) -> Text:
        view = self.view
        self.minimap_box = None
        if view is None:
            return Text("")
        marks = marks_for(self)
        size = grid_size(width, height) if not self.overview else (
            max(1, (width - MARGIN) // OVER_W), max(1, height - 1))
        cursor = marks.cursor_tile or (marks.cursor_space[0] if marks.cursor_space else None)
        origin = self.window.place(bounds(view, self.pad()), size, cursor, marks.anchor)
        pal = self.pal()
        if self.overview:
            lines = overview(view, marks, self.seat_marks(), origin, (width, height), pal)
        else:
            painter = CityPainter(view, self.seat_marks(), marks, pal)
            sizes = (size, (width, height))
            lines, self.minimap_box = detail_map(painter, self.window, sizes, cursor, self.pad(), marks.anchor)
        out = Text("\n").join(lines)
        out.no_wrap = True
        out.overflow = "crop"
        return out

    def panel_is_open(self) -> bool:
        if self.panel_open is not None:
            return self.panel_open
        return self.size.height >= 30 or self.size.height == 0

    def refresh_all(self) -> None:
        if not self.is_mounted or self.seen is None:
            return
        self.refresh_bindings()
        self._update("#tl-status", ascii_safe(status_text(self)))
        self._update("#tl-panel", ascii_safe(panel_text(self)))
        self.query_one(CityMap).refresh()

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
