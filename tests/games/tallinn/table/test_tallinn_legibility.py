"""Issue 37 for Tallinn: no code where a player reads (faction rows, labels, confirmation lines),
every icon on the table named in its legend at 80×24, and the Envoy exchange marked on the hand."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.state import Phase
from boardgames_tui.games.tallinn.rules.text import ICONS
from boardgames_tui.games.tallinn.table.choices import removal_label
from boardgames_tui.games.tallinn.table.exchange import ExchangePicker
from boardgames_tui.games.tallinn.table.layout import COMPACT_FORMS, WIDE_FORMS, Form, draw_form, table_legend
from boardgames_tui.ui.kit import DARK, icon
from boardgames_tui.ui.kit import ICONS as KIT_ICONS
from tests.ui.helpers import again_if_asked, make_app

SEATS = (
    SeatInfo("Anna", "orange", "●"),
    SeatInfo("Ben", "sky blue", "▲"),
    SeatInfo("Cleo", "green", "■"),
    SeatInfo("Dirk", "yellow", "◆"),
)
EVERY_MODULE = {"envoy": "on", "chronicles": "on", "supporters": "on"}
CODES = re.compile(r"\b\d{1,2}[AB]\d?\b|\bS\d\b|\bS-[A-F]\b|\d[KM]|\$[KM?]|\bA \d|\| B ")
"""A row card as "9A2" or "11B", a start card as "S2" or "S-D", a half as "1M$M" or "A 1M | B 2K"."""


def _positions(players: int, seed: int) -> Iterator[tuple[Any, int | None]]:
    """Every position of a seeded game with every module, with its deciding seat (None: the table)."""
    match = Match.new(GAME, SEATS[:players], EVERY_MODULE, seed)
    rng = random.Random(seed)
    while (decision := match.decision()) is not None:
        seat = None if decision.kind is DecisionKind.STEP else decision.seats[0]
        yield match.state, seat
        match.play(seat, rng.choice(match.legal(seat)))
    yield match.state, None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_faction_row_or_label_is_written_as_a_code_at_80x24_or_120x40(players: int) -> None:
    """Every table of a seeded game, in every form drawn at 80×24 (78 columns) and 120×40 (116),
    and every label of a legal action (the `m` list and the confirmation line) reads without card
    codes like `8A2`, `S1`, `S-D` or `1M$M`, and never as the action's text form."""
    for index, (state, seat) in enumerate(_positions(players, 40 + players)):
        if index % 3 and state.phase not in (Phase.OVER, Phase.REMOVE):
            continue  # every third position is enough to meet each kind of row and label
        view = GAME.view(state, seat)
        tall = Form(tall=frozenset(range(players)))  # every row as cards, as at the end of the game
        for width, forms in ((78, COMPACT_FORMS), (116, (*WIDE_FORMS, tall))):
            for form in forms:
                text = draw_form(view, SEATS[:players], width, DARK, form, choosing=False).plain()
                assert not CODES.search(text), (CODES.search(text), state.phase, state.round, width)
        if state.phase is Phase.REMOVE and seat is not None:
            for entry in view.seats[seat].row:  # the removal list's lines
                for marked in (False, True):
                    line = removal_label(entry, marked, DARK).plain
                    assert not CODES.search(line), line
        for action in GAME.legal(state, seat) if seat is not None else ():
            label = GAME.describe(state, seat, action, seat)
            assert not CODES.search(label), label
            assert GAME.encode(action) not in label.split(), label


def test_the_words_draw_a_card_with_the_tables_own_icons() -> None:
    """The labels and confirmation lines show a card as the table draws it: the same glyphs."""
    assert ICONS["K"] == KIT_ICONS["knight"].unicode
    assert ICONS["M"] == KIT_ICONS["merchant"].unicode
    assert ICONS["Mo"] == KIT_ICONS["monk"].unicode
    assert ICONS["coin"] == KIT_ICONS["coin"].unicode
    assert ICONS["envoy"] == KIT_ICONS["envoy"].unicode
    state, seat = next((s, x) for s, x in _positions(3, 43) if s.phase is Phase.TOWER and x is not None)
    labels = [GAME.describe(state, seat, a, seat) for a in GAME.legal(state, seat)]
    assert any(re.search(r"^Tower: (row|hand) card \d+ \[.+\|.+\]$", label) for label in labels), labels


LEGEND_ICONS = ("knight", "merchant", "monk", "coin", "envoy", "tower", "supporter", "point", "hand", "pile")


@pytest.mark.parametrize("players", [3, 4])
def test_every_icon_on_the_table_is_in_its_legend_at_80x24(players: int) -> None:
    """Issue 37: at 80×24 the compact seats showed `◫3 ≣8` (hand, pile) that no legend named, and
    the tightest form dropped the legend. Every form now draws its legend, naming each icon used."""
    for state, seat in _positions(players, 50 + players):
        view = GAME.view(state, seat)
        for form in COMPACT_FORMS:
            block = draw_form(view, SEATS[:players], 78, DARK, form, choosing=False)
            legend = "\n".join(t.plain for t in table_legend(view, 78, DARK))
            text = block.plain()
            assert legend in text, "the legend is drawn"
            for name in LEGEND_ICONS:
                if icon(name) in text.replace(legend, ""):
                    assert icon(name) in legend, (name, state.phase, form)


async def test_envoy_exchange_marks_the_cards_to_put_back_in_order_and_takes_that_exchange(tmp_path: Path) -> None:
    """The Envoy exchange by marking: Space marks the card under the cursor (and again unmarks it),
    the marks are numbered in the order the cards go under the pile, and Enter takes exactly the
    Exchange the rules offer for them; no list of every ordering."""
    match = Match.new(GAME, SEATS[:2], {"envoy": "on"}, 1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        picker = app.screen.query_one(ExchangePicker)
        assert app.focused is picker
        assert not app.screen.query_one("#tl-options").display  # the list of orderings is gone
        hand = picker.look.cards
        await pilot.press("right", "right", "space", "left", "left", "space", "right", "space", "space")
        assert picker.look.marked == (hand[2], hand[0])
        drawn = picker.draw().plain()
        assert "back 1st" in drawn and "back 2nd" in drawn and "2 points" in drawn
        await pilot.press("enter")
        await again_if_asked(app, pilot)
        assert match.record.moves[-1].action == f"x{hand[2]}.{hand[0]}"
