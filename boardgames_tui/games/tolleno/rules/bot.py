"""What a bot's search needs of Tolleno beyond the rules: an estimate of an unfinished game."""

from __future__ import annotations

from boardgames_tui.engine.protocol import standing_values
from boardgames_tui.games.tolleno.rules.components import (
    BOARDS_BY_ID,
    CENTER,
    END_BONUS,
    INITIAL_CONTRACTS,
    RING8,
    UNIQUE_AT,
)
from boardgames_tui.games.tolleno.rules.geometry import City, Corner, Pos, fountain_counts
from boardgames_tui.games.tolleno.rules.mapfacts import MapFacts
from boardgames_tui.games.tolleno.rules.scoring import winner_among
from boardgames_tui.games.tolleno.rules.state import Building, TollenoState

Fountains = dict[tuple[Pos, Corner], int]
"""How many fountains point at each space (`geometry.fountain_counts`)."""
ROLLOUT_CUTOFF = 30
"""Actions of a search playout before it is scored as it stands (a whole game is 100-200)."""


def evaluate(state: TollenoState) -> tuple[float, ...]:
    """Each seat's prospects: the final score sheet applied to the city as it stands now."""
    return standing_values(final_totals(state))


def final_totals(state: TollenoState) -> tuple[int, ...]:
    """`scoring.final_score(state).totals`, the same sums worked out in one pass over the
    buildings (a playout ends with it: the score sheet's parts are not needed, only their sums).
    A test compares the two on the states of seeded games."""
    n = state.n
    players = state.players
    city = state.city()
    fountains = state.map_memo("fountains", _fountains)
    boats = tuple(p.boat for p in players)
    own: list[list[Building]] = [[] for _ in range(n)]
    on_tile: dict[Pos, list[Building]] = {}
    for b in state.buildings:
        own[b.owner].append(b)
        here = on_tile.get(b.pos)
        if here is None:
            on_tile[b.pos] = [b]
        else:
            here.append(b)
    won: list[list[Pos]] = [[] for _ in range(n)]
    for pos, here in on_tile.items():
        winner = here[0].owner if len(here) == 1 else winner_among(here, pos, boats)
        if winner is not None:
            won[winner].append(pos)
    valuation = [sum(b.height * fountains.get((b.pos, b.corner), 0) for b in own[s]) for s in range(n)]
    totals = [
        p.start_vp + sum(v for _, v in p.contracts) + sum(city[pos].value for pos in won[s]) + valuation[s]
        for s, p in enumerate(players)
    ]
    for award in INITIAL_CONTRACTS[state.initial]:
        counts = [_measure(award.measure, own[s], won[s], valuation[s], city, fountains) for s in range(n)]
        if award.mode == "max":
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                totals[counts.index(best)] += award.vp
        else:
            for s in range(n):
                if counts[s]:
                    totals[s] += award.vp
    for s, p in enumerate(players):
        if p.floors >= UNIQUE_AT:
            totals[s] += _board(BOARDS_BY_ID[p.board].scoring, own[s], won[s], city, fountains)
        totals[s] += sum(vp for floor, vp in END_BONUS.items() if p.floors >= floor)
    return tuple(totals)


def _fountains(facts: MapFacts) -> Fountains:
    return fountain_counts(facts.city)


def _measure(
    measure: str, own: list[Building], won: list[Pos], valuation: int, city: City, fountains: Fountains
) -> int:
    """One seat's count for an opening-contract award (`scoring.final_score`'s measures)."""
    if measure == "tallest_height":
        return max((b.height for b in own), default=0)
    if measure == "floors_center":
        return sum(b.height for b in own if b.pos in CENTER)
    if measure == "height5":
        return int(any(b.height >= 5 for b in own))
    if measure == "n_bldgs":
        return len(own)
    if measure == "floors_on_v4":
        return sum(b.height for b in own if city[b.pos].value == 4)
    if measure == "tiles6":
        return int(len({b.pos for b in own}) >= 6)
    if measure == "valuation_vp":
        return valuation
    if measure == "floors_ring8":
        return sum(b.height for b in own if b.pos in RING8)
    if measure == "f2":
        return int(any(fountains.get((b.pos, b.corner), 0) >= 2 for b in own))
    if measure == "tiles_won":
        return len(won)
    if measure == "floors_on_v2":
        return sum(b.height for b in own if city[b.pos].value == 2)
    if measure == "h3x3":
        return int(sum(b.height >= 3 for b in own) >= 3)
    raise ValueError(measure)


def _board(scoring: str, own: list[Building], won: list[Pos], city: City, fountains: Fountains) -> int:
    """A seat's own board scoring (`scoring.final_score`'s `unique`)."""
    if scoring == "line":
        tiles_built = {b.pos for b in own}
        rows = [sum(1 for p in tiles_built if p[0] == r) for r in {p[0] for p in tiles_built}]
        cols = [sum(1 for p in tiles_built if p[1] == c) for c in {p[1] for p in tiles_built}]
        return max([0, *rows, *cols])
    if scoring == "won_value2":
        return sum(city[p].value == 2 for p in won)
    if scoring == "height2_x2":
        return 2 * sum(b.height >= 2 for b in own)
    if scoring == "f2_x3":
        return 3 * sum(fountains.get((b.pos, b.corner), 0) >= 2 for b in own)
    raise ValueError(scoring)
