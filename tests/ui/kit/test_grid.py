"""The tile grid (kit/grid.py): its size, shared edges with joints, edge marks joining across tiles,
states told apart by shape, ASCII output, and content copied with its styles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from boardgames_tui.ui.kit import TileState, set_ascii
from boardgames_tui.ui.kit.grid import GridTile, tile_grid

WATER = ("≈", "blue")


def _tile(edges: tuple[object, ...] = (None, None, None, None), state: TileState = TileState.PLAIN) -> GridTile:
    return GridTile([Text("abc", style="red"), Text("def")], edges, state)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=1, max_size=4), min_size=1, max_size=4))
def test_grid_size_is_shared_borders_around_the_inner_cells(layout: list[list[bool]]) -> None:
    """c x r positions of w x h cells take c(w+1)+1 x r(h+1)+1 cells, whatever is placed where."""
    rows = [[_tile() if here else None for here in row] for row in layout]
    block = tile_grid(rows, (3, 2))
    ncols = max(len(r) for r in layout)
    assert block.width == ncols * 4 + 1 and block.height == len(layout) * 3 + 1
    assert all(line.cell_len == block.width for line in block.lines)


def test_two_neighbours_share_one_edge_with_joints() -> None:
    block = tile_grid([[_tile(), _tile()]], (3, 2))
    assert block.plain().splitlines() == ["┌───┬───┐", "│abc│abc│", "│def│def│", "└───┴───┘"]


def test_a_canal_mark_joins_across_the_shared_edge() -> None:
    """Edge marks sit in the middle of a side; the east mark of one tile and the west of the next meet."""
    block = tile_grid([[_tile((None, WATER, None, None)), _tile((None, None, None, WATER))]], (3, 2))
    assert block.plain().splitlines()[2][4] == "≈"


def test_states_differ_by_shape_not_only_colour() -> None:
    """Cursor: heavy frame with ▶◀; ghost: dotted; an empty legal position: open corners and ✚."""
    cursor = tile_grid([[_tile(state=TileState.CURSOR)]], (3, 2)).plain()
    assert cursor.startswith("┏━━━┓") and "▶" in cursor and "◀" in cursor
    ghost = tile_grid([[GridTile([Text("x")], state=TileState.GHOST, placed=False)]], (3, 2)).plain()
    assert ghost.startswith("┌┈┈┈┐")
    legal = tile_grid([[GridTile(state=TileState.LEGAL, placed=False)]], (3, 2)).plain().splitlines()
    assert legal[0] == "┌   ┐" and "✚" in legal[2]
    lit = tile_grid([[_tile(state=TileState.LEGAL)]], (3, 2)).plain()
    assert "✚" in lit.splitlines()[0], "a placed legal target keeps its lines and gets a ✚ in its top edge"


def test_content_keeps_its_styles() -> None:
    block = tile_grid([[_tile()]], (3, 2))
    assert any("red" in str(span.style) for span in block.lines[1].spans)


def test_ascii_mode_draws_plain_ascii() -> None:
    set_ascii(True)
    rows = [[_tile(state=TileState.CURSOR), GridTile(state=TileState.LEGAL, placed=False)], [_tile(), None]]
    assert tile_grid(rows, (3, 2)).plain().isascii()
