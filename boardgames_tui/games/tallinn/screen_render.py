"""Rich text for Tallinn's screen: faction rows, towers, chronicles, dispute tables, final sheet.

Pure rendering from a `TallinnView`; factions always carry their letter (K, M, Mo) as well as a
colour, and every seat its glyph as well as its colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tallinn.components import (
    CHRONICLES,
    FACTION_NAMES,
    FACTIONS,
    INFLUENCE,
    START_CARDS,
    Half,
)
from boardgames_tui.games.tallinn.state import Phase
from boardgames_tui.games.tallinn.view import SeatView, TallinnView, TowerView
from boardgames_tui.ui.seats import colour_hex

FACTION_STYLE = {"K": "bold #D55E00", "M": "bold #E69F00", "Mo": "bold #56B4E9", "E": "bold #CC79A7"}
PHASE_TEXT = {
    Phase.EXCHANGE: "Setup: envoy exchange",
    Phase.CHOOSE: "Phase 1: secret choice",
    Phase.SUPPORT: "Phase 3: Supporters for own disputes",
    Phase.DISPUTE: "Phase 3: disputes",
    Phase.TOWER: "Phase 3: towers",
    Phase.REMOVE: "Chronicle: removing cards",
    Phase.ENVOY_TIE: "Final scoring: envoy symbols",
    Phase.OVER: "Game over",
}


def seat_name(seats: Sequence[SeatInfo], i: int) -> Text:
    info = seats[i]
    return Text(f"{info.glyph} {info.name}", style=f"bold {colour_hex(info.colour)}")


def symbols(counts: Sequence[int], envoy: int = 0, coin: str | None = None) -> Text:
    """Counts as coloured letters, e.g. 2K 1Mo, then envoy symbols and a coin ($K, $?)."""
    text = Text()
    for f, n in zip(FACTIONS, counts, strict=True):
        if n:
            if text:
                text.append(" ")
            text.append(f"{n}{f}", style=FACTION_STYLE[f])
    if envoy:
        text.append(f"{' ' if text else ''}{envoy}E", style=FACTION_STYLE["E"])
    if coin:
        text.append(" $", style="bold")
        text.append("?" if coin == "any" else coin, style="bold reverse")
    return text


def half_text(half: Half) -> Text:
    return symbols(half.symbols, half.envoy, half.coin)


def hand_text(cards: Sequence[int]) -> Text:
    """The viewer's hand, both halves of every card."""
    text = Text("Your hand:", style="bold")
    for card in cards:
        a, b = INFLUENCE[card].halves
        text.append(f"\n  {card:>2}  A ")
        text.append_text(half_text(a))
        text.append("  B ")
        text.append_text(half_text(b))
    return text


def totals(counts: Sequence[int]) -> Text:
    text = Text()
    for f, n in zip(FACTIONS, counts, strict=True):
        text.append(f" {f}", style=FACTION_STYLE[f])
        text.append(f" {n:<2}", style="bold")
    return text


def tower_text(tower: TowerView, full: bool) -> Text:
    """A tower: its faces for the owner (and for all at the end); for the others a row tower shows
    the half it showed in the row, a tower from the hand nothing at all."""
    if tower.card is None:
        if tower.face is None:
            return Text("▣ ?", style="dim")
        text = Text("▣ ", style="bold")
        text.append(f"was {'AB'[tower.shown]}: ", style="dim")
        text.append_text(half_text(tower.face))
        return text
    card = INFLUENCE[tower.card]
    text = Text(f"▣{tower.card} ", style="bold")
    if full:
        text.append_text(symbols(card.tower_symbols, card.halves[1].envoy))
        if tower.from_hand:
            text.append(" (from hand)", style="dim")
        else:
            text.append(f" (row, was {'AB'[tower.shown]})", style="dim")
        return text
    text.append(f"was {'AB'[tower.shown]}: ", style="dim")
    text.append_text(half_text(card.halves[tower.shown]))
    return text


def card_label(card: int | None, half: int) -> str:
    """A row card's short label: its id and half for those who may know the id ("3A"), else the half."""
    return f"{card}{'AB'[half]}" if card is not None else "AB"[half]


def seat_block(view: TallinnView, seats: Sequence[SeatInfo], i: int) -> Text:
    """One player: name, points, hand and pile, faction row with totals, towers, Supporters."""
    s: SeatView = view.seats[i]
    text = Text()
    text.append_text(seat_name(seats, i))
    text.append(f"  {s.score} VP", style="bold")
    text.append(f"  hand {s.hand_size} pile {s.pile_size}", style="dim")
    if s.asked and view.phase not in (Phase.DISPUTE, Phase.OVER):
        text.append("  ✓ decided" if s.done else "  … deciding", style="italic")
    text.append("\n  Row:")
    text.append_text(totals(s.counts))
    text.append("\n   ")
    text.append(f"[{s.start} ", style="dim")
    text.append_text(symbols(START_CARDS[s.start]))
    text.append("]", style="dim")
    for entry in s.row:
        text.append(f" {card_label(entry.card, entry.half)}:", style="bold")
        text.append_text(half_text(entry.face))
    if s.towers:
        text.append("\n  Towers:")
        full = view.viewer == i or view.phase is Phase.OVER
        for tower in s.towers:
            text.append(" ")
            text.append_text(tower_text(tower, full))
    if view.supporters:
        text.append("\n  Supporters: ")
        if s.supporters is not None:
            held = Text(" ").join(Text(f, style=FACTION_STYLE[f]) for f in s.supporters) if s.supporters else Text("-")
            text.append_text(held)
        elif s.supporter_count:
            text.append(f"{s.supporter_count} hidden")
        else:
            text.append("none left")
        if s.spent:
            text.append("  spent ")
            text.append(" ".join(s.spent), style="dim")
    if s.play is not None and view.phase in (Phase.SUPPORT, Phase.DISPUTE, Phase.TOWER):
        text.append("\n  Played ")
        text.append(f"{card_label(s.play.card, s.play.half)} ", style="bold")
        text.append_text(half_text(s.play.face))
        if s.play.faction:
            text.append(f" → {FACTION_NAMES[s.play.faction]}")
        if s.play.supporter:
            text.append(" + open ")
            text.append(s.play.supporter, style=FACTION_STYLE[s.play.supporter])
        if s.own_support:
            text.append(" + own ")
            text.append(s.own_support, style=FACTION_STYLE[s.own_support])
    if s.exchanged:
        text.append(f"\n  Exchanged {s.exchanged} {'card' if s.exchanged == 1 else 'cards'} at setup", style="dim")
    return text


def chronicles_text(view: TallinnView) -> Text:
    text = Text()
    if not view.chronicle_cards:
        return text
    first, second = view.chronicle_cards
    left, right = CHRONICLES[first][0], CHRONICLES[second][1]
    text.append("Chronicle I ", style="bold")
    text.append("(after round 4): ")
    text.append(left.text())
    text.append("\nChronicle II ", style="bold")
    text.append(f"(round {7 if view.max_rounds == 10 else 8}): ")
    text.append(right.text())
    return text


def removal_note(view: TallinnView) -> Text:
    """What the chronicle being scored asks of a row, and what it pays."""
    level = view.chronicle_level
    if not level or not view.chronicle_cards:
        return Text()
    half = CHRONICLES[view.chronicle_cards[level - 1]][level - 1]
    players = len(view.seats)
    text = Text(f"Chronicle {'I' * level}: ", style="bold")
    text.append(f"{half.text()} (a coin is {players} points).\n")
    text.append("Mark row cards with Space, then r to remove them or n for nothing.", style="italic")
    return text


def disputes_text(view: TallinnView, seats: Sequence[SeatInfo]) -> Text:
    """Each dispute of this round as a small table: the disputer against every opponent."""
    text = Text()
    for d in view.disputes:
        text.append("Dispute ")
        text.append_text(seat_name(seats, d.disputer))
        text.append(" over ")
        text.append(FACTION_NAMES[d.faction], style=FACTION_STYLE[d.faction])
        text.append(f": {d.counts[d.disputer]}")
        notes = []
        if d.envoy:
            notes.append("envoy +2")
        if d.own_support:
            notes.append("Supporter +1")
        if notes:
            text.append(f" ({', '.join(notes)})", style="dim")
        text.append("\n")
        for j, c in enumerate(d.counts):
            if j == d.disputer:
                continue
            text.append("   vs ")
            name = seat_name(seats, j)
            name.truncate(12, pad=True)
            text.append_text(name)
            verdict = "more" if d.counts[d.disputer] > c else "equal" if d.counts[d.disputer] == c else "fewer"
            text.append(f" {c:>2}  {verdict:<5} +{d.points[j]}\n")
        text.append(f"   total +{d.total}\n", style="bold")
    if view.to_resolve:
        waiting = Text(", ").join(seat_name(seats, i) for i in view.to_resolve)
        text.append("Disputes to come: ")
        text.append_text(waiting)
        text.append("\n")
    return text


def final_text(view: TallinnView, seats: Sequence[SeatInfo]) -> Text:
    text = Text()
    final = view.final
    if final is None:
        return text
    text.append("Final scoring\n", style="bold underline")
    for i in range(len(view.seats)):
        text.append_text(seat_name(seats, i))
        text.append("  row")
        text.append_text(totals(final.row_counts[i]))
        text.append(f"  towers best {final.tower_strength[i]}, symbols {final.tower_symbols[i]}")
        text.append(f"  = {view.seats[i].score} VP\n", style="bold")
    return text


def header_text(view: TallinnView) -> Text:
    text = Text()
    if view.phase is Phase.EXCHANGE or view.phase in (Phase.ENVOY_TIE, Phase.OVER):
        text.append(PHASE_TEXT[view.phase], style="bold")
    else:
        text.append(f"Round {view.round}/{view.max_rounds} · ", style="bold")
        text.append(PHASE_TEXT[view.phase].split(": ", 1)[-1])
    mods = [
        name
        for on, name in (
            (view.envoy, "Envoy"),
            (view.chronicles, "Chronicles"),
            (view.supporters, "Supporters"),
            (view.tower_order, "towers by score"),
        )
        if on
    ]
    if mods:
        text.append(f"  [{', '.join(mods)}]", style="dim")
    return text
