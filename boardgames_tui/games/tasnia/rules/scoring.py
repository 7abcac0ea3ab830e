"""Final scoring: complete and incomplete buildings, stockpile, Princess, Silver and Gold."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.engine.evolve import memo
from boardgames_tui.engine.protocol import Outcome, ScoreLine
from boardgames_tui.games.tasnia.rules.area import Area
from boardgames_tui.games.tasnia.rules.components import (
    CARD_POINTS,
    POINTS_COMPLETE,
    POINTS_INCOMPLETE,
    POINTS_PRINCESS,
    POINTS_STAR,
    POINTS_STOCKPILE,
    PRINCESS,
    is_star,
)
from boardgames_tui.games.tasnia.rules.state import State


@dataclass(frozen=True, slots=True)
class BoardScore:
    """The points an area is worth, category by category (all public)."""

    complete: int = 0
    stars: int = 0
    incomplete: int = 0
    stockpile: int = 0
    princess: int = 0
    largest: int = 0

    @property
    def total(self) -> int:
        return self.complete + self.stars + self.incomplete + self.stockpile + self.princess


def building_points(area: Area, index: int) -> int:
    """What building `index` of the area's layout scores as it stands (Princess included)."""
    lay = area.layout
    part, anchor = lay.parts[index], lay.anchors[index]
    if lay.failures[index] is None:
        points = POINTS_COMPLETE * len(part) + POINTS_STAR * sum(1 for c in part if is_star(lay.grid[c]))
    else:
        points = POINTS_INCOMPLETE * len(part)
    princess = any(c == PRINCESS and a == anchor for c, a in area.cards)
    return points + (POINTS_PRINCESS * len(part) if princess else 0)


def board_score(area: Area) -> BoardScore:
    """What the area is worth, worked out once per area and kept with it (`engine.evolve.memo`;
    kept in a cache shared by all areas, the areas of finished playouts outlived them and made the
    garbage collector's passes longer)."""
    return memo(area, _SCORE, _board_score)


_SCORE = "board score"
"""The memo key of an area's score."""


def _board_score(area: Area) -> BoardScore:
    lay = area.layout
    complete = stars = incomplete = princess = largest = 0
    princess_at = {a for c, a in area.cards if c == PRINCESS}
    for part, why, anchor in zip(lay.parts, lay.failures, lay.anchors, strict=True):
        largest = max(largest, len(part))
        if why is None:
            complete += POINTS_COMPLETE * len(part)
            stars += POINTS_STAR * sum(1 for c in part if is_star(lay.grid[c]))
        else:
            incomplete += POINTS_INCOMPLETE * len(part)
        if anchor in princess_at:
            princess += POINTS_PRINCESS * len(part)
    return BoardScore(complete, stars, incomplete, POINTS_STOCKPILE * len(area.stock), princess, largest)


def card_score(hand: tuple[str, ...]) -> int:
    return sum(CARD_POINTS.get(card, 0) for card in hand)


def outcome_of(state: State) -> Outcome:
    boards = [board_score(p.area) for p in state.players]
    cards = [card_score(p.hand) for p in state.players]
    lines = (
        ScoreLine("Complete buildings (3 a tile)", tuple(b.complete for b in boards)),
        ScoreLine("Gold stars in complete buildings", tuple(b.stars for b in boards)),
        ScoreLine("Incomplete buildings (2 a tile)", tuple(b.incomplete for b in boards)),
        ScoreLine("Stockpile (1 a tile)", tuple(b.stockpile for b in boards)),
        ScoreLine("Princess (1 a tile of her home)", tuple(b.princess for b in boards)),
        ScoreLine("Silver and Gold in hand", tuple(cards)),
        ScoreLine("Largest building (tiles, tie-break)", tuple(b.largest for b in boards)),
    )
    totals = tuple(b.total + c for b, c in zip(boards, cards, strict=True))
    keys = sorted({(totals[s], boards[s].largest) for s in range(len(totals))}, reverse=True)
    ranking = tuple(tuple(s for s in range(len(totals)) if (totals[s], boards[s].largest) == k) for k in keys)
    best = max(totals)
    level = [s for s in range(len(totals)) if totals[s] == best]
    tiebreak = ""
    if len(level) > 1:
        names = " and ".join(state.names[s] for s in level)
        winners = ranking[0]
        if len(winners) == len(level):
            tiebreak = f"{names} tie on {best} points and on their largest building, so they share the win."
        else:
            sizes = ", ".join(f"{state.names[s]} {boards[s].largest}" for s in level)
            who = " and ".join(state.names[s] for s in winners)
            tiebreak = f"{names} tie on {best} points; the largest building decides ({sizes} tiles): {who}."
    return Outcome(lines, totals, ranking, tiebreak)


def scores(state: State) -> tuple[float, ...]:
    """Each seat's running score (its area and the Silver and Gold in its hand)."""
    return tuple(float(board_score(p.area).total + card_score(p.hand)) for p in state.players)
