"""A Tallinn seat drawn with the kit: hand and pile as stacks, the faction row grouped by faction
(start card first), towers, Supporters, this round's card and whether the seat has chosen.

Other seats' cards are named by their half only (A, B): the view gives no id to draw.
"""


from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.components import ANY, FACTIONS, INFLUENCE, START_CARDS
from boardgames_tui.games.tallinn.flow import count_text
from boardgames_tui.games.tallinn.screen_cards import (
    ENVOY_COLOUR,
    FACTION_COLOUR,
    HALF_LETTER,
    faction_count,
    faction_text,
    half_row,
)
from boardgames_tui.games.tallinn.state import Phase
from boardgames_tui.games.tallinn.view import RowCardView, SeatView, TallinnView, TowerView
from boardgames_tui.ui.kit import (
    Block,
    CardState,
    Half,
    Palette,
    beside,
    chip,
    compact_card,
    counters,
    fit,
    icon,
    pile,
    seat_colour,
)
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import pick

# --- a seat's row ---------------------------------------------------------------------------------


def _label(entry: RowCardView) -> str:
    """A row card's name as the viewer may know it: "9A" for one's own cards, "A" for others'."""
    return f"{entry.card}{HALF_LETTER[entry.half]}" if entry.card is not None else HALF_LETTER[entry.half]


def faction_column(view: SeatView, faction: str, width: int, lines: int, pal: Palette) -> Block:
    """One faction of a row: its count, then the halves that make it (start card first)."""
    fi = FACTIONS.index(faction)
    head = faction_text(faction)
    head.append(f" {view.counts[fi]}", style=f"bold {pal.foreground}")
    parts: list[Text] = []
    start = START_CARDS[view.start][fi]
    if start:
        parts.append(Text(f"S{start}", style=pal.muted))
    for entry in view.row:
        n = entry.face.symbols[fi]
        disputes_here = entry.face.coin == faction or (entry.face.coin == ANY and entry.disputed == faction)
        if not n and not disputes_here:
            continue
        part = Text(_label(entry), style=f"bold {pal.foreground}")
        if n:
            part.append(str(n), style=f"bold {FACTION_COLOUR[faction]}")
        if entry.face.envoy:
            part.append(f"{icon('envoy')}{entry.face.envoy}", style=ENVOY_COLOUR)
        if entry.face.coin:
            part.append(icon("coin"), style="bold")
        parts.append(part)
    body = _wrap(parts, width, lines - 1)
    return Block.of([head, *body], width)


def _wrap(parts: Sequence[Text], width: int, lines: int) -> list[Text]:
    """Parts on lines of `width`, one space apart; the last line ends in … when they do not fit."""
    out = [Text()]
    for part in parts:
        line = out[-1]
        if line.cell_len and line.cell_len + 1 + part.cell_len > width:
            out.append(Text())
            line = out[-1]
        if line.cell_len:
            line.append(" ")
        line.append_text(part)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1], width - 1) + Text(pick("…", "~"))
    return out + [Text()] * (lines - len(out))


def tower_block(towers: Sequence[TowerView], full: bool, width: int, pal: Palette) -> list[Text]:
    """Towers as small cards: the owner sees both halves; others the half a row tower showed."""
    head = Text(f"{icon('tower')} ", style=f"bold {pal.foreground}")
    head.append("no towers" if not towers else f"{len(towers)}:")
    line = Text()
    for tower in towers:
        if line.cell_len:
            line.append(" ")
        line.append_text(_tower_text(tower, full, pal))
    if not line.cell_len:
        return [head]
    head.append(" ")
    return _wrap([head, *_tower_parts(towers, full, pal)], width, 2)


def _tower_parts(towers: Sequence[TowerView], full: bool, pal: Palette) -> list[Text]:
    return [_tower_text(t, full, pal) for t in towers]


def _tower_text(tower: TowerView, full: bool, pal: Palette) -> Text:
    if tower.card is not None and full:
        a, b = INFLUENCE[tower.card].halves
        return compact_card([Half([half_row(a)]), Half([half_row(b)])], pal=pal)
    if tower.face is None:
        return compact_card([], state=CardState.FACE_DOWN, pal=pal)
    return compact_card([Half([half_row(tower.face)])], pal=pal)


def supporter_lines(view: TallinnView, s: SeatView, pal: Palette) -> list[Text]:
    """Supporters held (one's own by faction, others' as a number) and those spent."""
    if not view.supporters:
        return []
    held = Text(f"{icon('supporter')} ", style=f"bold {pal.foreground}")
    if s.supporters is not None:
        if s.supporters:
            held.append_text(counters([faction_count(f) for f in s.supporters], pal=pal))
        else:
            held.append("none", style=pal.muted)
    else:
        held.append(f"{s.supporter_count} held" if s.supporter_count else "none", style=pal.muted)
    lines = [held]
    if s.spent:
        spent = Text("spent ", style=pal.muted)
        spent.append_text(counters([faction_count(f) for f in s.spent], pal=pal))
        lines.append(spent)
    return lines


def status_text(view: TallinnView, s: SeatView, pal: Palette) -> Text | None:
    """Whether a seat in a secret decision has chosen yet: a flag, nothing of what."""
    if not s.asked or view.phase in (Phase.DISPUTE, Phase.OVER):
        return None
    if s.done:
        return Text(f" {icon('done')} chosen ", style=f"bold {pal.text_success}")
    return Text(f" {icon('waiting')} choosing ", style=f"italic {pal.text_warning}")


def play_text(view: TallinnView, s: SeatView, pal: Palette) -> Text:
    """This round's revealed card: the half, the faction it disputes, the Supporters added."""
    text = Text()
    if s.play is None or view.phase not in (Phase.SUPPORT, Phase.DISPUTE, Phase.TOWER):
        return text
    text.append("played ", style=pal.muted)
    label = f"{s.play.card}{HALF_LETTER[s.play.half]}" if s.play.card is not None else HALF_LETTER[s.play.half]
    text.append(label + " ", style="bold")
    text.append_text(compact_card([Half([half_row(s.play.face, s.play.faction)])], pal=pal))
    if s.play.supporter:
        text.append(" +open ", style=pal.muted)
        text.append_text(counters([faction_count(s.play.supporter)], pal=pal))
    if s.own_support:
        text.append(" +own ", style=pal.muted)
        text.append_text(counters([faction_count(s.own_support)], pal=pal))
    return text


def seat_title(seat: SeatInfo, s: SeatView, active: bool, pal: Palette) -> Text:
    """The seat chip and its score, for a panel's top edge."""
    title = chip(seat, active=active, pal=pal)
    title.append(f"  {icon('point')} {s.score}", style=f"bold {pal.foreground}")
    return title


def seat_panel(view: TallinnView, seats: Sequence[SeatInfo], i: int, width: int, pal: Palette) -> Block:
    """A seat as the table sees it, five lines: hand and pile as stacks, the row by faction (start
    card first), towers and Supporters; the name, score, start card and this round's card on top."""
    s = view.seats[i]
    full = view.viewer == i or view.phase is Phase.OVER
    inner = width - 2
    left = beside([pile(s.hand_size, seats[i], pal=pal), pile(s.pile_size, pal=pal)])
    right_width = max(22, inner - left.width - 3 * 15 - 4)
    column_width = (inner - left.width - right_width - 4) // 3
    columns = [faction_column(s, f, column_width, 3, pal) for f in FACTIONS]
    right = [*tower_block(s.towers, full, right_width, pal)]
    supporters = supporter_lines(view, s, pal)
    if supporters:
        line = supporters[0]
        for more in supporters[1:]:
            line = line + Text("  ") + more
        right.append(line)
    if s.exchanged and len(right) < 3:
        right.append(Text(f"exchanged {count_text(s.exchanged, 'card')}", style=pal.muted))
    right_block = Block.of([fit(t, right_width) for t in right[:3]], right_width)
    body = beside([left, *columns, right_block])
    title = seat_title(seats[i], s, False, pal)
    title.append(f"  start {s.start} ", style=pal.muted)
    played = play_text(view, s, pal)
    if played.cell_len:
        title.append(" ")
        title.append_text(played)
        title.append(" ")
    mine = view.viewer == i
    foot = Text(" hand  pile ", style=pal.muted)
    return framed(
        [fit(line, inner) for line in body.lines],
        width,
        Line.SELECTED if mine else Line.PLAIN,
        seat_colour(seats[i]),
        title=title,
        corner=status_text(view, s, pal),
        foot=foot,
    )


def compact_seat(view: TallinnView, seats: Sequence[SeatInfo], i: int, width: int, pal: Palette) -> Block:
    """A seat in two or three lines for narrow screens: chip, score, sizes, then counts and the row."""
    s = view.seats[i]
    full = view.viewer == i or view.phase is Phase.OVER
    head = seat_title(seats[i], s, False, pal)
    head.append(f"  {icon('hand')}{s.hand_size} {icon('pile')}{s.pile_size}", style=pal.muted)
    head.append(f"  {icon('tower')}{len(s.towers)}", style=pal.muted)
    if view.supporters:
        count = len(s.supporters) if s.supporters is not None else s.supporter_count
        head.append(f" {icon('supporter')}{count}", style=pal.muted)
    status = status_text(view, s, pal)
    if status is not None:
        head.append(" ")
        head.append_text(status)
    extra = play_text(view, s, pal)
    if extra.cell_len:
        head.append(" ")
        head.append_text(extra)
    row = Text("  ")
    row.append_text(counters([faction_count(f, n) for f, n in zip(FACTIONS, s.counts, strict=True)], pal=pal))
    row.append(f" {pick('│', '|')} {s.start}", style=pal.muted)
    parts = [row]
    for entry in s.row:
        part = Text(_label(entry), style=pal.muted)
        part.append_text(compact_card([Half([half_row(entry.face, entry.disputed)])], pal=pal))
        parts.append(part)
    for tower in s.towers:
        part = Text(icon("tower"), style=pal.muted)
        part.append_text(_tower_text(tower, full, pal))
        parts.append(part)
    return Block.of([fit(head, width), *_wrap(parts, width, 1)], width)


