"""Behind the viewer's screen: the unused tokens by kind (each a key and a click) and the
face-down discard pile.

Each kind reads as a count and a word (`2 ⚔warriors`), its key letter underlined in the word
(bluff's key, x, is not in its word: it stands after it, `?bluffs (x)`). Where the words do not fit, the short
form stands instead (`w⚔2`, a ✔ on the chosen kind, a ✗ on a kind none is left of)."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tain.rules.components import KINDS, Kind
from boardgames_tui.games.tain.rules.view import ClanView
from boardgames_tui.games.tain.table.legend import ICON, KEY
from boardgames_tui.games.tain.table.look import Look
from boardgames_tui.ui.kit import Block, Count, counter, icon
from boardgames_tui.ui.kit.frame import Line, framed

Hit = tuple[int, int, int, object]
SCREEN = "Screen  "
"""The compact form's heading, before the kinds."""
FRAME_WIDTH = 39
"""The framed form's width (120×40): the kinds on two lines, the discard pile on a third."""
FRAME_SPLIT = 3
"""Kinds on the framed form's first line (chieftain, warriors, boys), the rest on the second."""


def screen_panel(look: Look, clan: ClanView, framed_form: bool, width: int = 78) -> Block:
    """Behind the viewer's screen, by kind (each a key and a click), and the discard pile by kind:
    framed at 120×40; at 80×24 a line of kinds and a line of the discard pile (one line in all,
    short forms, where the words do not fit `width`)."""
    pal = look.pal
    pile = _pile(look, clan)
    if framed_form:
        first, first_hits = _kinds(look, clan, KINDS[:FRAME_SPLIT], words=True)
        second, second_hits = _kinds(look, clan, KINDS[FRAME_SPLIT:], words=True)
        lines = [Text(" ") + line for line in (first, second, pile)]
        frame = framed(lines, FRAME_WIDTH, Line.PLAIN, pal.muted, title=Text("Behind your screen", style="bold"))
        hits = [(1, 2 + s, 2 + e, t) for _l, s, e, t in first_hits]
        hits += [(2, 2 + s, 2 + e, t) for _l, s, e, t in second_hits]
        return Block(frame.lines, frame.width, hits)
    kinds, hits = _kinds(look, clan, KINDS, words=True)
    heading = Text(SCREEN, style="bold", no_wrap=True)
    offset = len(SCREEN)
    if heading.cell_len + kinds.cell_len > width:
        return _short_line(look, clan, pile)
    lines = [heading + kinds, Text(" " * offset, no_wrap=True) + pile]
    return Block(lines, max(line.cell_len for line in lines), [(0, offset + s, offset + e, t) for _l, s, e, t in hits])


def words_fit(look: Look, clan: ClanView, width: int) -> bool:
    """Whether the compact form names every kind in words within `width` (then the legend need
    not name the tokens again, nor the short form's marks)."""
    kinds, _hits = _kinds(look, clan, KINDS, words=True)
    return len(SCREEN) + kinds.cell_len <= width


def _short_line(look: Look, clan: ClanView, pile: Text) -> Block:
    """One line: `Screen ✔c♚1  w⚔2 …  discard …` (the legend names ✔ and ✗ and the icons)."""
    kinds, hits = _kinds(look, clan, KINDS, words=False)
    text = Text("Screen ", style="bold") + kinds + Text(" ") + pile
    return Block([text], text.cell_len, [(0, 7 + s, 7 + e, t) for _l, s, e, t in hits])


def _kinds(look: Look, clan: ClanView, kinds: tuple[Kind, ...], words: bool) -> tuple[Text, list[Hit]]:
    """The kinds behind the screen on one line, two spaces apart (words) or one (short form), with
    the click span of each."""
    pal = look.pal
    assert clan.screen is not None
    text = Text(no_wrap=True)
    hits: list[Hit] = []
    for kind in kinds:
        count = clan.screen[kind]
        chosen = look.placing and kind is look.kind
        style = f"bold {pal.text_primary} on {pal.highlight}" if chosen else ("bold" if count else pal.muted)
        if text:
            text.append("  " if words else " ")
        start = text.cell_len
        text.append_text(_word(kind, count, style) if words else _short(kind, count, chosen, style, pal.muted))
        hits.append((0, start, text.cell_len, ("kind", kind)))
    return text, hits


def _word(kind: Kind, count: int, style: str) -> Text:
    """`2 ⚔warriors`, the key letter underlined (`?bluffs (x)` for the bluff, whose key is not in its word)."""
    word = kind.label + ("" if count == 1 else "s")
    key = KEY[kind]
    text = Text(f"{count} {icon(ICON[kind])}", style=style, no_wrap=True)
    at = word.find(key)
    if at < 0:
        text.append(word + " (", style=style)
        text.append(key, style=f"underline {style}")
        text.append(")", style=style)
        return text
    text.append(word[:at], style=style)
    text.append(key, style=f"underline {style}")
    text.append(word[at + 1 :], style=style)
    return text


def _short(kind: Kind, count: int, chosen: bool, style: str, muted: str) -> Text:
    """`✔c♚1` chosen, `✗d♀0` none left, ` w⚔2` otherwise."""
    piece = Text(KEY[kind], style=f"underline {style}") + Text(icon(ICON[kind]) + str(count), style=style)
    if chosen:
        return Text(icon("selected"), style=style) + piece
    if not count:
        return Text(icon("disabled"), style=muted) + piece
    return Text(" ") + piece


def _pile(look: Look, clan: ClanView) -> Text:
    """The discard pile by kind, or `discard empty`."""
    pal = look.pal
    pile = Text("discard ", style=pal.muted, no_wrap=True)
    if clan.discard is not None and any(clan.discard):
        for kind in KINDS:
            if clan.discard[kind]:
                pile.append_text(counter(Count(ICON[kind], clan.discard[kind]), pal=pal))
                pile.append(" ")
    else:
        pile.append("empty", style=pal.muted)
    return pile
