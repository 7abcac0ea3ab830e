"""Tallinn at 120x40: rows the table leaves free go to drawing the seats' faction rows as cards
three lines high (the viewer's first), never past the room the screen has."""

from __future__ import annotations

import re

import pytest

from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.table.layout import Form, draw_form, fit_table
from boardgames_tui.games.tallinn.table.seats import right_width, row_cards, row_halves, tall_lines
from boardgames_tui.ui.kit import DARK
from tests.games.tallinn.table.test_tallinn_legibility import SEATS, _positions

WIDTH = 116  # the table's width at 120x40, beside nothing
START_EDGE = re.compile(r"─ start ─")


def _icons(text: str) -> str:
    """A row's icons and counts, without frames, brackets, spaces or the word "start"."""
    return re.sub(r"[\s\[\]│╭╮╰╯─┌┐└┘|]|start", "", text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_row_as_cards_shows_the_same_halves_as_the_row_in_a_line(players: int) -> None:
    """The tall cards are another drawing of the same row: the same halves in the same order,
    the start card first, with their coins, envoy symbols and disputed factions."""
    for index, (state, seat) in enumerate(_positions(players, 60 + players)):
        if index % 5:
            continue
        view = GAME.view(state, seat)
        for s in view.seats:
            inline = [_icons(t.plain) for t in row_halves(s, DARK)]
            cards = [_icons(block.lines[1].plain) for block in row_cards(s, DARK)]
            assert cards == inline
            assert START_EDGE.search(row_cards(s, DARK)[0].lines[0].plain)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("room", [30, 35])
def test_rows_to_spare_turn_into_cards_without_passing_the_room(players: int, room: int) -> None:
    """Whenever the wide table fits the room, the table with some rows drawn as cards fits it too,
    and it is drawn so whenever the viewer's row as cards fits in the rows left free."""
    tall_seen = 0
    for index, (state, seat) in enumerate(_positions(players, 70 + players)):
        if index % 3 or state.phase is Phase.OVER:
            continue
        view = GAME.view(state, seat)
        plain = draw_form(view, SEATS[:players], WIDTH, DARK, Form(), choosing=False)
        if plain.height > room:
            continue
        drawn = fit_table(view, SEATS[:players], WIDTH, room, DARK, small=False, choosing=False)
        assert drawn.height <= room, (state.phase, state.round)
        first = view.viewer if view.viewer is not None else 0
        extra = tall_lines(view, first, WIDTH, DARK, right_width(view, WIDTH, DARK))
        if extra is not None and plain.height + extra <= room:
            assert START_EDGE.search(drawn.plain()), (state.phase, state.round)
            tall_seen += 1
    assert tall_seen, "some positions leave room for cards"


def test_only_the_viewers_row_becomes_cards_when_only_it_fits() -> None:
    """With rows free for one seat's cards only, the viewer's row (drawn first) gets them."""
    for state, seat in _positions(3, 83):
        if seat is None or state.round < 3 or state.phase is Phase.OVER:
            continue
        view = GAME.view(state, seat)
        right = right_width(view, WIDTH, DARK)
        extras = [tall_lines(view, i, WIDTH, DARK, right) for i in range(3)]
        if extras[seat] is None or any(e is None or e == 0 for e in extras):
            continue
        plain = draw_form(view, SEATS[:3], WIDTH, DARK, Form(), choosing=False)
        room = plain.height + extras[seat]
        drawn = fit_table(view, SEATS[:3], WIDTH, room, DARK, small=False, choosing=False)
        assert drawn.height <= room
        assert drawn.plain().count("─ start ─") == 1
        own = drawn.plain().split("\n")
        top = next(n for n, line in enumerate(own) if SEATS[seat].name in line and "═" in line)
        assert any(START_EDGE.search(line) for line in own[top : top + 4])
        return
    pytest.fail("no position with room for the viewer's cards only")
