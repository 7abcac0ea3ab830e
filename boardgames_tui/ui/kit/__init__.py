"""The table kit: cards, tiles, tokens, tracks, bars, seat chips and legends for the game screens.

No rule lives here: a screen decides what to draw, the kit only draws it. Every element is a
Rich renderable (a `Text` for one line, a `Block` for more) with a known size; blocks are laid
out with `beside`, `stack` and `flow` and copied onto a game's Canvas with `draw_on`. Icons come
from one table with ASCII fallbacks (`icons`); colours from the app's theme (`palette_of`).
The picker never imports this package, so start-up does not pay for it.
"""

from boardgames_tui.ui.kit.bars import Bar, bars
from boardgames_tui.ui.kit.block import Block, beside, draw_on, fit, flow, stack
from boardgames_tui.ui.kit.card import (
    CARD_WIDTH,
    PILE_SIZE,
    CardState,
    Half,
    card,
    card_back,
    card_height,
    compact_card,
    pile,
)
from boardgames_tui.ui.kit.chip import chip, compact_chip, seat_colour, seat_glyph
from boardgames_tui.ui.kit.icons import ICONS, Icon, ascii_mode, icon, set_ascii
from boardgames_tui.ui.kit.legend import Entry, legend
from boardgames_tui.ui.kit.palette import DARK, MATERIALS, Palette, palette_of
from boardgames_tui.ui.kit.ring import ring, ring_room, ring_spots
from boardgames_tui.ui.kit.spark import score_lines, sparkline
from boardgames_tui.ui.kit.tile import (
    TILE_HEIGHT,
    TILE_MIN,
    TILE_WIDTH,
    TileFace,
    TileState,
    compact_tile,
    empty_space,
    rotate,
    tile,
)
from boardgames_tui.ui.kit.token import Count, counter, counters, token, token_back, token_face
from boardgames_tui.ui.kit.track import Marker, compact_track, track

__all__ = [
    "CARD_WIDTH",
    "DARK",
    "ICONS",
    "MATERIALS",
    "PILE_SIZE",
    "TILE_HEIGHT",
    "TILE_MIN",
    "TILE_WIDTH",
    "Bar",
    "Block",
    "CardState",
    "Count",
    "Entry",
    "Half",
    "Icon",
    "Marker",
    "Palette",
    "TileFace",
    "TileState",
    "ascii_mode",
    "bars",
    "beside",
    "card",
    "card_back",
    "card_height",
    "chip",
    "compact_card",
    "compact_chip",
    "compact_tile",
    "compact_track",
    "counter",
    "counters",
    "draw_on",
    "empty_space",
    "fit",
    "flow",
    "icon",
    "legend",
    "palette_of",
    "pile",
    "ring",
    "ring_room",
    "ring_spots",
    "rotate",
    "score_lines",
    "seat_colour",
    "seat_glyph",
    "set_ascii",
    "sparkline",
    "stack",
    "tile",
    "token",
    "token_back",
    "token_face",
    "track",
]
