"""Tolleno's scoring: contracts on their neighbourhood, the final score sheet and the outcome."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from boardgames_tui.engine.protocol import Outcome, ScoreLine
from boardgames_tui.games.tolleno.rules.components import (
    BOARDS_BY_ID,
    CENTER,
    CONTRACTS_BY_ID,
    END_BONUS,
    INITIAL_CONTRACTS,
    RING8,
    UNIQUE_AT,
)
from boardgames_tui.games.tolleno.rules.geometry import City, Pos, fountain_counts
from boardgames_tui.games.tolleno.rules.state import Building, MapContract, Phase, TollenoState


def neighbourhood(city: City, pos: Pos) -> list[Pos]:
    """The tile at `pos` and whichever of the eight around it exist."""
    return [
        (pos[0] + dr, pos[1] + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (pos[0] + dr, pos[1] + dc) in city
    ]


def contract_count(
    counter: str,
    city: City,
    buildings: tuple[Building, ...],
    contracts: tuple[MapContract, ...],
    seat: int,
    area: list[Pos],
) -> int:
    """How many items a contract with this counter finds in `area` for `seat`."""
    inside = set(area)
    bl = [b for b in buildings if b.pos in inside]
    own = [b for b in bl if b.owner == seat]
    opp = [b for b in bl if b.owner != seat]
    own_tiles = [b.pos for b in own]
    opp_tiles = [b.pos for b in opp]
    contract_tiles = {c.pos for c in contracts if c.pos in inside}
    used = {(b.pos, b.corner) for b in bl} | {(c.pos, c.corner) for c in contracts if c.pos in inside}

    def empty_on(pos: Pos) -> int:
        return sum((pos, corner) not in used for corner in city[pos].spaces)

    if counter == "empty_spaces":
        return sum(empty_on(p) for p in area)
    if counter == "tiles_full":
        return sum(empty_on(p) == 0 for p in area)
    if counter == "contracts":
        return sum(1 for c in contracts if c.pos in inside)
    if counter == "tiles_no_contract":
        return sum(p not in contract_tiles for p in area)
    if counter.startswith("tiles_v"):
        value = int(counter[-1])
        return sum(city[p].value == value for p in area)
    simple: dict[str, Callable[[], int]] = {
        "tiles_own": lambda: len(set(own_tiles)),
        "tiles_not_own": lambda: len(inside - set(own_tiles)),
        "own_bldgs": lambda: len(own),
        "own_bldgs_h2": lambda: sum(b.height >= 2 for b in own),
        "own_bldgs_h3": lambda: sum(b.height >= 3 for b in own),
        "own_heights": lambda: len({b.height for b in own}),
        "tiles_own2": lambda: sum(own_tiles.count(p) >= 2 for p in set(own_tiles)),
        "tiles_opp": lambda: len(set(opp_tiles)),
        "tiles_not_opp": lambda: len(inside - set(opp_tiles)),
        "opp_bldgs": lambda: len(opp),
        "opp_bldgs_h2": lambda: sum(b.height >= 2 for b in opp),
        "opp_bldgs_h3": lambda: sum(b.height >= 3 for b in opp),
        "opp_heights": lambda: len({b.height for b in opp}),
        "tiles_opp2": lambda: sum(opp_tiles.count(p) >= 2 for p in set(opp_tiles)),
        "opp_floors": lambda: sum(b.height for b in opp),
        "tiles_shared": lambda: len(set(own_tiles) & set(opp_tiles)),
    }
    if counter in simple:
        return simple[counter]()
    if counter == "opp_bldgs_valued":
        f = fountain_counts(city)
        return sum(f.get((b.pos, b.corner), 0) >= 1 for b in opp)
    raise ValueError(f"unknown contract counter {counter!r}")


def contract_vp(
    contract_id: str,
    city: City,
    buildings: tuple[Building, ...],
    contracts: tuple[MapContract, ...],
    seat: int,
    pos: Pos,
    players: int,
) -> int:
    """The VP a contract pays its placer, counted with the contract already on the map."""
    contract = CONTRACTS_BY_ID[contract_id]
    per_item = contract.vp_two_players if players == 2 else contract.vp
    area = neighbourhood(city, pos)
    return per_item * contract_count(contract.counter, city, buildings, contracts, seat, area)


# --- final scoring -------------------------------------------------------------------------


def tile_winner(pos: Pos, buildings: tuple[Building, ...], boats: tuple[Pos | None, ...]) -> int | None:
    """Who takes a tile's value: the tallest building's owner; ties go to floors (+1 for a boat)."""
    return winner_among([b for b in buildings if b.pos == pos], pos, boats)


def winner_among(here: list[Building], pos: Pos, boats: tuple[Pos | None, ...]) -> int | None:
    """`tile_winner` given the buildings on the tile."""
    if not here:
        return None
    tallest = max(b.height for b in here)
    tied = sorted({b.owner for b in here if b.height == tallest})
    if len(tied) == 1:
        return tied[0]
    floors = {s: sum(b.height for b in here if b.owner == s) + (boats[s] == pos) for s in tied}
    best = max(floors.values())
    leaders = [s for s, v in floors.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True, slots=True)
class FinalScore:
    """The end-of-game score sheet, per seat."""

    start: tuple[int, ...]
    contracts: tuple[int, ...]
    tiles: tuple[int, ...]
    valuation: tuple[int, ...]
    initial: tuple[int, ...]
    board: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(
            sum(parts)
            for parts in zip(
                self.start, self.contracts, self.tiles, self.valuation, self.initial, self.board, self.bonus,
                strict=True,
            )
        )


def _majority(counts: list[int]) -> int | None:
    best = max(counts)
    if best <= 0 or counts.count(best) > 1:
        return None
    return counts.index(best)


def final_score(state: TollenoState) -> FinalScore:
    """Score the finished game: start and contract VP, tiles, fountains, initial contract, boards."""
    n = state.n
    city = state.city()
    boats = tuple(p.boat for p in state.players)
    fountains = state.map_memo("fountains", lambda facts: fountain_counts(facts.city))
    on_tile: dict[Pos, list[Building]] = {}
    for b in state.buildings:
        on_tile.setdefault(b.pos, []).append(b)
    won: list[list[Pos]] = [[] for _ in range(n)]
    for pos in city:
        winner = winner_among(on_tile[pos], pos, boats) if pos in on_tile else None
        if winner is not None:
            won[winner].append(pos)
    own: list[list[Building]] = [[b for b in state.buildings if b.owner == s] for s in range(n)]

    def f(b: Building) -> int:
        return fountains.get((b.pos, b.corner), 0)

    tiles = tuple(sum(city[p].value for p in won[s]) for s in range(n))
    valuation = tuple(sum(b.height * f(b) for b in own[s]) for s in range(n))

    def floors_where(s: int, keep: Callable[[Pos], bool]) -> int:
        return sum(b.height for b in own[s] if keep(b.pos))

    measures: dict[str, Callable[[int], int]] = {
        "tallest_height": lambda s: max((b.height for b in own[s]), default=0),
        "floors_center": lambda s: floors_where(s, lambda p: p in CENTER),
        "height5": lambda s: any(b.height >= 5 for b in own[s]),
        "n_bldgs": lambda s: len(own[s]),
        "floors_on_v4": lambda s: floors_where(s, lambda p: city[p].value == 4),
        "tiles6": lambda s: len({b.pos for b in own[s]}) >= 6,
        "valuation_vp": lambda s: valuation[s],
        "floors_ring8": lambda s: floors_where(s, lambda p: p in RING8),
        "f2": lambda s: any(f(b) >= 2 for b in own[s]),
        "tiles_won": lambda s: len(won[s]),
        "floors_on_v2": lambda s: floors_where(s, lambda p: city[p].value == 2),
        "h3x3": lambda s: sum(b.height >= 3 for b in own[s]) >= 3,
    }
    initial = [0] * n
    for award in INITIAL_CONTRACTS[state.initial]:
        counts = [int(measures[award.measure](s)) for s in range(n)]
        if award.mode == "max":
            leader = _majority(counts)
            if leader is not None:
                initial[leader] += award.vp
        else:
            for s in range(n):
                if counts[s]:
                    initial[s] += award.vp

    def unique(s: int) -> int:
        scoring = BOARDS_BY_ID[state.players[s].board].scoring
        if scoring == "line":
            tiles_built = {b.pos for b in own[s]}
            rows = [sum(1 for p in tiles_built if p[0] == r) for r in {p[0] for p in tiles_built}]
            cols = [sum(1 for p in tiles_built if p[1] == c) for c in {p[1] for p in tiles_built}]
            return max([0, *rows, *cols])
        if scoring == "won_value2":
            return sum(city[p].value == 2 for p in won[s])
        if scoring == "height2_x2":
            return 2 * sum(b.height >= 2 for b in own[s])
        if scoring == "f2_x3":
            return 3 * sum(f(b) >= 2 for b in own[s])
        raise ValueError(scoring)

    board = tuple(unique(s) if state.players[s].floors >= UNIQUE_AT else 0 for s in range(n))
    bonus = tuple(
        sum(vp for floor, vp in END_BONUS.items() if state.players[s].floors >= floor) for s in range(n)
    )
    return FinalScore(
        start=tuple(p.start_vp for p in state.players),
        contracts=tuple(sum(v for _, v in p.contracts) for p in state.players),
        tiles=tiles,
        valuation=valuation,
        initial=tuple(initial),
        board=board,
        bonus=bonus,
    )


def building_f(city: City, building: Building) -> int:
    """How many fountains point at a building's space."""
    return fountain_counts(city).get((building.pos, building.corner), 0)


def outcome(state: TollenoState) -> Outcome | None:
    """None while play goes on; at the end the score sheet, line by line, and the ranking."""
    if state.phase is not Phase.OVER:
        return None
    score = final_score(state)
    lines = (
        ScoreLine("Starting VP", score.start),
        ScoreLine("Contracts", score.contracts),
        ScoreLine("City tiles", score.tiles),
        ScoreLine("Fountains", score.valuation),
        ScoreLine("Opening contract", score.initial),
        ScoreLine("Board scoring", score.board),
        ScoreLine("Cleared board spaces", score.bonus),
    )
    totals = score.totals
    ranking = tuple(
        tuple(s for s in range(state.n) if totals[s] == value)
        for value in sorted(set(totals), reverse=True)
    )
    tiebreak = "Equal totals share their place: Tolleno breaks no ties." if any(
        len(g) > 1 for g in ranking
    ) else ""
    return Outcome(lines, totals, ranking, tiebreak)


def running_scores(state: TollenoState) -> tuple[float, ...]:
    """Each seat's VP tokens so far (start and contracts), for the game-over chart."""
    return tuple(float(p.vp) for p in state.players)
