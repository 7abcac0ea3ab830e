"""The History list, from the picker: every finished match, newest first; Enter opens its replay.

The list is a table (drawn only where it is seen, so hundreds of matches scroll as fast as a
few). It shows at once what the saves folder's listing already knows and checks the other files
after the first paint, one per turn of the event loop, as the picker does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from boardgames_tui.engine.history import finished, players_label, when, winners_label
from boardgames_tui.engine.saves import Listing, SaveError, SaveSummary
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.shell import shell

COLUMNS = ("Finished", "Game", "Winner", "Players and scores")


class HistoryScreen(Screen[None]):
    """Finished matches, newest first: game, date, players with their bot levels, winner, scores."""

    BINDINGS = [
        Binding("enter", "replay", "Replay", show=True),
        Binding("s", "stats", "Statistics"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,b", "back", "Back to games"),
    ]

    DEFAULT_CSS = """
    #history-title { padding: 0 1; text-style: bold; }
    #history { height: 1fr; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.matches: list[SaveSummary] = []

    def compose(self) -> ComposeResult:
        yield Static("History: finished matches, newest first (Enter: replay)", id="history-title")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one("#history", DataTable)
        table.add_columns(*COLUMNS)
        table.focus()

    def on_screen_resume(self) -> None:
        self.call_after_refresh(self._list_known_then_check)

    def _list_known_then_check(self) -> None:
        app = shell(self)
        listing = app.store.listing(app.lookup, replay=False)
        self._show(listing)
        if listing.pending:
            pending = listing.pending

            async def check() -> None:
                await self._check(pending)

            self.run_worker(check, group="history", exclusive=True)  # type: ignore[arg-type]  # stub infers Never

    async def _check(self, pending: list[Path]) -> None:
        app = shell(self)
        for path in pending:
            if self.app.screen is not self:
                return
            app.store.check(path, app.lookup)
            await asyncio.sleep(0)
        self._show(app.store.listing(app.lookup, replay=False))

    def _show(self, listing: Listing) -> None:
        table = self.query_one("#history", DataTable)
        row = table.cursor_row
        self.matches = finished(listing)
        table.clear()
        for summary in self.matches:
            table.add_row(
                literal(when(summary.updated)),
                literal(summary.title, "bold"),
                literal(winners_label(summary)),
                literal(players_label(summary)),
                key=summary.path.name,
            )
        if listing.pending:
            count = len(listing.pending)
            title = f"History: checking {count} more saved match{'es' if count > 1 else ''}…"
        elif not self.matches:
            title = "History: no finished matches yet (a match played to its end is kept here)"
        else:
            plural = "es" if len(self.matches) > 1 else ""
            title = f"History: {len(self.matches)} finished match{plural}, newest first (Enter: replay)"
        self.query_one("#history-title", Static).update(literal(title))
        if self.matches:
            table.move_cursor(row=min(row, len(self.matches) - 1))

    def _highlighted(self) -> SaveSummary | None:
        table = self.query_one("#history", DataTable)
        if not self.matches or not 0 <= table.cursor_row < len(self.matches):
            return None
        return self.matches[table.cursor_row]

    @on(DataTable.RowSelected, "#history")
    def action_replay(self) -> None:
        summary = self._highlighted()
        if summary is None:
            self.notify("No finished match to replay yet.")
            return
        app = shell(self)
        try:
            match = app.store.load(summary.path, app.lookup)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot open this match", severity="error", timeout=8)
            return
        app.open_replay(match)

    def action_stats(self) -> None:
        shell(self).open_stats()

    def action_delete(self) -> None:
        summary = self._highlighted()
        if summary is None:
            return

        def done(confirmed: bool | None) -> None:
            if confirmed:
                app = shell(self)
                try:
                    app.store.delete(summary.path)
                except SaveError as exc:  # open in another window: it stays
                    self.notify(f"Not deleted: {exc}.", severity="warning")
                    return
                self._show(app.store.listing(app.lookup, replay=False))
                self.notify(f"Deleted the {summary.title} match of {', '.join(summary.players)} from the history.")

        question = f"Delete the finished {summary.title} match of {', '.join(summary.players)} from the history?"
        self.app.push_screen(ConfirmDialog(question, yes="Delete", no="Keep"), done)

    def action_back(self) -> None:
        self.app.pop_screen()
