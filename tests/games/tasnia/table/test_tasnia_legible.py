"""Issue 37, a table read at a glance: the cards just drawn shown in the hand they joined with
the piles as they now are, no "pass the laptop on" to a lone player, every price's icons named
beside the market, and no line cut while the table has room for it."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.actions import EndBuilding, Trade
from boardgames_tui.games.tasnia.rules.state import Phase, State
from boardgames_tui.games.tasnia.rules.text import drawn_cards
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.games.tasnia.table.layout import draw_fitted
from boardgames_tui.games.tasnia.table.look import Look, dressed
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import DARK
from tests.games.tasnia.table.test_tasnia_snapshots import SEATS, SEED
from tests.ui.helpers import make_app

BOTS = (SEATS[0], SeatInfo("Bram", "sky blue", "▲", False, "easy"), SeatInfo("Cleo", "green", "■", False, "easy"))


def _building(moves: int = 150) -> State:
    """Seed 7's three-seat game after `moves` random moves, then on to a Building phase."""
    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    rng = random.Random(SEED)
    for _ in range(moves):
        state = GAME.apply(state, *choose(GAME, state, rng))
    while state.phase is not Phase.BUILD or state.holding is not None:
        state = GAME.apply(state, *choose(GAME, state, rng))
    return state


async def _mounted(pilot: Any, state: State, seats: tuple[SeatInfo, ...]) -> TasniaBody:
    body = TasniaBody()
    await pilot.app.screen.mount(body)
    seat = state.current
    legal = tuple(GAME.legal(state, seat))
    labels = {a: GAME.describe(state, seat, a, seat) for a in legal}
    body.show(Seen(GAME, GAME.view(state, seat), seat, seats, GAME.to_act(state), legal, labels))
    await pilot.pause()
    return body


def _shown(body: TasniaBody) -> str:
    return "\n".join(line.plain for line in body.canvas.lines)


@pytest.mark.parametrize("moves", [150, 560])
def test_the_cards_drawn_are_read_back_from_their_line(moves: int) -> None:
    """The private line of the cards drawn reads back as those cards, whatever their counts."""
    state = _building(moves)
    seat = state.current
    after = GAME.apply(state, seat, EndBuilding())
    line = next(e.text for e in after.log[len(state.log) :] if e.audience is not None)
    drawn = drawn_cards(line)
    assert drawn is not None
    assert sorted(state.players[seat].hand + drawn) == sorted(after.players[seat].hand)
    assert drawn_cards("Bram's turn.") is None


@pytest.mark.parametrize("moves", [150, 400, 560])
async def test_the_cards_drawn_are_shown_in_the_new_hand_with_the_piles_as_they_now_are(
    tmp_path: Path, moves: int
) -> None:
    """Before the hand-off the seat that ended its turn sees its hand as it now is (the cards it
    drew in it, counted) and the draw pile and discards as they are after the drawing (before:
    the old hand and the old pile count)."""
    state = _building(moves)
    seat = state.current
    after = GAME.apply(state, seat, EndBuilding())
    news = [e.text for e in after.log[len(state.log) :] if e.audience == frozenset({seat})]
    assert news, "the seat draws cards at the end of its turn"
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _mounted(pilot, state, SEATS)
        body.private_news(news, lambda: None)
        await pilot.pause()
        shown = _shown(body)
        hand = after.players[seat].hand
        assert f"hand {len(hand)} (gathers to" in shown
        assert f"draw {len(after.draw)} " in shown and f"discards {len(after.discard)}" in shown
        for kind in set(hand):
            assert kind in shown, kind


@pytest.mark.parametrize(("seats", "alone"), [(SEATS, False), (BOTS, True)], ids=["three people", "one person"])
async def test_a_lone_player_is_not_asked_to_pass_the_laptop_on(tmp_path: Path, seats: Any, alone: bool) -> None:
    """With one person at the table (the others bots) the notice of the cards drawn says "go on";
    with several it says to pass the laptop on."""
    state = _building()
    after = GAME.apply(state, state.current, EndBuilding())
    news = [e.text for e in after.log[len(state.log) :] if e.audience is not None]
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _mounted(pilot, state, seats)
        body.private_news(news, lambda: None)
        await pilot.pause()
        shown = _shown(body)
        assert ("pass the laptop on" in shown) is not alone
        assert ("Enter or click here: go on" in shown) is alone


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_price_icon_is_named_beside_the_market(tmp_path: Path, size: tuple[int, int]) -> None:
    """While buying, the prices' icons are named next to the market's captions (under them at
    full size, beside the small market at 80×24): wood, stone, iron, carpenter, silver, gold and
    the special card that pays instead (before: cost strings like ≡⊤○ without words)."""
    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        body = await _mounted(pilot, state, SEATS)
        lines = [line.plain for line in body.canvas.lines]
        caption = next(i for i, line in enumerate(lines) if line.startswith("1") and "×" in line)
        near = "\n".join(lines[max(0, caption - 4) : caption + 2])
        for word in ("≡ wood", "▦ stone", "▬ iron", "⊤ carpenter", "○ silver", "● gold", "✦ or a special"):
            assert word in near, word


@pytest.mark.parametrize("moves", [11, 28, 126, 146, 150, 560])
def test_no_line_of_the_table_is_cut_at_120x40(moves: int) -> None:
    """At 120×40 (82 columns for the table) no line ends cut with "…" while the table has lines to
    spare: the buying hint (before: "· t: t…"), a building's open check (before: "(it has non…"),
    the stack line and the others' lines are broken between their parts or words instead."""
    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    rng = random.Random(SEED)
    for _ in range(moves):
        state = GAME.apply(state, *choose(GAME, state, rng))
    seat = state.current
    legal = tuple(GAME.legal(state, seat))
    labels = {a: GAME.describe(state, seat, a, seat) for a in legal}
    seen = Seen(GAME, GAME.view(state, seat), seat, SEATS, GAME.to_act(state), legal, labels)
    for look in (Look(), Look(cursor=(0, 0)), Look(cursor=(1, 0))):
        canvas = Canvas()
        draw_fitted(canvas, seen, dressed(look, seen, width=82, height=38, acting=True), DARK)
        cut = [line.plain for line in canvas.lines if line.plain.rstrip().endswith("…")]
        assert not cut, cut
        assert not any(re.search(r"\b[ACP]\d \w+:", line.plain) for line in canvas.lines)  # no rule codes


def test_the_other_seats_are_drawn_as_tiles_when_rows_are_free() -> None:
    """With the rows to spare, every other seat's area is drawn at full size (5×3 tiles, as the
    viewer's own); without them, one line a row as before (before: always 3-character strips,
    even above fifteen empty rows)."""
    from boardgames_tui.games.tasnia.table.others import others_block
    from tests.games.tasnia.tasnia_helpers import area, scenario

    state = scenario(players=3, areas={1: area("^\nD"), 2: area("^^\nDW")})
    view = GAME.view(state, 0)
    seen = Seen(GAME, view, 0, SEATS, GAME.to_act(state))
    others = [(1, view.seats[1]), (2, view.seats[2])]
    roomy = others_block(seen, others, 82, DARK, rows=20, tiles=True)
    assert 2 + 2 * 3 <= roomy.height <= 20  # head lines, then two rows of 5×3 tiles
    assert any("╭" in line.plain for line in roomy.lines)  # framed tiles
    tight = others_block(seen, others, 82, DARK, rows=4, tiles=True)  # no room: one line a row
    assert tight.height <= 4 and not any("╭" in line.plain for line in tight.lines)


@pytest.mark.parametrize("moves", [11, 28, 126, 146, 560])
def test_the_buying_hint_is_whole_at_80x24(moves: int) -> None:
    """At 80×24 (78 columns, one line for the hint so the area keeps its rows) the buying hint is
    never cut: the keys the key bar also shows (t: trade, b: build) give way first (before:
    "Enter or click: buy it paying Stone, Iron, Gold · c: another payment · t: t…" with two
    rows free under the table)."""
    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    rng = random.Random(SEED)
    for _ in range(moves):
        state = GAME.apply(state, *choose(GAME, state, rng))
    while state.phase is not Phase.TRADE:
        state = GAME.apply(state, *choose(GAME, state, rng))
    seat = state.current
    legal = tuple(GAME.legal(state, seat))
    labels = {a: GAME.describe(state, seat, a, seat) for a in legal}
    seen = Seen(GAME, GAME.view(state, seat), seat, SEATS, GAME.to_act(state), legal, labels)
    hints = []
    for stack in range(7):
        canvas = Canvas()
        look = dressed(Look(stack=stack), seen, width=78, height=21, acting=True)
        assert look.compact
        draw_fitted(canvas, seen, look, DARK)
        hints += [
            line.plain.rstrip()
            for line in canvas.lines
            if line.plain.startswith(("Enter or click: buy", "You cannot pay"))
        ]
    assert any("c: another payment" in hint for hint in hints), hints  # some stack can be paid for
    assert not [hint for hint in hints if hint.endswith("…")], hints


@pytest.mark.parametrize("traded", [False, True])
async def test_after_a_trade_the_hint_and_the_key_bar_offer_no_other(tmp_path: Path, traded: bool) -> None:
    """Issue 37, picture review: one trade a turn, before buying. After a trade the buying hint
    offered "t: trade" still (a key that could only say why not); now the hint and the key bar
    offer t only while a trade can be made, and b (go on to building) in both cases."""
    state = GAME.setup([s.name for s in SEATS], GAME.check_options({}), SEED)
    rng = random.Random(SEED)
    while not (state.phase is Phase.TRADE and any(isinstance(a, Trade) for a in GAME.legal(state, state.current))):
        state = GAME.apply(state, *choose(GAME, state, rng))
    if traded:
        trade = next(a for a in GAME.legal(state, state.current) if isinstance(a, Trade))
        state = GAME.apply(state, state.current, trade)
        assert state.phase is Phase.PURCHASE
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body = await _mounted(pilot, state, SEATS)
        starts = ("Enter or click: buy", "You cannot pay")
        hints = [line for line in _shown(body).splitlines() if line.startswith(starts)]
        assert hints and all("b: " in hint for hint in hints), hints
        assert all(("t: trade" in hint) is not traded for hint in hints), hints
        assert body.check_action("cycle_trade", ()) is not traded
