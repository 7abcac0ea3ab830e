"""Tallinn's counting and scoring: faction rows, disputes, chronicles, final scoring, ranking, and the
score sheet at the end."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from boardgames_tui.engine.protocol import Outcome, ScoreLine
from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.components import (
    ANY,
    BLOWOUT_GAP,
    ENVOY_ID,
    ENVOY_SYMBOLS,
    FACTION_INDEX,
    FACTIONS,
    FINAL_DISPUTE,
    HALF_SYMBOLS,
    INFLUENCE,
    ROUND_DISPUTE,
    START_CARDS,
    TOWER_SCORE,
    TOWER_SYMBOLS,
    ChronicleHalf,
    Counts,
    Faction,
)
from boardgames_tui.games.tallinn.rules.state import (
    CAT_CHRON1,
    CAT_CHRON2,
    CAT_EXCHANGE,
    CATEGORIES,
    PHASE,
    DisputeResult,
    RowCard,
    SeatState,
    TallinnState,
    Tower,
)


def row_counts(seat: SeatState) -> Counts:
    """Faction symbols in a row: the starting card plus the visible half of every row card
    (envoy symbols and Supporters never count here). Kept by starting card and row (`_counted`):
    every dispute of a round counts every row, a playout's estimate counts them again, and a
    search meets the same rows in playout after playout."""
    return _counted(seat.start, seat.row)


def count_row(seat: SeatState) -> Counts:
    """`row_counts` counted afresh."""
    return _counted.__wrapped__(seat.start, seat.row)


@lru_cache(maxsize=1 << 15)
def _counted(start: str, row: tuple[RowCard, ...]) -> Counts:
    """The counts of a starting card and a row (keys of plain tuples, hashed in C)."""
    k, m, mo = START_CARDS[start]
    for entry in row:
        s = HALF_SYMBOLS[entry]  # a row card is a (card, half) pair
        k += s[0]
        m += s[1]
        mo += s[2]
    return (k, m, mo)


def disputed_faction(play: Play) -> Faction | None:
    """The faction a played half disputes, or None when it shows no coin."""
    coin = INFLUENCE[play.card].halves[play.half].coin
    if coin == ANY:
        return play.faction
    return coin


def resolve_dispute(
    round_no: int,
    seats: Sequence[SeatState],
    plays: Sequence[Play | None],
    own_support: Sequence[Faction | None],
    disputer: int,
) -> DisputeResult:
    """The disputer's count against every other seat's count; only the disputer scores."""
    play = plays[disputer]
    assert play is not None
    faction = disputed_faction(play)
    assert faction is not None
    fi = FACTION_INDEX[faction]
    counts = []
    backed = []
    for seat, p in zip(seats, plays, strict=True):
        c = row_counts(seat)[fi]
        opened = p is not None and p.supporter == faction
        if opened:
            c += 1  # an open Supporter counts in every dispute this round
        counts.append(c)
        backed.append(opened)
    envoy = INFLUENCE[play.card].halves[play.half].coin == ANY
    if envoy:
        counts[disputer] += ENVOY_SYMBOLS
    supported = own_support[disputer] == faction
    if supported:
        counts[disputer] += 1
    mine = counts[disputer]
    more, equal = ROUND_DISPUTE
    points = tuple(
        0 if i == disputer else more if mine > other else equal if mine == other else 0
        for i, other in enumerate(counts)
    )
    return DisputeResult(round_no, disputer, faction, tuple(counts), points, envoy, supported, tuple(backed))


# --- chronicles --------------------------------------------------------------------------------


def chronicle_count_coins(half: ChronicleHalf, seat: SeatState) -> int:
    """Coins a row earns on a 'count' chronicle: the highest tier reached."""
    have = row_counts(seat)[FACTION_INDEX[half.faction]]
    return 2 if have >= half.more else 1 if have >= half.need else 0


def removable(seat: SeatState, faction: Faction) -> tuple[RowCard, ...]:
    """Row cards a 'remove' chronicle may take: non-start cards showing that faction."""
    fi = FACTION_INDEX[faction]
    return tuple(e for e in seat.row if INFLUENCE[e.card].halves[e.half].symbols[fi] > 0)


def removal_sets(seat: SeatState, half: ChronicleHalf) -> list[tuple[int, ...]]:
    """Every set of row cards (as card ids, in row order) worth at least the chronicle's need."""
    fi = FACTION_INDEX[half.faction]
    cards = [(e.card, INFLUENCE[e.card].halves[e.half].symbols[fi]) for e in removable(seat, half.faction)]
    if sum(v for _, v in cards) < half.need:
        return []
    out = []
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(v for _, v in combo) >= half.need:
                out.append(tuple(c for c, _ in combo))
    return out


# --- final scoring -----------------------------------------------------------------------------


def smallest_factions(counts: Counts) -> tuple[Faction, ...]:
    low = min(counts)
    return tuple(f for f, n in zip(FACTIONS, counts, strict=True) if n == low)


def envoy_in_row(seat: SeatState) -> bool:
    """True when the envoy shows its envoy half in the row (it then adds to the smallest faction)."""
    return (ENVOY_ID, 1) in seat.row  # a row card is a (card, half) pair


def final_row_counts(seat: SeatState, choice: Faction | None) -> Counts:
    """Row counts for the final disputes: envoy symbols go to the smallest faction (or the choice)."""
    counts = row_counts(seat)
    if not envoy_in_row(seat):
        return counts
    target = smallest_factions(counts)
    faction = choice if choice in target else target[0]
    out = list(counts)
    out[FACTION_INDEX[faction]] += ENVOY_SYMBOLS
    return (out[0], out[1], out[2])


def tower_counts(towers: Sequence[Tower]) -> Counts:
    """All symbols on a player's towers, both halves, with the envoy's symbols on the smallest."""
    k = m = mo = 0
    for t in towers:
        s = TOWER_SYMBOLS[t.card]
        k += s[0]
        m += s[1]
        mo += s[2]
    out = [k, m, mo]
    if any(t.card == ENVOY_ID for t in towers):
        out[out.index(min(out))] += ENVOY_SYMBOLS  # first smallest in K, M, Mo order
    return (out[0], out[1], out[2])


def tower_strength(towers: Sequence[Tower]) -> int:
    """The largest single-faction total on a player's towers (0 without towers)."""
    return max(tower_counts(towers)) if towers else 0


def tower_symbols_total(towers: Sequence[Tower]) -> int:
    """The tie-break: every faction symbol on a player's towers (envoy symbols included)."""
    return sum(tower_counts(towers)) if towers else 0


def final_dispute_points(values: Sequence[float]) -> list[int]:
    """One final dispute over a faction: 4 for more, 2 for equal (never for 0 = 0), and a lead
    of 5 or more moves 1 point from the opponent to the leader."""
    more, equal = FINAL_DISPUTE
    points = [0] * len(values)
    for i, mine in enumerate(values):
        for j, other in enumerate(values):
            if mine > other:  # never a seat against itself
                points[i] += more
                if mine - other >= BLOWOUT_GAP:
                    points[i] += 1
                    points[j] -= 1
            elif mine == other and mine >= 1 and i != j:
                points[i] += equal
    return points


def tower_points(strengths: Sequence[int]) -> list[int]:
    """Tower valuation: 6 for a stronger tower faction, 3 for equal (never without towers)."""
    more, equal = TOWER_SCORE
    return [
        sum(more if h > o else equal if h == o and h >= 1 else 0 for j, o in enumerate(strengths) if j != i)
        for i, h in enumerate(strengths)
    ]


def final_points(rows: Sequence[Sequence[float]], strengths: Sequence[int]) -> list[int]:
    """Each seat's points from the three final disputes over its row counts (`rows`, one
    K/M/Mo triple per seat) and from the tower valuation of its tower strengths."""
    totals = tower_points(strengths)
    for fi in range(3):
        for i, points in enumerate(final_dispute_points([row[fi] for row in rows])):
            totals[i] += points
    return totals


def ranking(totals: Sequence[int], tiebreaks: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Seats grouped by place: most points first, then most tower symbols; equal seats share."""
    keys = sorted({(t, b) for t, b in zip(totals, tiebreaks, strict=True)}, reverse=True)
    return tuple(tuple(s for s in range(len(totals)) if (totals[s], tiebreaks[s]) == key) for key in keys)


# --- the score sheet ---------------------------------------------------------------------------


def outcome(state: TallinnState) -> Outcome | None:
    """None while play goes on; at the end a line per ledger category of the modules in play, the
    tower symbols that break ties, the ranking and what decided it."""
    if state.phase is not PHASE.OVER:
        return None
    skip = set()
    if not state.envoy:
        skip.add(CAT_EXCHANGE)
    if not state.chronicles:
        skip |= {CAT_CHRON1, CAT_CHRON2}
    lines = [ScoreLine(label, state.ledger[c]) for c, label in enumerate(CATEGORIES) if c not in skip]
    tiebreaks = tuple(tower_symbols_total(s.towers) for s in state.seats)
    lines.append(ScoreLine("Tower symbols (tie-break, not points)", tiebreaks))
    totals = tuple(s.score for s in state.seats)
    order = ranking(totals, tiebreaks)
    return Outcome(tuple(lines), totals, order, _tiebreak_text(state.names, totals, tiebreaks, order))


def _tiebreak_text(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    tiebreaks: tuple[int, ...],
    order: tuple[tuple[int, ...], ...],
) -> str:
    best = max(totals)
    level = [i for i, t in enumerate(totals) if t == best]
    if len(level) < 2:
        return ""
    winners = order[0]
    who = " and ".join(names[i] for i in level)
    symbols = ", ".join(f"{names[i]} {tiebreaks[i]}" for i in level)
    if len(winners) == len(level):
        return f"{who} tie on {best} points and on tower symbols ({symbols}): they share the victory."
    won = " and ".join(names[i] for i in winners)
    return f"{who} tie on {best} points; tower symbols decide ({symbols}): {won} wins."
