"""Die Tafelrunde's controls: a click acts on exactly the row drawn under the pointer (wrapped
rows included), a seat's list starts on its own first row, the veto call is one list, and Draco's
goblet points at position 1 on the ring."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Draw, NoVeto, Play, Veto
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.table.body import TafelrundeBody
from boardgames_tui.games.tafelrunde.table.layout import draw_table, scene_for
from boardgames_tui.games.tafelrunde.table.look import Claim, Look
from boardgames_tui.games.tafelrunde.table.ring import ring_blocks
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.kit import DARK
from boardgames_tui.ui.match_screen import MatchScreen
from tests.games.tafelrunde.scenario import act, scenario
from tests.ui.helpers import make_app

SEATS = (SeatInfo("Lilo", "orange", "●"), SeatInfo("Rudi", "sky blue", "▲"), SeatInfo("Greta", "green", "■"),
         SeatInfo("Yves", "vermilion", "✚"))


def _seen(state: Any, viewer: int | None) -> Seen:
    decision = GAME.to_act(state)
    acting = viewer
    if decision is not None and decision.kind.name == "WINDOW" and viewer is None:
        acting = None
    actions = tuple(GAME.legal(state, acting)) if decision is not None and (
        viewer is None or viewer in decision.seats) else ()
    labels = {a: GAME.describe(state, acting, a, viewer) for a in actions}
    return Seen(GAME, GAME.view(state, viewer), viewer, SEATS[: state.players], decision, actions, labels)


def _plain(seen: Seen, width: int = 84, height: int = 38) -> list[str]:
    from boardgames_tui.games.tafelrunde.table.look import build_choices

    canvas = Canvas()
    choices = build_choices(seen)
    draw_table(canvas, seen, Look(tuple(choices)), True, width, height, pal=DARK)
    return [line.plain for line in canvas.lines]


# --- a click takes the row under the pointer --------------------------------------------------
async def _hover_and_check_every_row(pilot: Any, body: TafelrundeBody) -> tuple[int, int]:
    """Hover every drawn piece of every row (a hover highlights, a click takes the same target):
    each line of a wrapped row, and each item of a line several rows share; returns how many
    rows were wrapped onto more than one line, and how many lines several rows share."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for row, start, _end, target in body._canvas.hits:
        if target[0] == "choice":
            spans.setdefault(target[1], []).append((row, start))
    assert sorted(spans) == list(range(len(body.choices))), "every row of the list is drawn and clickable"
    # One drawn line per screen line: the body never wraps what the canvas laid out.
    assert body.size.height == len(body._canvas.lines)
    pane = body.parent
    for index, pieces in spans.items():
        for row, start in pieces:
            pane.scroll_to(y=max(0, body.region.y - pane.region.y + int(pane.scroll_y) + row - 2), animate=False)
            await pilot.pause()
            await pilot.hover(TafelrundeBody, offset=(start + 2, row))
            assert body.cursor == index, f"line {row}, column {start} is drawn for row {index}"
    owners: dict[int, set[int]] = {}
    for index, pieces in spans.items():
        for row, _start in pieces:
            owners.setdefault(row, set()).add(index)
    wrapped = sum(len({r for r, _ in pieces}) > 1 for pieces in spans.values())
    return wrapped, sum(len(rows) > 1 for rows in owners.values())


LISTS = 40 if os.environ.get("BOARDGAMES_FUZZ") == "1" else 15
"""How many lists the click test answers (every one is hovered line by line first)."""


async def test_a_click_on_any_line_of_any_row_takes_that_row_in_a_seeded_game(tmp_path: Path) -> None:
    """Issue 15, fixes found in play: clicking "3 Play ..." under a wrapped row took row 4, "Draw
    a card". Every piece of every row of every list met in a seeded game (turns, questions, veto
    calls; wrapped rows and lines several rows share) is hovered, and each list is then answered
    by a click on one of its pieces, which must take exactly that row."""
    match = Match.new(GAME, SEATS[:3], {}, 11)
    rng = random.Random(2)
    app = make_app(tmp_path)
    lists = wrapped = shared = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(match)
        await pilot.pause()
        while lists < LISTS and not isinstance(app.screen, GameOverScreen):
            screen = app.screen
            if isinstance(screen, Curtain):
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert isinstance(screen, MatchScreen)
            body = screen.query_one(TafelrundeBody)
            await pilot.pause()
            if not body.choices:
                await pilot.pause()
                continue
            lists += 1
            more_wrapped, more_shared = await _hover_and_check_every_row(pilot, body)
            wrapped, shared = wrapped + more_wrapped, shared + more_shared
            legal = [i for i, c in enumerate(body.choices) if c.legal and not (
                isinstance(c.action, Claim) and c.action.seat is None)] or [len(body.choices) - 1]
            pick = rng.choice(legal)
            if isinstance(body.choices[pick].action, Play) and rng.random() < 0.6:
                pick = next((i for i in legal if isinstance(body.choices[i].action, Draw)), pick)
            chosen = body.choices[pick]
            row, start = next((r, a) for r, a, _e, t in body._canvas.hits if t == ("choice", pick))
            pane = body.parent
            pane.scroll_to(y=max(0, body.region.y - pane.region.y + int(pane.scroll_y) + row - 2), animate=False)
            await pilot.pause()
            before = len(match.record.moves)
            await pilot.click(TafelrundeBody, offset=(start + 2, row))
            await pilot.pause()
            if not isinstance(chosen.action, Claim) and screen._asked is not None:
                # A move that cannot be taken back is shown by the first click, taken by the second.
                assert len(match.record.moves) == before
                await pilot.click(TafelrundeBody, offset=(start + 2, row))
                await pilot.pause()
            if isinstance(chosen.action, Claim):
                assert screen.responding == chosen.action.seat
            else:
                assert len(match.record.moves) == before + 1
                assert GAME.decode(match.record.moves[-1].action) == chosen.action
    assert lists >= LISTS
    assert wrapped >= 1, "some list had a wrapped row"
    assert shared >= 1, "some list drew several rows on one line (the cards to lay out)"


# --- a seat's list starts on its own first row -------------------------------------------------
async def test_each_seat_s_list_starts_on_its_first_row_not_on_the_last_seat_s_choice(tmp_path: Path) -> None:
    """Issue: Rudi's veto poll started on "Let it pass" because Lilo had just chosen it (the same
    action); a turn started on a dimmed "Draw a card" because the last seat drew."""
    from textual.app import App, ComposeResult
    from textual.containers import ScrollableContainer

    class BodyApp(App[None]):
        def compose(self) -> ComposeResult:
            with ScrollableContainer():
                yield TafelrundeBody()

    state = scenario(4, {0: [40], 1: [28], 2: [17]}, money=(5, 3, 3, 3), private_polls=True)
    state = act(state, Play(40), "rogue-lilac", "down", "2")
    app = BodyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        body = app.query_one(TafelrundeBody)
        body.show(_seen(state, 1))  # Rudi is polled first and lets it pass
        await pilot.pause()
        body.cursor = next(i for i, c in enumerate(body.choices) if c.action == NoVeto())
        state = GAME.apply(state, 1, NoVeto())
        body.show(_seen(state, 2))  # Greta's poll: her shield card first
        await pilot.pause()
        assert body.cursor == 0 and body.choices[0].action == Veto(17)
        # A redraw of the same moment for the same seat keeps the highlight where it was.
        body.cursor = 1
        body.show(_seen(state, 2))
        assert body.cursor == 1

        full = scenario(4, {0: [1], 1: [2, 3, 4, 6, 8]})
        body.show(_seen(full, 0))
        body.cursor = next(i for i, c in enumerate(body.choices) if c.action == Draw())
        nxt = GAME.apply(full, 0, Draw())
        body.show(_seen(nxt, 1))  # Rudi holds five: his Draw is dimmed, and never highlighted first
        assert body.choices[body.cursor].legal and body.cursor == 0


# --- the veto call as one list ------------------------------------------------------------------
def test_the_veto_call_is_one_list_worded_for_the_table_and_for_the_claimant() -> None:
    """The table sees Let it pass and a claim per seat; the claimant sees Veto with <card> and
    Back; after a veto the rows say overrule, and no row says "No veto"."""
    state = scenario(4, {0: [40], 1: [28], 2: [11]}, money=(5, 3, 3, 3))
    state = act(state, Play(40), "rogue-lilac", "down", "2")
    from boardgames_tui.games.tafelrunde.table.choices import window_prompt
    from boardgames_tui.games.tafelrunde.table.look import build_choices

    table = build_choices(_seen(state, None))
    assert [c.label for c in table] == ["Let it pass: no veto", ": I veto", ": I veto", ": I veto"]
    assert [c.action for c in table[1:]] == [Claim(1), Claim(2), Claim(3)]
    rudi = _seen(state, 1)
    assert [c.label for c in build_choices(rudi)] == ["Veto with Minor intrigue #28", "Back: I do not veto after all"]
    greta = _seen(state, 2)
    assert [c.label for c in build_choices(greta)] == ["Back to the table"]
    assert "You hold no shield" in window_prompt(greta, greta.view)
    state = act(state, (1, Veto(28)))
    table = build_choices(_seen(state, None))
    assert table[0].label == "Let the veto stand: nobody overrules"
    assert all("overrule" in c.label for c in table[1:])
    greta = _seen(state, 2)
    assert [c.label for c in build_choices(greta)] == ["Overrule the veto with Confusion #11",
                                                       "Back: I do not overrule after all"]
    text = "\n".join(_plain(_seen(state, None)))
    assert "No veto" not in text and "Silence" not in text
    assert "Vetoed by ▲ Rudi with Minor intrigue #28" in text


async def test_claiming_from_the_body_list_raises_the_claimant_s_curtain_and_back_returns(tmp_path: Path) -> None:
    def in_window(s: Any) -> bool:
        return s.phase is Phase.VETO and not s.private_polls

    for seed in range(60):
        match = Match.new(GAME, SEATS[:3], {}, seed)
        rng = random.Random(seed)
        while GAME.to_act(match.state) is not None and not in_window(match.state):
            match.play(*choose(GAME, match.state, rng))
        if in_window(match.state):
            break
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(match)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        body = screen.query_one(TafelrundeBody)
        assert body.has_focus and not screen.query_one("#actions").display
        seat = match.decision().seats[0]
        await pilot.press("2")  # the first claim row
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.responding == seat and screen.viewer == seat
        await pilot.press("end", "enter")  # Back
        await pilot.pause()
        assert screen.responding is None and screen.viewer is None
        assert match.state.phase is Phase.VETO


# --- Draco's goblet on the ring -------------------------------------------------------------------
def test_draco_s_goblet_points_at_position_one_before_and_after_he_turns() -> None:
    """Issue: after Capricious turned Draco the goblet pointed right while position 1 (+4) was
    still drawn on the left. The heroes keep their seats on the ring; the goblet and the numbers flip."""
    state = scenario(4)
    turned = act(scenario(4, {0: [7]}), Play(7), NoVeto())
    assert not turned.goblet_left
    for st, arrow in ((state, "◀"), (turned, "▶")):
        seen = _seen(st, None)
        scene, _ = scene_for(seen.view, Look())
        blocks = ring_blocks(seen.view, seen.seats, scene, compact=False, pal=DARK)
        draco = blocks[0].plain()
        assert arrow in draco
        # Position 1 is Draco's neighbour on the goblet side: the last seat clockwise when the
        # goblet points left (counter-clockwise), the first when it points right.
        first, second = (blocks[-1], blocks[-2]) if arrow == "◀" else (blocks[1], blocks[2])
        assert "─1─" in first.plain()  # Zork sits at 1 after the turn: he is never paid
        assert "─2─" in second.plain() and "+3" in second.plain()
    # The same hero sits in the same seat of the ring after the turn.
    before = ring_blocks(_seen(state, None).view, SEATS, scene_for(_seen(state, None).view, Look())[0],
                         compact=False, pal=DARK)
    after_seen = _seen(turned, None)
    after = ring_blocks(after_seen.view, SEATS, scene_for(after_seen.view, Look())[0], compact=False, pal=DARK)
    assert [b.plain().splitlines()[1] for b in before[1:]] == [b.plain().splitlines()[1] for b in after[1:]]


# --- 80x24: the table stays in view ----------------------------------------------------------------
def test_at_80x24_after_draco_turns_purses_hand_and_legend_stay_above_the_list() -> None:
    """Issue: at 80×24, after Draco turned, the purse table dropped under the list and the hand
    and the legend fell off-screen. Now the purses sit inside the ring and the hand and the legend
    come before the list, all within the first lines of a 22-line body."""
    state = act(scenario(4, {0: [7], 1: [17, 28, 40]}), Play(7), NoVeto())
    assert not state.goblet_left and state.on_turn == 1
    lines = _plain(_seen(state, 1), width=77, height=22)
    prompt = next(i for i, line in enumerate(lines) if "Rudi to act" in line)
    top = "\n".join(lines[:prompt])
    for name in ("Lilo", "Rudi", "Greta", "Yves"):
        assert name in top  # every purse
    assert "Your hand" in top and "Favourite #17" in top
    assert "veto" in top and "overrule" in top  # the legend of the shield marks
    assert "DRACO ♖▶" in top
    assert prompt < 14  # the list starts high enough to show most rows on a 22-line body
