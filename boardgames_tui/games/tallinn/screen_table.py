"""Tallinn's table drawn with the kit: hand cards, faction rows by faction, towers, the score track,
the Chronicles as cards and the round's disputes as bars.

Pure drawing from a `TallinnView`: nothing here decides a rule. A card's id is drawn only where
the view gives it (the owner's own cards, and everything at the end).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.components import ANY, CHRONICLES, FACTION_NAMES, FACTIONS, INFLUENCE, START_CARDS
from boardgames_tui.games.tallinn.components import Half as CardHalf
from boardgames_tui.games.tallinn.flow import dispute_bonuses
from boardgames_tui.games.tallinn.state import DisputeResult, Phase
from boardgames_tui.games.tallinn.view import RowCardView, SeatView, TallinnView, TowerView
from boardgames_tui.ui.kit import (
    Bar,
    Block,
    CardState,
    Count,
    Half,
    Marker,
    Palette,
    bars,
    beside,
    card,
    chip,
    compact_card,
    compact_track,
    counters,
    fit,
    icon,
    legend,
    pile,
    seat_colour,
    stack,
)
from boardgames_tui.ui.kit.frame import Line, framed

FACTION_ICON = {"K": "knight", "M": "merchant", "Mo": "monk"}
FACTION_COLOUR = {"K": "#D55E00", "M": "#E69F00", "Mo": "#56B4E9"}
ENVOY_COLOUR = "#CC79A7"
TRACK_END = 60
HALF_LETTER = "AB"


def faction_count(faction: str, n: int | None = None) -> Count:
    """A faction's icon in its colour, with a count."""
    return Count(FACTION_ICON[faction], n, FACTION_COLOUR[faction])


def half_row(face: CardHalf, disputed: str | None = None) -> list[Count]:
    """One half as icons: its symbols, envoy symbols, and the coin (with the envoy's named faction)."""
    row = [faction_count(f, n) for f, n in zip(FACTIONS, face.symbols, strict=True) if n]
    if face.envoy:
        row.append(Count("envoy", face.envoy, ENVOY_COLOUR))
    if face.coin:
        row.append(Count("coin", None, "bold"))
        if face.coin == ANY and disputed:
            row.append(faction_count(disputed))
        elif face.coin == ANY:
            row.append(Count("bluff"))
    return row


def faction_text(faction: str) -> Text:
    """A faction's icon and name."""
    return Text(f"{icon(FACTION_ICON[faction])} {FACTION_NAMES[faction]}", style=f"bold {FACTION_COLOUR[faction]}")


# --- the hand ------------------------------------------------------------------------------------


def hand_card(card_id: int, *, lit: int | None, chosen: bool, faction: str | None, pal: Palette) -> Block:
    """One hand card with both halves; the half to play lit, the envoy in its own colour."""
    halves = INFLUENCE[card_id].halves
    drawn = [
        Half([half_row(face, faction if lit == h else None)], note=HALF_LETTER[h]) for h, face in enumerate(halves)
    ]
    envoy = any(face.coin == ANY for face in halves)
    return card(
        "Envoy" if envoy else "",
        drawn,
        state=CardState.SELECTED if chosen else CardState.NORMAL,
        lit=lit,
        card_id=str(card_id),
        colour=ENVOY_COLOUR if envoy else None,
        pal=pal,
    )


def hand_cards(cards: Sequence[int], index: int | None, half: int, faction: str | None, pal: Palette) -> Block:
    """The viewer's hand side by side; each half is a click target (card index, half)."""
    blocks = []
    for i, card_id in enumerate(cards):
        chosen = i == index
        block = hand_card(card_id, lit=half if chosen else None, chosen=chosen, faction=faction, pal=pal)
        top = Block(block.lines[:3], block.width).target((i, 0))
        rest = Block(block.lines[3:], block.width).target((i, 1))
        blocks.append(stack([top, rest]))
    return beside(blocks)


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
        out[-1] = fit(out[-1], width - 1) + Text("…")
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
        right.append(Text(f"exchanged {count_words(s.exchanged, 'card')}", style=pal.muted))
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


def count_words(n: int, word: str) -> str:
    """"1 card", "2 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    row.append(f" │ {s.start}", style=pal.muted)
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


# --- the score track, chronicles and disputes ------------------------------------------------------


def score_track(view: TallinnView, seats: Sequence[SeatInfo], pal: Palette) -> Block:
    """Every seat's score marker on 0 to 60 (scores beyond are listed after it)."""
    markers = [Marker.of(seats[i], s.score) for i, s in enumerate(view.seats)]
    current = view.seats[view.viewer].score if view.viewer is not None else None
    return compact_track(0, TRACK_END, markers, current=current, pal=pal)


def chronicle_card(view: TallinnView, seats: Sequence[SeatInfo], level: int, width: int, pal: Palette) -> Block:
    """A chronicle as a card: what it asks, what it pays, when it scores and who meets it now."""
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    coin = Text(icon("coin"), style="bold")
    lines: list[Text] = []
    f = faction_count(half.faction)
    if half.kind == "count":
        line = counters([f], pal=pal) + Text(f" {half.need}+ ") + coin + Text("1  ")
        line.append_text(counters([f], pal=pal) + Text(f" {half.more}+ ") + coin + Text("2"))
    else:
        line = Text("remove ") + counters([f], pal=pal) + Text(f" {half.need}+ → ") + coin + Text(f"{half.coins}")
    lines.append(line)
    players = len(view.seats)
    if half.kind == "remove":
        lines[0].append(" (may decline)", style=pal.muted)
    meets = view.chronicle_meets[level - 1] if view.chronicle_meets else ()
    scored = view.chronicle_done[level - 1] if view.chronicle_done else False
    who = Text(f"{icon('coin')} = {players} points · ", style=pal.muted)
    if scored:
        who.append("scored", style=pal.muted)
    else:
        who.append("now: ", style=pal.muted)
        names = [chip(seats[i], pal=pal) for i, ok in enumerate(meets) if ok]
        who.append_text(Text(" ").join(names) if names else Text("nobody", style=pal.muted))
    lines.append(who)
    title = Text(f" Chronicle {'I' * level} ", style=f"bold {pal.foreground}")
    foot = Text(f" {view.chronicle_when[level - 1].split(',')[0]} ", style=pal.muted)
    line_kind = Line.DISABLED if scored else Line.PLAIN
    return framed(lines, width, line_kind, pal.muted, title=title, foot=foot)


def chronicle_cards(view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette) -> Block | None:
    if not view.chronicle_cards:
        return None
    return beside([chronicle_card(view, seats, level, width, pal) for level in (1, 2)])


def dispute_bars(seats: Sequence[SeatInfo], d: DisputeResult, pal: Palette) -> Block:
    """One dispute: the disputer's count against each opponent's as bars, with what each earned."""
    head = Text()
    head.append_text(chip(seats[d.disputer], pal=pal))
    head.append(" disputes ")
    head.append_text(faction_text(d.faction))
    head.append(f": {d.counts[d.disputer]}", style="bold")
    head.append(f"  scores +{d.total}", style=f"bold {pal.text_success}")
    rows = []
    order = [d.disputer, *(j for j in range(len(d.counts)) if j != d.disputer)]
    for j in order:
        notes = [label for label, _ in dispute_bonuses(d, j)]
        if j == d.disputer:
            note = Text("disputer", style=pal.muted)
        else:
            verdict = (
                "more"
                if d.counts[d.disputer] > d.counts[j]
                else "tie"
                if d.counts[d.disputer] == d.counts[j]
                else "fewer"
            )
            note = Text(f"+{d.points[j]}", style=f"bold {pal.text_success}" if d.points[j] else pal.muted)
            note.append(f" ({verdict})", style=pal.muted)
        if notes:
            note.append(f"  {', '.join(notes)}", style=pal.muted)
        rows.append(Bar(chip(seats[j], pal=pal), d.counts[j], FACTION_COLOUR[d.faction], note))
    block = bars(rows, label_width=12, bar_width=12, mark_leader=False, pal=pal)
    return stack([Block.of([head]), block])


def dispute_line(seats: Sequence[SeatInfo], d: DisputeResult, pal: Palette) -> Text:
    """An earlier dispute of this round, in one line."""
    text = chip(seats[d.disputer], pal=pal)
    text.append(" disputed ")
    text.append_text(faction_text(d.faction))
    text.append(f" with {d.counts[d.disputer]}: +{d.total}", style="bold")
    return text


def final_lines(view: TallinnView, seats: Sequence[SeatInfo], pal: Palette) -> list[Text]:
    """The final scoring figures: each row's counts with envoy symbols, towers, score."""
    final = view.final
    if final is None:
        return []
    out = [Text("Final scoring", style=f"bold underline {pal.foreground}")]
    for i in range(len(view.seats)):
        line = chip(seats[i], width=14, pal=pal)
        line.append(" row ")
        line.append_text(
            counters([faction_count(f, n) for f, n in zip(FACTIONS, final.row_counts[i], strict=True)], pal=pal)
        )
        line.append(f"  {icon('tower')} best {final.tower_strength[i]}, symbols {final.tower_symbols[i]}")
        line.append(f"  = {view.seats[i].score} points", style="bold")
        out.append(line)
    return out


# --- the whole table ------------------------------------------------------------------------------

LEGEND = [
    ("knight", "Knights"),
    ("merchant", "Merchants"),
    ("monk", "Monks"),
    ("coin", "coin"),
    ("envoy", "envoy"),
    ("tower", "tower"),
    ("supporter", "Supporter"),
    ("point", "points"),
]


def table(
    view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, *, compact: bool, choosing: bool
) -> Block:
    """Everything public, and the viewer's own cards, for one viewer at one width."""
    parts: list[Block] = []
    parts += _disputes(view, seats, width, pal, compact)
    finals = final_lines(view, seats, pal)
    if finals:
        parts.append(Block.of([fit(t, width) for t in finals], width))
    viewer = view.viewer
    if viewer is not None and not choosing and view.seats[viewer].hand:
        parts.append(_own_hand(view.seats[viewer].hand or (), width, pal, compact))
    parts.append(_track_and_chronicles(view, seats, width, pal, compact))
    order = list(range(len(view.seats)))
    if viewer is not None:  # the viewer's own row first
        order.remove(viewer)
        order.insert(0, viewer)
    for i in order:
        parts.append((compact_seat if compact else seat_panel)(view, seats, i, width, pal))
    parts.append(Block.of([legend(LEGEND, width=width, colours=_LEGEND_COLOURS, pal=pal)], width))
    return stack(parts)


_LEGEND_COLOURS = {"knight": FACTION_COLOUR["K"], "merchant": FACTION_COLOUR["M"], "monk": FACTION_COLOUR["Mo"],
                   "envoy": ENVOY_COLOUR}


def header_text(view: TallinnView, pal: Palette) -> Text:
    """The round and what the table is doing, and the modules in play."""
    text = Text()
    if view.phase in (Phase.EXCHANGE, Phase.ENVOY_TIE, Phase.OVER):
        text.append(PHASE_WORDS[view.phase], style="bold")
    else:
        text.append(f"Round {view.round} of {view.max_rounds} · ", style="bold")
        text.append(PHASE_WORDS[view.phase])
    mods = [name for on, name in ((view.envoy, "Envoy"), (view.chronicles, "Chronicles"),
                                  (view.supporters, "Supporters"), (view.tower_order, "towers by score")) if on]
    if mods:
        text.append(f"   {' · '.join(mods)}", style=pal.muted)
    return text


PHASE_WORDS = {
    Phase.EXCHANGE: "Setup: envoy exchange, in secret",
    Phase.CHOOSE: "secret choice of a card and a half",
    Phase.SUPPORT: "Supporters for own disputes, in secret",
    Phase.DISPUTE: "disputes",
    Phase.TOWER: "towers, decided in secret",
    Phase.REMOVE: "Chronicle: removing cards, in secret",
    Phase.ENVOY_TIE: "Final scoring: envoy symbols on a tied faction, in secret",
    Phase.OVER: "Game over: every card face up",
}


def _disputes(view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, compact: bool) -> list[Block]:
    """This round's disputes: the latest as bars, earlier ones in a line each, those still to come."""
    if view.phase not in (Phase.DISPUTE, Phase.TOWER) or not (view.disputes or view.to_resolve):
        return []
    lines: list[Text] = [dispute_line(seats, d, pal) for d in view.disputes[:-1]]
    out = [Block.of([fit(t, width) for t in lines], width)] if lines else []
    if view.disputes:
        out.append(dispute_bars(seats, view.disputes[-1], pal))
    if view.to_resolve:
        waiting = Text("Disputes to come: ", style=pal.muted)
        waiting.append_text(Text(", ").join(chip(seats[i], pal=pal) for i in view.to_resolve))
        out.append(Block.of([fit(waiting, width)], width))
    return out


def _own_hand(cards: Sequence[int], width: int, pal: Palette, compact: bool) -> Block:
    """The viewer's hand when no card is being chosen (to plan towers and the next round)."""
    title = Text("Your hand  ", style=f"bold {pal.foreground}")
    if compact:
        for card_id in cards:
            a, b = INFLUENCE[card_id].halves
            title.append(f"{card_id}", style=pal.muted)
            title.append_text(compact_card([Half([half_row(a)]), Half([half_row(b)])], pal=pal))
            title.append(" ")
        return Block.of([fit(title, width)], width)
    return stack([Block.of([title]), hand_cards(cards, None, 0, None, pal)])


def _track_and_chronicles(
    view: TallinnView, seats: Sequence[SeatInfo], width: int, pal: Palette, compact: bool
) -> Block:
    label = Block.of([Text(f"{icon('point')} score", style=f"bold {pal.foreground}")])
    track = beside([label, score_track(view, seats, pal)])
    if not view.chronicle_cards:
        return track
    if compact:
        lines = [chronicle_line(view, seats, level, pal) for level in (1, 2)]
        return stack([track, Block.of([fit(t, width) for t in lines], width)])
    card_width = min(34, (width - 1) // 2)
    cards = chronicle_cards(view, seats, card_width, pal)
    assert cards is not None
    return stack([track, cards])


def chronicle_line(view: TallinnView, seats: Sequence[SeatInfo], level: int, pal: Palette) -> Text:
    """A chronicle in one line for narrow screens."""
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    text = Text(f"Chronicle {'I' * level}", style="bold")
    text.append(f" ({view.chronicle_when[level - 1].split(',')[0]}): ", style=pal.muted)
    text.append(half.text())
    if view.chronicle_done and view.chronicle_done[level - 1]:
        text.append("  scored", style=pal.muted)
    elif view.chronicle_meets:
        who = [chip(seats[i], pal=pal) for i, ok in enumerate(view.chronicle_meets[level - 1]) if ok]
        text.append("  now: ", style=pal.muted)
        text.append_text(Text(" ").join(who) if who else Text("nobody", style=pal.muted))
    return text
