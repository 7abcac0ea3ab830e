"""What the kit gallery shows: every kit element in every state, drawn for one palette and width.

Each exhibit is a title, a line saying what to look for, and a function from (palette, width)
to a renderable. The sample seats include names that look like markup, so the gallery also shows
that names are drawn literally.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui import kit
from boardgames_tui.ui.kit import (
    Bar,
    Block,
    CardState,
    Count,
    Half,
    Marker,
    Palette,
    TileFace,
    TileState,
    stack,
)
from boardgames_tui.ui.kit.grid import GridTile, tile_grid

SEATS = (
    SeatInfo("Ann", "orange", "●"),
    SeatInfo("[/]", "sky blue", "▲"),
    SeatInfo("Ségolène", "green", "■"),
    SeatInfo("[bold]Bo", "vermilion", "✚"),
)
FACTION = {"knight": "#D55E00", "merchant": "#E69F00", "monk": "#56B4E9", "envoy": "#CC79A7"}


@dataclass(frozen=True)
class Exhibit:
    """One section of the gallery."""

    title: str
    note: str
    draw: Callable[[Palette, int], RenderableType]


def _f(name: str, n: int | None = None) -> Count:
    return Count(name, n, FACTION.get(name))


HALVES = (Half([[_f("knight", 2), _f("merchant", 1)]]), Half([[_f("monk", 1), Count("coin")]], note="B"))


def _labelled(block: Block, label: str, pal: Palette) -> Block:
    """A block with a caption under it, as wide as the block."""
    width = max(block.width, len(label))
    return stack([block, Block.of([Text(label, style=pal.muted)], width)])


def _cards(pal: Palette, width: int) -> RenderableType:
    samples = [
        (kit.card("Card 7", HALVES, card_id="7", pal=pal), "with its id"),
        (kit.card("Card", HALVES, lit=0, pal=pal), "half A lit"),
        (kit.card("Card", HALVES, state=CardState.SELECTED, pal=pal), "selected"),
        (kit.card("Card", HALVES, state=CardState.DISABLED, pal=pal), "disabled"),
        (kit.card("", HALVES, state=CardState.FACE_DOWN, owner=SEATS[1], pal=pal), "face down"),
        (kit.card("Envoy", [Half([[_f("envoy", 1)]])], colour=FACTION["envoy"], pal=pal), "own colour"),
        (kit.card("Tall", [Half([[_f("knight", 3)], [Count("coin", 2)]])], width=10, pal=pal), "10 wide"),
    ]
    return kit.flow([_labelled(b, t, pal) for b, t in samples], width, gap=1, row_gap=1)


def _compact_cards(pal: Palette, width: int) -> RenderableType:
    line = Text()
    for state, lit in (
        (CardState.NORMAL, None),
        (CardState.NORMAL, 1),
        (CardState.SELECTED, None),
        (CardState.DISABLED, None),
        (CardState.FACE_DOWN, None),
    ):
        line.append_text(kit.compact_card(HALVES, state=state, lit=lit, owner=SEATS[0], pal=pal))
        line.append("  ")
    return line


def _face(pal: Palette) -> TileFace:
    door, window, roof = kit.icon("door"), kit.icon("window"), kit.icon("roof")
    ink = kit.MATERIALS["wood"].ink
    return TileFace(
        "wood",
        [[(roof, f"bold {ink}")], [(window, ink), (door, f"bold {ink}"), (window, ink)]],
        ((kit.icon("water"), "bold #56B4E9"), None, (kit.icon("door"), f"bold {pal.foreground}"), None),
    )


def _tiles(pal: Palette, width: int) -> RenderableType:
    face = _face(pal)
    samples = [(kit.tile(face, state=state, pal=pal), state.value) for state in TileState]
    samples.append((kit.empty_space(TileState.LEGAL, pal=pal), "empty, legal"))
    samples.append((kit.empty_space(pal=pal), "empty"))
    samples += [(kit.tile(face, rotation=q, pal=pal), f"turned {q * 90}°") for q in (1, 2, 3)]
    samples.append((kit.tile(face, width=5, height=3, pal=pal), "5×3"))
    samples.append((kit.tile(face, width=9, height=5, pal=pal), "9×5"))
    compact = Text()
    for state in TileState:
        compact.append_text(kit.compact_tile(_face(pal), state=state, pal=pal))
        compact.append(" ")
    compact.append_text(kit.compact_tile(None, state=TileState.LEGAL, pal=pal))
    samples.append((Block.of([compact]), "one-line: each state, empty legal"))
    return kit.flow([_labelled(b, t, pal) for b, t in samples], width, gap=2, row_gap=1)


def _grid(pal: Palette, width: int) -> RenderableType:
    water = (kit.icon("water"), "bold #56B4E9")
    ink = pal.foreground

    def placed(state: TileState, edges: tuple[object, ...]) -> GridTile:
        lines = [Text(" " * 7), Text("  [3]  ", style=f"bold {ink}"), Text(" " * 7)]
        return GridTile(lines, edges, state)  # type: ignore[arg-type]

    rows = [
        [placed(TileState.PLAIN, (None, water, None, None)), placed(TileState.CURSOR, (None, water, water, water)),
         GridTile(state=TileState.LEGAL, placed=False)],
        [placed(TileState.LEGAL, (None, None, None, None)), placed(TileState.PLAIN, (water, None, None, None)),
         GridTile([Text("  [2]  ", style="dim")], (None, None, None, None), TileState.GHOST, placed=False)],
    ]
    block = tile_grid(rows, (7, 3), pal=pal)
    return _labelled(block, "plain · cursor · empty legal / placed legal · plain · ghost", pal)


def _materials(pal: Palette, width: int) -> RenderableType:
    blocks = [_labelled(kit.tile(TileFace(name), width=7, height=3, pal=pal), name, pal) for name in kit.MATERIALS]
    return kit.flow(blocks, width, gap=2)


def _tokens(pal: Palette, width: int) -> RenderableType:
    line = Text()
    for item in (Count("cow", 3), Count("jewel", 2), Count("gold", 4, "#C9A227"), Count("silver", 1)):
        line.append_text(kit.token(item, pal=pal))
        line.append(" ")
    for seat in SEATS[:3]:
        line.append_text(kit.token(Count("warrior", 2), seat, pal=pal))
        line.append(" ")
    line.append("  tokens; on the owner's colour", style=pal.muted)
    backs = Text()
    for seat in SEATS:
        backs.append_text(kit.token_back(seat))
        backs.append(" ")
    backs.append_text(kit.token_back(SEATS[0], 3))
    backs.append(" ")
    backs.append_text(kit.token_face(SEATS[0], "chieftain"))
    backs.append("  face-down tokens (one, a stack of 3), one turned over", style=pal.muted)
    counts = kit.counters(
        [
            Count("cow", 5),
            Count("jewel", 1),
            Count("captive", 2),
            Count("pile", 31),
            Count("hand", 4),
            Count("jewel", 0),
        ],
        pal=pal,
    )
    counts.append("   ")
    counts.append_text(kit.counter(Count("coin", 12), times=True, pal=pal))
    counts.append("  counters", style=pal.muted)
    piles = [
        _labelled(kit.pile(12, SEATS[0], pal=pal), "hand", pal),
        _labelled(kit.pile(31, pal=pal), "draw", pal),
        _labelled(kit.pile(0, pal=pal), "empty", pal),
    ]
    return Group(line, Text(), backs, Text(), counts, Text(), kit.beside(piles, gap=2))


def _tracks(pal: Palette, width: int) -> RenderableType:
    markers = [Marker.of(SEATS[0], 12), Marker.of(SEATS[1], 12), Marker.of(SEATS[2], 37), Marker.of(SEATS[3], 64)]
    turns = kit.track(1, 8, [Marker.of(SEATS[0], 3)], current=3, width=width, pal=pal)
    days = [f"{d}{kit.icon(part)}" for d in range(1, 7) for part in ("day", "night")]
    day_track = kit.track(1, 12, [Marker.of(SEATS[1], 4)], labels=days, current=4, width=width, pal=pal)
    return Group(
        Text("turns 1–8, turn 3 now", style=pal.muted),
        turns,
        Text("days with morning and evening", style=pal.muted),
        day_track,
        Text("score 0–60, wrapped to the width (a marker past 60 listed under it)", style=pal.muted),
        kit.track(0, 60, markers, width=width, pal=pal),
        Text("the same, compact: one cell per space, one lane per marker sharing a space", style=pal.muted),
        kit.compact_track(0, 60, markers, pal=pal),
    )


def _bars(pal: Palette, width: int) -> RenderableType:
    dispute = [
        Bar(kit.chip(s, pal=pal), v, kit.seat_colour(s), note)
        for s, v, note in zip(SEATS[:3], (5, 3, 1), ("+2", "+1", "0"), strict=True)
    ]
    tie = [Bar(kit.chip(s, pal=pal), v, kit.seat_colour(s)) for s, v in zip(SEATS, (4, 4, 2, 0), strict=True)]
    bar_width = max(8, min(24, width - 40))
    return Group(
        Text("a dispute: the leader marked, the pay-out beside each", style=pal.muted),
        kit.bars(dispute, bar_width=bar_width, pal=pal),
        Text("a tie for the lead", style=pal.muted),
        kit.bars(tie, bar_width=bar_width, pal=pal),
    )


def _sparks(pal: Palette, width: int) -> RenderableType:
    scores = ([0, 2, 5, 9, 14, 14, 20, 26, 31], [0, 4, 6, 7, 9, 15, 18, 19, 24], [0, 1, 3, 8, 12, 17, 21, 29, 33])
    return kit.score_lines(list(zip(SEATS[:3], scores, strict=True)), width=min(width, 60), pal=pal)


def _rings(pal: Palette, width: int) -> RenderableType:
    seats = [
        kit.Block.of([kit.chip(s, width=7, pal=pal)], 7).target(("seat", i))
        for i, s in enumerate(SEATS * 2)
    ]
    centre = kit.Block.of([Text("the middle", style=pal.muted)])
    ring_width = min(width, 56)
    return kit.ring(seats, ring_width, 9, centre=centre, rim_style=pal.muted)


def _chips(pal: Palette, width: int) -> RenderableType:
    full = Text("  ").join(kit.chip(s, pal=pal) for s in SEATS)
    active = Text("  ").join(kit.chip(s, active=i == 1, pal=pal) for i, s in enumerate(SEATS))
    compact = Text("  ").join(kit.compact_chip(s, pal=pal) for s in SEATS)
    fixed = Text(" | ").join(kit.chip(s, width=8, pal=pal) for s in SEATS)
    return Group(full, active, compact, fixed)


def _legend(pal: Palette, width: int) -> RenderableType:
    return Group(
        kit.legend(["knight", "merchant", "monk", "envoy", "coin", "tower"], colours=FACTION, pal=pal),
        kit.legend(["cursor", "selected", "legal", "locked", "ghost", "disabled", "hidden"], pal=pal),
    )


def _icons(pal: Palette, width: int) -> RenderableType:
    entries = [Text.assemble((kit.icon(name), f"bold {pal.foreground}"), " ", (name, pal.muted)) for name in kit.ICONS]
    column = 16
    per_line = max(1, width // column)
    lines = [
        Text("").join(kit.fit(e, column) for e in entries[i : i + per_line]) for i in range(0, len(entries), per_line)
    ]
    return Group(*lines)


EXHIBITS = (
    Exhibit("Cards", "a frame, a title, two halves; the id only where the viewer may know it", _cards),
    Exhibit("Compact cards", "normal, half B lit, selected, disabled, face down", _compact_cards),
    Exhibit("Tiles", "edges, fill, content; cursor, ghost, legal, locked; turned", _tiles),
    Exhibit("Materials", "each fill has its own pattern, not only a colour", _materials),
    Exhibit("Tokens and counters", "icons with counts; backs in the owner's colour; piles of cards", _tokens),
    Exhibit("Tracks", "turns, days and a long score track", _tracks),
    Exhibit("Comparison bars", "one bar per seat", _bars),
    Exhibit("Score lines", "each seat's score across a game, on one scale, final value at the end", _sparks),
    Exhibit("Ring", "blocks around an oval, clockwise from the top, a block in the middle", _rings),
    Exhibit("Seat chips", "glyph, colour and the name as typed", _chips),
    Exhibit("Legend", "one line naming the icons on screen", _legend),
    Exhibit("Tile grid", "tiles sharing their edges; marks join across them; states by shape", _grid),
    Exhibit("Icons", "the whole icon set", _icons),
)


def exhibit_blocks(pal: Palette, width: int) -> list[RenderableType]:
    """Every exhibit drawn, for tests and exports (title, note, drawing)."""
    out: list[RenderableType] = []
    for exhibit in EXHIBITS:
        out.extend([Text(exhibit.title, style="bold"), Text(exhibit.note), exhibit.draw(pal, width)])
    return out
