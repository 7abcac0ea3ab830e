"""Tolleno's body: the city map with a cursor, and a panel with the hand, the board path and the offer.

The body never decides what is legal: it highlights what the shell's list of legal actions
contains, and sends whatever the player confirms; the rules refuse an illegal choice with a
reason that the shell shows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.games.tolleno.geometry import Corner, Pos
from boardgames_tui.games.tolleno.screen_panel import panel_text, status_text
from boardgames_tui.games.tolleno.screen_render import (
    MARGIN,
    OVER_H,
    OVER_W,
    TILE_H,
    TILE_W,
    Marks,
    bounds,
    render_city,
)
from boardgames_tui.games.tolleno.state import (
    BuildFloor,
    Carry,
    MoveBoat,
    Phase,
    PlaceContract,
    PlaceTile,
    TakeContract,
    TollenoView,
)
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.seats import colour_hex

Space = tuple[Pos, Corner]
ONLY_IN = {"rotate": Phase.PLACE, "take": Phase.SECOND}
"""Keys that only mean something during one step of the turn (hidden from the footer otherwise)."""


class CityMap(Widget):
    """The city drawn around the cursor; clicks select, a second click on the same place confirms."""

    DEFAULT_CSS = """
    CityMap { height: 1fr; width: 1fr; }
    """

    def __init__(self, body: TollenoBody) -> None:
        super().__init__(id="tl-map")
        self.body = body

    def render(self) -> Text:
        return literal(self.body.map_text(self.size.width, self.size.height))

    def on_click(self, event: events.Click) -> None:
        self.body.map_clicked(event.x, event.y)


class Panel(Static):
    """The facts beside the map; its [bracketed] words are clickable like keys."""

    DEFAULT_CSS = """
    Panel {
        height: auto; width: 1fr; border-top: solid $primary-darken-2;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def action_key(self, name: str) -> None:
        body = self.parent
        if isinstance(body, TollenoBody):
            body.press(name)


class TollenoBody(GameBody):
    """Tolleno's screen: every action by keyboard (cursor, keys) or mouse (clicks on map and panel)."""

    uses_action_menu = False
    can_focus = True

    DEFAULT_CSS = """
    TollenoBody { height: 1fr; min-height: 12; width: 1fr; layout: vertical; }
    TollenoBody #tl-status { height: 2; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS = [
        Binding("up", "move(-1,0)", "Up", show=False),
        Binding("down", "move(1,0)", "Down", show=False),
        Binding("left", "move(0,-1)", "Left", show=False),
        Binding("right", "move(0,1)", "Right", show=False),
        Binding("enter,space", "confirm", "Do it"),
        Binding("n", "cycle(1)", "Next"),
        Binding("p", "cycle(-1)", "Prev", show=False),
        Binding("r", "rotate", "Rotate"),
        Binding("1", "take(0)", "Contract 1", show=False),
        Binding("2", "take(1)", "Contract 2", show=False),
        Binding("3", "take(2)", "Contract 3", show=False),
        Binding("c", "cycle(1)", "Carry", show=False),
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
        self.origin: Pos = (-1, -1)
        self._turn_key: tuple[Any, ...] | None = None

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
            self._turn_key = key
            self.carry_index = 0
            if seen.actions:
                self._jump(0)
            elif view.placed_at is None and view.phase is not Phase.OVER:
                self.cursor_tile = (0, 0)
        if seen.actions and self.is_mounted:
            self.focus()
        self.refresh_all()

    # --- legal choices, read from the shell's list -------------------------------------------
    def _actions(self) -> tuple[Any, ...]:
        return self.seen.actions if self.seen is not None else ()

    def _phase(self) -> Phase | None:
        view = self.view
        if view is None or not self._actions():
            return None
        return view.phase

    def _placements(self) -> list[PlaceTile]:
        return [a for a in self._actions() if isinstance(a, PlaceTile)]

    def _floor_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self._actions() if isinstance(a, BuildFloor)]

    def _contract_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self._actions() if isinstance(a, PlaceContract)]

    def _boat_moves(self) -> list[MoveBoat]:
        return [a for a in self._actions() if isinstance(a, MoveBoat)]

    def carries(self) -> list[Carry]:
        """The carry choices offered after sailing, "nothing" first."""
        return [a for a in self._actions() if isinstance(a, Carry)]

    def takes(self) -> list[TakeContract]:
        return [a for a in self._actions() if isinstance(a, TakeContract)]

    def _target_spaces(self) -> list[Space]:
        phase = self._phase()
        if phase in (Phase.BUILD, Phase.SECOND):
            return self._floor_spaces()
        if phase is Phase.CONTRACT:
            return self._contract_spaces()
        return []

    def _uses_spaces(self) -> bool:
        return self._phase() in (Phase.BUILD, Phase.SECOND, Phase.CONTRACT)

    # --- keys --------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ONLY_IN:
            return self._phase() is ONLY_IN[action]
        if action in ("confirm", "cycle"):
            return self._phase() is not None
        return True

    def press(self, name: str) -> None:
        """A panel click acting like a key."""
        handlers = {
            "confirm": self.action_confirm,
            "next": lambda: self.action_cycle(1),
            "rotate": self.action_rotate,
            "zoom": self.action_zoom,
            "panel": self.action_panel,
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
        top, left, bottom, right = bounds(view, 1)
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
        self.refresh_all()

    def action_cycle(self, step: int) -> None:
        """Jump to the next (or previous) legal choice."""
        self._jump(step)
        self.refresh_all()

    def _jump(self, step: int) -> None:
        phase = self._phase()
        if phase is Phase.PLACE:
            options = sorted((a.pos, a.k) for a in self._placements())
            current = (self.cursor_tile, self.rotation)
            if not options:
                return
            index = options.index(current) if current in options else -1
            nxt = options[(index + step) % len(options)] if step else options[0]
            self.cursor_tile, self.rotation = nxt
        elif self._uses_spaces():
            spaces = sorted(self._target_spaces())
            if not spaces:
                return
            index = spaces.index(self.cursor_space) if self.cursor_space in spaces else -1
            self.cursor_space = spaces[(index + step) % len(spaces)] if step else spaces[0]
            self.cursor_tile = self.cursor_space[0]
        elif phase is Phase.NAVIGATE:
            dests = sorted({m.dest for m in self._boat_moves()})
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
        if self._phase() is not Phase.SECOND or view is None or index >= len(view.offer):
            return
        self.choose(TakeContract(view.offer[index]))

    def action_zoom(self) -> None:
        self.overview = not self.overview
        self.refresh_all()

    def action_panel(self) -> None:
        self.panel_open = not self._panel_is_open()
        self.refresh_all()

    def current_action(self) -> Any | None:
        """The action the cursor and the selected options stand for now."""
        phase = self._phase()
        if phase is Phase.PLACE:
            return PlaceTile(self.cursor_tile, self.rotation)
        if phase is Phase.BUILD:
            return BuildFloor(*self.cursor_space)
        if phase is Phase.SECOND:
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

    def action_confirm(self) -> None:
        action = self.current_action()
        if action is not None:
            self.choose(action)

    # --- mouse -------------------------------------------------------------------------------
    def map_clicked(self, x: int, y: int) -> None:
        view = self.view
        if view is None or x < MARGIN or y < 1:
            return
        tw, th = (OVER_W, OVER_H) if self.overview else (TILE_W, TILE_H)
        col = self.origin[1] + (x - MARGIN) // tw
        row = self.origin[0] + (y - 1) // th
        before_tile, before_space = self.cursor_tile, self.cursor_space
        self.cursor_tile = (row, col)
        if self._uses_spaces():
            if self.overview:
                on_tile = [s for s in sorted(self._target_spaces()) if s[0] == (row, col)]
                self.cursor_space = on_tile[0] if on_tile else ((row, col), Corner.NW)
            else:
                r, c = (y - 1) % th, ((x - MARGIN) % tw) // 3
                if r == 1 or c == 1:
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
        if same and self._phase() is not None:
            self.action_confirm()
            return
        self.carry_index = 0
        self.refresh_all()

    # --- drawing -----------------------------------------------------------------------------
    def _colours(self) -> tuple[str, ...]:
        if self.seen is None:
            return ()
        return tuple(colour_hex(s.colour) if s.colour else "white" for s in self.seen.seats)

    def _marks(self) -> Marks:
        marks = self._phase_marks()
        view = self.view
        if view is None:
            return marks
        return replace(marks, placed=view.placed_at, first=view.first_build)

    def _phase_marks(self) -> Marks:
        view = self.view
        phase = self._phase()
        colours = self._colours()
        if view is None or phase is None:
            return Marks(cursor_tile=self.cursor_tile if self.seen and self.seen.viewer is not None else None,
                         colours=colours)
        if phase is Phase.PLACE:
            fits = {(a.pos, a.k) for a in self._placements()}
            held = view.seats[view.current].held
            ghost = (self.cursor_tile, held, self.rotation, (self.cursor_tile, self.rotation) in fits) if held else None
            placed = {t.pos for t in view.tiles}
            return Marks(cursor_tile=self.cursor_tile, target_tiles=frozenset(p for p, _ in fits),
                         ghost=ghost if self.cursor_tile not in placed else None, colours=colours)
        if phase is Phase.NAVIGATE:
            return Marks(cursor_tile=self.cursor_tile, target_tiles=frozenset(m.dest for m in self._boat_moves()),
                         colours=colours)
        if phase is Phase.CARRY:
            choice = self.current_action()
            boat = view.seats[view.current].boat
            carry = None
            if isinstance(choice, Carry) and choice.carry_from is not None and choice.carry_to and boat is not None:
                carry = (choice.carry_from, (boat, choice.carry_to))
            sources = frozenset(c.carry_from for c in self.carries() if c.carry_from is not None)
            return Marks(cursor_tile=boat, target_spaces=sources, carry=carry, colours=colours)
        return Marks(cursor_space=self.cursor_space, target_spaces=frozenset(self._target_spaces()),
                     colours=colours)

    def _follow_cursor(self, width: int, height: int) -> None:
        tw, th = (OVER_W, OVER_H) if self.overview else (TILE_W, TILE_H)
        ncols = max(1, (width - MARGIN) // tw)
        nrows = max(1, (height - 1) // th)
        row, col = self.cursor_tile
        orow, ocol = self.origin
        view = self.view
        if view is not None and self._phase() is None and self.seen is not None and self.seen.viewer is None:
            # Nobody steers: centre the city.
            top, left, bottom, right = bounds(view, 1)
            row, col = (top + bottom) // 2, (left + right) // 2
            orow, ocol = row - nrows // 2, col - ncols // 2
        if view is not None:
            top, left, bottom, right = bounds(view, 1)
            if bottom - top < nrows and right - left < ncols:
                # The whole city fits: keep it still and centred, whatever the cursor does.
                orow = top - (nrows - (bottom - top + 1)) // 2
                ocol = left - (ncols - (right - left + 1)) // 2
        if col < ocol:
            ocol = col
        elif col >= ocol + ncols:
            ocol = col - ncols + 1
        if row < orow:
            orow = row
        elif row >= orow + nrows:
            orow = row - nrows + 1
        self.origin = (orow, ocol)

    def map_text(self, width: int, height: int) -> Text:
        view = self.view
        if view is None:
            return Text("")
        self._follow_cursor(width, height)
        return render_city(view, self._marks(), self.origin, (width, height), self.overview)

    def _panel_is_open(self) -> bool:
        if self.panel_open is not None:
            return self.panel_open
        return self.size.height >= 30 or self.size.height == 0

    def refresh_all(self) -> None:
        if not self.is_mounted or self.seen is None:
            return
        self.refresh_bindings()
        self.query_one("#tl-status", Static).update(literal(status_text(self)))
        self.query_one("#tl-panel", Panel).update(literal(panel_text(self)))
        self.query_one(CityMap).refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_all()

    def on_mount(self) -> None:
        self.refresh_all()
