"""Tolleno at 80x24 without a key pressed: the compact panel tells the three contracts on offer
apart (it read "1 VP for each… │ 1 VP for each tile… │ 1 VP for each…"), names the contract being
laid while it is laid, and the map shows as much of the city as the cursor lets it (it showed an
empty column at one side while tiles stood cut at the other)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from itertools import combinations

import pytest

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tolleno.rules.components import CONTRACTS
from boardgames_tui.games.tolleno.rules.state import Phase, TollenoState
from boardgames_tui.games.tolleno.rules.text import canal_sides, contract_text, tile_name
from boardgames_tui.games.tolleno.table.body import TollenoBody
from boardgames_tui.games.tolleno.table.offer import SHORT, offer_line
from boardgames_tui.games.tolleno.table.window import MapWindow

from . import test_tolleno_snapshots as snaps
from .test_tolleno_snapshots import SnapApp, position

ROOM = 78
"""The panel's width at 80 columns (the pane's scroll bar may take two)."""


@asynccontextmanager
async def short_screen(phase: Phase) -> AsyncIterator[tuple[TollenoState, TollenoBody]]:
    """A seeded three-seat game's position in `phase`, shown at 80x24 with the panel closed."""
    state = position(phase, 40, players=3)
    app = SnapApp(state, state.current)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = app.query_one(TollenoBody)
        assert not body.panel_is_open()
        yield state, body


def test_the_compact_offer_tells_every_three_contracts_apart() -> None:
    """Every three contracts of the box, in one line of 78 cells: never wider; the three parts
    differ; when their short forms ("1 VP/empty space") fit together none is cut (they do in all
    but 2% of offers); when "1 VP per empty space" fits, it is written so (in 40% and more)."""
    ids = [c.id for c in CONTRACTS]
    worded = cut = 0
    offers = list(combinations(ids, 3))
    for offer in offers:
        line = offer_line(offer, 3, ROOM).plain.rstrip()
        assert len(line) <= ROOM, line
        parts = line.split(" │ ")
        counters = {c.counter for c in CONTRACTS if c.id in offer}  # the box holds two alike
        assert len(parts) == 3 and len(set(parts)) == len(counters), line
        short = [f"{c.vp} VP/{SHORT[c.counter]}" for c in CONTRACTS if c.id in offer]
        if sum(map(len, short)) + 6 <= ROOM:
            assert "…" not in line, line
        else:
            cut += 1
        if sum(len(text) + 4 for text in short) + 6 <= ROOM:
            assert line.count(" per ") == 3, line
            worded += 1
    assert cut < len(offers) * 0.02, f"{cut} of {len(offers)} offers cut"
    assert worded > len(offers) * 0.4, f"only {worded} of {len(offers)} offers in words"


def test_a_short_offer_is_written_in_full_on_a_wide_short_screen() -> None:
    """On a screen 100 columns wide (and short: the compact panel), three short contracts keep
    the box's own words."""
    line = offer_line(("G1", "G6", "G7"), 3, 98).plain
    for cid in ("G1", "G6", "G7"):
        assert contract_text(cid, 3) in line


async def test_the_contract_being_laid_is_named_at_80x24() -> None:
    """While a taken contract is laid, the compact panel's first line is that contract, in full,
    not the offer it left (which no longer holds it)."""
    async with short_screen(Phase.CONTRACT) as (state, body):
        first = body.panel_text().plain.split("\n")[0]
        assert state.chosen_contract is not None
        assert first == f"Laying {contract_text(state.chosen_contract, 3)}"


@pytest.mark.parametrize("players", [3, 4])
async def test_the_other_seats_floors_are_called_floors_at_80x24(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    """The compact panel's last line gives each other seat's floors as "n/20 floors" (with the
    board while it fits) and the key to the rest, whole, with four seats too (it read "11/20
    Stacks", and "[i] m…" with four)."""
    monkeypatch.setattr(snaps, "SEATS", (*snaps.SEATS, SeatInfo("Dario", "yellow", "◆")))
    state = position(Phase.PLACE, 40, players=players)
    app = SnapApp(state, state.current)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = app.query_one(TollenoBody).panel_text().plain.split("\n")[-1]
        assert last.rstrip().endswith("[i] more, key"), last
        assert last.count("/20") == players - 1, last
        if players == 3:
            assert last.count("/20 floors") == 2, last


def test_the_window_shows_the_most_city_the_cursor_allows() -> None:
    """A city of columns -2..4 with its ring of places (-3..5) in a window seven tiles wide,
    the cursor inside the city: the window is columns -2..4 (it was -3..3, an empty column shown
    and column 4 cut), and it moves onto the ring only for the cursor to stand there."""
    box, city = (-4, -3, 4, 5), (-3, -2, 3, 4)
    window = MapWindow()
    window.origin = (-4, -3)
    assert window.place(box, (7, 5), (-1, 2), None, city)[1] == -2
    assert window.place(box, (7, 5), (0, 5), None, city)[1] == -1  # the cursor on the ring, east
    assert window.place(box, (7, 5), (0, -3), None, city)[1] == -3  # and west
    window.origin = (-4, -3)
    assert window.place(box, (7, 5), None, None, city)[1] == -2  # no cursor (between turns, game over)
    window.follow = False
    window.origin = (0, -3)
    assert window.place(box, (7, 5), (0, 0), None, city)[1] == -3  # a pan is left where it was


async def test_the_held_tile_is_named_while_it_is_placed_at_80x24() -> None:
    """While placing, with the panel closed, the choice line names the tile held (value and shape)
    and where its canals go as the cursor turns it; it said only "place your tile at …"."""
    async with short_screen(Phase.PLACE) as (state, body):
        held = state.players[state.current].held
        assert held is not None
        choice = body.status_text().plain.split("\n")[1]
        assert tile_name(held) in choice, choice
        assert canal_sides(held, body.rotation) in choice, choice
