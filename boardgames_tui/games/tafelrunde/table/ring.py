"""The round table drawn with the kit: a ring of hero plates around Draco, the purses in its
middle, and the seats' chips.

Pure drawing: every function takes what the view says and returns kit blocks or lines. The ring
keeps heroes where they sit: turning Draco flips his goblet and the pay-outs printed on the
plates, not the heroes. Seat 0 of the ring is Draco at the top; the goblet points to position 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tafelrunde.rules.components import (
    CASTLE_HEX,
    SILVER_PER_GOLD,
    ZORK,
    hero_colour,
    hero_kind,
)
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.ui import kit
from boardgames_tui.ui.kit import Block, Count, Palette
from boardgames_tui.ui.kit.block import BlockCache
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import icon, pick

CASTLE_LETTER = {"lilac": "L", "red": "R", "green": "G", "yellow": "Y"}
GOLD_HEX = "#D4AF37"
SILVER_HEX = "#C0C0C0"
PLATE_WIDTH = 12
COMPACT_PLATE_WIDTH = 15


@dataclass(frozen=True)
class Scene:
    """What the ring shows: an order (now or a preview), which side the goblet favours, the purses
    and Zork's side that go with it, and marks."""

    order: tuple[str, ...]  # heroes from position 1 to n, as in the view
    goblet_left: bool
    values: tuple[int, ...]
    zork_values: tuple[int, ...]
    nets: tuple[int, ...]
    money: tuple[int, ...]
    zork_owner: int | None
    """The seat Zork sides with in this scene (None: nobody)."""
    was: dict[str, int]
    """Heroes that would move in the preview, with their position now (1-based)."""
    cursor: str | None = None
    """The hero the highlighted choice names, if any."""
    targets: frozenset[str] = frozenset()
    """Heroes a click on the ring can pick now."""

    @property
    def all_targets(self) -> bool:
        """Every hero may be picked (then no plate needs a mark)."""
        return set(self.order) <= self.targets

    def pay(self, index: int) -> tuple[int, bool]:
        """The pay-out printed on the plate at `index`, and whether it counts: Zork's is what his
        side pays for him there (nothing in front); alone he counts for nobody."""
        if self.order[index] != ZORK:
            return self.values[index], True
        if self.zork_owner is None or not self.zork_values[index]:
            return self.values[index], False
        return self.zork_values[index], True


def castle_key(view: TableView, pal: Palette) -> Text:
    """The letters on the heroes' plates in words, one per castle in play ("L lilac  R red …"),
    each letter in its castle's colour: the letter is there so that colour is not the only sign."""
    key = Text(no_wrap=True)
    for colour in view.colours:
        if key:
            key.append("  ")
        key.append(CASTLE_LETTER[colour], style=f"bold {castle_hex(colour)}")
        key.append(f" {colour}", style=pal.muted)
    return key


def castle_hex(colour: str | None) -> str:
    return CASTLE_HEX.get(colour or "", "#AAAAAA")


def owner_glyph(view: TableView, seats: Sequence[SeatInfo], colour: str) -> str:
    seat = view.colours.index(colour)
    return kit.seat_glyph(seats[seat]) if seat < len(seats) else str(seat + 1)


def seat_chip(view: TableView, seats: Sequence[SeatInfo], seat: int, *, width: int | None = None,
              active: bool = False, pal: Palette = kit.DARK) -> Text:
    """A seat's glyph in its castle colour and its name (literal), as the kit draws chips."""
    info = seats[seat] if seat < len(seats) else SeatInfo(view.names[seat], "", str(seat + 1))
    shown = SeatInfo(view.names[seat], castle_hex(view.colours[seat]), info.glyph)
    return kit.chip(shown, width=width, active=active, pal=pal)


def pay_text(value: int) -> str:
    """"+4", "-2" (with a true minus sign outside ASCII), "" for nothing."""
    if not value:
        return ""
    return f"+{value}" if value > 0 else str(value)


# --- the ring --------------------------------------------------------------------------------
def hero_plate(view: TableView, seats: Sequence[SeatInfo], scene: Scene, index: int, *,
               compact: bool, pal: Palette) -> Block:
    """One hero's plate: position and pay-out in its top edge, owner glyph, kind and castle."""
    hero = scene.order[index]
    owner = scene.zork_owner if hero == ZORK else view.colours.index(hero_colour(hero) or "")
    glyph = kit.seat_glyph(seats[owner]) if owner is not None and owner < len(seats) else ""
    key = (hero, index, scene.pay(index), owner, glyph, hero == scene.cursor, scene.was.get(hero),
           hero in scene.targets and not scene.all_targets, view.colours, compact, pal)
    return _PLATES.get(key, lambda: _draw_plate(view, seats, scene, index, compact=compact, pal=pal))


_PLATES = BlockCache(512)


def _draw_plate(view: TableView, seats: Sequence[SeatInfo], scene: Scene, index: int, *,
                compact: bool, pal: Palette) -> Block:
    """Draws what `hero_plate` describes (uncached)."""
    hero = scene.order[index]
    position = index + 1
    value, counts = scene.pay(index)
    moved = scene.was.get(hero)
    doubled = hero == ZORK and counts and value < 0
    if hero == ZORK:
        body = _zork_body(view, seats, scene.zork_owner, doubled and moved is not None and not compact,
                          compact=compact, pal=pal)
        border = pal.muted
    else:
        castle = hero_colour(hero) or ""
        colour = castle_hex(castle)
        body = Text(owner_glyph(view, seats, castle) + ("" if compact else " "), style=f"bold {colour}")
        body.append(f"{hero_kind(hero) or ''} {CASTLE_LETTER.get(castle, '?')}", style=f"bold {colour}")
        border = colour
    tone = pal.muted if not counts else pal.text_success if value > 0 else pal.text_error
    pay = Text(pay_text(value), style=f"bold {tone}" if counts else tone)
    if compact:
        return _compact_plate(position, pay, body, hero, scene, moved, pal)
    line = Line.CURSOR if hero == scene.cursor else Line.GHOST if moved is not None else Line.PLAIN
    foot = None
    if moved is not None:
        arrow = icon("arrow_up") if position < moved else icon("arrow_down")
        foot = Text(f"{arrow}was {moved}", style=f"bold {pal.text_primary}")
    elif doubled:
        foot = Text("double", style=pal.text_error)
    elif hero in scene.targets and not scene.all_targets:
        foot = Text(icon("legal"), style=f"bold {pal.text_primary}")
    title = Text(str(position), style=f"bold {pal.foreground}")
    block = framed([body], PLATE_WIDTH, line, border, title=title, corner=pay if value else None, foot=foot)
    return block.target(("hero", hero))


def _zork_body(view: TableView, seats: Sequence[SeatInfo], owner: int | None, doubled: bool, *,
               compact: bool, pal: Palette) -> Text:
    """"Zork ▶ ▲": Zork and the glyph of the seat he sides with ("×2" where that seat pays
    double and the plate has no foot to say so), or "Zork alone"."""
    body = Text("Zork", style=f"bold {pal.foreground}")
    if owner is None:
        body.append(" -" if compact else " alone", style=pal.muted)
        return body
    colour = castle_hex(view.colours[owner])
    body.append(icon("arrow_right") if doubled else " " + icon("arrow_right") + " ", style=pal.muted)
    body.append(owner_glyph(view, seats, view.colours[owner]), style=f"bold {colour}")
    if doubled:
        body.append(pick(" ×2", " x2"), style=f"bold {pal.text_error}")
    return body


def _compact_plate(position: int, pay: Text, body: Text, hero: str, scene: Scene, moved: int | None,
                   pal: Palette) -> Block:
    """A plate on one line: `3+2 ▲ gnome G` (a mark before it when it moves or is highlighted)."""
    mark = " "
    if hero == scene.cursor:
        mark = icon("cursor")
    elif moved is not None:
        mark = icon("arrow_up") if position < moved else icon("arrow_down")
    text = Text(mark, style=f"bold {pal.text_primary}")
    text.append(f"{position:>2}", style=f"bold {pal.foreground}")
    text.append_text(kit.fit(pay, 2))
    text.append(" ")
    short = body.copy()
    text.append_text(short)
    return Block.of([text], COMPACT_PLATE_WIDTH).target(("hero", hero))


def draco_plate(goblet_on_left: bool, *, compact: bool, pal: Palette) -> Block:
    """Draco with the goblet pointing to the favoured side of the table (position 1)."""
    arrow = icon("arrow_left") if goblet_on_left else icon("arrow_right")
    name = Text("DRACO", style=f"bold {pal.text_warning}")
    goblet = Text(arrow + icon("goblet"), style=f"bold {pal.text_warning}")
    inner = goblet + Text(" ") + name if goblet_on_left else name + Text(" ") + Text(icon("goblet") + arrow,
                                                                                          style=goblet.style)
    if compact:
        return Block.of([Text(" ") + inner + Text(" ")], COMPACT_PLATE_WIDTH)
    return framed([inner], PLATE_WIDTH, Line.SELECTED, pal.text_warning)


def ring_blocks(view: TableView, seats: Sequence[SeatInfo], scene: Scene, *, compact: bool,
                pal: Palette) -> list[Block]:
    """Draco, then every hero in the clockwise order they sit in from Draco."""
    n = len(scene.order)
    plates = [hero_plate(view, seats, scene, i, compact=compact, pal=pal) for i in range(n)]
    # Position 1 sits beside Draco on the goblet side: left of him (counter-clockwise) or right.
    clockwise = plates[::-1] if scene.goblet_left else plates
    return [draco_plate(scene.goblet_left, compact=compact, pal=pal), *clockwise]


# --- purses ----------------------------------------------------------------------------------
def coins(silver: int, pal: Palette, *, changed: bool = False) -> Text:
    """Money as coins: gold ● and silver ○ (3 silver make a gold), with the total in silver
    (marked * when it is a preview's purse, not today's)."""
    gold, rest = divmod(silver, SILVER_PER_GOLD)
    text = kit.counters([Count("gold", gold, GOLD_HEX), Count("silver", rest, SILVER_HEX)], pal=pal)
    if not gold and not rest:
        text = Text(icon("silver") + "0", style=pal.muted)
    total = Text(f"={silver}", style=pal.muted)
    if changed:
        total.append("*", style=f"bold {pal.text_primary}")
    return kit.fit(text, 7) + kit.fit(total, 4)


def purse_lines(view: TableView, seats: Sequence[SeatInfo], scene: Scene, *, compact: bool,
                pal: Palette, zork: bool = True, whole_names: bool = False) -> list[Text]:
    """One line per seat: chip, coins, hand size, pay-out if the day ended now, Zork and Herold
    (in a preview: the purses, pay-outs and Zork's side it would lead to, * where they change).
    Without `zork` Zork's side is left to the note under the purses; with `whole_names` no name
    is cut (else the chips take at most 12 cells)."""
    widest = 4 + max(cell_len(name) for name in view.names)
    name_width = max(12, widest) if whole_names else min(12, max(8, widest)) if compact else 12
    head = Text(" " * (name_width + 1))  # only the words are underlined, as column heads
    gaps = (0, 6, 1) if compact else (0, 7, 2)
    for word, gap in zip(("purse", "hand", "pay")[: 2 if view.finished else 3], gaps, strict=False):
        head.append(" " * gap)
        head.append(word, style=f"underline {pal.muted}")
    lines = [head]
    for seat in range(len(view.names)):
        on_turn = not view.finished and view.on_turn == seat and view.phase in (Phase.ACT, Phase.DECLARE)
        line = seat_chip(view, seats, seat, width=name_width, active=on_turn, pal=pal)
        line.append(" ")
        line.append_text(coins(scene.money[seat], pal, changed=scene.money[seat] != view.money[seat]))
        line.append(f" {icon('hand')}{view.hand_sizes[seat]}", style=pal.foreground)
        if view.finished:  # no day is left to pay out
            lines.append(line)
            continue
        net = scene.nets[seat]
        line.append(f" {pay_text(net) or '0':>3}", style=f"bold {pal.text_success if net > 0 else pal.text_error}"
                    if net else pal.muted)
        line.append("*" if net != view.nets[seat] else " ", style=f"bold {pal.text_primary}")
        if zork and scene.zork_owner == seat:
            line.append(" Zork", style=f"bold {pal.foreground}")
            if view.zork_owner != seat:
                line.append("*", style=f"bold {pal.text_primary}")
        if view.start == seat:
            line.append(" " + icon("day" if view.part == 0 else "night"), style=f"bold {pal.text_warning}")
        lines.append(line)
    return lines


def zork_note(view: TableView, seats: Sequence[SeatInfo], scene: Scene, pal: Palette) -> Text:
    """Who Zork sides with in this scene and what he costs them where he sits; in a preview that
    changes his side, who he sides with now."""
    owner = scene.zork_owner
    moved = owner != view.zork_owner
    note = Text("Zork would side with " if moved else "Zork sides with ", style=pal.muted)
    if owner is None:
        note.append("nobody", style=pal.muted)
    else:
        note.append_text(seat_chip(view, seats, owner, pal=pal))
        cost = scene.zork_values[scene.order.index(ZORK)]
        note.append(f": pays {-cost}, double" if cost < 0 else " (double at the back)", style=pal.muted)
    if moved:
        note.append(" (now ", style=pal.muted)
        now = view.zork_owner
        note.append_text(seat_chip(view, seats, now, pal=pal) if now is not None else Text("nobody", style=pal.muted))
        note.append(")", style=pal.muted)
    return note
