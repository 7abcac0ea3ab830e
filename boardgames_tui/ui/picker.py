"""The first screen: pick a game to set up, or continue a saved match."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.assets_loader import asset_exists, asset_text
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.shell import shell

if TYPE_CHECKING:
    from boardgames_tui.engine.saves import BrokenSave, Listing, SaveSummary


def _to_act(summary: SaveSummary) -> Text:
    """The "· Bob to act" part of a label: several names for a sealed choice, the table for a public step."""
    if summary.finished:
        return Text("")
    who = ", ".join(summary.to_act) if summary.to_act else "the table"
    return Text.assemble(" · ", (who, "bold"), " to act")


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%d %b %H:%M")
    except (ValueError, OverflowError, OSError):
        return iso


class PickerScreen(Screen[None]):
    """Game list on the left, saved matches on the right."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Switch list", show=False),
        Binding("d,delete", "delete_save", "Delete save"),
        Binding("h", "history", "History"),
        Binding("s", "stats", "Statistics"),
        Binding("question_mark,f1", "rules", "Rules"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._saves: list[SaveSummary] = []
        self._broken: list[BrokenSave] = []

    def compose(self) -> ComposeResult:
        art = asset_text("art", "title.txt") if asset_exists("art", "title.txt") else "boardgames"
        yield Static(literal(art.rstrip("\n")), id="title-art")
        with Horizontal(id="picker-columns"):
            with Vertical(id="games-column"):
                yield Label("New game", classes="column-title")
                yield OptionList(id="games")
            with Vertical(id="saves-column"):
                yield Label("Continue", classes="column-title")
                yield OptionList(id="saves")
                # Hidden until the saves folder has been read (just after the first paint).
                broken_title, broken = Static("", id="broken-title"), OptionList(id="broken-saves")
                broken_title.display = broken.display = False
                yield broken_title
                yield broken
        yield KeyBar()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        for number, (key, entry) in enumerate(shell(self).games.items()):
            if number:
                games.add_option(None)
            about = entry.about  # not `entry.game`: the rules load only once a game is chosen
            label = Text.assemble(
                (about.title, "bold"),
                (f"  {about.min_players}–{about.max_players} players\n", "dim"),
                (about.blurb, ""),
            )
            games.add_option(Option(literal(label), id=key))
        games.highlighted = 0 if games.option_count else None
        games.focus()

    def on_screen_resume(self) -> None:
        # Also runs when the picker first shows. The list shows at once what is already known
        # (saves this app wrote or checked); files not yet checked are replayed one at a time
        # after the first paint, so neither start-up nor keys wait for a folder of saves.
        self.call_after_refresh(self._list_known_then_check)

    def _list_known_then_check(self) -> None:
        if self.app.screen is not self:
            return  # a match was opened meanwhile
        app = shell(self)
        app.store.release()  # no match is open while the picker is on top
        listing = app.store.listing(app.lookup, replay=False)
        self._show(listing)
        if listing.pending:
            pending = listing.pending

            async def check() -> None:  # a callable, so a cancelled worker leaves no coroutine unawaited
                await self._check(pending)

            self.run_worker(check, group="saves", exclusive=True)  # type: ignore[arg-type]  # stub infers Never

    async def _check(self, pending: list[Path]) -> None:
        """Replay the files not checked yet, one per turn of the event loop, then show the list."""
        app = shell(self)
        for path in pending:
            if self.app.screen is not self:
                return  # a match is being played: the rest is checked when the picker shows again
            app.store.check(path, app.lookup)
            await asyncio.sleep(0)
        self._show(app.store.listing(app.lookup, replay=False))

    def refresh_saves(self) -> None:
        """List the saves folder now, replaying whatever has not been checked yet."""
        app = shell(self)
        self._show(app.store.listing(app.lookup))

    def _show(self, listing: Listing) -> None:
        # A finished match is listed under History (`h`), not here.
        self._saves, self._broken = [s for s in listing.saves if not s.finished], listing.broken
        saves = self.query_one("#saves", OptionList)
        highlighted = saves.highlighted
        saves.clear_options()
        for number, summary in enumerate(self._saves):
            if number:
                saves.add_option(None)
            saves.add_option(Option(literal(_save_label(summary)), id=summary.path.name))
        if listing.pending:
            count = len(listing.pending)
            saves.add_option(Option(literal(f"Checking {count} more saved match{'es' if count > 1 else ''}…",
                                            "dim"), disabled=True))
        if self._saves:
            saves.highlighted = min(highlighted or 0, saves.option_count - 1)
        elif listing.problem is not None:
            saves.add_option(Option(literal(listing.problem, "bold"), disabled=True))
        elif not listing.pending:
            saves.add_option(Option(Text("No saved matches yet.", style="dim"), disabled=True))
        self._show_broken()

    def _show_broken(self) -> None:
        """The unreadable files: a title line that always shows, and a short list that scrolls."""
        title = self.query_one("#broken-title", Static)
        broken = self.query_one("#broken-saves", OptionList)
        broken.clear_options()
        count = len(self._broken)
        broken.display = bool(count)
        title.display = bool(count)
        if not count:
            return
        title.update(literal(f"{count} unreadable save file{'s' if count > 1 else ''} (left untouched):", "italic"))
        for item in self._broken:
            broken.add_option(Option(literal(Text.assemble((item.path.name, "bold"), ": ", item.reason))))

    @on(OptionList.OptionSelected, "#games")
    def _pick_game(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            shell(self).open_setup(event.option.id)

    @on(OptionList.OptionSelected, "#saves")
    def _pick_save(self, event: OptionList.OptionSelected) -> None:
        summary = self._summary(event.option.id)
        if summary is not None:
            shell(self).resume(summary.path)

    def _summary(self, match_id: str | None) -> SaveSummary | None:
        return next((s for s in self._saves if s.path.name == match_id), None)

    def action_delete_save(self) -> None:
        saves = self.query_one("#saves", OptionList)
        if saves.highlighted is None or not self._saves:
            self.notify("Highlight a saved match in the Continue list first.")
            return
        summary = self._summary(saves.get_option_at_index(saves.highlighted).id)
        if summary is None:
            return

        def done(confirmed: bool | None) -> None:
            if confirmed:
                from boardgames_tui.engine.saves import SaveError

                try:
                    shell(self).store.delete(summary.path)
                except SaveError as exc:  # open in another window: it stays
                    self.notify(f"Not deleted: {exc}.", severity="warning")
                    return
                self.refresh_saves()
                self.notify(f"Deleted the {summary.title} match of {', '.join(summary.players)}.")

        question = f"Delete the saved {summary.title} match of {', '.join(summary.players)}?"
        self.app.push_screen(ConfirmDialog(question, yes="Delete", no="Keep"), done)

    def action_history(self) -> None:
        shell(self).open_history()

    def action_stats(self) -> None:
        shell(self).open_stats()

    def action_rules(self) -> None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            key = games.get_option_at_index(games.highlighted).id
            if key:
                shell(self).open_rules(key)


def _save_label(summary: SaveSummary) -> Text:
    """Two lines: "Tàin · turn 3 of 8, raid · Bob to act", then the players and when it was saved."""
    state = "finished" if summary.finished else summary.progress[:1].lower() + summary.progress[1:]
    return Text.assemble(
        (summary.title, "bold"),
        (f" · {state}", "dim"),
        _to_act(summary),
        "\n",
        (", ".join(summary.players), ""),
        (f"  · {_when(summary.updated)}", "dim"),
    )
