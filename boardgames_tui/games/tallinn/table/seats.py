"""A Tallinn seat drawn with the kit: hand and pile as stacks, the faction row grouped by faction
(start card first), towers, Supporters, this round's card and whether the seat has chosen.

Other seats' cards are named by their half only (A, B): the view gives no id to draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.rules.components import FACTIONS, INFLUENCE, START_CARDS
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.rules.text import count_text
from boardgames_tui.games.tallinn.rules.view import SeatView, TallinnView, TowerView
from boardgames_tui.games.tallinn.table.cards import (
    ENVOY_COLOUR,
    faction_count,
    faction_text,
    half_row,
)
from boardgames_tui.ui.kit import (
    Block,
    CardState,
    Count,
    Half,
    Palette,
    beside,
    card,
    chip,
    compact_card,
    counters,
    fit,
    icon,
    pile,
    seat_colour,
)
from boardgames_tui.ui.kit.card import PILE_SIZE
from boardgames_tui.ui.kit.frame import Line, framed
from boardgames_tui.ui.kit.icons import pick

# --- a seat's row ---------------------------------------------------------------------------------


def start_half(start: str, pal: Palette) -> Text:
    """The starting card as the first small card of a row: "start[♞2 ♦1]"."""
    symbols = START_CARDS[start]
    text = Text("start", style=pal.muted)
    row = [faction_count(f, n) for f, n in zip(FACTIONS, symbols, strict=True) if n]
    return text + compact_card([Half([row])], pal=pal)


def row_halves(view: SeatView, pal: Palette) -> list[Text]:
    """A faction row as small card halves in the order they were played, the start card first:
    each half's symbols in their faction's colour, its coin, the Envoy's symbols and faction."""
    parts = [start_half(view.start, pal)]
    parts += [compact_card([Half([half_row(e.face, e.disputed)])], pal=pal) for e in view.row]
    return parts


def row_cards(view: SeatView, pal: Palette) -> list[Block]:
    """The faction row as cards three lines high, for a table with rows to spare: the same halves
    as `row_halves`, each in its own frame, the start card titled "start"."""
    symbols = START_CARDS[view.start]
    start = [faction_count(f, n) for f, n in zip(FACTIONS, symbols, strict=True) if n]
    rows = [("start", start), *(("", half_row(e.face, e.disputed)) for e in view.row)]
    return [card(title, [Half([row])], width=_card_width(title, row, pal), pal=pal) for title, row in rows]


def _card_width(title: str, row: Sequence[Count], pal: Palette) -> int:
    """A row card's width: its icons with a cell either side, and room for its title."""
    inside = counters(row, pal=pal).cell_len + 2
    return 2 + max(inside, len(title) + 4 if title else 0)


def card_rows(cards: Sequence[Block], width: int, most: int) -> list[Text] | None:
    """`cards` side by side, one cell apart, in as many rows as `width` needs; None when that
    takes more than `most` rows or a card is wider than `width`."""
    rows: list[list[Block]] = [[]]
    used = 0
    for block in cards:
        if block.width > width:
            return None
        if rows[-1] and used + 1 + block.width > width:
            rows.append([])
            used = 0
        used += block.width + (1 if rows[-1] else 0)
        rows[-1].append(block)
    if len(rows) > most:
        return None
    lines: list[Text] = []
    for row in rows:
        lines += beside(row, gap=1).lines
    return lines


def faction_heads(view: SeatView, pal: Palette) -> Text:
    """Each faction's name in its colour with the row's count of it: "♞ Knights 4  ♦ Merchants 2 …"."""
    text = Text()
    for fi, faction in enumerate(FACTIONS):
        if fi:
            text.append("   ")
        text.append_text(faction_text(faction))
        text.append(f" {view.counts[fi]}", style=f"bold {pal.foreground}")
    return text


def _wrap(parts: Sequence[Text], width: int, lines: int, indent: int = 0) -> list[Text]:
    """Parts on lines of `width`, one space apart (lines after the first start `indent` cells in);
    the last line ends in one … when they do not fit."""
    out = [Text()]
    start = 0  # the cells the current line's indent takes
    for part in parts:
        line = out[-1]
        if line.cell_len > start and line.cell_len + 1 + part.cell_len > width:
            out.append(Text(" " * indent))
            start = indent
            line = out[-1]
        if line.cell_len > start:
            line.append(" ")
        line.append_text(part)
    if len(out) > lines:
        out = out[:lines]
        last = out[-1].copy()
        last.truncate(max(width - 1, 0), overflow="crop")
        out[-1] = last + Text(pick("…", "~"))
    return out + [Text()] * (lines - len(out))


def wrapped_lines(parts: Sequence[Text], width: int, most: int, indent: int = 0) -> list[Text]:
    """Parts wrapped onto as few lines as they need, at most `most` (the last cut with …)."""
    lines = _wrap(parts, width, most, indent)
    while len(lines) > 1 and not lines[-1].cell_len:
        lines.pop()
    return lines


def tower_block(towers: Sequence[TowerView], full: bool, width: int, pal: Palette) -> list[Text]:
    """Towers in two lines. The owner (and everyone at the end) reads the symbols all the towers
    carry, both halves of each, then each tower's total; others see each tower as the table does:
    face down from the hand, the half it showed from the row."""
    head = Text(f"{icon('tower')} ", style=f"bold {pal.foreground}")
    if not towers:
        head.append("no towers")
        return [head]
    head.append(f"{len(towers)}:")
    if full and all(t.card is not None for t in towers):
        head.append(" ")
        head.append_text(counters(_tower_sum(towers), pal=pal))
        return [head, *_wrap([_tower_text(t, full, pal) for t in towers], width, 1)]
    return wrapped_lines([head, *(_tower_text(t, full, pal) for t in towers)], width, 2, indent=2)


def _tower_sum(towers: Sequence[TowerView]) -> list[Count]:
    """The printed symbols of every tower card, both halves, added up (envoy symbols apart)."""
    totals = [0, 0, 0]
    envoy = 0
    for tower in towers:
        assert tower.card is not None
        for face in INFLUENCE[tower.card].halves:
            totals = [a + b for a, b in zip(totals, face.symbols, strict=True)]
            envoy += face.envoy
    row = [faction_count(f, n) for f, n in zip(FACTIONS, totals, strict=True) if n]
    if envoy:
        row.append(Count("envoy", envoy, ENVOY_COLOUR))
    return row


def _tower_text(tower: TowerView, full: bool, pal: Palette) -> Text:
    """One tower: its card's total for those who know it, else face down or the half it showed."""
    if tower.card is not None and full:
        return compact_card([Half([_tower_sum([tower])])], pal=pal)
    if tower.face is None:
        return compact_card([], state=CardState.FACE_DOWN, pal=pal)
    return compact_card([Half([half_row(tower.face, tower.disputed)])], pal=pal)


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
    text.append_text(compact_card([Half([half_row(s.play.face, s.play.faction)])], pal=pal))
    if s.play.supporter:
        text.append(" +open ", style=pal.muted)
        text.append_text(counters([faction_count(s.play.supporter)], pal=pal))
    if s.own_support:
        text.append(" +own ", style=pal.muted)
        text.append_text(counters([faction_count(s.own_support)], pal=pal))
    return text


def seat_title(seat: SeatInfo, s: SeatView, active: bool, pal: Palette, name_width: int | None = None) -> Text:
    """The seat chip and its score, for a panel's top edge (the chip padded to `name_width`)."""
    title = chip(seat, active=active, pal=pal, width=name_width)
    title.append(f"  {icon('point')} {s.score}", style=f"bold {pal.foreground}")
    return title


PILES = 2 * PILE_SIZE[0] + 1
"""The cells a seat panel's hand and pile take on its left."""


def _right_lines(view: TallinnView, i: int, width: int, pal: Palette) -> list[Text]:
    """A seat panel's right column: towers, Supporters, the cards exchanged with the Envoy."""
    s = view.seats[i]
    full = view.viewer == i or view.phase is Phase.OVER
    right = [*tower_block(s.towers, full, width, pal)]
    supporters = supporter_lines(view, s, pal)
    if supporters:
        line = supporters[0]
        for more in supporters[1:]:
            line = line + Text("  ") + more
        right.append(line)
    if s.exchanged:
        right.append(Text(f"exchanged {count_text(s.exchanged, 'card')}", style=pal.muted))
    return right


def right_width(view: TallinnView, width: int, pal: Palette) -> int:
    """The width of the seat panels' right column: what the widest seat's towers and Supporters
    take (at least 22, at most what the three faction heads leave), so the rows of card halves
    get the rest instead of wrapping beside an empty column; one width for every seat, so their
    columns line up."""
    most = max(22, width - 2 - PILES - 3 * 15 - 4)
    need = max((t.cell_len for i in range(len(view.seats)) for t in _right_lines(view, i, most, pal)), default=0)
    return min(most, max(22, need))


def _row_lines(s: SeatView, row_width: int, pal: Palette) -> list[Text]:
    return wrapped_lines(row_halves(s, pal), row_width, 9)


def tall_lines(view: TallinnView, i: int, width: int, pal: Palette, right: int) -> int | None:
    """How many more lines seat `i`'s panel takes with its row drawn as tall cards (`seat_panel`'s
    `tall`), or None when they would not fit in three rows."""
    s = view.seats[i]
    row_width = width - 2 - PILES - right - 2
    cards = card_rows(row_cards(s, pal), row_width, 3)
    if cards is None:
        return None
    return max(3, 1 + len(cards)) - max(3, 1 + len(_row_lines(s, row_width, pal)))


def seat_order(view: TallinnView) -> list[int]:
    """The seats as the table lists them: the viewer's own first, then the others in seat order."""
    order = list(range(len(view.seats)))
    if view.viewer is not None:
        order.remove(view.viewer)
        order.insert(0, view.viewer)
    return order


def tall_seats(view: TallinnView, width: int, pal: Palette, spare: int | None) -> frozenset[int]:
    """The seats whose row can be drawn as cards three lines high in `spare` free lines (None: as
    many as there are), the viewer's first, then in seat order."""
    right = right_width(view, width, pal)
    chosen = set()
    for i in seat_order(view):
        extra = tall_lines(view, i, width, pal, right)
        if extra is not None and (spare is None or extra <= spare):
            chosen.add(i)
            spare = None if spare is None else spare - extra
    return frozenset(chosen)


def seat_panel(view: TallinnView, seats: Sequence[SeatInfo], i: int, width: int, pal: Palette,
               right: int | None = None, *, tall: bool = False) -> Block:
    """A seat as the table sees it, five lines or more: hand and pile as stacks, each faction's
    count, the row as small card halves (start card first), towers and Supporters; the name,
    score and this round's card on top. `right`: the right column's width (`right_width`);
    `tall`: the row as cards three lines high (`row_cards`) where at most three rows of them fit."""
    s = view.seats[i]
    inner = width - 2
    left = beside([pile(s.hand_size, seats[i], pal=pal), pile(s.pile_size, pal=pal)])
    right_cells = right if right is not None else max(22, inner - PILES - 3 * 15 - 4)
    row_width = inner - left.width - right_cells - 2
    halves = (card_rows(row_cards(s, pal), row_width, 3) if tall else None) or _row_lines(s, row_width, pal)
    lines = max(3, 1 + len(halves))
    middle = Block.of([fit(faction_heads(s, pal), row_width), *halves], row_width)
    right_lines = _right_lines(view, i, right_cells, pal)
    if s.exchanged and len(right_lines) > lines:  # the exchange note only where a line is free
        right_lines.pop()
    right_block = Block.of([fit(t, right_cells) for t in right_lines[:lines]], right_cells)
    body = beside([left, middle, right_block])
    title = seat_title(seats[i], s, False, pal)
    played = play_text(view, s, pal)
    if played.cell_len:
        title.append("  ")
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


def compact_seat(
    view: TallinnView, seats: Sequence[SeatInfo], i: int, width: int, pal: Palette, rows: int = 1
) -> Block:
    """A seat in two lines or more for narrow screens: chip, score, sizes, then counts and the row
    (wrapped onto at most `rows` lines, the last cut with … when even they are too few)."""
    s = view.seats[i]
    full = view.viewer == i or view.phase is Phase.OVER
    name_width = 2 + max(len(seat.name) for seat in seats[: len(view.seats)])
    head = seat_title(seats[i], s, False, pal, name_width)
    head.append(f"  hand {s.hand_size} pile {s.pile_size}", style=pal.muted)
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
    row.append(f" {pick('│', '|')}", style=pal.muted)
    halves = row_halves(s, pal)
    parts = [row + Text(" ") + halves[0], *halves[1:]]
    for tower in s.towers:
        part = Text(icon("tower"), style=pal.muted)
        part.append_text(_tower_text(tower, full, pal))
        parts.append(part)
    return Block.of([fit(head, width), *wrapped_lines(parts, width, rows, indent=4)], width)
