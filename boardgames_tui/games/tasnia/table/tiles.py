"""Tasnia's pieces in the kit's terms: tile faces, resource and special cards, cost icons.

A tile is drawn in its material (wood or stone, each with its own fill pattern), with its door,
windows or roof as shapes (◢ left slope, ▲ peak, ◣ right slope, ▀ flat stone roof, ♜ tower
peak), and a gold star in its top edge when it is the unique copy of its type.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from rich.text import Text

from boardgames_tui.games.tasnia.rules.components import (
    CARPENTER,
    GOLD,
    IRON,
    SILVER,
    SPECIALS,
    STONE,
    STONE_CODES,
    TYPES,
    WOOD,
    is_star,
)
from boardgames_tui.ui.kit import (
    Block,
    CardState,
    Count,
    Entry,
    Half,
    Palette,
    TileFace,
    TileState,
    card,
    compact_tile,
    icon,
    legend,
    tile,
)
from boardgames_tui.ui.kit.icons import ascii_mode, pick
from boardgames_tui.ui.kit.tile import Glyph

STAR_COLOUR = "#F2C230"
SPECIAL_COLOUR = "#CC79A7"
KIND_ICON = {WOOD: "wood", STONE: "stone", IRON: "iron", CARPENTER: "carpenter", SILVER: "silver", GOLD: "gold"}
KIND_COLOUR = {
    WOOD: "#C68642",
    STONE: "#A9AEB6",
    IRON: "#7FA7CF",
    CARPENTER: "#E58A3A",
    SILVER: "#D9DDE3",
    GOLD: "#E8B923",
}
_BLANK: Glyph = ("", "")


ROOF_INK = {"wood": "#4A2208", "stone": "#2E3238"}
"""Roofs are drawn as dark shapes on the tile's material: shingles on wood, slate on stone."""


def _content(code: str) -> list[Glyph]:
    """The shapes on a tile of type `code`, one row of up to three glyphs."""
    roof = f"bold {ROOF_INK['stone' if code in STONE_CODES else 'wood']}"
    full = (pick("█", "#"), roof)
    door, window = (icon("door"), ""), (icon("window"), "")
    return {
        "D": [_BLANK, door, _BLANK],
        "T": [_BLANK, door, _BLANK],
        "W": [_BLANK, window, _BLANK],
        "S": [window, _BLANK, window],
        "B": [],
        "/": [(icon("slope_left"), roof), full, full],
        "\\": [full, full, (icon("slope_right"), roof)],
        "^": [(icon("slope_left"), roof), full, (icon("slope_right"), roof)],
        "=": [(icon("flat_roof"), roof)] * 3,
        "A": [_BLANK, (icon("tower"), roof), _BLANK],
    }[code]


def _tall_content(code: str) -> list[list[Glyph]]:
    """The shapes on a tile with a 5×2 inside (a 7×4 tile): roofs as slopes across two rows."""
    roof = f"bold {ROOF_INK['stone' if code in STONE_CODES else 'wood']}"
    b, full = _BLANK, (pick("█", "#"), roof)
    left, right = (icon("slope_left"), roof), (icon("slope_right"), roof)
    door, window = (icon("door"), ""), (icon("window"), "")
    return {
        "D": [[b, b, door, b, b], [b, b, door, b, b]],
        "T": [[b, b, door, b, b], [b, b, door, b, b]],
        "W": [[b, b, window, b, b], []],
        "S": [[b, window, b, window, b], [b, window, b, window, b]],
        "B": [],
        "/": [[b, b, b, left, full], [b, left, full, full, full]],
        "\\": [[full, right, b, b, b], [full, full, full, right, b]],
        "^": [[b, left, full, right, b], [left, full, full, full, right]],
        "=": [[(icon("flat_roof"), roof)] * 5, []],
        "A": [[b, b, (icon("peak"), roof), b, b], [b, left, full, right, b]],
    }[code]


def material(tile_code: str) -> str:
    return "stone" if tile_code[0] in STONE_CODES else "wood"


def face(tile_code: str, border: str | None = None, *, tall: bool = False) -> TileFace:
    """The face of a tile (`"^*"` is the gold-star peak); `tall` for tiles with two inner rows."""
    star = (icon("star"), f"bold {STAR_COLOUR}") if is_star(tile_code) else None
    if tall:
        rows = [row if row else [_BLANK] * 5 for row in _tall_content(tile_code[0])]
        return TileFace(material(tile_code), rows if any(any(g for g, _ in r) for r in rows) else [],
                        (star, None, None, None), border)  # fmt: skip
    content = _content(tile_code[0])
    return TileFace(material(tile_code), [content] if content else [], (star, None, None, None), border)


def tile_block(
    tile_code: str | None,
    state: TileState = TileState.PLAIN,
    *,
    width: int = 5,
    height: int = 3,
    border: str | None = None,
    pal: Palette,
) -> Block:
    """A tile (or an empty space) as a kit tile block."""
    shape = face(tile_code, border, tall=height >= 4 and width >= 7) if tile_code else None
    return tile(shape, state=state, width=width, height=height, pal=pal)


def tile_line(tile_code: str, state: TileState = TileState.PLAIN, *, pal: Palette) -> Text:
    """A tile as three cells on one line (other seats' areas, the stockpile at small sizes)."""
    return compact_tile(face(tile_code), state=state, pal=pal)


def kind_icon(kind: str) -> Text:
    """One card kind's icon in its colour (a special card: ✦)."""
    if kind in SPECIALS:
        return Text(icon("envoy"), style=f"bold {SPECIAL_COLOUR}")
    return Text(icon(KIND_ICON[kind]), style=f"bold {KIND_COLOUR[kind]}")


def cost_text(cost: Sequence[str]) -> Text:
    """A price as its resource icons, e.g. ≡⊤▬ for Wood, Carpenter, Iron."""
    text = Text(no_wrap=True)
    for kind in cost:
        text.append_text(kind_icon(kind))
    return text


def cards_words(cards: Sequence[str]) -> str:
    """Cards in words: "2 Gold, Stone"."""
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in Counter(cards).items())


def hand_cards(hand: Sequence[str], chosen: Sequence[str], *, pal: Palette) -> list[Block]:
    """The hand as one card per kind held, its count on it; kinds in `chosen` (the payment or the
    trade about to be made) are drawn selected. Special cards carry ✦ and their own colour."""
    out = []
    picked = Counter(chosen)
    for kind, n in Counter(hand).items():
        special = kind in SPECIALS
        glyph = "envoy" if special else KIND_ICON[kind]
        colour = SPECIAL_COLOUR if special else KIND_COLOUR[kind]
        count = Count(glyph, n if n > 1 else None, colour)
        note = f"{picked[kind]} paid" if picked[kind] and picked[kind] < n else ""
        state = CardState.SELECTED if picked[kind] else CardState.NORMAL
        out.append(
            card(
                kind,
                [Half([[count]], note=note)],
                state=state,
                colour=SPECIAL_COLOUR if special else None,
                width=max(9, len(kind) + 6, len(note) + 6),
                pal=pal,
            )
        )
    return out


def tile_cost(tile_code: str) -> tuple[str, str, str]:
    return TYPES[tile_code[0]].cost


PRICE_ENTRIES: tuple[Entry, ...] = ("wood", "stone", "iron", "carpenter", "silver", "gold")
"""The cards' icons a price is written in: their key stands under (or beside) the market."""

LEGEND_ENTRIES: tuple[Entry, ...] = (
    "star",
    "locked",
    ("legal", "fits"),
    ("selected", "you can pay"),
    ("envoy", "special"),
    ("done", "complete, score on its roof"),
    ("waiting", "open"),
)


ARROWS = ("arrow_left", "arrow_right", "arrow_up", "arrow_down")
"""The arrows beside an area's row and column numbers when part of it is out of view."""

SCROLLED_ENTRY: Entry = (ARROWS, "more that way")
"""The legend's entry for those arrows, while the area scrolls (at 80×24 just "more")."""


def full_legend_entries(*, scrolled: bool) -> tuple[Entry, ...]:
    """The legend at full size, with the arrows' entry while the area scrolls."""
    return (*LEGEND_ENTRIES, SCROLLED_ENTRY) if scrolled else LEGEND_ENTRIES


def short_legend_entries(*, building: bool, buying: bool, scrolled: bool = False) -> tuple[Entry, ...]:
    """The legend at small sizes: the marks the compact table can show now (✚ only while building,
    ✔ only while buying; a special card is named beside its ✦ there; the arrows while the area
    scrolls, which it does only while building), so it keeps to one line."""
    shown = tuple(
        entry
        for entry in LEGEND_ENTRIES
        if entry not in (("envoy", "special"),)
        and (building or entry != ("legal", "fits"))
        and (buying or entry != ("selected", "you can pay"))
    )
    return (*shown, (ARROWS, "more")) if scrolled else shown


def legend_lines(width: int, *, pal: Palette, entries: Sequence[Entry] = LEGEND_ENTRIES) -> list[Text]:
    """The legend of the icons on the table (or of `entries`), broken between entries onto as
    many lines of at most `width` cells as it needs (never cut). Measured once per width: the
    table asks for it several times a frame."""
    return [line.copy() for line in _legend_lines(width, pal, tuple(entries), ascii_mode())]


@lru_cache(maxsize=64)
def _legend_lines(width: int, pal: Palette, entries: tuple[Entry, ...], _ascii: bool) -> list[Text]:
    lines: list[list[Entry]] = [[]]
    for entry in entries:
        if lines[-1] and legend([*lines[-1], entry], pal=pal).cell_len > width:
            lines.append([])
        lines[-1].append(entry)
    return [legend(line, colours=KIND_ICON_COLOURS, pal=pal) for line in lines]


KIND_ICON_COLOURS = {KIND_ICON[kind]: colour for kind, colour in KIND_COLOUR.items()}
"""The cards' icons in the legends take their cards' colours."""


def price_key(width: int, *, pal: Palette, short: bool = False) -> list[Text]:
    """The key to the prices' icons, in lines of at most `width` cells: "prices:", each
    card's icon with its name, and that a special card pays instead (`short`: without the
    heading, to stand beside the small market)."""
    entries = [*PRICE_ENTRIES, ("envoy", "or a special")]
    if short:
        return legend_lines(width, pal=pal, entries=entries)
    head = Text("prices:", style="bold")
    whole = legend(entries, colours=KIND_ICON_COLOURS, pal=pal)
    if head.cell_len + 2 + whole.cell_len <= width:
        return [Text.assemble(head, "  ", whole)]
    return [head, *legend_lines(width, pal=pal, entries=entries)]
