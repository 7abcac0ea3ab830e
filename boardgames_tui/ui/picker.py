"""The first screen: pick a game to set up, or continue a saved match."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.assets_loader import asset_exists, asset_text
from boardgames_tui.engine.saves import BrokenSave, SaveSummary
from boardgames_tui.ui.dialogs import ConfirmDialog
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%d %b %H:%M")
    except ValueError:
        return iso


class PickerScreen(Screen[None]):
    """Game list on the left, saved matches on the right."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Switch list", show=False),
        Binding("d,delete", "delete_save", "Delete save"),
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
                yield Static("", id="broken-saves")
        yield KeyBar()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        for number, (key, entry) in enumerate(self.app.games.items()):  # type: ignore[attr-defined]
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
        # Also runs when the picker first shows. Listing saves replays each one (and loads its
        # game's rules), so the list fills in just after the first paint rather than delaying it.
        self.call_after_refresh(self.refresh_saves)

    def refresh_saves(self) -> None:
        app = self.app
        self._saves, self._broken = app.store.summaries(app.lookup)  # type: ignore[attr-defined]
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        for number, summary in enumerate(self._saves):
            if number:
                saves.add_option(None)
            state = "finished" if summary.finished else summary.progress
            label = Text.assemble(
                (summary.title, "bold"),
                (f"  {state}\n", "dim"),
                (", ".join(summary.players), ""),
                (f"  · {_when(summary.updated)}", "dim"),
            )
            saves.add_option(Option(literal(label), id=summary.path.name))
        if self._saves:
            saves.highlighted = 0
        else:
            saves.add_option(Option(Text("No saved matches yet.", style="dim"), disabled=True))
        broken = self.query_one("#broken-saves", Static)
        if self._broken:
            lines = ["Unreadable save files (left untouched):"]
            lines += [f"  {b.path.name}: {b.reason}" for b in self._broken]
            broken.update(literal("\n".join(lines), "italic"))
        else:
            broken.update("")

    @on(OptionList.OptionSelected, "#games")
    def _pick_game(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.app.open_setup(event.option.id)  # type: ignore[attr-defined]

    @on(OptionList.OptionSelected, "#saves")
    def _pick_save(self, event: OptionList.OptionSelected) -> None:
        summary = self._summary(event.option.id)
        if summary is not None:
            self.app.resume(summary.path)  # type: ignore[attr-defined]

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
                self.app.store.delete(summary.path)  # type: ignore[attr-defined]
                self.refresh_saves()
                self.notify(f"Deleted the {summary.title} match of {', '.join(summary.players)}.")

        question = f"Delete the saved {summary.title} match of {', '.join(summary.players)}?"
        self.app.push_screen(ConfirmDialog(question, yes="Delete", no="Keep"), done)

    def action_rules(self) -> None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            key = games.get_option_at_index(games.highlighted).id
            if key:
                self.app.open_rules(key)  # type: ignore[attr-defined]
