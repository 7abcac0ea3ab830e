"""What one drawing of Tàin's table depends on, as one frozen value: the view, the seats, the
palette and the viewer's own marks (the kind chosen, the slot under the cursor, the slots it may
take). The body makes a fresh `Look` for every drawing from the state it keeps per seat, so
nothing of one seat's marks is drawn for another."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tain.rules.actions import Area
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.view import TainView
from boardgames_tui.ui.kit import Palette

Cell = tuple[Area, int, int]
"""A slot on screen: (area, board, entrance); board and entrance are -1 for the kingdom."""
PASS_CELL: Cell = (Area.RAID, -2, -2)
"""The Pass button, kept in the cursor grid so Enter can reach it."""
FK_CELL: Cell = (Area.RAID, -1, -1)


@dataclass(frozen=True, slots=True)
class Look:
    """What one drawing of the table depends on: the view, the viewer's seats and the cursor."""

    view: TainView
    seats: tuple[SeatInfo, ...]
    viewer: int | None
    pal: Palette
    kind: Kind | None
    """The token kind chosen for placing (None when not placing)."""
    cursor: Cell | None
    """The slot under the cursor while placing."""
    legal: frozenset[Cell]
    """Slots the chosen kind may go to now."""
    placing: bool
