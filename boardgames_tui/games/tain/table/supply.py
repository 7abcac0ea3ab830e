"""Behind the viewer's screen: the unused tokens by kind (each a key and a click) and the
face-down discard pile."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tain.rules.components import KINDS
from boardgames_tui.games.tain.rules.view import ClanView
from boardgames_tui.games.tain.table.legend import ICON, KEY
from boardgames_tui.games.tain.table.look import Look
from boardgames_tui.ui.kit import Block, Count, counter, icon
from boardgames_tui.ui.kit.frame import Line, framed


def screen_panel(look: Look, clan: ClanView, framed_form: bool) -> Block:
    """Behind the viewer's screen, by kind (each a key and a click), and the discard pile by kind."""
    pal = look.pal
    assert clan.screen is not None
    kinds = Text(no_wrap=True)
    hits = []
    for kind in KINDS:
        count = clan.screen[kind]
        start = kinds.cell_len
        chosen = look.placing and kind is look.kind
        style = f"bold {pal.text_primary} on {pal.highlight}" if chosen else ("bold" if count else pal.muted)
        piece = Text(KEY[kind], style=f"underline {style}") + Text(icon(ICON[kind]) + str(count), style=style)
        if chosen:
            piece = Text(icon("selected"), style=style) + piece
        elif not count:
            piece = Text(icon("disabled"), style=pal.muted) + piece
        else:
            piece = Text(" ") + piece
        kinds.append_text(piece)
        hits.append((0, start, kinds.cell_len, ("kind", kind)))
        kinds.append(" ")
    pile = Text("discard ", style=pal.muted, no_wrap=True)
    if clan.discard is not None and any(clan.discard):
        for kind in KINDS:
            if clan.discard[kind]:
                pile.append_text(counter(Count(ICON[kind], clan.discard[kind]), pal=pal))
                pile.append(" ")
    else:
        pile.append("empty", style=pal.muted)
    if not framed_form:
        text = Text("Screen ", style="bold") + kinds + Text(" ") + pile
        return Block([text], text.cell_len, [(0, 7 + s, 7 + e, t) for _l, s, e, t in hits])
    frame = framed([kinds, pile], 34, Line.PLAIN, pal.muted, title=Text("Behind your screen", style="bold"))
    return Block(frame.lines, frame.width, [(1, 1 + s, 1 + e, t) for _l, s, e, t in hits])
