"""Tasnia's market drawn: the seven stacks as tiles with their prices, the chosen stack's
line, and the market folded to one line while building."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tasnia.rules.components import tile_name
from boardgames_tui.games.tasnia.rules.view import TasniaView
from boardgames_tui.games.tasnia.table.tiles import (
    STAR_COLOUR,
    cost_text,
    kind_icon,
    tile_block,
    tile_cost,
    tile_line,
)
from boardgames_tui.ui.kit import Block, Palette, TileState, beside, icon, stack


# --- the market -----------------------------------------------------------------------------
def market_block(view: TasniaView, cursor: int | None, buyable: set[int], *, compact: bool, pal: Palette) -> Block:
    """The seven stacks as tiles: the face-up top, its price as icons and how many are left."""
    width, height = (7, 3) if compact else (9, 4)
    blocks = []
    for i, (top, size) in enumerate(zip(view.market, view.stack_sizes, strict=True)):
        if top is None:
            piece = tile_block(None, width=width, height=height, pal=pal)
            caption = Text(f"{i + 1} empty", style=pal.muted)
        else:
            state = TileState.CURSOR if cursor == i else TileState.PLAIN
            piece = tile_block(top, state, width=width, height=height, pal=pal)
            caption = Text(f"{i + 1}", style=f"bold {pal.foreground}" if cursor == i else pal.muted)
            if i in buyable:
                caption.append(icon("selected"), style=f"bold {pal.text_success}")
            else:
                caption.append(" ")
            caption.append_text(cost_text(tile_cost(top)))
            caption.append(f"×{size}" if compact else f" ×{size}", style=pal.muted)
            if compact and size >= 10:  # "1 ▦▬○×11" would pass the tile's width: the gap goes
                caption = caption[:1] + caption[2:]
        blocks.append(stack([piece, Block.of([caption], width)]).target(("stack", i)))
    return beside(blocks, gap=1)


def market_title(view: TasniaView, *, pal: Palette) -> Text:
    empty = sum(1 for s in view.stack_sizes if not s)
    text = Text("MARKET", style="bold")
    text.append(f"  stacks emptied {empty} of {view.empty_to_end}", style=f"bold {pal.text_warning}" if empty else "")
    text.append(f" (the game ends at {view.empty_to_end})", style=pal.muted)
    text.append(f"  {icon('pile')} draw {view.draw_size}  · discards {len(view.discard)}", style=pal.muted)
    return text


def stack_line(view: TasniaView, stack_index: int, *, pal: Palette, alternative: bool = True) -> Text:
    """What the stack under the cursor is: its tile, price and (`alternative`; the price key under
    the market says it too) that any one special card pays instead."""
    top = view.market[stack_index]
    if top is None:
        return Text(f"Stack {stack_index + 1} is empty.", style=pal.muted)
    text = Text(f"Stack {stack_index + 1}: {tile_name(top)}", style="bold")
    if top.endswith("*"):
        text.append(f" {icon('star')}", style=f"bold {STAR_COLOUR}")
    text.append(" · costs ")
    for index, kind in enumerate(tile_cost(top)):
        text.append(", " if index else "")
        text.append_text(kind_icon(kind))
        text.append(kind)
    if alternative:
        text.append(" (or any one special card)", style=pal.muted)
    return text


def market_line(view: TasniaView, *, pal: Palette) -> Text:
    """The market in one line (nothing can be bought while building): each stack's number, its
    top tile and how many tiles are left."""
    line = Text("market ", style="bold")
    for i, (top, size) in enumerate(zip(view.market, view.stack_sizes, strict=True)):
        line.append(f"{i + 1}", style=pal.muted)
        if top is None:
            line.append(" empty ", style=pal.muted)
            continue
        line.append_text(tile_line(top, pal=pal))
        line.append(f"×{size} ", style=pal.muted)
    return line
