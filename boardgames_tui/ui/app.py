"""The Textual application: navigation between picker, setup, match, game over and rules."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App
from textual.screen import Screen

from boardgames_tui.assets_loader import asset_text
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Game, SeatInfo
from boardgames_tui.engine.rng import new_seed
from boardgames_tui.engine.saves import SaveError, SaveStore
from boardgames_tui.games import GAMES, GameEntry
from boardgames_tui.ui.body import GameBody
from boardgames_tui.ui.crash import notice, secrets_of, write_report
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.too_small import show_notice, too_small

# Keys that still work while the terminal is too small: quitting (the notice pauses everything else).
KEYS_WHILE_SMALL = frozenset({"ctrl+q", "ctrl+c"})


class BoardgamesApp(App[None]):
    """Hot-seat board games: one laptop, passed around the table."""

    TITLE = "boardgames"
    CSS = asset_text("styles", "app.tcss")
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, games: Mapping[str, GameEntry] | None = None, store: SaveStore | None = None) -> None:
        super().__init__()
        self.games: Mapping[str, GameEntry] = games if games is not None else GAMES
        self.store = store or SaveStore()
        self.crash_report: Path | None = None

    def lookup(self, key: str) -> Game[Any, Any] | None:
        entry = self.games.get(key)
        return entry.game if entry else None

    def get_default_screen(self) -> Screen[Any]:
        return PickerScreen()

    # --- navigation ----------------------------------------------------------------------
    # The screens past the picker are imported when first shown: that keeps start-up short.
    def open_setup(self, key: str, seats: tuple[SeatInfo, ...] | None = None) -> None:
        from boardgames_tui.ui.setup import SetupScreen

        self.push_screen(SetupScreen(self.games[key].game, seats))

    def open_rules(self, key: str) -> None:
        from boardgames_tui.ui.rules_screen import RulesScreen

        self.push_screen(RulesScreen(key, self.games[key].game.title))

    def back_to_picker(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _body(self, key: str) -> GameBody:
        body_class = self.games[key].load_body()
        body: GameBody = body_class()
        return body

    def start_match(
        self, key: str, seats: tuple[SeatInfo, ...], options: dict[str, str], seed: int | None
    ) -> Match:
        game = self.games[key].game
        match = Match.new(game, seats, options, seed if seed is not None else new_seed())
        self.autosave(match)
        self.play(match)
        return match

    def play(self, match: Match) -> None:
        """Show the match screen for `match` on top of the picker."""
        from boardgames_tui.ui.match_screen import MatchScreen

        self.back_to_picker()
        self.push_screen(MatchScreen(match, self._body(match.game.key)))

    def resume(self, path: Path) -> bool:
        try:
            match = self.store.load(path, self.lookup)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot open this save", severity="error", timeout=8)
            return False
        self.play(match)
        return True

    def autosave(self, match: Match) -> None:
        try:
            self.store.save(match)
        except OSError as exc:
            self.notify(f"Could not save the match: {exc.strerror or exc}", severity="error")

    def show_game_over(self, match: Match) -> None:
        from boardgames_tui.ui.gameover import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(GameOverScreen(match, self._body(match.game.key)))

    # --- terminal size -------------------------------------------------------------------
    # One rule in one place: after every resize and every screen change, the screen on top shows
    # the "enlarge" notice exactly while the terminal is below the minimum, and input waits.
    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, lambda _screen: self.call_later(self.fit_to_terminal))
        self.fit_to_terminal()

    async def _on_resize(self, event: events.Resize) -> None:
        # Textual's own handler stops the event, so an `on_resize` here would never run.
        await super()._on_resize(event)
        self.fit_to_terminal()

    def fit_to_terminal(self) -> None:
        """Show the notice on the top screen while the terminal is too small; remove it everywhere else."""
        small = too_small(self.size)
        top = self.screen_stack[-1] if self.screen_stack else None
        for screen in self.screen_stack:
            show_notice(screen, small and screen is top)
        if small and top is not None and not top.is_mounted:
            self.call_after_refresh(self.fit_to_terminal)

    async def on_event(self, event: events.Event) -> None:
        if (
            isinstance(event, events.InputEvent)
            and not event.is_forwarded
            and too_small(self.size)
            and not (isinstance(event, events.Key) and event.key in KEYS_WHILE_SMALL)
        ):
            return  # paused: no key or click reaches a screen nobody can see
        await super().on_event(event)

    # --- crashes -------------------------------------------------------------------------
    # Textual prints a traceback with every local variable (a seed, a move list) and carries on to
    # exit status 0 when run() returns; here a crash writes a scrubbed report and shows one notice.
    def _handle_exception(self, error: Exception) -> None:
        self._return_code = 1
        if self._exception is None:
            self._exception = error  # Pilot re-raises it, so tests still see the crash
            self._exception_event.set()
            self.crash_report = write_report(self.store.root.parent / "crash-reports", error, self._secrets())
            self._exit_renderables.append(Text(notice(self.crash_report)))
        self._close_messages_no_wait()

    def _secrets(self) -> set[str]:
        """The seed and recorded actions of every match on any screen: a report leaves them out."""
        records = [
            match.record
            for screen in self.screen_stack
            if isinstance(match := getattr(screen, "match", None), Match)
        ]
        return secrets_of(records)


def run_app() -> int:
    """Run the app; the exit status is 1 after a crash (its report named on the terminal), else 0."""
    app = BoardgamesApp()
    try:
        app.run()
    except Exception as error:  # a crash outside the app's message loop: the same report, the same notice
        path = write_report(app.store.root.parent / "crash-reports", error, app._secrets())
        print(notice(path), file=sys.stderr)
        return 1
    return 1 if app.return_code else 0
