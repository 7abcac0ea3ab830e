"""Each kit element: its stated size, states told apart without colour, ASCII output, literal names."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import (
    CARD_WIDTH,
    ICONS,
    PILE_SIZE,
    Bar,
    Block,
    CardState,
    Count,
    Half,
    Marker,
    TileFace,
    TileState,
    bars,
    beside,
    card,
    card_height,
    chip,
    compact_card,
    compact_chip,
    compact_tile,
    compact_track,
    counters,
    draw_on,
    flow,
    icon,
    legend,
    pile,
    rotate,
    score_lines,
    set_ascii,
    sparkline,
    stack,
    tile,
    token,
    token_back,
    token_face,
    track,
)

ICON_NAMES = sorted(ICONS)
names = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "S")), min_size=1, max_size=16)
ascii_names = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=16)
seats = st.builds(lambda name, i: SeatInfo(name, PALETTE[i].name, GLYPHS[i]), names, st.integers(0, len(PALETTE) - 1))
ascii_seats = st.builds(
    lambda name, i: SeatInfo(name, PALETTE[i].name, GLYPHS[i]), ascii_names, st.integers(0, len(PALETTE) - 1)
)
counts = st.builds(Count, st.sampled_from(ICON_NAMES), st.one_of(st.none(), st.integers(0, 99)))
halves = st.lists(
    st.builds(Half, st.lists(st.lists(counts, max_size=4), min_size=1, max_size=2)), min_size=1, max_size=2
)


def printed(renderable: object, width: int = 200) -> str:
    """What a terminal without colour would show."""
    console = Console(width=width, color_system=None, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_card_and_tile_sizes_are_as_stated() -> None:
    """A one-row two-half card is CARD_WIDTH × 5; a default tile is 7 × 4."""
    two = [Half([[Count("knight", 2)]]), Half([[Count("coin")]])]
    assert card("x", two).size == (CARD_WIDTH, 5) == (CARD_WIDTH, card_height(two))
    assert tile(TileFace("wood")).size == (7, 4)


@settings(max_examples=60, deadline=None)
@given(
    halves, st.sampled_from(list(CardState)), st.integers(8, 20), st.one_of(st.none(), st.integers(0, 1)), st.booleans()
)
def test_a_card_keeps_its_size_in_every_state(
    hs: list[Half], state: CardState, width: int, lit: int | None, ascii_form: bool
) -> None:
    """Every state of a card takes width × card_height(halves): a hand can be laid out before drawing."""
    set_ascii(ascii_form)
    block = card(
        "Title that is long", hs, state=state, width=width, lit=lit, card_id="12", owner=SeatInfo("Ann", "orange", "●")
    )
    assert block.size == (width, card_height(hs))
    assert all(line.cell_len == width for line in block.lines)
    if ascii_form:
        assert block.plain().isascii()


@pytest.mark.parametrize("ascii_form", [False, True])
def test_card_states_differ_without_colour(ascii_form: bool) -> None:
    """Normal, selected, disabled, face down and lit look different in plain characters."""
    set_ascii(ascii_form)
    hs = [Half([[Count("knight", 2)]]), Half([[Count("monk", 1)]])]
    owner = SeatInfo("Ann", "orange", "●")
    drawn = [card("C", hs, state=s, owner=owner).plain() for s in CardState]
    drawn.append(card("C", hs, lit=0).plain())
    assert len(set(drawn)) == len(drawn)
    compact = [compact_card(hs, state=s, owner=owner).plain for s in CardState] + [compact_card(hs, lit=0).plain]
    assert len(set(compact)) == len(compact)


def test_card_id_appears_only_when_passed() -> None:
    """The id is the caller's decision: without it, nothing on the card tells which card it is."""
    hs = [Half([[Count("knight", 2)]])]
    assert "#17" in card("C", hs, card_id="17").plain()
    assert "17" not in card("C", hs).plain()
    assert "17" not in card("C", hs, card_id="17", state=CardState.FACE_DOWN).plain()


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(list(TileState)),
    st.integers(0, 7),
    st.integers(5, 12),
    st.integers(3, 7),
    st.sampled_from([None, "wood", "stone", "water", "grass"]),
    st.booleans(),
)
def test_a_tile_keeps_its_size_in_every_state_and_rotation(
    state: TileState, quarters: int, width: int, height: int, material: str | None, ascii_form: bool
) -> None:
    """A tile is exactly width × height whatever its state, rotation or fill; ASCII mode is pure ASCII."""
    set_ascii(ascii_form)
    face = TileFace(
        material, [[(icon("door"), ""), (icon("window"), "")]], ((icon("water"), ""), None, (icon("door"), ""), None)
    )
    block = tile(face, state=state, rotation=quarters, width=width, height=height)
    assert block.size == (width, height)
    assert all(line.cell_len == width for line in block.lines)
    if ascii_form:
        assert block.plain().isascii()


@pytest.mark.parametrize("ascii_form", [False, True])
def test_tile_states_differ_without_colour(ascii_form: bool) -> None:
    """Cursor, ghost, legal target, locked and plain each have their own characters."""
    set_ascii(ascii_form)
    face = TileFace("wood", [[(icon("roof"), "")]])
    drawn = [tile(face, state=s).plain() for s in TileState]
    assert len(set(drawn)) == len(drawn)
    empty = [tile(None, state=s).plain() for s in TileState]
    assert len(set(empty)) == len(empty)


def test_four_quarter_turns_give_the_same_tile_and_one_moves_the_edges() -> None:
    """Rotation turns content and edges clockwise; a full turn is the identity."""
    face = TileFace("stone", [[("a", ""), ("b", "")], [("c", ""), ("d", "")]], (("N", ""), ("E", ""), None, None))
    assert rotate(face, 4) == rotate(face, 0)
    turned = rotate(face, 1)
    assert turned.edges == (None, ("N", ""), ("E", ""), None)
    assert [[g for g, _ in row] for row in turned.content] == [["c", "a"], ["d", "b"]]


@given(st.lists(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=3), min_size=1, max_size=3), st.integers(0, 3))
def test_rotation_keeps_every_glyph_of_a_ragged_face(rows: list[list[str]], quarters: int) -> None:
    """Rows of unequal length are padded, not cut, so a turned tile loses nothing; 5×5 shows it all."""
    face = TileFace("wood", [[(g, "") for g in row] for row in rows])
    turned = rotate(face, quarters)
    glyphs = sorted(g for row in turned.content for g, _ in row if g)
    assert glyphs == sorted(g for row in rows for g in row)
    drawn = tile(face, rotation=quarters, width=5, height=5).plain()
    assert all(drawn.count(g) >= sum(row.count(g) for row in rows) for g in "abcdef")


@pytest.mark.parametrize("current", range(0, 61))
def test_compact_track_shows_the_current_value_even_on_a_number(current: int) -> None:
    """Found in Tallinn's play: a score of 11 put the arrow on the second digit of "10", where the
    number was drawn over it; now the arrow takes the cell and the ruler keeps one cell per space."""
    ruler = compact_track(0, 60, current=current).lines[0].plain
    assert ruler.count(icon("arrow_down")) == 1
    assert ruler.index(icon("arrow_down")) == current
    assert len(ruler.rstrip()) == 61


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 5),
    st.integers(1, 70),
    st.lists(st.tuples(ascii_seats, st.integers(-3, 80)), max_size=4),
    st.integers(20, 120),
    st.booleans(),
)
def test_tracks_fit_their_width_and_show_every_marker(
    first: int, span: int, marks: list[tuple[SeatInfo, int]], width: int, ascii_form: bool
) -> None:
    """The full track wraps to `width`; the compact one is one cell per space; no marker is lost."""
    set_ascii(ascii_form)
    last = first + span
    markers = [Marker.of(seat, value) for seat, value in marks]
    full = track(first, last, markers, width=width)
    compact = compact_track(first, last, markers)
    space = max(len(str(last)), len(marks), 1) + 1
    rows = [line for line in full.lines if not line.plain.startswith("past")]
    assert all(len(line.plain.rstrip()) <= max(width, space + 1) for line in rows)
    assert compact.lines[0].plain.rstrip() == compact.lines[0].plain[: span + 1].rstrip()
    assert len(compact.lines[0].plain.rstrip()) == span + 1
    for block in (full, compact):
        text = block.plain()
        for marker in markers:
            assert marker.glyph in text
        if ascii_form:
            assert text.isascii()
        past = [m for m in markers if m.value > last]
        assert ("past" in text) == bool(past)


def test_track_marks_the_current_space_by_shape() -> None:
    """The current space carries ▼ (ASCII v) in its top edge, not only a colour."""
    assert "▼" in track(1, 8, current=3).lines[0].plain
    assert "▼" not in track(1, 8).lines[0].plain
    set_ascii(True)
    assert "v" in track(1, 8, current=3).lines[0].plain


def test_bars_mark_a_sole_leader_and_ties() -> None:
    """The largest count leads (♛ leads); equal largest counts are each marked tied; zero leads nobody."""
    ann, ben = SeatInfo("Ann", "orange", "●"), SeatInfo("Ben", "sky blue", "▲")
    sole = bars([Bar(chip(ann), 5, "#E69F00"), Bar(chip(ben), 3, "#56B4E9")]).plain().splitlines()
    assert "leads" in sole[0] and "leads" not in sole[1]
    tied = bars([Bar(chip(ann), 4, "#E69F00"), Bar(chip(ben), 4, "#56B4E9")]).plain().splitlines()
    assert all("tied" in line for line in tied)
    none = bars([Bar(chip(ann), 0, "#E69F00"), Bar(chip(ben), 0, "#56B4E9")]).plain()
    assert "leads" not in none and "tied" not in none


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=4), st.integers(4, 30), st.booleans())
def test_bars_rows_are_equally_wide_and_ascii_in_ascii_mode(
    values: list[int], bar_width: int, ascii_form: bool
) -> None:
    """Every row has the stated width (label + bar + 10), so bars line up."""
    set_ascii(ascii_form)
    rows = [Bar(Text(f"P{i}"), v, "#E69F00") for i, v in enumerate(values)]
    block = bars(rows, label_width=6, bar_width=bar_width)
    assert block.width == 6 + 1 + bar_width + 5 + 7
    if ascii_form:
        assert block.plain().isascii()


@settings(max_examples=80, deadline=None)
@given(seats, st.booleans(), st.one_of(st.none(), st.integers(3, 20)))
def test_seat_names_are_shown_literally(seat: SeatInfo, active: bool, width: int | None) -> None:
    """A name like `[/]` or `[bold]x` is drawn as typed, never read as markup, in every element."""
    drawn = chip(seat, active=active)
    assert seat.name in drawn.plain
    assert seat.name in printed(drawn)
    if width is not None:
        assert chip(seat, width=width).cell_len == width
    assert compact_chip(seat).cell_len <= 5
    table = bars([Bar(chip(seat), 3, "#E69F00")], label_width=30)
    assert seat.name in table.plain()


def test_markup_like_names_survive_printing() -> None:
    """The issue's example: a seat named `[/]` prints as `[/]` (and does not raise a markup error)."""
    for name in ("[/]", "[bold]Bo", "[red]x[/red]", "\\[x]"):
        seat = SeatInfo(name, "orange", "●")
        assert name in printed(chip(seat))
        assert name in printed(bars([Bar(chip(seat), 1, "#E69F00")], label_width=20))


@settings(max_examples=40, deadline=None)
@given(ascii_seats, st.lists(counts, max_size=6))
def test_tokens_counters_and_legends_are_ascii_in_ascii_mode(seat: SeatInfo, items: list[Count]) -> None:
    """In ASCII mode nothing but ASCII is drawn (seat glyphs too), so a C-locale terminal shows it all."""
    set_ascii(True)
    drawn = [counters(items), token_back(seat), token_back(seat, 3), chip(seat), legend(ICON_NAMES, width=70)]
    drawn += [token(item) for item in items] + [token(item, seat) for item in items]
    for text in drawn:
        assert text.plain.isascii(), text.plain


def test_face_down_tokens_tell_owner_by_glyph_and_hide_the_kind() -> None:
    """A back shows whose it is (the glyph) and that it is hidden (▒), nothing of its kind."""
    for i, glyph in enumerate(GLYPHS):
        seat = SeatInfo("x", PALETTE[i].name, glyph)
        assert token_back(seat).plain == f" {glyph}▒ "
    set_ascii(True)
    backs = {token_back(SeatInfo("x", PALETTE[i].name, g)).plain for i, g in enumerate(GLYPHS)}
    assert len(backs) == len(GLYPHS)


def test_a_turned_over_token_keeps_the_backs_width_and_names_owner_and_kind() -> None:
    """`token_face` is the back's 4 cells with the kind's icon where the hidden mark was."""
    for i, glyph in enumerate(GLYPHS):
        seat = SeatInfo("x", PALETTE[i].name, glyph)
        assert token_face(seat, "chieftain").plain == f" {glyph}♚ "
        assert token_face(seat, "boy").cell_len == token_back(seat).cell_len
    set_ascii(True)
    assert token_face(SeatInfo("x", PALETTE[0].name, GLYPHS[0]), "daughter").plain == " od "


def test_zero_counts_are_left_out_of_counter_rows() -> None:
    """`counters` draws only what is there: a zero count takes no room."""
    assert counters([Count("cow", 0), Count("jewel", 2)]).plain == "◆2"


def test_legend_names_each_icon_and_fits_its_width() -> None:
    """One line, each icon followed by its label, cut with … when wider than asked."""
    line = legend(["knight", ("coin", "gold coin")])
    assert line.plain == "♞ Knights  ¤ gold coin"
    assert legend(ICON_NAMES, width=40).cell_len == 40


def test_layout_keeps_sizes_and_click_targets() -> None:
    """beside/stack/flow add sizes as stated; draw_on keeps each block's targets at their place."""
    a = tile(TileFace("wood")).target("a")
    b = tile(TileFace("stone")).target("b")
    row = beside([a, b], gap=2)
    assert row.size == (16, 4)
    assert row.hit(1, 0) == "a" and row.hit(1, 9) == "b" and row.hit(1, 7) is None
    assert stack([a, b], gap=1).size == (7, 9)
    assert flow([a, b, a], width=16, gap=2).size == (16, 8)
    canvas = Canvas()
    canvas.add("Board: ")
    draw_on(canvas, row)
    canvas.newline()
    assert canvas.hit(0, 7) == "a" and canvas.hit(3, 7 + 9) == "b" and canvas.hit(3, 2) is None
    assert all(line.cell_len == 7 + 16 for line in canvas.lines[:4])


def test_block_renders_as_its_lines() -> None:
    """A Block prints as exactly its lines (usable in a Static) and measures as its width."""
    block = Block.of(["ab", "c"], 3)
    assert printed(block, width=10).splitlines() == ["ab ", "c  "]
    assert [line.plain for line in block.lines] == ["ab ", "c  "]


@pytest.mark.parametrize(("a", "b"), list(itertools.combinations([False, True], 2)))
def test_ascii_and_unicode_cards_have_the_same_size(a: bool, b: bool) -> None:
    """Switching the icon mode does not move anything on screen."""
    hs = [Half([[Count("knight", 2), Count("coin")]]), Half([[Count("monk", 1)]])]
    set_ascii(a)
    first = card("C", hs).size, compact_card(hs).cell_len
    set_ascii(b)
    assert (card("C", hs).size, compact_card(hs).cell_len) == first


@pytest.mark.parametrize("ascii_form", [False, True])
def test_piles_are_six_by_three_and_an_empty_one_looks_different(ascii_form: bool) -> None:
    """A hand or draw pile is a 6×3 stack with its count; an empty pile is an open outline."""
    set_ascii(ascii_form)
    full, empty = pile(12, SeatInfo("Ann", "orange", "●")), pile(0)
    assert full.size == empty.size == PILE_SIZE
    assert "12" in full.plain() and "0" in empty.plain()
    assert full.plain().replace("12", "") != empty.plain().replace(" 0", "")
    if ascii_form:
        assert full.plain().isascii() and empty.plain().isascii()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 200), min_size=1, max_size=120), st.integers(1, 80), st.booleans())
def test_sparkline_is_exactly_its_width_and_ends_on_the_last_value(
    values: list[int], width: int, ascii_form: bool
) -> None:
    """Resampled to `width` cells; the highest value on the shared scale draws the top level."""
    set_ascii(ascii_form)
    line = sparkline(values, width, "#E69F00", top=max(values))
    assert line.cell_len == width
    if ascii_form:
        assert line.plain.isascii()
    if values[-1] == max(values) and max(values) > min(min(values), 0):
        assert line.plain[-1] in "█#"


def test_score_lines_show_each_seat_literally_with_its_final_value() -> None:
    """One line per seat: chip (name as typed), sparkline, final score."""
    seats_ = [SeatInfo("[/]", "orange", "●"), SeatInfo("Ben", "sky blue", "▲")]
    block = score_lines([(seats_[0], [0, 3, 9]), (seats_[1], [0, 5, 7])], width=40)
    lines = block.plain().splitlines()
    assert lines[0].startswith("● [/]") and lines[0].rstrip().endswith("9")
    assert lines[1].rstrip().endswith("7") and block.width == 40


@pytest.mark.parametrize("ascii_form", [False, True])
@pytest.mark.parametrize("width", [1, 3, 5])
def test_compact_tiles_keep_their_width_and_mark_locked_and_legal_by_characters(ascii_form: bool, width: int) -> None:
    """The one-line tile is `width` cells in every state; locked (⊠) and legal (✚) show as
    characters, a north mark (a star) takes the last cell, and ASCII mode prints only ASCII."""
    set_ascii(ascii_form)
    face = TileFace("wood", [[(icon("door"), "")]], ((icon("star"), ""), None, None, None))
    drawn = {s: compact_tile(face, state=s, width=width) for s in TileState}
    assert all(t.cell_len == width for t in drawn.values())
    assert compact_tile(None, state=TileState.LEGAL, width=width).plain.strip() == icon("legal")
    assert compact_tile(None, width=width).plain == " " * width
    if width >= 3:
        assert drawn[TileState.PLAIN].plain.endswith(icon("star")) and icon("door") in drawn[TileState.PLAIN].plain
        assert drawn[TileState.LOCKED].plain.startswith(icon("locked"))
    if ascii_form:
        assert all(t.plain.isascii() for t in drawn.values())
