"""The Tafelrunde body in the app: it renders at 80x24 and 120x40, and a whole game is played by keyboard."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Answer, Draw, NoVeto, Play, Veto
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.table.body import TafelrundeBody
from boardgames_tui.games.tafelrunde.table.look import Claim
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.literal import UNSAFE
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.bot_helpers import until
from tests.ui.helpers import again_if_asked, make_app

SEATS = (SeatInfo("Anna", "orange", "●"), SeatInfo("Bert", "sky blue", "▲"), SeatInfo("Cleo", "green", "■"))


def _match_after(moves: int, seed: int = 5, until: Any = None) -> Match:
    match = Match.new(GAME, SEATS, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.to_act(match.state) is None or (until is not None and until(match.state)):
            break
        seat, action = choose(GAME, match.state, rng)
        match.play(seat, action)
    return match


def _match_where(until: Any) -> Match:
    for seed in range(100):
        match = _match_after(5000, seed, until)
        if until(match.state):
            return match
    raise AssertionError("no such position in 100 seeded games")


def _screen_text(app: Any) -> str:
    return str(app.export_screenshot())


async def _open(app: Any, pilot: Any, match: Match) -> None:
    """Show the match and lift the curtain of the seat to act (if there is one)."""
    app.play(match)
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")
            await pilot.pause()
            return
        if isinstance(app.screen, GameOverScreen):
            return


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_body_renders_every_phase_at_both_sizes(tmp_path: Path, size: tuple[int, int]) -> None:
    cases = [
        _match_after(0),
        _match_where(lambda s: s.phase is Phase.VETO_VETO),
        _match_after(5000),
    ]
    for match in cases:
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await _open(app, pilot, match)
            assert isinstance(app.screen, (MatchScreen, GameOverScreen))
            if isinstance(app.screen, MatchScreen):
                body = app.screen.query_one(TafelrundeBody)
                assert "DRACO" in str(body.render())
                assert "Zork" in _screen_text(app) or "ZORK" in _screen_text(app)


async def test_preview_of_a_choice_shows_on_the_circle(tmp_path: Path) -> None:
    match = _match_where(lambda s: s.phase is Phase.DECLARE and not s.decl.announced
                         and any(p is not None for p in GAME.view(s, s.decl.actor).decl.previews))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot, match)
        body = app.screen.query_one(TafelrundeBody)
        order = match.state.order
        with_preview = next(i for i, c in enumerate(body.choices)
                            if c.forecast is not None and c.forecast.order != order)
        body.cursor = with_preview
        assert "If it goes through" in str(body.render())
        await pilot.press("p")
        assert "The table now" in str(body.render())
        await pilot.press("d")
        assert "Discard pile (" in str(body.render())  # the public pile, browsable


async def test_an_unaffordable_card_is_listed_and_refused_with_the_rules_reason(tmp_path: Path) -> None:
    match = _match_where(lambda s: s.phase is Phase.ACT and s.money[s.on_turn] < 2
                         and any(c in (31, 32, 39, 40) for c in s.hands[s.on_turn]))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot, match)
        body = app.screen.query_one(TafelrundeBody)
        index = next(i for i, c in enumerate(body.choices) if not c.legal and isinstance(c.action, Play))
        before = len(match.record.moves)
        body.cursor = index
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.record.moves) == before
        assert any("costs 2 silver" in str(n.message) for n in app._notifications)


async def _take_turn_by_keyboard(pilot: Any, screen: MatchScreen, rng: random.Random) -> None:
    """Pick a legal choice in the body with the arrow keys (mostly the first) and press Enter."""
    body = screen.query_one(TafelrundeBody)
    for _ in range(5):  # the screen may still be settling after the last key
        legal = [i for i, c in enumerate(body.choices) if c.legal]
        if legal:
            break
        await pilot.pause()
    decision = screen.match.decision()
    assert legal, f"the body offers no legal choice: {decision}, viewer {screen.viewer}"
    draws = [i for i in legal if isinstance(body.choices[i].action, Draw)]
    roll = rng.random()
    # Drawing now and then keeps the game short; playing the first card keeps the vetoes coming.
    target = draws[0] if draws and roll < 0.35 else legal[0] if roll < 0.75 else rng.choice(legal)
    if target == body.cursor:
        await pilot.press("enter")
    elif target < 9:
        await pilot.press(str(target + 1), "enter")  # the number keys move the highlight there
    else:
        steps = target - body.cursor
        await pilot.press(*(["down"] * steps if steps >= 0 else ["up"] * -steps), "enter")
    await again_if_asked(pilot.app, pilot)  # a move that cannot be taken back is shown first


async def test_a_full_three_player_game_by_keyboard_with_a_veto_and_a_veto_veto(tmp_path: Path) -> None:
    """Every decision is taken with keys: curtains, the body's choices, and the veto calls, where
    a seat holding a shield (or broken shield) always claims through its curtain."""
    match = Match.new(GAME, SEATS, {}, 21)
    app = make_app(tmp_path)
    rng = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        presses = claims = 0
        await pilot.pause()
        while not isinstance(app.screen, GameOverScreen):
            presses += 1
            assert presses < 3000, "the game did not end"
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen)
            if screen._curtain_up:  # a curtain is on its way
                await pilot.pause()
                continue
            decision = screen.match.decision()
            assert decision is not None
            if decision.kind is DecisionKind.WINDOW:
                body = screen.query_one(TafelrundeBody)
                assert body.has_focus, "the veto call is answered in the body's one list"
                if screen.responding is None:
                    able = [s for s in decision.seats if GAME.legal(screen.match.state, s)]
                    if able:  # the claim rows follow "Let it pass", one per seat of the call
                        row = next(i for i, c in enumerate(body.choices) if c.action == Claim(able[0]))
                        await pilot.press("home", *(["down"] * row), "enter")
                        await pilot.pause()
                        assert isinstance(app.screen, Curtain), "a claim must pass the claimant's curtain"
                        claims += 1
                    else:
                        assert isinstance(body.choices[0].action, NoVeto)
                        await pilot.press("home", "enter")  # the table: let it pass
                        await again_if_asked(app, pilot)
                else:
                    assert isinstance(body.choices[0].action, Veto)
                    await pilot.press("home", "enter")  # the claimant spends its first card
                    await again_if_asked(app, pilot)  # a veto cannot be taken back: asked twice
                continue
            await _take_turn_by_keyboard(pilot, screen, rng)
        print(f"{presses} decisions by keyboard, {claims} claims")
        assert claims >= 2
        state = match.state
        assert state.phase is Phase.OVER and GAME.outcome(state) is not None
        texts = [entry.text for entry in state.log]
        assert any(" vetoes with " in t for t in texts)
        assert any(" overrules the veto with " in t for t in texts)
        assert any(isinstance(GAME.decode(m.action), Answer) for m in match.record.moves)


async def test_clicking_a_hero_on_the_circle_answers_a_hero_question(tmp_path: Path) -> None:
    match = _match_where(lambda s: s.phase is Phase.DECLARE and not s.decl.announced
                         and GAME.view(s, s.decl.actor).decl.slot == "hero")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot, match)
        body = app.screen.query_one(TafelrundeBody)
        options = GAME.view(match.state, match.state.decl.actor).decl.options
        row, start, _end, _target = next(h for h in body._canvas.hits if h[3] == ("hero", options[-1]))
        before, drawn = len(match.record.moves), body._canvas
        await pilot.click(TafelrundeBody, offset=(start + 2, row))
        # The answer reveals, so it waits for a second click on the same hero. The ring now
        # previews the answer, which can move that hero: the second click goes where it is drawn now.
        await until(pilot, lambda: body._canvas is not drawn, "the ring drawn again with the answer's preview")
        row, start, _end, _target = next(h for h in body._canvas.hits if h[3] == ("hero", options[-1]))
        await again_if_asked(app, pilot, click=(TafelrundeBody, (start + 2, row)))
        assert len(match.record.moves) == before + 1
        assert GAME.decode(match.record.moves[-1].action) == Answer("hero", options[-1])


async def test_the_lines_drawn_carry_no_control_character_from_a_name(tmp_path: Path) -> None:
    """The table's lines are drawn from its canvas line by line (not from the cleaned whole): a
    name carrying an escape sequence, as an edited save could, shows as replacement marks."""
    hostile = (SeatInfo("\x1b]0;pwned\x07Anna", "orange", "●"), SeatInfo("\x1b[2JBert", "sky blue", "▲"),
               SeatInfo("Cleo", "green", "■"))
    match = Match.new(GAME, hostile, {}, 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(app, pilot, match)
        body = app.screen.query_one(TafelrundeBody)
        drawn = "".join(segment.text for strip in body.drawn_lines(body.size.width) for segment in strip)
        assert "Anna" in drawn and "Bert" in drawn
        assert UNSAFE.search(drawn) is None
