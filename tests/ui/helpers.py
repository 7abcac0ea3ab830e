"""Helpers for Pilot tests: an app with a temporary save folder, and driving a match by keyboard."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.games import GAMES, GameEntry
from boardgames_tui.ui.app import BoardgamesApp
from boardgames_tui.ui.arming import ARMING_OFF, Arming
from boardgames_tui.ui.curtain import Curtain
from boardgames_tui.ui.gameover import GameOverScreen
from boardgames_tui.ui.match_screen import MatchScreen
from tests.toy import TOY, TOY_BODY

TOY_GAMES = {"toy": GameEntry.of(TOY, TOY_BODY)}


async def show_past_curtains(app: BoardgamesApp, pilot, match: object, pauses: int = 20) -> None:  # type: ignore[no-untyped-def]
    """Show `match` and lift every curtain that comes up over `pauses` pauses (a bot's turns and
    the hand-offs between people pass by), leaving the screen where the match then stands."""
    app.play(match)  # type: ignore[arg-type]
    for _ in range(pauses):
        await pilot.pause()
        if isinstance(app.screen, Curtain):
            await pilot.press("enter")


def make_app(
    tmp_path: Path, games: Mapping[str, GameEntry] | None = None, arming: Arming = ARMING_OFF
) -> BoardgamesApp:
    """An app saving into `tmp_path`. Input arming is off unless asked for: tests of other
    behaviour press keys the moment a screen shows, as no player would."""
    app = BoardgamesApp(games=games if games is not None else GAMES, store=SaveStore(tmp_path))
    app.input_arming = arming
    return app


async def play_to_end_by_keyboard(app: BoardgamesApp, pilot, max_presses: int = 20000) -> int:  # type: ignore[no-untyped-def]
    """Lift every curtain with Enter and take the highlighted action with Enter until game over.

    Returns the number of key presses. Windows are closed by the table (the first table action).
    """
    presses = 0
    while presses < max_presses:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return presses
        if isinstance(screen, Curtain):
            await pilot.press("enter")
        elif isinstance(screen, MatchScreen):
            decision = screen.match.decision()
            if decision is not None and decision.kind is DecisionKind.WINDOW and screen.responding is None:
                # Move past the "Respond as ..." entries to the table's own action.
                await pilot.press("end")
            await pilot.press("enter")
            await again_if_asked(app, pilot)
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
        presses += 1
    raise AssertionError("the game did not end by keyboard")


def asking(app: BoardgamesApp) -> bool:
    """True while the match screen shows a move that waits for its second press (issue 12 §2:
    a move that cannot be taken back is shown first)."""
    screen = app.screen
    if not isinstance(screen, MatchScreen):
        return False
    return bool(screen.query_one("#match-status").display)


async def again_if_asked(app: BoardgamesApp, pilot, click: tuple | None = None) -> bool:  # type: ignore[no-untyped-def,type-arg]
    """Give the second press a move that cannot be taken back waits for: Enter, or the same click
    (`click`: the arguments of `pilot.click`). True if one was needed."""
    await pilot.pause()
    if not asking(app):
        return False
    if click is None:
        await pilot.press("enter")
    else:
        await pilot.click(*click[:-1], offset=click[-1])
    await pilot.pause()
    return True


def clause(line: str, names: list[str]) -> str:
    """A log line as a curtain's paragraph may tell it: less a leading seat name and full stop."""
    name = next((n for n in sorted(names, key=len, reverse=True) if line.startswith(f"{n} ")), None)
    return (line.removeprefix(f"{name} ") if name else line).strip().removesuffix(".")


def assert_news_tells(news: list[str], public: list[str], names: list[str]) -> None:
    """A curtain's news (`ui.flow.news.news_paragraphs`) tells every line of `public`, in order and
    nothing else: each line's words, less the seat's name a paragraph says once for a run of its
    lines and the closing full stop, follow the previous line's in the paragraphs."""
    assert bool(news) == bool(public), (news, public)
    rest = " ".join(news)
    for line in public:
        said = clause(line, names)
        assert said in rest, (line, news)
        rest = rest[rest.index(said) + len(said):]
    assert rest.strip(" .;") == "", f"words the lines do not hold: {rest!r}"
