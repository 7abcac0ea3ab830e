"""Issue 16, seen as pictures: a complete building carries its score on its drawing (in its
frame at 5×3 and 7×4, over its roof in the compact one-line form), and the legend is never cut
(it goes onto a second line at 120×40 rather than ending in "…")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.view import SeatView
from boardgames_tui.games.tasnia.table.area import BIG_CELL, CELL, RULER, area_block, compact_area, roof_cell, window
from boardgames_tui.games.tasnia.table.tiles import LEGEND_ENTRIES, legend_lines
from boardgames_tui.ui.kit import DARK, legend
from tests.games.tasnia.tasnia_helpers import area, scenario

HUTS = area(("/^\\\nWDW", 0, 0), ("^\nD", 5, 0), stars=[(1, 1)])
"""A six-tile wooden house (roofs / ^★ \\ over window, door, window: 3×6 + 1 star = 19 points)
and a two-tile hut (6 points) five columns to its right, both complete."""


def _seat() -> SeatView:
    return GAME.view(scenario(areas={0: HUTS}), 0).seats[0]


def test_the_scenario_holds_two_complete_buildings_of_19_and_6_points() -> None:
    """The position the marks are checked on (so a rules change is caught here first)."""
    assert sorted((b.complete, b.points) for b in _seat().buildings) == [(True, 6), (True, 19)]


def test_a_complete_buildings_score_is_set_into_its_top_tiles_frame() -> None:
    """At 5×3 and 7×4 the score sits in the top edge of the building's top-left roof tile
    (the house's gold-star peak is passed over for its plain left slope), inside that tile's
    columns, and the tile's other edges stay whole."""
    seat = _seat()
    for size in (CELL, BIG_CELL):
        box = window([c for c, _ in seat.tiles], None, 99, 99)
        block = area_block(seat, box, cursor=None, legal=set(), lifted=None, held=None, clickable=False,
                           pal=DARK, cell_size=size)  # fmt: skip
        w, h = size
        x0, _, _, y1 = box
        for b in seat.buildings:
            x, y = roof_cell(b, avoid_star=True)
            top = 1 + (y1 - y) * h  # the ruler, then h lines per row from the highest
            left = RULER + (x - x0) * w
            edge = block.lines[top].plain[left : left + w]
            assert str(b.points) in edge, (size, b.points, edge)
            assert block.lines[top + h - 1].plain[left] == "╰"  # the frame's bottom is untouched
        assert roof_cell(next(b for b in seat.buildings if b.size == 6), avoid_star=True) == (0, 1)


def test_the_compact_form_shows_each_complete_buildings_score_over_its_roof() -> None:
    """One line a row (other seats' areas): the score in the empty cell over the top-left roof,
    on a line of its own above the area's top row, no line longer than before; with room, the
    column numbers over it and the row numbers left of it (the log names cells by them)."""
    seat = _seat()
    block = compact_area(seat, max_rows=6, pal=DARK)
    lines = [line.plain for line in block.lines]
    assert len(lines) == 4  # the column numbers, the scores' line, the roofs, the ground floor
    xs = sorted({x for (x, _), _ in seat.tiles})
    assert lines[0].split() == [str(x) for x in xs]
    assert [line[:RULER].strip() for line in lines[1:]] == ["2", "1", "0"]
    scores, roofs = lines[1][RULER:], lines[2][RULER:]
    assert scores.split() == ["19", "6"]
    assert scores.index("19") == 0 and scores.index("6") == roofs.index(" ", 9) + 2
    assert [line.plain for line in compact_area(seat, max_rows=3, pal=DARK).lines] == [
        line[RULER:] for line in lines[1:]
    ]  # no room for the numbers: the rows go first


@given(st.integers(min_value=40, max_value=200))
def test_the_legend_breaks_between_entries_and_is_never_cut(width: int) -> None:
    """Whatever the width (the body is at least 40 wide), each legend line fits it and, read
    one after another, they are the kit's whole legend: no entry cut, none left out."""
    lines = legend_lines(width, pal=DARK)
    assert all(line.cell_len <= width for line in lines)
    assert "  ".join(line.plain for line in lines) == legend(LEGEND_ENTRIES, pal=DARK).plain
