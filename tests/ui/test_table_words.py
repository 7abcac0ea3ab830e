"""Issue 37 §1, generated over every game: a table is read in words, not in codes, and nothing is cut
while there is room. A seeded match of each game is played by keyboard at 80×24 and 120×40 (the
highlighted choice each time, every seat a person), and every frame the terminal shows is read:

- no action's short text form (the codec's, e.g. "cg0.3", "p5b+K", "T 1,2 0") appears anywhere,
  nor the last move's form (confirmation lines, the log);
- at 120×40, no word is cut short with "…";
- the header names every seat to act, glyph and whole name, at both sizes (four short names fit
  in 80 columns: the header drops words around them before it drops a name), and a curtain's
  note shows whole (wrapped, not cut at the screen's edge).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.games import GAMES
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.ui.helpers import again_if_asked, make_app

SIZES = ((80, 24), (120, 40))
PRESSES = 60
NAMES = ("Ada", "Bo", "Cy", "Di")
ELLIPSIS_ALLOWED = ("thinking…", "again…")
"""Ellipses that stand for time passing, not for a cut word."""


def _is_code(text: str) -> bool:
    """A text form a player could not read: it holds a digit, or punctuation inside a word."""
    return bool(re.search(r"\d", text) or re.search(r"\w[.,:+]\w", text))


def _codes_in(form: str) -> set[str]:
    """An action's text form, and each of its parts that is a code on its own (a position "2,-1",
    a slot "0.3", a card half "5b"): prose that spells a move with such parts is notation too."""
    parts = {p for p in form.split() if re.search(r"\d[.,:]-?\d|[A-Za-z]\d|\d[A-Za-z]", p)}
    return {form, *parts} if _is_code(form) else parts


def _game_ids() -> dict[str, set[str]]:
    """Each game's internal ids that its data names components by (never for a player's eyes)."""
    from boardgames_tui.games.tolleno.rules.components import CITY_TILES

    return {"tolleno": {tile.id for tile in CITY_TILES}}


def _found(form: str, screen: str) -> bool:
    return re.search(rf"(?<![\w.,:+]){re.escape(form)}(?![\w.,:+])", screen) is not None


Frames = tuple[list[str], set[str], list[str]]


def _not_whole(screen: Any, decision: Any, seats: tuple[SeatInfo, ...], lines: list[str]) -> list[str]:
    """What `screen` shows cut: a seat to act the header does not name in full, a curtain's note."""
    if isinstance(screen, MatchScreen) and screen.drawn_for(screen.viewer):
        return _unnamed(screen, decision, seats, lines)
    note = " ".join(screen.note.split()) if isinstance(screen, Curtain) else ""
    return [f"curtain note {note!r}"] if note not in " ".join(" ".join(lines).split()) else []


def _unnamed(screen: MatchScreen, decision: Any, seats: tuple[SeatInfo, ...], lines: list[str]) -> list[str]:
    """The seats a match screen's header should name as "glyph name" and does not, with the line."""
    if decision is None or decision.kind not in (DecisionKind.TURN, DecisionKind.SEALED) or screen.flow.busy():
        return []
    line = lines[screen.query_one("#match-header").region.y]
    return [f"{seats[s].glyph} {seats[s].name} not in {line.strip()!r}" for s in decision.seats
            if f"{seats[s].glyph} {seats[s].name}" not in line]


async def _frames(key: str, size: tuple[int, int], tmp_path: Path) -> Frames:
    """The screens shown along a seeded match played by keyboard, every code-like action form
    offered on the way, and what was not shown whole: the header's seats to act it did not name
    in full, curtain notes cut."""
    game = GAMES[key].game
    app = make_app(tmp_path, GAMES)
    players = game.max_players
    seats = tuple(SeatInfo(NAMES[i], PALETTE[i].hex, GLYPHS[i]) for i in range(players))
    frames: list[str] = []
    forms: set[str] = set()
    unnamed: list[str] = []
    async with app.run_test(size=size) as pilot:
        match = app.start_match(key, seats, {}, 17)
        for _ in range(PRESSES):
            await pilot.pause()
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            frames.append("\n".join(lines))
            decision = match.decision()
            cut = _not_whole(app.screen, decision, seats, lines)
            if cut:  # read again after one more pause: a frame not yet composed is never seen
                await pilot.pause()
                cut = _not_whole(app.screen, decision, seats, [s.text for s in app.screen._compositor.render_strips()])
            unnamed += cut
            if decision is not None:
                for seat in (*decision.seats, None):
                    for action in game.legal(match.state, seat):
                        forms |= _codes_in(game.encode(action))
            screen: Any = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if not isinstance(screen, Curtain) and decision is not None and decision.kind is DecisionKind.WINDOW:
                await pilot.press("end")
            await pilot.press("enter")
            await again_if_asked(app, pilot)
    return frames, forms, unnamed


ID_PATTERNS = {
    "tallinn": r"(?<![\w.])\d{1,2}[AB]\d(?![\w.])",  # a row card written as card, half and count ("8A2")
    "tain": r"(?<![\w.])[ph][1-5](?![\w.])",  # an entrance written as a letter and a number ("p1")
}
"""Shapes of internal names that are not action forms, per game."""


def _cut(frames: list[str]) -> list[str]:
    """The lines where a word ends in "…" (not an ellipsis of time passing)."""
    return sorted(
        {
            line.strip()
            for frame in frames
            for line in frame.splitlines()
            if re.search(r"\w…", line) and not any(ok in line for ok in ELLIPSIS_ALLOWED)
        }
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("key", sorted(GAMES))
async def test_no_code_no_cut_name_and_no_cut_line_at_120x40(key: str, size: tuple[int, int], tmp_path: Path) -> None:
    """One walk per game and size reads every frame for each rule (a walk is the costly part)."""
    frames, forms, unnamed = await _frames(key, size, tmp_path)
    assert frames and forms, f"{key}: nothing seen"
    forms |= _game_ids().get(key, set())
    shown = sorted({form for form in forms for frame in frames if _found(form, frame)})
    if key in ID_PATTERNS:
        shown += sorted({m for frame in frames for m in re.findall(ID_PATTERNS[key], frame)})
    assert not shown, f"{key} at {size}: action codes on screen: {shown[:10]}"
    assert not unnamed, f"{key} at {size}: not shown whole: {unnamed[:3]}"
    if size == (120, 40):
        cut = _cut(frames)
        assert not cut, f"{key}: lines cut short at 120x40: {cut[:8]}"
