"""Issue 12 §2, controls the same in every game: each rule is checked in a seeded game of each of
the five games, in the app, by Pilot at 80x24 (where rows wrap).

1. An action that cannot be taken back (it reveals something) is first only shown, and taken by
   a second Enter or click on it; any other key cancels it. Letting an open window pass is one
   press (issue 36: it reveals nothing about anyone).
2. A click takes exactly the row drawn under the pointer, every line of a wrapped row included.
3. Whatever m, l, ?, Esc and Tab did, Esc brings the board back and it answers an arrow; closing
   the action list gives the keys back to the board.
4. A game key that can do nothing now says why instead of staying silent.

The volumes are modest by default; BOARDGAMES_FUZZ=1 runs longer walks and every key sequence.
"""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.games import GAME_PACKAGES, GAMES
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from boardgames_tui.ui.seats import GLYPHS, PALETTE
from tests.ui.helpers import make_app

FUZZ = os.environ.get("BOARDGAMES_FUZZ") == "1"
SEED = 20261212
SIZE = (80, 24)
ARROWS = ("up", "down", "left", "right")


OPTIONS = {"tallinn": {"supporters": "on"}}
"""Options for a game whose rows all fit the list without them (Tallinn's labels do since issue 37;
with the Supporters a card played with an open Supporter takes two lines)."""


def _match(key: str, seed: int = SEED) -> Match:
    game = GAMES[key].game
    players = min(max(game.min_players, 3), game.max_players)
    seats = tuple(SeatInfo(f"Player {i + 1}", PALETTE[i].name, GLYPHS[i]) for i in range(players))
    return Match.new(game, seats, OPTIONS.get(key, {}), seed)


def _screen_text(app: BoardgamesApp) -> str:
    """Every character on screen now, line by line (what the player sees)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _status(screen: MatchScreen) -> str:
    """The shell's status line, or "" while it is hidden."""
    status = screen.query_one("#match-status", Static)
    content = status.content
    return (getattr(content, "plain", None) or str(content)) if status.display else ""


async def _to_match_screen(app: BoardgamesApp, pilot: Any) -> MatchScreen | None:
    """Lift curtains (and read private news) until a match screen takes input; None at game over."""
    for _ in range(50):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return None
        if isinstance(screen, Curtain):
            await pilot.press("enter")
            continue
        if isinstance(screen, MatchScreen):
            news = getattr(screen.body, "news", None)
            if news is None:
                return screen
            await pilot.press("enter")
            continue
        await pilot.press("escape")
    raise AssertionError(f"stuck on {app.screen!r}")


def _body_previews(screen: MatchScreen) -> set[Any]:
    """Actions a game's own screen shows and takes on the next press (Tasnia's purchase, with its
    payment; a trade or special card cycled with t or p)."""
    body = screen.body
    shown = {getattr(body, "armed", None)}
    for name in ("trade_choice", "special_choice"):
        getter = getattr(body, name, None)
        if callable(getter):
            shown.add(getter())
    shown.discard(None)
    return shown


@dataclass
class Before:
    """What was on screen before a key: to judge what that key did."""

    moves: int
    state: Any
    kind: DecisionKind | None
    status: str
    asked: Any
    previews: set[Any]


def _before(screen: MatchScreen) -> Before:
    decision = screen.match.decision()
    return Before(len(screen.match.record.moves), screen.match.state, decision.kind if decision else None,
                  _status(screen), screen._asked, _body_previews(screen))


@dataclass
class Tally:
    previews: int = 0
    confirmed: int = 0
    cancelled: int = 0
    commits: int = 0


def _judge(screen: MatchScreen, key: str, before: Before, tally: Tally) -> None:
    """Rule 1 for one key: nothing that cannot be taken back was taken without being shown first,
    a preview says what and "Enter again", and a move of the cursor cancels it."""
    match = screen.match
    game = match.game
    new = match.record.moves[before.moves:]
    if new:
        tally.commits += 1
        move = new[0]
        action = game.decode(move.action)
        lets_a_window_pass = before.kind is DecisionKind.WINDOW and move.seat is None  # one press (issue 36)
        if before.kind is not DecisionKind.STEP and not lets_a_window_pass \
                and game.asks_twice(before.state, move.seat, action):
            label = game.describe(before.state, move.seat, action, move.seat)
            shell = before.asked == (before.moves, move.seat, action) and label in before.status
            assert shell or action in before.previews, f"{key!r} took {label!r} without showing it first"
            assert shell <= ("Enter again" in before.status)
            tally.confirmed += 1
        return
    status = _status(screen)
    if before.asked is not None and key in ARROWS:
        assert status == "" and screen._asked is None, "moving elsewhere cancels what was shown"
        tally.cancelled += 1
    if screen._asked is not None and screen._asked != before.asked:
        assert "Enter again" in status and status != before.status
        tally.previews += 1


# --- 1. shown first, taken on a second press ---------------------------------------------------
WALK = 2000 if FUZZ else 60


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_1_an_action_that_cannot_be_taken_back_is_shown_first_and_taken_by_a_second_press(
        tmp_path: Path, key: str) -> None:
    """A seeded game played by keys (mostly Enter, some arrows, the action list now and then): no
    move that reveals something (the engine's `asks_twice`, by default `reveals`: the notion that
    refuses undo) is ever taken by one press; a first Enter says what it will do and "Enter
    again"; an arrow after it cancels. Tàin asks nothing: its only revealing moves are the table's
    raid steps, and whether a placement forces another clan to pass is that clan's secret."""
    rng = random.Random(f"{key}-walk")
    app = make_app(tmp_path)
    tally = Tally()
    async with app.run_test(size=SIZE) as pilot:
        app.play(_match(key))
        for _ in range(WALK):
            screen = await _to_match_screen(app, pilot)
            if screen is None:
                break
            if screen._asked is not None:
                press = rng.choice(("enter", "enter", "enter", *ARROWS))
            else:
                press = rng.choice(("enter",) * 6 + ARROWS + ("m",))
            before = _before(screen)
            await pilot.press(press)
            await pilot.pause()
            if app.screen is screen or isinstance(app.screen, (Curtain, GameOverScreen)):
                _judge(screen, press, before, tally)
    assert tally.commits >= (10 if FUZZ else 3)
    if key == "tain":
        assert tally.previews == tally.confirmed == 0
    else:
        assert tally.previews >= 1 and tally.confirmed >= 1 and tally.cancelled >= 1, tally


# --- 2. a click takes the row drawn under the pointer -------------------------------------------
LISTS = 40 if FUZZ else 4


class Taken:
    """Stands in for the match screen's commit and flow while rows are clicked: records what a
    click would have done and does nothing."""

    def __init__(self, screen: MatchScreen) -> None:
        self.screen = screen
        self.done: list[Any] = []
        self.saved = (screen.responding, screen.viewer)

    def commit(self, action: Any, confirmed: bool = False) -> bool:
        self.done.append(action)
        return False

    def advance_flow(self) -> None:
        self.done.append(("respond", self.screen.responding))
        self.screen.responding, self.screen.viewer = self.saved

    def __enter__(self) -> Taken:
        self.screen.commit = self.commit  # type: ignore[method-assign]
        self.screen.advance_flow = self.advance_flow  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        del self.screen.commit, self.screen.advance_flow


def _row_action(screen: MatchScreen, option_id: str) -> Any:
    """What the shell's action list row `option_id` stands for."""
    from boardgames_tui.ui.match_screen import BACK, RESPOND

    if option_id.startswith(RESPOND):
        return ("respond", int(option_id[len(RESPOND):]))
    if option_id == BACK:
        return ("respond", None)
    return screen.menu_actions[int(option_id)]


def _words(text: str) -> str:
    return " ".join(text.split())


def _rows_to_click(spans: dict[int, int]) -> set[int]:
    """Every row under BOARDGAMES_FUZZ=1; by default, in a list of more than 8 rows, the first and
    the last and a fixed sample of 4 rows that wrap and 4 that do not (a long list adds little per
    row, and each click waits for a frame)."""
    if FUZZ or len(spans) <= 8:
        return set(spans)
    ends = {min(spans), max(spans)}
    wrapped = sorted(index for index, count in spans.items() if count > 1 and index not in ends)
    rest = sorted(set(spans) - set(wrapped) - ends)
    rng = random.Random(len(spans))
    return ends | set(rng.sample(wrapped, min(4, len(wrapped)))) | set(rng.sample(rest, min(4, len(rest))))


async def _click_every_line_of(app: BoardgamesApp, pilot: Any, screen: MatchScreen, menu: OptionList) -> int:
    """Click each line of each row of `menu` (scrolled into view first); the click must take the
    row whose text is drawn on that line. Returns how many rows span more than one line."""
    lines = menu._lines
    spans: dict[int, int] = {}
    for index, _offset in lines:
        spans[index] = spans.get(index, 0) + 1
    for number, (index, _offset) in enumerate(lines):
        if index not in _rows_to_click(spans):
            continue
        menu.scroll_to(y=max(0, number - 1), animate=False)
        await pilot.pause()
        inner = menu.scrollable_content_region  # without the scrollbar
        y = inner.y + number - int(menu.scroll_y)
        assert inner.y <= y < inner.bottom, "the line is in view"
        drawn = _screen_text(app).splitlines()[y][inner.x:inner.right]
        option = menu.get_option_at_index(index)
        prompt = option.prompt
        assert _words(drawn) and _words(drawn) in _words(getattr(prompt, "plain", str(prompt))), (
            f"line {number} draws {drawn!r}, a part of row {index}")
        with Taken(screen) as taken:
            await pilot.click(offset=(inner.x + 2, y))
            await pilot.pause()
        if menu.id == "actions":
            assert taken.done == [_row_action(screen, option.id or "")], f"line {number} takes row {index}"
        else:
            assert menu.highlighted == index, f"line {number} takes row {index}"
    assert sorted(spans) == list(range(menu.option_count)), "every row is drawn"
    return sum(count > 1 for count in spans.values())


async def _click_every_canvas_row(pilot: Any, screen: MatchScreen) -> int:
    """The same for a list a game draws itself (Die Tafelrunde): every line of each row hit by a click."""
    from boardgames_tui.games.tafelrunde.table.look import Claim

    body = screen.body
    rows: dict[int, dict[int, int]] = {}  # each row's lines, each with a column inside its text
    for row, start, end, target in body._canvas.hits:  # type: ignore[attr-defined]
        if target[0] == "choice":
            rows.setdefault(target[1], {}).setdefault(row, start + min(2, max(0, end - start - 1)))
    assert sorted(rows) == list(range(len(body.choices))), "every row is drawn and clickable"  # type: ignore[attr-defined]
    pane = body.parent
    for index, lines in rows.items():
        for row, column in sorted(lines.items()):
            pane.scroll_to(y=max(0, body.region.y - pane.region.y + int(pane.scroll_y) + row - 2), animate=False)
            await pilot.pause()
            with Taken(screen) as taken:
                await pilot.click(type(body), offset=(column, row))
                await pilot.pause()
            action = body.choices[index].action  # type: ignore[attr-defined]
            expected = ("respond", action.seat) if isinstance(action, Claim) else action
            if isinstance(action, Claim) and action.seat is None:
                expected = ("respond", None)
            assert taken.done == [expected], f"line {row} takes row {index}"
    return sum(len(lines) > 1 for lines in rows.values())


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_2_a_click_on_any_line_of_any_row_of_any_list_takes_that_row(tmp_path: Path, key: str) -> None:
    """Issue: in Die Tafelrunde a click on "3 Play ..." under a wrapped row took row 4, "Draw a
    card". In a seeded game of each game, at 80x24, every line of every row of the action list
    (opened with m), of every list the game's screen holds, and of Die Tafelrunde's own drawn list,
    is clicked: the row taken is the one whose text is drawn on that line. Some rows wrap."""
    rng = random.Random(f"{key}-clicks")
    app = make_app(tmp_path)
    wrapped = lists = 0
    async with app.run_test(size=SIZE) as pilot:
        app.play(_match(key))
        while lists < LISTS:
            screen = await _to_match_screen(app, pilot)
            if screen is None:
                break
            menu = screen.query_one("#actions", OptionList)
            if not menu.display:
                await pilot.press("m")
                await pilot.pause()
            if menu.option_count:
                lists += 1
                wrapped += await _click_every_line_of(app, pilot, screen, menu)
            for other in screen.body.query(OptionList):
                if other.display and other.option_count:
                    wrapped += await _click_every_line_of(app, pilot, screen, other)
            if getattr(screen.body, "choices", None) and hasattr(screen.body, "_canvas"):
                await pilot.press("m")  # the drawn list again
                await pilot.pause()
                wrapped += await _click_every_canvas_row(pilot, screen)
            if screen.menu_actions:
                screen.commit(rng.choice(screen.menu_actions), confirmed=True)
            else:
                await pilot.press("enter")
    assert lists >= min(LISTS, 5)
    assert wrapped >= 1, "some row was wrapped onto more than one line"


# --- 3. panels and focus ------------------------------------------------------------------------
PANEL_KEYS = ("m", "l", "question_mark", "escape", "tab")


def _sequences() -> list[tuple[str, ...]]:
    """Every sequence of the panel keys up to length 4 (780) under BOARDGAMES_FUZZ=1; by default
    each key alone and a fixed sample of 6 longer sequences."""
    every = [seq for n in range(1, 5) for seq in itertools.product(PANEL_KEYS, repeat=n)]
    if FUZZ:
        return every
    short = [seq for seq in every if len(seq) == 1]
    return short + random.Random(SEED).sample([seq for seq in every if len(seq) > 1], 6)


def _assert_focus_is_shown(app: BoardgamesApp) -> None:
    """No key may go to a widget the player cannot see."""
    focused = app.focused
    if focused is not None:
        assert focused.screen is app.screen, f"{focused!r} has the keys but is on another screen"
        hidden = [w for w in (focused, *focused.ancestors_with_self) if getattr(w, "display", True) is False]
        assert not hidden, f"{focused!r} has the keys but is hidden"


async def _back_to_board(app: BoardgamesApp, pilot: Any, screen: MatchScreen) -> None:
    """Close whatever the keys opened, as a player would: Esc, m, l."""
    for _ in range(4):
        if app.screen is screen:
            break
        await pilot.press("escape")
        await pilot.pause()
    assert app.screen is screen
    if screen._menu_forced and not screen.body.uses_action_menu:
        await pilot.press("m")
    if screen._log_chosen:
        await pilot.press("l")
    await pilot.press("escape")
    await pilot.pause()


async def _board_answers_an_arrow(app: BoardgamesApp, pilot: Any, screen: MatchScreen) -> None:
    """Some arrow visibly moves the board's cursor or highlight (and its opposite moves it back)."""
    opposite = {"up": "down", "down": "up", "left": "right", "right": "left"}
    for arrow in ("down", "right", "up", "left"):
        before = _screen_text(app)
        await pilot.press(arrow)
        await pilot.pause()
        _assert_focus_is_shown(app)
        if _screen_text(app) != before:
            await pilot.press(opposite[arrow])
            await pilot.pause()
            return
    raise AssertionError(f"no arrow moved anything on the board; the keys are with {app.focused!r}")


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_3_after_any_panel_keys_the_board_answers_an_arrow_and_the_list_closes_for_the_next_seat(
        tmp_path: Path, key: str) -> None:
    """Issue: after closing the action list arrows, Enter and the game's keys went dead (Tàin's
    click then placed a chieftain, not a bluff); the list stayed open for the next player, whose
    Enter committed a choice she never made. Each sequence of m, l, ?, Esc and Tab (see
    `_sequences`) is pressed with no key reaching a hidden widget; then the panels are closed and
    the board answers an arrow. Closing the list with m gives the board the keys at once; a list
    opened with m is closed when the turn passes to another seat."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        match = _match(key)
        app.play(match)
        screen = await _to_match_screen(app, pilot)
        assert screen is not None
        await _board_answers_an_arrow(app, pilot, screen)
        for seq in _sequences():
            for press in seq:
                await pilot.press(press)
                await pilot.pause()
                _assert_focus_is_shown(app)
            await _back_to_board(app, pilot, screen)
            await _board_answers_an_arrow(app, pilot, screen)
        # m twice: the list opens with the keys, and closing it gives them back to the board.
        if not screen.body.uses_action_menu:
            await pilot.press("m")
            await pilot.pause()
            assert app.focused is screen.query_one("#actions")
            await pilot.press("m")
            await pilot.pause()
            assert app.focused is not None and screen.body in app.focused.ancestors_with_self
            await _board_answers_an_arrow(app, pilot, screen)
        # The list one seat opened is closed for the next seat.
        rng = random.Random(SEED)
        handed = 0
        for _ in range(60):
            screen = await _to_match_screen(app, pilot)
            if screen is None or handed >= 3:
                break
            menu = screen.query_one("#actions", OptionList)
            if not menu.display:
                await pilot.press("m")
                await pilot.pause()
            acting = screen.acting_seat()
            screen.commit(rng.choice(screen.menu_actions), confirmed=True)
            await pilot.pause()
            if isinstance(app.screen, Curtain):
                handed += 1
                screen = await _to_match_screen(app, pilot)
                if screen is None:
                    break
                if screen.acting_seat() != acting and not screen.body.uses_action_menu:
                    assert not screen._menu_forced, "the list opened by one seat stays closed for the next"
                    _assert_focus_is_shown(app)
        assert handed >= 1


def _divider(app: BoardgamesApp, screen: MatchScreen) -> str:
    """The characters of the line between the board and the side panel, as drawn."""
    side = screen.query_one("#side")
    lines = _screen_text(app).splitlines()
    return "".join(lines[y][side.region.x] for y in range(side.region.y, side.region.bottom))


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_3_the_panel_with_the_keys_is_marked_by_shape_not_only_colour(tmp_path: Path, key: str) -> None:
    """The focused panel is visibly marked: with the board holding the keys the divider beside the
    side panel is a thin line; with the action list or the log holding them it is heavy, and so is
    that panel's own edge. Checked on the characters drawn, so it holds without colour."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.play(_match(key))
        screen = await _to_match_screen(app, pilot)
        assert screen is not None
        if not screen._log_chosen:
            await pilot.press("l")  # the log opens the side panel; the board keeps the keys
            await pilot.pause()
        assert app.focused is not None and screen.body in app.focused.ancestors_with_self
        assert "┃" not in _divider(app, screen) and "│" in _divider(app, screen)
        await pilot.press("m")
        await pilot.pause()
        menu = screen.query_one("#actions", OptionList)
        assert app.focused is menu
        assert set(_divider(app, screen)) == {"┃"}
        lines = _screen_text(app).splitlines()
        assert "┏" in lines[menu.region.y] and "┗" in lines[menu.region.bottom - 1], "the list's edge is heavy"
        await pilot.press("m")
        await pilot.pause()
        assert "┃" not in _divider(app, screen), "the list closed: the board has the keys again"
        log = screen.query_one("#log-pane")
        log.focus()  # as Tab or a click on it would
        await pilot.pause()
        assert set(_divider(app, screen)) == {"┃"}
        assert set(_screen_text(app).splitlines()[log.region.y][log.region.x:log.region.right]) == {"━"}
        target = next(w for w in (screen.body, *screen.body.query("*")) if w.focusable)
        target.focus()  # back to the board, as a click on it would
        await pilot.pause()
        assert "┃" not in _divider(app, screen)


# --- 4. a key that can do nothing says why -----------------------------------------------------
MOVE_KEYS = {"up", "down", "left", "right", "enter", "space", "escape", "home", "end", "pageup", "pagedown",
             "tab", "full_stop"}


def _game_keys(screen: MatchScreen) -> list[str]:
    """The game's own keys: every key its screen binds, but the cursor, Enter and Esc."""
    keys: list[str] = []
    widgets = [screen.body, *screen.body.query("*")]
    for cls in dict.fromkeys(type(w) for w in widgets if type(w).__module__.startswith("boardgames_tui.games")):
        for binding in cls.BINDINGS:
            if binding.action.partition("(")[0] in CURSOR_ACTIONS:  # type: ignore[union-attr]
                continue
            for name in binding.key.split(","):  # type: ignore[union-attr]
                if name not in MOVE_KEYS and not name.startswith("shift+") and name not in keys:
                    keys.append(name)
    return keys


CURSOR_ACTIONS = {"move", "jump", "pan", "centre", "confirm", "let_go"}
"""Moving the cursor, choosing with Enter and letting go are the controls of rules 1-3."""
POSITIONS = 12 if FUZZ else 4


def _clear_note(screen: MatchScreen) -> None:
    """Wipe the body's status note (Tàin, Tasnia), so that a reason said again shows again."""
    body = screen.body
    if hasattr(body, "note"):
        body.note = "" if isinstance(body.note, str) else None
        body.refresh(layout=True)


@pytest.mark.parametrize("key", GAME_PACKAGES)
async def test_rule_4_a_game_key_that_can_do_nothing_now_says_why(tmp_path: Path, key: str) -> None:
    """Issue: keys that could do nothing stayed silent ("no chieftain left behind your screen",
    "no special card can be played now"). At several positions of a seeded game (a seat's turn and
    the table's), each of the game's own keys is pressed: it takes a move, changes what is drawn,
    or says why in the status line or a notice. None is silent."""
    rng = random.Random(f"{key}-keys")
    app = make_app(tmp_path)
    pressed = 0
    async with app.run_test(size=SIZE) as pilot:
        app.play(_match(key))
        for _ in range(POSITIONS):
            screen = await _to_match_screen(app, pilot)
            if screen is None:
                break
            for press in _game_keys(screen):
                if app.screen is not screen:
                    break
                app.clear_notifications()
                _clear_note(screen)
                await pilot.pause()
                moves, text = len(screen.match.record.moves), _screen_text(app)
                await pilot.press(press)
                await pilot.pause()
                pressed += 1
                said = len(app._notifications) > 0 or bool(getattr(screen.body, "note", None))
                moved = len(screen.match.record.moves) != moves
                assert said or moved or app.screen is not screen or _screen_text(app) != text, (
                    f"{press!r} did nothing and said nothing")
                if app.screen is screen:
                    await pilot.press("escape")
            screen = await _to_match_screen(app, pilot)
            if screen is None:
                break
            for _ in range(rng.randint(1, 4)):
                screen = await _to_match_screen(app, pilot)
                if screen is None or not screen.menu_actions:
                    break
                screen.commit(rng.choice(screen.menu_actions), confirmed=True)
    assert pressed >= 6
