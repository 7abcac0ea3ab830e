"""One seat's pieces drawn: its hand, its stockpile, its building lines and its summary line
(score, hand, limits), broken between parts when too long."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.games.tasnia.rules.view import BuildingView, SeatView
from boardgames_tui.games.tasnia.table.area import CELL
from boardgames_tui.games.tasnia.table.tiles import hand_cards, kind_icon, tile_block, tile_line
from boardgames_tui.ui.kit import Block, Palette, TileState, beside, flow, icon, stack


# --- a hand and a stockpile -----------------------------------------------------------------
def hand_block(seat: SeatView, chosen: Sequence[str], *, width: int, compact: bool, pal: Palette) -> Block:
    """The viewer's hand as cards (compact: icons and names on one line); `chosen` is selected."""
    assert seat.hand is not None
    title = Text(f"hand {seat.hand_size} (gathers to {seat.hand_limit})", style="bold")
    if not seat.hand:
        return Block.of([title.append("  empty", style=pal.muted)])
    if compact:
        line = title.append("  ")
        for kind in dict.fromkeys(seat.hand):
            n = seat.hand.count(kind)
            line.append_text(kind_icon(kind))
            line.append(kind + (f"×{n}" if n > 1 else ""), style="bold reverse" if kind in chosen else "")
            line.append("  ")
        return Block.of([line])
    cards = flow(hand_cards(seat.hand, chosen, pal=pal), width, gap=1)
    return stack([Block.of([title]), cards])


def stock_block(seat: SeatView, *, clickable: bool, chosen: str | None, compact: bool, pal: Palette) -> Block:
    """The stockpile as tiles, numbered 1-9 for the keys when the viewer is building."""
    label = Text("stockpile", style="bold")
    kinds = list(dict.fromkeys(seat.stock))
    if not kinds:
        return Block.of([label.append("  empty", style=pal.muted)])
    if compact:
        line = label.append(" ")
        hits = []
        for i, tile in enumerate(kinds):
            start = line.cell_len
            number = f"{i + 1}:" if clickable and i < 9 else ""
            line.append(number, style="bold")
            line.append_text(tile_line(tile, TileState.CURSOR if tile == chosen else TileState.PLAIN, pal=pal))
            count = seat.stock.count(tile)
            line.append(f"×{count} " if count > 1 else " ")
            if clickable:
                hits.append((0, start, line.cell_len, ("stock", tile)))
        block = Block.of([line])
        block.hits.extend(hits)
        return block
    blocks = [Block.of([Text(""), label, Text("")])]
    for i, tile in enumerate(kinds):
        state = TileState.CURSOR if tile == chosen else TileState.PLAIN
        count = seat.stock.count(tile)
        caption = Text(f"{i + 1}" if clickable and i < 9 else " ", style="bold")
        caption.append(f" ×{count}" if count > 1 else "")
        piece = stack([tile_block(tile, state, pal=pal), Block.of([caption], CELL[0])])
        blocks.append(piece.target(("stock", tile)) if clickable else piece)
    return beside(blocks, gap=1)


def building_entry(index: int, b: BuildingView, *, pal: Palette, short: bool = False) -> Text:
    """One short line for a building: number, complete mark, tiles, points and its cards
    (`short`: the mark without its word, for small terminals)."""
    text = Text(f"{index + 1} ", style="bold")
    if b.complete:
        text.append(icon("done") + ("" if short else " complete"), style=f"bold {pal.text_success}")
    else:
        text.append(icon("waiting") + ("" if short else " open"), style=pal.text_warning)
    gap = " " if short else "  "
    text.append(f"{gap}{b.size} {'tile' if b.size == 1 else 'tiles'} {b.points} pts", style=pal.foreground)
    for card in b.cards:
        text.append(" ")
        text.append_text(kind_icon(card))
        text.append(card, style="bold")
    return text


def buildings_block(seat: SeatView, *, width: int, pal: Palette, short: bool = False) -> Block:
    """Every building's short line, flowed into columns."""
    entries = [Block.of([building_entry(i, b, pal=pal, short=short)]) for i, b in enumerate(seat.buildings)]
    if not entries:
        return Block.of([Text("no buildings yet", style=pal.muted)])
    column = max(e.width for e in entries) + 2
    return flow([Block.of([e.lines[0]], column) for e in entries], width, gap=0)


def seat_summary(seat: SeatView, *, pal: Palette) -> Text:
    """Board points, hand size and the buildings' count: e.g. `board 27 · hand 6 · 2✓ of 4`."""
    return Text(" · ", style=pal.muted).join(seat_summary_parts(seat, pal=pal))


def seat_summary_parts(seat: SeatView, *, pal: Palette) -> list[Text]:
    """The pieces of `seat_summary`, so a narrow column can break the line between them."""
    done = sum(1 for b in seat.buildings if b.complete)
    points = Text(f"board {seat.board.total}", style="bold")
    if seat.card_points is not None:
        points.append(f" + cards {seat.card_points}", style="bold")
    return [
        points,
        Text(f"hand {seat.hand_size}", style=pal.muted),
        Text(f"{done}{icon('done')} of {len(seat.buildings)}", style=pal.muted),
        Text(f"largest {seat.board.largest}", style=pal.muted),
    ]


def wrap_parts(head: Text, parts: Sequence[Text], width: int, *, pal: Palette, indent: int = 2) -> list[Text]:
    """`head` followed by `parts` joined by " · ", broken between parts into lines of at most
    `width` cells (the later lines indented), so a seat's line is shown whole rather than cut."""
    lines = [head.copy()]
    for part in parts:
        line = lines[-1]
        fresh = line.plain.endswith(" ") or not line.plain  # nothing to separate from yet
        sep = "" if fresh else " · "
        if not fresh and line.cell_len + len(sep) + part.cell_len > width:
            lines.append(Text(" " * indent))
            line, sep = lines[-1], ""
        line.append(sep, style=pal.muted)
        line.append_text(part)
    return lines


def stock_line(seat: SeatView, *, pal: Palette) -> Text:
    line = Text("stock ", style=pal.muted)
    if not seat.stock:
        return line.append("empty", style=pal.muted)
    for tile in dict.fromkeys(seat.stock):
        line.append_text(tile_line(tile, pal=pal))
        count = seat.stock.count(tile)
        line.append(f"×{count} " if count > 1 else " ")
    return line


def broken(line: Text, width: int, pal: Palette) -> list[Text]:
    """A status line too long for `width` broken at its " · " into lines (the score change is
    never cut off at 80 columns)."""
    if line.cell_len <= width:
        return [line]
    head, *parts = line.split(" · ")
    return [piece for part in wrap_parts(head, parts, width, pal=pal) for piece in words_wrapped(part, width)]


def words_wrapped(line: Text, width: int, *, indent: int = 2) -> list[Text]:
    """`line` broken at spaces into lines of at most `width` cells (the later ones indented); a
    word longer than a line is left to be cut."""
    out: list[Text] = []
    while line.cell_len > width:
        cut = line.plain.rfind(" ", indent + 1, width + 1)
        if cut <= indent:
            break
        out.append(line[:cut])
        line = Text(" " * indent).append_text(line[cut + 1 :])
    return [*out, line]
