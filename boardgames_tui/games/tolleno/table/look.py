"""What Tolleno's table draws for the seat looking, as one value: what the shell handed over (the
view, the legal actions and their labels) and that seat's cursor, rotation, carry choice, zoom
and panel. The drawing reads only this; the body replaces it as keys and clicks come in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_tui.games.tolleno.rules.actions import (
    BuildFloor,
    Carry,
    MoveBoat,
    PlaceContract,
    PlaceTile,
    TakeContract,
)
from boardgames_tui.games.tolleno.rules.geometry import Corner, Pos
from boardgames_tui.games.tolleno.rules.state import Phase, Space
from boardgames_tui.games.tolleno.rules.view import TollenoView, placement_reason
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.kit import seat_colour, seat_glyph


@dataclass(frozen=True)
class Seats:
    """How each seat is drawn on the map: its glyph and colour, by seat number."""

    glyphs: tuple[str, ...]
    colours: tuple[str, ...]

    def glyph(self, seat: int) -> str:
        return self.glyphs[seat] if seat < len(self.glyphs) else "ABCD"[seat]

    def colour(self, seat: int) -> str:
        return self.colours[seat] if seat < len(self.colours) else "#FFFFFF"


@dataclass(frozen=True)
class Look:
    """The seat's screen as a value: what it was shown and where its cursor stands."""

    seen: Seen | None = None
    cursor_tile: Pos = (0, 0)
    cursor_space: Space = ((0, 0), Corner.NW)
    rotation: int = 0
    """The held tile's quarter turns, as it would be placed."""
    carry_index: int = 0
    """Which carry choice is selected after sailing."""
    overview: bool = False
    """The map one short line per tile row (`z`) instead of the tiles in detail."""
    panel_open: bool | None = None
    """The panel opened or closed with `i`; None: open on a tall screen."""

    @property
    def view(self) -> TollenoView | None:
        return self.seen.view if self.seen is not None else None

    def actions(self) -> tuple[Any, ...]:
        """The legal actions the shell handed over (none when the viewer is not deciding)."""
        return self.seen.actions if self.seen is not None else ()

    def phase(self) -> Phase | None:
        """The step of the turn the seat is offered choices for (None: nothing to choose)."""
        view = self.view
        if view is None or not self.actions():
            return None
        return view.phase

    def deciding_seat(self) -> int | None:
        """The seat whose choices are shown (the viewer, on its own turn)."""
        view = self.view
        return view.current if view is not None and self.actions() else None

    def seat_marks(self) -> Seats:
        if self.seen is None:
            return Seats((), ())
        return Seats(tuple(seat_glyph(s) for s in self.seen.seats), tuple(seat_colour(s) for s in self.seen.seats))

    # --- the legal choices, read from the shell's list -----------------------------------------
    def placements(self) -> list[PlaceTile]:
        return [a for a in self.actions() if isinstance(a, PlaceTile)]

    def floor_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self.actions() if isinstance(a, BuildFloor)]

    def contract_spaces(self) -> list[Space]:
        return [(a.pos, a.corner) for a in self.actions() if isinstance(a, PlaceContract)]

    def boat_moves(self) -> list[MoveBoat]:
        return [a for a in self.actions() if isinstance(a, MoveBoat)]

    def carries(self) -> list[Carry]:
        """The carry choices offered after sailing, "nothing" first."""
        return [a for a in self.actions() if isinstance(a, Carry)]

    def takes(self) -> list[TakeContract]:
        return [a for a in self.actions() if isinstance(a, TakeContract)]

    def target_spaces(self) -> list[Space]:
        """The spaces the current step may use (floors, or the contract taken)."""
        phase = self.phase()
        if phase in (Phase.BUILD, Phase.SECOND):
            return self.floor_spaces()
        if phase is Phase.CONTRACT:
            return self.contract_spaces()
        return []

    def uses_spaces(self) -> bool:
        """True when the step chooses a corner space, not a tile."""
        return self.phase() in (Phase.BUILD, Phase.SECOND, Phase.CONTRACT)

    def pad(self) -> int:
        """How far around the city the map reaches: one ring of empty positions while placing a tile."""
        return 1 if self.phase() is Phase.PLACE else 0

    # --- the choice under the cursor ----------------------------------------------------------
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
        return placement_reason(view, seat, self.cursor_tile, self.rotation)
