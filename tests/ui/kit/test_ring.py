"""The kit's ring: blocks evenly around an oval, never overlapping, clicks kept, a centre that fits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_tui.ui.kit import Block, ring, ring_room, ring_spots


def _blocks(count: int, width: int, height: int) -> list[Block]:
    return [Block.of([chr(ord("a") + i) * width] * height, width).target(i) for i in range(count)]


@settings(max_examples=60, deadline=None)
@given(count=st.integers(3, 12), bw=st.integers(3, 12), bh=st.integers(1, 3))
def test_ring_keeps_every_block_whole_and_in_bounds_with_room_to_spare(count: int, bw: int, bh: int) -> None:
    """With a ring sized for its blocks (as a screen plans it), every block lands whole, inside,
    without touching another, and a click on any of its cells finds it."""
    width, height = count * (bw + 2), count * bh + 2
    blocks = _blocks(count, bw, bh)
    drawn = ring(blocks, width, height)
    assert drawn.size == (width, height)
    spots = ring_spots([b.size for b in blocks], width, height)
    cells: set[tuple[int, int]] = set()
    for index, (x, y) in enumerate(spots):
        mine = {(x + dx, y + dy) for dx in range(bw) for dy in range(bh)}
        assert not mine & cells, "blocks do not overlap"
        cells |= mine
        assert 0 <= x <= width - bw and 0 <= y <= height - bh
        for dx, dy in ((0, 0), (bw - 1, bh - 1)):
            assert drawn.hit(y + dy, x + dx) == index
            assert drawn.lines[y + dy].plain[x + dx] == chr(ord("a") + index)


def test_ring_seats_go_clockwise_from_the_top_centre() -> None:
    spots = ring_spots([(4, 1)] * 4, 40, 9)
    (tx, ty), (rx, ry), (bx, by), (lx, ly) = spots
    assert ty == 0 and by == 8 and abs(tx - bx) <= 1  # top and bottom, centred
    assert rx > tx > lx and ry == ly == 4  # then the right, then the left


def test_ring_centre_sits_in_the_middle_within_its_room() -> None:
    blocks = _blocks(10, 12, 3)
    sizes = [b.size for b in blocks]
    room = ring_room(sizes, 84, 17, 7)
    assert 30 <= room < 84
    centre = Block.of(["#" * room] * 7, room)
    drawn = ring(blocks, 84, 17, centre=centre)
    for row in range(5, 12):
        assert "#" * room in drawn.lines[row].plain
    for index in range(10):  # the centre hides no block
        x, y = ring_spots(sizes, 84, 17)[index]
        assert drawn.hit(y, x) == index


def test_ring_draws_a_dotted_rim_between_blocks() -> None:
    drawn = ring(_blocks(6, 3, 1), 40, 11)
    assert drawn.plain().count("·") > 10
