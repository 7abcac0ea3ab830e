"""Tasnia's body in the app: a whole two-player game played by keyboard in which both players
complete buildings, refusals with the rules' reason, and rendering at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules.actions import Buy, EndBuilding, Install, Put, Take, ToBuilding, Trade
from boardgames_tui.games.tasnia.rules.state import Phase, State
from boardgames_tui.games.tasnia.rules.text import cell_words
from boardgames_tui.games.tasnia.table.body import TasniaBody
from boardgames_tui.games.tasnia.table.tiles import tile_cost
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import make_app

SEATS = (SeatInfo("Ada", "orange", "●"), SeatInfo("Bram", "sky blue", "▲"))
DOORS = {"D", "T"}
HUT_ROOFS = {"D": {"^"}, "T": {"^", "A", "="}}


def plan(state: State, legal: list[Any]) -> Any:
    """A simple builder: buy what is affordable, raise two-tile huts (a roof on a door)."""
    me = state.players[state.current]
    if state.phase in (Phase.TRADE, Phase.PURCHASE):
        buys = [a for a in legal if isinstance(a, Buy)]
        if buys:
            return buys[0]
        trades = [a for a in legal if isinstance(a, Trade)]
        return max(trades, key=lambda t: t.count) if trades else ToBuilding()
    if state.holding is not None:
        puts = [a.cell for a in legal if isinstance(a, Put)]
        grid = me.area.grid
        tile = state.holding.tile[0]
        if tile in DOORS:
            return Put(puts[-1])  # the new-building anchor is the last target
        for (x, y), t in grid.items():
            if t[0] in HUT_ROOFS and tile in HUT_ROOFS[t[0]] and (x, y + 1) in puts:
                return Put((x, y + 1))
        return Put(puts[-1])
    grid = me.area.grid
    open_doors = [c for c, t in grid.items() if t[0] in DOORS and (c[0], c[1] + 1) not in grid]
    for tile in dict.fromkeys(me.area.stock):
        if tile[0] in DOORS and not open_doors:
            return Take(tile)
        if any(tile[0] in HUT_ROOFS[grid[c][0]] for c in open_doors):
            return Take(tile)
    return EndBuilding()


async def press_for(pilot: Any, body: TasniaBody, state: State, action: Any) -> None:
    """Turn a planned action into the keys a player would press in the body."""
    if isinstance(action, Buy):
        while body.stack != action.stack:
            await pilot.press("right")
        while body.buy_choice() != action:
            await pilot.press("c")
        moves = len(pilot.app.screen.match.record.moves)
        await pilot.press("enter")  # shows the purchase and its payment ...
        await pilot.pause()
        assert body.armed == action and len(pilot.app.screen.match.record.moves) == moves
        await pilot.press("enter")  # ... and the second Enter buys
    elif isinstance(action, Trade):
        await pilot.press("t")
        while body.trade_choice() != action:
            await pilot.press("t")
        await pilot.press("enter")
    elif isinstance(action, ToBuilding):
        await pilot.press("b")
    elif isinstance(action, EndBuilding):
        await pilot.press("e")  # ending the turn gathers cards: it is shown first ...
        await pilot.pause()
        assert pilot.app.screen.query_one("#match-status").display
        await pilot.press("e")  # ... and the same key again ends it
    elif isinstance(action, Take):
        index = list(dict.fromkeys(state.players[state.current].area.stock)).index(action.tile)
        await pilot.press(str(index + 1))
    elif isinstance(action, Put):
        x, y = action.cell
        keys = []
        cx, cy = body.cursor
        keys += ["right"] * max(0, x - cx) + ["left"] * max(0, cx - x)
        keys += ["up"] * max(0, y - cy) + ["down"] * max(0, cy - y)
        await pilot.press(*keys, "enter")
    else:  # pragma: no cover - the plan uses only the actions above
        raise AssertionError(action)


async def test_full_two_player_game_by_keyboard_with_completed_buildings(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 11)  # a short game: 24 turns, about 100 decisions
        steps = 0
        while not isinstance(app.screen, GameOverScreen):
            steps += 1
            assert steps < 3000, "the game did not end"
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen)
            body = screen.query_one(TasniaBody)
            assert app.focused is body
            if body.news is not None:  # the cards just gathered, shown to their owner alone
                assert screen.viewer == match.record.moves[-1].seat
                await pilot.press("enter")
                continue
            state = match.state
            before = len(match.record.moves)
            action = plan(state, match.legal(state.current))
            await press_for(pilot, body, state, action)
            await pilot.pause()
            assert len(match.record.moves) == before + 1, f"{action} was not played"
            assert match.record.moves[-1].action == GAME.encode(action)
        final = match.state
        completed = [sum(1 for b in GAME.view(final, None).seats[s].buildings if b.complete) for s in (0, 1)]
        assert all(n >= 1 for n in completed), completed
        assert match.outcome() is not None


async def test_an_illegal_cell_is_refused_with_the_rules_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 4)
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        buys = [a for a in match.legal(match.state.current) if isinstance(a, Buy)]
        assert buys
        await press_for(pilot, body, match.state, buys[0])
        await pilot.press("b", "1")
        await pilot.pause()
        moves = len(match.record.moves)
        await pilot.press("right", "right", "right", "enter")  # far off the build area
        await pilot.pause()
        assert len(match.record.moves) == moves
        assert body.note is not None and "is not a cell you can build on now" in body.note.plain
        assert "is not a cell you can build on now" in str(body.render())


async def test_body_renders_at_80x24_and_120x40(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 40)):
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            app.start_match("tasnia", SEATS, {}, 9)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            body = app.screen.query_one(TasniaBody)
            text = str(body.render())
            assert "Ada" in text and "Bram" in text and "stockpile" in text
            assert ("MARKET" in text) == (size == (120, 40))  # at 80×24 the header names the stacks emptied
            assert body.size.width > 0


async def test_a_special_card_is_housed_by_keyboard(tmp_path: Path) -> None:
    """The body offers special-card actions itself: p shows the next one, Esc drops it, Enter plays it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 39)  # the first player holds the Hero
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        assert "Hero" in match.state.players[match.state.current].hand
        await pilot.press("enter", "enter", "b", "1", "enter")  # buy (shown, then bought), build, take, put
        await pilot.pause()
        assert [m.action.split()[0] for m in match.record.moves] == ["buy", "build", "take", "put"]
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(body.special_choice(), Install)
        assert "Hero" in str(body.render())
        await pilot.press("escape")
        await pilot.pause()
        assert body.special_choice() is None and len(match.record.moves) == 4
        await pilot.press("p", "enter")
        await pilot.pause()
        assert match.record.moves[-1].action == "install Hero 0 0"
        assert match.state.players[match.state.current].area.cards == (("Hero", (0, 0)),)


def _hit(body: TasniaBody, target: tuple[object, ...]) -> tuple[int, int]:
    """Where `target` is drawn in the body: (column, line) of its first cell, for a click."""
    spots = [(row, start) for row, start, _, t in body.canvas.hits if t == target]
    assert spots, f"{target} is not drawn"
    row, start = min(spots)
    return start + 1, row  # the body's left padding


async def _building_with_a_tile_in_hand(pilot: Any, app: Any) -> tuple[Any, TasniaBody]:
    """Seed 4: Ada buys a tile, goes building, places it on (0, 0), picks it up again and moves
    the cursor one cell right."""
    match = app.start_match("tasnia", SEATS, {}, 4)
    await pilot.pause()
    await pilot.press("enter")  # lift the curtain
    await pilot.pause()
    body = app.screen.query_one(TasniaBody)
    buys = [a for a in match.legal(match.state.current) if isinstance(a, Buy)]
    await press_for(pilot, body, match.state, buys[0])
    await pilot.pause()
    await pilot.press("b", "1", "enter", "enter", "right")  # build, take, put on (0, 0), pick it up
    await pilot.pause()
    assert match.state.holding is not None and match.state.holding.source == (0, 0), match.record.moves
    assert body.cursor == (1, 0)
    return match, body


async def test_issue_16_clicking_an_illegal_cell_moves_the_cursor_and_the_hint_there(tmp_path: Path) -> None:
    """A click on a cell the held tile may not go to moves the drawn cursor and the status line to
    that cell and says why; nothing is played, and Enter then acts on that same, drawn cell."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match, body = await _building_with_a_tile_in_hand(pilot, app)
        moves = len(match.record.moves)
        occupied = next(iter(match.state.players[match.state.current].area.grid))
        await pilot.click(TasniaBody, offset=_hit(body, ("cell", *occupied)))
        await pilot.pause()
        assert body.cursor == occupied and len(match.record.moves) == moves
        assert (
            body.note is not None
            and "is not a cell you can build on now" in body.note.plain
            and cell_words(occupied) in body.note.plain
        )
        column, line = _hit(body, ("cell", *occupied))
        assert body.canvas.lines[line].plain[column - 1] == "┏"  # the cursor's heavy frame is drawn there
        assert f"{cell_words(occupied)}: {cell_words(occupied)} is not a cell you can build on now" in "\n".join(
            t.plain for t in body.canvas.lines
        )
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.record.moves) == moves and body.cursor == occupied


async def test_issue_16_a_purchase_shows_its_payment_and_needs_a_second_click(tmp_path: Path) -> None:
    """Issue 12 §2: the first click on a stack shows what it will buy and with which cards; only a
    second click on the same stack buys it, with exactly the payment shown."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 4)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        buy = next(a for a in match.legal(match.state.current) if isinstance(a, Buy))
        await pilot.click(TasniaBody, offset=_hit(body, ("stack", buy.stack)))
        await pilot.pause()
        assert match.record.moves == () or all(m.action.split()[0] != "buy" for m in match.record.moves)
        assert body.armed is not None and body.armed.stack == buy.stack
        shown = "\n".join(t.plain for t in body.canvas.lines)
        assert f"Buy stack {buy.stack + 1}, paying" in shown and "again to buy" in shown
        payment = body.armed.payment
        await pilot.click(TasniaBody, offset=_hit(body, ("stack", buy.stack)))
        await pilot.pause()
        assert match.record.moves[-1].action == GAME.encode(Buy(buy.stack, payment))


@pytest.mark.parametrize("seed", range(1, 9))
def test_issue_16_the_default_payment_keeps_special_cards_when_regular_cards_pay(seed: int) -> None:
    """The payment preselected for a tile (the body's first Buy of a stack) is its price in
    regular cards whenever the hand holds them, so a special card (the Scoundrel, the Merchant)
    is never spent unasked; the specials stay on offer after it."""
    from tests.games.tasnia.tasnia_helpers import scenario

    probe = scenario(seed=seed)
    cost = list(tile_cost(probe.stacks[0][0]))
    state = scenario(seed=seed, hands={0: [*cost, "Scoundrel", "Merchant"]})
    buys = [a for a in GAME.legal(state, 0) if isinstance(a, Buy) and a.stack == 0]
    assert sorted(buys[0].payment) == sorted(cost)
    assert {b.payment for b in buys[1:]} >= {("Scoundrel",), ("Merchant",)}


async def enter_twice_if_asked(pilot: Any) -> None:
    """Enter, and a second Enter when the first only showed a move that cannot be taken back."""
    await pilot.press("enter")
    await pilot.pause()
    if pilot.app.screen.query_one("#match-status").display:
        await pilot.press("enter")
        await pilot.pause()


async def test_issue_16_enter_in_the_open_action_list_acts_in_the_list(tmp_path: Path) -> None:
    """With the action list open (m), Enter plays the list's highlighted row, not a market stack,
    and the list keeps the focus after the body is redrawn."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 4)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        await pilot.press("m")
        await pilot.pause()
        first = screen.menu_actions[0]
        assert not isinstance(first, Buy)
        await enter_twice_if_asked(pilot)
        await pilot.pause()
        assert match.record.moves[-1].action == GAME.encode(first)
        assert app.focused is not None and app.focused.id == "actions"
        second = screen.menu_actions[0]
        await enter_twice_if_asked(pilot)
        assert match.record.moves[-1].action == GAME.encode(second)


async def test_issue_16_p_with_no_special_card_to_play_says_why(tmp_path: Path) -> None:
    """Issue 12 §2: a key that can do nothing says why on the status line."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match(
            "tasnia",
            SEATS,
            {"baron": "off", "hero": "off", "merchant": "off", "plague": "off", "princess": "off", "scoundrel": "off"},
            4,
        )
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        await pilot.press("p")
        await pilot.pause()
        assert body.note is not None and "No special card can be played now" in body.note.plain
        assert "No special card can be played now" in "\n".join(t.plain for t in body.canvas.lines)
        assert len(match.record.moves) == 0


async def test_issue_16_the_cards_gathered_are_shown_to_their_owner_before_the_curtain(tmp_path: Path) -> None:
    """Ending the turn draws cards; their owner sees them on the table before the hand-off, and
    only Enter (or a click on the notice) brings the next seat's curtain."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tasnia", SEATS, {}, 4)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        seat = match.state.current
        buy = next(a for a in match.legal(seat) if isinstance(a, Buy))
        await press_for(pilot, body, match.state, buy)
        await pilot.press("b", "e")
        await pilot.pause()
        assert match.state.current == seat, "ending the turn draws cards: the first e only shows it"
        await pilot.press("e")
        await pilot.pause()
        assert match.state.current != seat
        drawn = [e.text for e in match.state.log if e.audience == frozenset({seat})][-1]
        assert drawn.startswith("You drew")
        assert isinstance(app.screen, MatchScreen) and body.news is not None
        assert drawn in "\n".join(t.plain for t in body.canvas.lines)
        await pilot.click(TasniaBody, offset=_hit(body, ("news",)))
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and body.news is None
        assert app.screen.seat == match.seats[match.state.current]


async def test_spec_3_5_the_owner_of_a_divided_building_chooses_where_its_card_goes(tmp_path: Path) -> None:
    """After a STOCK divides a building, the status line says where its card stayed and p offers
    the other part; Enter sends it there."""
    from boardgames_tui.games.tasnia.rules.actions import Keep, Lift, Stock
    from boardgames_tui.ui.body import Seen
    from tests.games.tasnia.tasnia_helpers import area, play, scenario

    state = scenario(phase=Phase.BUILD, areas={0: area("WWWWW", cards=[("Hero", (0, 0))])})
    state = play(state, Lift((2, 0)), Stock())
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        body = TasniaBody()
        await app.screen.mount(body)
        chosen: list[Any] = []
        body.choose = lambda action, confirmed=False: chosen.append(action)  # type: ignore[method-assign]
        legal = tuple(GAME.legal(state, 0))
        labels = {a: GAME.describe(state, 0, a, 0) for a in legal}
        body.show(Seen(GAME, GAME.view(state, 0), 0, SEATS, GAME.to_act(state), legal, labels))
        await pilot.pause()
        shown = "\n".join(t.plain for t in body.canvas.lines)
        assert "The Hero stays in building 1" in shown
        body.action_cycle_special()
        await pilot.pause()
        assert body.special_choice() == Keep("Hero", (3, 0))
        assert "Keep the Hero in the part at row 0, column 3" in "\n".join(t.plain for t in body.canvas.lines)
        body.action_confirm()
        assert chosen == [Keep("Hero", (3, 0))]


async def test_issue_16_setup_shows_its_start_button_at_80x24(tmp_path: Path) -> None:
    """Tasnia's six card options make the setup form taller than 24 rows: Start stays in view."""
    from textual.widgets import Button

    from boardgames_tui.games import GAMES
    from boardgames_tui.ui.setup import SetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(GAMES["tasnia"].game))
        await pilot.pause()
        start = app.screen.query_one("#start", Button)
        region = start.region
        assert region.height > 0 and region.y + region.height <= 23  # above the key bar
        assert app.screen.get_widget_at(region.x + 1, region.y + region.height // 2)[0] is start


async def test_issue_12_closing_the_action_list_gives_the_board_its_keys_back(tmp_path: Path) -> None:
    """m opens the action list, a second m closes it: the body has the focus and an arrow moves
    the market cursor again."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_match("tasnia", SEATS, {}, 4)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        body = app.screen.query_one(TasniaBody)
        before = body.stack
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert app.focused is body
        await pilot.press("right")
        await pilot.pause()
        assert body.stack == (before + 1) % 7
