"""Tàin's body in the app: renders at 80x24 and 120x40, and a whole 3-player game by keyboard."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import FREES, Area
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.state import Phase, TainState
from boardgames_tui.games.tain.table.body import TainBody
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.games.tain.scenario import A, B, P, holdings, play, raid, resolve, table
from tests.ui.helpers import make_app

SEATS = (
    SeatInfo("Patrick", "orange", "●"),
    SeatInfo("Brigitte", "sky blue", "▲"),
    SeatInfo("Arthur", "green", "■"),
)


def _placed_by(state: TainState, seat: int) -> int:
    slots = [*state.fk, *(t for row in state.guards for t in row), *(t for row in state.scouts for t in row)]
    return sum(1 for t in slots if t is not None and t[0] == seat)


async def test_a_full_three_player_game_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("tain", SEATS, {}, 11)
        presses = 0
        steps = 0
        await _settle(pilot, app, Curtain)
        while presses < 3000:
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, Curtain):
                await pilot.press("enter")
            else:
                assert isinstance(screen, MatchScreen)
                decision = match.decision()
                assert decision is not None
                state = match.state
                if decision.kind is DecisionKind.STEP:
                    steps += 1
                    await pilot.press("enter")
                elif state.phase is Phase.SCOUT and _placed_by(state, state.current) >= 1:
                    await pilot.press("p")
                else:
                    await pilot.press("enter")
            presses += 1
        assert isinstance(app.screen, GameOverScreen)
        assert match.outcome() is not None
        assert steps > 8
        assert any(move.action.startswith(("c", "w", "b", "x")) for move in match.record.moves)


async def test_body_renders_at_80x24_and_120x40(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 40)):
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            app.start_match("tain", SEATS, {}, 5)
            await _settle(pilot, app, Curtain)
            await pilot.press("enter")  # lift the first curtain
            await _settle(pilot, app, MatchScreen)
            body = app.screen.query_one(TainBody)
            text = body.render().plain
            assert ("Foreign kingdom" if size == (120, 40) else "Kingdom") in text
            assert ("Behind your screen" if size == (120, 40) else "Screen ") in text
            assert all(name in text for name in ("Patrick", "Brigitte", "Arthur"))
            targets = [hit[3] for hit in body.canvas.hits]
            slots = {t[1] for t in targets if t[0] == "cell" and t[1][1] >= 0}
            assert len(slots) == 3 * 5 * 2, "every outside and inside slot of every board is drawn and clickable"
            assert sum(1 for t in targets if t[0] == "cell" and t[1][1] == -1) == 2, "both kingdom slots"
            assert {t[1] for t in targets if t[0] == "kind"} == set(Kind), "every kind behind the screen"
            pane = app.screen.query_one("#body-pane")
            assert len(body.canvas.lines) <= pane.size.height, "the whole table is in view without scrolling"


async def _settle(pilot: Pilot[None], app: App[None], screen: type) -> None:
    """Let the app catch up until `screen` is on top (the machine may be slow)."""
    for _ in range(100):
        await pilot.pause()
        if isinstance(app.screen, screen):
            return
    raise AssertionError(f"the app never showed {screen.__name__}")


def _spot(body: TainBody, target: tuple[object, ...]) -> tuple[int, int]:
    """Where on the body a clickable target sits (offset for pilot.click)."""
    for line, start, _end, hit in body.canvas.hits:
        if hit == target:
            return start + 1, line  # one column of padding
    raise AssertionError(f"{target} is not on screen")


async def test_mouse_picks_a_kind_and_a_slot_and_an_illegal_slot_is_explained(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match("tain", SEATS, {}, 5)
        notes: list[str] = []
        app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign]
        await _settle(pilot, app, Curtain)
        await pilot.click("#curtain-ready")
        await _settle(pilot, app, MatchScreen)
        seat = match.state.current
        body = app.screen.query_one(TainBody)
        await pilot.click(TainBody, offset=_spot(body, ("kind", Kind.BLUFF)))
        await pilot.pause()
        assert body.kind is Kind.BLUFF
        # A scout slot on the clicker's own board is refused with the rules' reason.
        await pilot.click(TainBody, offset=_spot(body, ("cell", (Area.SCOUT, seat, 0))))
        await pilot.pause()
        assert match.record.moves == ()
        assert any("cannot scout your own board" in note for note in notes)
        await pilot.click(TainBody, offset=_spot(body, ("cell", (Area.GUARD, seat, 2))))
        await pilot.pause()
        assert match.record.moves[-1].action == f"xg{seat}.2"
        assert match.state.guards[seat][2] == (seat, Kind.BLUFF)


async def test_raid_steps_advance_by_click_and_match_the_rules_step_for_step(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        match = app.start_match("tain", SEATS, {}, 8)
        # Everyone passes at once: the reveal and the raid follow.
        for _ in range(3):
            await _settle(pilot, app, Curtain)
            await pilot.press("enter")
            await _settle(pilot, app, MatchScreen)
            await pilot.press("p")
        await _settle(pilot, app, MatchScreen)
        assert match.decision() is not None and match.decision().kind is DecisionKind.STEP
        body = app.screen.query_one(TainBody)
        before = len(match.record.moves)
        await pilot.click(TainBody, offset=_spot(body, ("step",)))
        await pilot.pause()
        assert len(match.record.moves) == before + 1
        assert body.seen is not None
        assert body.seen.view.news == tuple(e.text for e in match.state.log[match.state.news_from :] if e.step)
        assert "The tokens are turned face up." in body.render().plain


class _Host(App[None]):
    """A bare app holding only the Tàin body, to feed it a Seen built from a scenario."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[object] = []

    def compose(self):  # type: ignore[no-untyped-def]
        yield TainBody()

    def on_game_body_chosen(self, message: GameBody.Chosen) -> None:
        self.chosen.append(message.action)


async def test_captive_choice_is_offered_openly_and_taken_by_key() -> None:
    state = holdings(table(active=P), B, captives=[(P, "b"), (P, "d")])
    state = resolve(raid(state, {B: {"house 1": (f"{P}:c", None)}}))
    decision = GAME.to_act(state)
    assert decision is not None and decision.public
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        body = app.query_one(TainBody)
        actions = tuple(GAME.legal(state, P))
        body.show(Seen(GAME, GAME.view(state, None), None, SEATS, decision, actions, {}))
        await pilot.pause()
        text = body.render().plain
        assert "[ Free your boy (b) ]" in text and "[ Free your daughter (d) ]" in text
        body.focus()
        await pilot.press("d")
        await pilot.pause()
        assert app.chosen == [FREES[Kind.DAUGHTER]]
        await pilot.click(TainBody, offset=_spot(body, ("free", Kind.BOY)))
        await pilot.pause()
        assert app.chosen[-1] == FREES[Kind.BOY]


async def test_a_kind_key_with_none_left_says_so_and_leaves_no_kind_chosen() -> None:
    """Found in play: Bob pressed c with no chieftain left, clicked the kingdom, and a bluff was
    placed. Now the key says why and clears the kind, so the click places nothing."""
    state = holdings(table(active=P), P, screen={"w": 2, "b": 6, "d": 1, "x": 8})
    decision = GAME.to_act(state)
    assert decision is not None and state.current == P
    app = _Host()
    async with app.run_test(size=(120, 40)) as pilot:
        body = app.query_one(TainBody)
        body.show(Seen(GAME, GAME.view(state, P), P, SEATS, decision, tuple(GAME.legal(state, P)), {}))
        await pilot.pause()
        body.focus()
        await pilot.press("x")
        assert body.kind is Kind.BLUFF
        await pilot.press("c")
        await pilot.pause()
        assert body.kind is None
        assert "No chieftain left behind your screen" in body.render().plain
        await pilot.click(TainBody, offset=_spot(body, ("cell", (Area.RAID, -1, -1))))
        await pilot.pause()
        assert app.chosen == []
        assert "Choose a token kind first" in body.render().plain
        await pilot.press("w")  # a kind that can go somewhere is taken, and the note goes
        await pilot.pause()
        assert body.kind is Kind.WARRIOR and "No chieftain" not in body.render().plain


async def test_a_click_on_any_drawn_slot_acts_on_that_slot_at_both_sizes() -> None:
    """Issue 12 §2: a click acts on exactly what is drawn under the pointer. Every slot of every
    board and of the kingdom is clicked at 80×24 (compact) and 120×40 (full boards side by side)."""
    state = table(active=P)
    decision = GAME.to_act(state)
    assert decision is not None
    for size, compact in (((80, 24), True), ((120, 40), False)):
        app = _Host()
        async with app.run_test(size=size) as pilot:
            body = app.query_one(TainBody)
            body.show(Seen(GAME, GAME.view(state, P), P, SEATS, decision, tuple(GAME.legal(state, P)), {}))
            await pilot.pause()
            body.kind = Kind.BLUFF
            body.refresh()
            await pilot.pause()
            assert body.compact() is compact
            cells = [hit[3][1] for hit in body.canvas.hits if hit[3][0] == "cell" and hit[3][1][1] >= -1]
            assert len(set(cells)) == 3 * 5 * 2 + 1
            for line, start, end, target in body.canvas.hits:
                assert all(body._hit(line, x) == target for x in range(start, end)), "a slot's every cell"
            for cell in cells:
                await pilot.click(TainBody, offset=_spot(body, ("cell", cell)))
                await pilot.pause()
                assert app.chosen[-1] == body._action(cell, Kind.BLUFF), cell


async def test_the_table_drawn_for_a_seat_is_unchanged_when_what_it_cannot_know_is_resampled() -> None:
    """DESIGN "Leaks": Patrick's drawing (both sizes) is the same for every resampling of the
    other clans' face-down kinds, screens and discard piles."""
    state = play(table(active=P), (P, "cs1.0"), (B, "ws0.3"), (A, "xr"))
    decision = GAME.to_act(state)
    assert decision is not None and state.current == P
    for size in ((80, 24), (120, 40)):
        app = _Host()
        async with app.run_test(size=size) as pilot:
            body = app.query_one(TainBody)
            drawn = set()
            for seed in (None, 1, 2, 3, 4, 5):
                other = state if seed is None else GAME.resample(state, P, seed)
                seen = Seen(GAME, GAME.view(other, P), P, SEATS, decision, tuple(GAME.legal(other, P)), {})
                body.show(seen)
                await pilot.pause()
                drawn.add(body.render().markup)
            assert len(drawn) == 1
