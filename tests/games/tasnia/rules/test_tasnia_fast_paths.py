"""The fast paths of Tasnia's rules against plain statements of the same rules, on the states of
seeded random games: layouts updated tile by tile against layouts worked out from scratch, and the
cells a held tile may go to against every placement check run on every cell of T(area)."""

from __future__ import annotations

from functools import cache

import pytest

from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.area import Area, Layout, add_tile, layout_from_scratch, remove_tile
from boardgames_tui.games.tasnia.rules.build import put_actions
from boardgames_tui.games.tasnia.rules.components import TYPES
from boardgames_tui.games.tasnia.rules.geometry import placement_failure, targets
from boardgames_tui.games.tasnia.rules.state import Held, State


@cache
def _states(players: int, seed: int) -> list[State]:
    return random_states(GAME, players, seed)


def _areas(players: int, seed: int) -> list[Area]:
    """The distinct areas met along a seeded random game (a tenth of its states)."""
    seen: dict[tuple[object, ...], Area] = {}
    for state in _states(players, seed)[::10]:
        for p in state.players:
            seen.setdefault((p.area.tiles, p.area.cards), p.area)
    return list(seen.values())


GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


def _same_layout(lay: Layout, reference: Layout) -> None:
    assert lay.grid == reference.grid
    assert lay.parts == reference.parts and lay.label == reference.label
    assert (lay.doors, lay.failures, lay.anchors) == (reference.doors, reference.failures, reference.anchors)
    assert (lay.frontier, lay.box, lay.fits) == (reference.frontier, reference.box, reference.fits)
    assert lay.rims == reference.rims
    assert lay.rims == tuple(frozenset(c for c in lay.frontier if _beside(c, part)) for part in lay.parts)


def _beside(cell: tuple[int, int], part: frozenset[tuple[int, int]]) -> bool:
    x, y = cell
    return any(n in part for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_layouts_kept_tile_by_tile_equal_layouts_from_scratch(players: int, seed: int) -> None:
    """Adding a tile and taking one away update the layout around that tile only: the result is
    the layout of the new tiles worked out from nothing (buildings, doors, completion, frontier,
    box, the P1-P5 verdicts and each building's rim of empty cells beside it)."""
    for area in _areas(players, seed):
        _same_layout(area.layout, layout_from_scratch(area.tiles))
        for cell, _ in area.tiles:
            after, _, _ = remove_tile(area, cell)
            _same_layout(after.layout, layout_from_scratch(after.tiles))
        for cell in sorted(area.layout.frontier)[:6]:
            for code in ("W", "T", "="):
                after = add_tile(area, cell, code)
                _same_layout(after.layout, layout_from_scratch(after.tiles))


def reference_puts(area: Area, held: Held) -> list[tuple[int, int]]:
    """Where the held tile may go, by the rules as written: every cell of T(area) (A3) that passes
    P1-P7 on the area without the held tile, in the order of T(area)."""
    rest = area if held.source is None else remove_tile(area, held.source)[0]
    lay = rest.layout
    return [
        cell
        for cell in targets(area.grid)
        if placement_failure(lay.grid, cell, held.tile, lay.label, list(lay.doors), rest.residents()) is None
    ]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_cells_a_held_tile_may_go_to_equal_every_check_on_every_target(players: int, seed: int) -> None:
    """`put_actions` reads the P1-P5 verdicts kept in the layout and checks P6-P7 itself: the same
    cells, in the same order, as running P1-P7 on every cell of T(area), for every tile type taken
    from the stockpile and every placed tile picked up."""
    for area in _areas(players, seed):
        helds = [Held(code) for code in TYPES] + [Held(tile, cell) for cell, tile in area.tiles]
        for held in helds:
            assert [p.cell for p in put_actions(area, held)] == reference_puts(area, held), (area, held)
