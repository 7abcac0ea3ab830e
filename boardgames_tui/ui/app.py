"""The Textual application: navigation between picker, setup, match, game over and rules."""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.notifications import SeverityLevel
from textual.screen import Screen

from boardgames_tui.assets_loader import asset_text
from boardgames_tui.games import GAMES, GameEntry
from boardgames_tui.ui.arming import ARMED, Arming, key_allowed
from boardgames_tui.ui.crash import notice, secrets_of, write_report
from boardgames_tui.ui.flow.pacing import DEFAULT_PACING, BotPacing
from boardgames_tui.ui.literal import clean
from boardgames_tui.ui.picker import PickerScreen
from boardgames_tui.ui.settings import Settings
from boardgames_tui.ui.settings import load as load_settings
from boardgames_tui.ui.settings import store as store_settings
from boardgames_tui.ui.too_small import show_notice, too_small

if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.protocol import AnyGame, SeatInfo
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.body import GameBody

# Start-up imports only what the picker's first paint needs. Matches, saves and their checks are
# imported when first used: the saves folder is listed just after that paint (`PickerScreen`).

# Keys that still work while the terminal is too small: quitting (the notice pauses everything else).
KEYS_WHILE_SMALL = frozenset({"ctrl+q", "ctrl+c"})


class BoardgamesApp(App[None]):
    """Hot-seat board games: one laptop, passed around the table."""

    TITLE = "boardgames"
    CSS = asset_text("styles", "app.tcss")
    ENABLE_COMMAND_PALETTE = True
    input_arming: Arming = ARMED
    """How long curtains and fresh views ignore input (`ui.arming`); tests of other things turn it off."""
    resume_collection = False
    """Whether garbage collection was paused for start-up (`cli.main`) and resumes once the app is ready."""
    bot_pacing: BotPacing = DEFAULT_PACING
    """How bots play (`ui.flow.seating`); tests set a quick one."""

    def __init__(self, games: Mapping[str, GameEntry] | None = None, store: SaveStore | None = None,
                 replay: str | None = None) -> None:
        super().__init__()
        self.games: Mapping[str, GameEntry] = games if games is not None else GAMES
        self._store = store
        self._replay_first = replay
        """The id of a finished match whose replay opens over the picker at start (`boardgames replay`)."""
        self.crash_report: Path | None = None
        self.crash_notice: str | None = None
        """The one line `run_app` prints after a crash (printed by hand: the console would wrap it)."""
        self._settings: Settings | None = None
        self.unsaved: str | None = None
        """Why matches cannot be saved, as last said (once), or None while saving works."""

    @property
    def store(self) -> SaveStore:
        """The saves folder, opened on first use."""
        if self._store is None:
            from boardgames_tui.engine.saves import SaveStore

            self._store = SaveStore()
        return self._store

    # --- settings ------------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The app's settings, read from beside the saves folder on first use."""
        if self._settings is None:
            self._settings = load_settings(self.store.root.parent)
        return self._settings

    def confirm_irreversible(self) -> bool:
        return self.settings.confirm_irreversible

    def set_confirm_irreversible(self, on: bool) -> None:
        if on == self.settings.confirm_irreversible:
            return  # nothing to remember: no file is written for a setting left as it was
        self._settings = replace(self.settings, confirm_irreversible=on)
        store_settings(self.store.root.parent, self._settings)

    def bot_workers(self) -> int:
        return self.settings.bot_workers()

    def bot_processes(self) -> int:
        return self.settings.bot_processes

    def set_bot_processes(self, count: int) -> None:
        if count == self.settings.bot_processes:
            return  # as for every setting: one left as it was writes no file
        self._settings = replace(self.settings, bot_processes=count)
        store_settings(self.store.root.parent, self._settings)

    def lookup(self, key: str) -> AnyGame | None:
        entry = self.games.get(key)
        return entry.game if entry else None

    def get_default_screen(self) -> Screen[Any]:
        return PickerScreen()

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """The screens that show through the top one: none under an opaque top screen.

        Textual counts the screen just below the top one as showing through whatever the top
        one's background, so every redraw of the match screen under a curtain (its table made
        ready for the next seat) repainted the curtain too: three or four paints more per
        hand-off, all of it on the key's time."""
        if self._screen_stack and self._screen_stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens

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

    def open_history(self) -> None:
        from boardgames_tui.ui.history_screen import HistoryScreen

        self.push_screen(HistoryScreen())

    def open_stats(self) -> None:
        from boardgames_tui.ui.stats_screen import StatsScreen

        self.push_screen(StatsScreen())

    def open_replay(self, match: Match) -> None:
        """Show the replay of the finished `match` (an unfinished one never has one)."""
        from boardgames_tui.ui.replay_screen import ReplayScreen

        self.push_screen(ReplayScreen(match))

    def _open_first_replay(self, match_id: str) -> None:
        from boardgames_tui.engine.history import find
        from boardgames_tui.engine.saves import SaveError

        try:
            match = find(self.store, self.lookup, match_id)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot replay this match", severity="error", timeout=8)
            return
        self.open_history()
        self.open_replay(match)

    def back_to_picker(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _body(self, key: str) -> GameBody:
        body_class = self.games[key].load_body()
        body: GameBody = body_class()
        return body

    def start_match(
        self,
        key: str,
        seats: tuple[SeatInfo, ...],
        options: dict[str, str],
        seed: int | None,
        *,
        curtains_with_one_human: bool = False,
    ) -> Match:
        from boardgames_tui.engine.match import Match
        from boardgames_tui.engine.rng import new_seed

        game = self.games[key].game
        match = Match.new(game, seats, options, seed if seed is not None else new_seed(),
                          curtains_with_one_human=curtains_with_one_human)
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
        from boardgames_tui.engine.saves import SaveError

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
        from boardgames_tui.engine.saves import SaveError

        self.store.release()
        if self.unsaved is not None:
            return  # nothing was saved: there is no file to lock
        with contextlib.suppress(SaveError):  # a name this app has just created: nobody else holds it
            self.store.lock(match.record.match_id)

    def check_saves_folder(self) -> None:
        """Say once, at start, if no match can be saved in the saves folder, and why."""
        problem = self.store.unusable()
        if problem is not None:
            self._cannot_save(problem)

    def _cannot_save(self, reason: str) -> None:
        """Say that matches cannot be saved and why; said again only for another reason."""
        if reason == self.unsaved:
            return
        self.unsaved = reason
        self._saving_changed()
        self.notify(f"Matches cannot be saved: {reason}. You can play, but a match ends when you leave it or quit.",
                    title="Not saving", severity="error", timeout=30)

    def _saving_changed(self) -> None:
        """The match keys offer "Save & leave" or, while nothing can be saved, "Leave"."""
        if self.screen_stack:
            self.screen.refresh_bindings()

    def autosave(self, match: Match) -> None:
        """Save the match now; say so if it failed, or if it had to move to a file of its own."""
        from boardgames_tui.engine.saves import SaveError

        before = match.record.match_id
        try:
            self.store.save(match)
        except (OSError, SaveError) as exc:
            self._cannot_save(exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc))
            return
        if self.unsaved is not None:
            self.unsaved = None
            self._saving_changed()
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
    # One rule in one place: after every resize and every screen change, the screen on top shows
    # the "enlarge" notice exactly while the terminal is below the minimum, and input waits.
    def on_ready(self) -> None:
        self.call_after_refresh(self.check_saves_folder)
        if self.resume_collection:
            self.resume_collection = False
            gc.enable()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, lambda _screen: self.call_later(self.fit_to_terminal))
        self.fit_to_terminal()
        if self._replay_first is not None:
            self.call_later(self._open_first_replay, self._replay_first)

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
        if isinstance(event, events.InputEvent) and not event.is_forwarded:
            if too_small(self.size) and not (isinstance(event, events.Key) and event.key in KEYS_WHILE_SMALL):
                return  # paused: no key or click reaches a screen nobody can see
            # Input arming: keys meet the top screen's gate before any binding (even a priority one).
            stack = self.screen_stack
            if isinstance(event, events.Key) and not key_allowed(stack[-1] if stack else None, event):
                return
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
            self.crash_notice = notice(self.crash_report, saved=self.unsaved is None)
        self._close_messages_no_wait()

    def _secrets(self) -> set[str]:
        """The seed and recorded actions of every match on any screen: a report leaves them out."""
        from boardgames_tui.engine.match import Match

        records = [
            match.record
            for screen in self.screen_stack
            if isinstance(match := getattr(screen, "match", None), Match)
        ]
        return secrets_of(records)



def _warm_rules(key: str, title: str) -> None:
    """Import and parse the rules page while the table is played, so `?` opens it at once."""
    from boardgames_tui.ui.rules_screen import warm_rules

    warm_rules(key, title)


def run_app(*, resume_collection: bool = False, replay: str | None = None) -> int:
    """Run the app; the exit status is 1 after a crash (its report named on the terminal), else 0.

    `resume_collection`: garbage collection was paused for start-up; the app resumes it when ready.
    `replay`: the id of a finished match whose replay opens at once."""
    app = BoardgamesApp(replay=replay)
    app.resume_collection = resume_collection
    try:
        app.run()
    except Exception as error:  # a crash outside the app's message loop: the same report, the same notice
        path = write_report(app.store.root.parent / "crash-reports", error, app._secrets())
        print(notice(path, saved=app.unsaved is None), file=sys.stderr)
        return 1
    if app.crash_notice is not None:
        print(app.crash_notice, file=sys.stderr)
    return 1 if app.return_code else 0
