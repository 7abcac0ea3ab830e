"""The Textual application: navigation between picker, setup, match, game over and rules."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.notifications import SeverityLevel
from textual.screen import Screen

from boardgames_tui.assets_loader import asset_text
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Game, SeatInfo
from boardgames_tui.engine.rng import new_seed
from boardgames_tui.engine.saves import SaveError, SaveStore
from boardgames_tui.games import GAMES, GameEntry
from boardgames_tui.ui.arming import ARMED, Arming, key_allowed
from boardgames_tui.ui.body import GameBody
from boardgames_tui.ui.literal import clean
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen


class BoardgamesApp(App[None]):
    """Hot-seat board games: one laptop, passed around the table."""

    TITLE = "boardgames"
    CSS = asset_text("styles", "app.tcss")
    ENABLE_COMMAND_PALETTE = True
    input_arming: Arming = ARMED
    """How long curtains and fresh views ignore input (`ui.arming`); tests of other things turn it off."""

    def __init__(self, games: Mapping[str, GameEntry] | None = None, store: SaveStore | None = None) -> None:
        super().__init__()
        self.games: Mapping[str, GameEntry] = games if games is not None else GAMES
        self.store = store or SaveStore()

    def lookup(self, key: str) -> Game[Any, Any] | None:
        entry = self.games.get(key)
        return entry.game if entry else None

    def get_default_screen(self) -> Screen[Any]:
        return PickerScreen()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Show a notification literally, whatever `markup` says: messages carry names and file names.

        Every widget's and screen's `notify` ends here (and passes markup=True unless told otherwise).
        """
        super().notify(clean(message), title=clean(title), severity=severity, timeout=timeout, markup=False)

    # --- navigation ----------------------------------------------------------------------
    # The screens past the picker are imported when first shown: that keeps start-up short.
    def open_setup(self, key: str, seats: tuple[SeatInfo, ...] | None = None) -> None:
        from boardgames_tui.ui.setup import SetupScreen

        self.push_screen(SetupScreen(self.games[key].game, seats))

    def open_rules(self, key: str) -> None:
        from boardgames_tui.ui.rules_screen import show_rules

        show_rules(self, key, self.games[key].about.title)

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
        self._hold(match)
        self.play(match)
        return match

    def play(self, match: Match) -> None:
        """Show the match screen for `match` on top of the picker."""
        from boardgames_tui.ui.match_screen import MatchScreen

        self.back_to_picker()
        self.push_screen(MatchScreen(match, self._body(match.game.key)))
        self.run_worker(partial(_warm_rules, match.game.key, match.game.title), thread=True, exit_on_error=False)

    def resume(self, path: Path) -> bool:
        """Open the saved match in `path` (locked for this app while it is open)."""
        self.store.release()  # a match left earlier is no longer open here
        try:
            match = self.store.open(path, self.lookup)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot open this save", severity="error", timeout=8, markup=False)
            return False
        self.play(match)
        return True

    def _hold(self, match: Match) -> None:
        """Lock a new match's file for this app, as `resume` does for a saved one."""
        self.store.release()
        with contextlib.suppress(SaveError):  # a name this app has just created: nobody else holds it
            self.store.lock(match.record.match_id)

    def autosave(self, match: Match) -> None:
        """Save the match now; say so if it failed, or if it had to move to a file of its own."""
        before = match.record.match_id
        try:
            self.store.save(match)
        except (OSError, SaveError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.notify(f"Could not save the match: {reason}", severity="error", markup=False)
            return
        if match.record.match_id != before:
            self.notify(
                "This match's file was changed on disk by another window, so it is now saved as a "
                "separate match: both sets of moves are kept.",
                severity="warning",
                timeout=10,
            )

    def show_game_over(self, match: Match) -> None:
        from boardgames_tui.ui.gameover import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(GameOverScreen(match, self._body(match.game.key)))

    # --- terminal size -------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        small = event.size.width < MIN_WIDTH or event.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    # --- input arming --------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        # Keys meet the top screen's input gate before any binding (even a priority one) sees them.
        if isinstance(event, events.Key) and not event.is_forwarded:
            stack = self.screen_stack
            if not key_allowed(stack[-1] if stack else None, event):
                return
        await super().on_event(event)


def _warm_rules(key: str, title: str) -> None:
    """Import and parse the rules page while the table is played, so `?` opens it at once."""
    from boardgames_tui.ui.rules_screen import warm_rules

    warm_rules(key, title)


def run_app() -> int:
    BoardgamesApp().run()
    return 0
