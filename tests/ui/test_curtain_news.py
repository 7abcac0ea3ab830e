"""Issue 12 §3: the curtain's "Since your last turn" holds every public line since that seat's
last decision (with three players, the middle player's turn shows too), scrolls, and never holds
another seat's private line. Issue 37: it tells them a paragraph per turn, the seat named once
for a run of its own lines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Seat, SeatInfo
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain, NewsBox
from boardgames_tui.ui.flow.news import news_paragraphs, told
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import assert_news_tells, clause, make_app

THREE_SEAT_GAMES = [key for key, entry in GAMES.items() if entry.game.min_players <= 3 <= entry.game.max_players]


def _expected_news(match: Match, seat: Seat) -> tuple[list[str], set[str]]:
    """From the record alone: the public lines since `seat` last decided, and the private lines
    of other seats logged meanwhile (by text, those that never appear publicly)."""
    moves = match.record.moves
    last = max((i for i, move in enumerate(moves) if move.seat == seat), default=None)
    start = 0 if last is None else len(match.game.log(match.state_after(last + 1)))
    entries = match.game.log(match.state)[start:]
    public = [e.text for e in entries if e.audience is None]
    hidden = {e.text for e in entries if e.audience is not None and seat not in e.audience} - set(public)
    return public, hidden


@pytest.mark.parametrize("key", THREE_SEAT_GAMES)
async def test_curtain_news_is_every_public_line_since_the_seats_last_decision(tmp_path: Path, key: str) -> None:
    """Reproduction: three players, Enter through the first hand-offs; each curtain lists exactly
    the public lines since its seat's last decision, including what the middle player did."""
    game = GAMES[key].game
    app = make_app(tmp_path)
    seats = default_seats(3)
    curtains = 0
    rng = random.Random(5)
    saw_other_seats_turns = False
    async with app.run_test(size=(120, 40)) as pilot:
        match = app.start_match(key, seats, game.default_options(), 5)
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, Curtain):
                seat = match.seats.index(screen.seat)
                public, hidden = _expected_news(match, seat)
                assert screen.news == news_paragraphs(match, seat)
                names = [info.name for info in match.seats]
                assert_news_tells(screen.news, public, names)
                leaked = [h for h in hidden for p in screen.news if clause(h, names) in p]
                assert not leaked, "another seat's private line reached a curtain"
                movers = {m.seat for m in match.record.moves[-6:]} - {seat, None}
                if curtains >= 3 and len(movers) >= 2 and public:
                    saw_other_seats_turns = True
                curtains += 1
                if curtains >= 8:
                    break
                await pilot.press("enter")
            elif isinstance(screen, MatchScreen):
                # Each game's own keys differ: the move goes through the screen's commit.
                legal = match.legal(screen.acting_seat())
                if legal:
                    assert screen.commit(rng.choice(legal), confirmed=True)
                else:
                    await pilot.press("enter")  # a seat's own private news, read before the hand-off
            else:
                break
    assert curtains >= 4
    assert saw_other_seats_turns, "no curtain came after both other seats had moved"


async def test_curtain_news_scrolls_to_its_last_line(tmp_path: Path) -> None:
    """More lines than fit at 80x24: the list scrolls with the arrow keys and shows its last line."""
    app = make_app(tmp_path)
    lines = [f"line {n}" for n in range(60)]
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = Curtain(SeatInfo("Ann", "red", "●"), "Your turn", None, lines)
        app.push_screen(curtain)
        await pilot.pause()
        box = curtain.query_one(NewsBox)
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        shown = app.export_screenshot().replace("&#160;", " ")
        assert f"{int(box.max_scroll_y)} more lines below: Down" in shown, "the box says there is more"
        await pilot.press(*["pagedown"] * 13)
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "line 59" in shown and "Pass to" in shown
        assert "more lines below" not in shown and "Up or Page Up for the first lines" in shown


def test_a_turn_is_told_as_one_paragraph_naming_the_seat_once_per_run() -> None:
    """Issue 37 ("each turn's news reads as a short paragraph"): Ada's lines join into clauses of
    one sentence; a line about something else stays a sentence between them; "Ada's" and a longer
    name starting "Ada" are not Ada's clauses."""
    names = ["Ada", "Ada Lovelace", "Bo"]
    lines = ["Ada places a tile.", "Ada builds floor 3 at row 1, column 2.", "Stack 4 now shows a roof.",
             "Ada draws a tile", "Ada's boat is unlocked.", "Ada Lovelace sulks."]
    assert told("Ada", lines, names) == (
        "Ada places a tile; builds floor 3 at row 1, column 2. Stack 4 now shows a roof. Ada draws a tile. "
        "Ada's boat is unlocked. Ada Lovelace sulks.")
    assert told(None, ["The tokens turn face up", "Turn 2 begins."], names) == "The tokens turn face up. Turn 2 begins."
    assert told("Bo", ["Bo: does anyone veto?"], names) == "Bo: does anyone veto?"
