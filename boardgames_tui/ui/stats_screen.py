"""Statistics, from the picker or the History list: every player's record, per game and overall.

The table lists each player (a name exactly as written, a bot with its level) for all games or one
game (`g` goes through them); under it, the highlighted player's games one by one, their results
against each bot level, and a chart of their share of wins over time drawn with the kit.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from boardgames_tui.engine.history import finished
from boardgames_tui.engine.stats import PlayerStats, Tally, statistics
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.kit.chip import chip
from boardgames_tui.ui.kit.palette import palette_of
from boardgames_tui.ui.kit.spark import score_plot
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.shell import shell

COLUMNS = ("Player", "Played", "Wins", "Shared", "Won %", "Mean", "Best")
CHART_ROWS = 6


def _number(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}".removesuffix(".0")


def tally_cells(tally: Tally) -> tuple[str, ...]:
    return (str(tally.played), str(tally.wins), str(tally.shared), f"{100 * tally.share:.0f}",
            _number(tally.mean), _number(tally.best))


class StatsScreen(Screen[None]):
    """Per player: played, wins (shared ones counted), mean and best score, results against bots."""

    BINDINGS = [
        Binding("g", "game(1)", "Next game"),
        Binding("G", "game(-1)", "Previous game", show=False),
        Binding("escape,b", "back", "Back"),
    ]

    DEFAULT_CSS = """
    #stats-title { padding: 0 1; text-style: bold; }
    #stats-players { height: auto; max-height: 45%; }
    #stats-detail { height: 1fr; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerStats] = []
        self.game: str | None = None
        """The game shown (a key), or None for all games."""
        self._games: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("Statistics", id="stats-title")
        yield DataTable(id="stats-players", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="stats-detail"):
            yield Static("", id="stats-player")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one("#stats-players", DataTable)
        table.add_columns(*COLUMNS)
        table.focus()
        self.call_after_refresh(self.refresh_stats)

    def refresh_stats(self) -> None:
        """Read the history (each file replayed once per version on disk) and show it."""
        app = shell(self)
        matches = finished(app.store.listing(app.lookup))
        self._games = [key for key in app.games if any(m.game == key for m in matches)]
        self.players = statistics(matches)
        self._show()

    def _title(self, key: str | None) -> str:
        return "all games" if key is None else shell(self).games[key].about.title

    def _tally(self, player: PlayerStats) -> Tally | None:
        return player.overall if self.game is None else player.games.get(self.game)

    def _show(self) -> None:
        table = self.query_one("#stats-players", DataTable)
        row = table.cursor_row
        table.clear()
        shown = [p for p in self.players if self._tally(p) is not None]
        for player in shown:
            tally = self._tally(player)
            assert tally is not None
            table.add_row(literal(chip(player.seat, width=24)) if player.level is None else
                          literal(f"{player.seat.glyph} {player.label}"),
                          *(literal(cell) for cell in tally_cells(tally)), key=player.label)
        self._shown = shown
        title = f"Statistics · {self._title(self.game)} (g: next game)"
        if not self.players:
            title = "Statistics · no finished matches yet"
        self.query_one("#stats-title", Static).update(literal(title))
        if shown:
            table.move_cursor(row=min(row, len(shown) - 1))
        self._detail()

    @on(DataTable.RowHighlighted, "#stats-players")
    def _highlighted(self) -> None:
        self._detail()

    def _detail(self) -> None:
        """The highlighted player's games, results against bot levels and chart."""
        detail = self.query_one("#stats-player", Static)
        table = self.query_one("#stats-players", DataTable)
        shown = getattr(self, "_shown", [])
        if not shown or not 0 <= table.cursor_row < len(shown):
            detail.update("")
            return
        player = shown[table.cursor_row]
        lines = [Text.assemble((player.label, "bold"), " · games won, game by game:")]
        for key, tally in sorted(player.games.items()):
            title = self._title(key) if key in shell(self).games else key
            shared = f" ({tally.shared} shared)" if tally.shared else ""
            lines.append(literal(f"  {title}: {tally.wins} of {tally.played}{shared}, "
                                 f"mean {_number(tally.mean)}, best {_number(tally.best)}"))
        if player.against:
            lines.append(Text("Against bots:", style="bold"))
            for level, tally in player.against.items():
                lines.append(literal(f"  {level}: won {tally.wins} of {tally.played}"))
        lines.extend(self._chart(player))
        detail.update(literal(Text("\n").join(lines)))

    def _chart(self, player: PlayerStats) -> list[Text]:
        shares = player.share_over_time()
        if len(shares) < 2:
            return []
        width = max(min(self.size.width - 4, 90), 30)
        seat = replace(player.seat, name=player.label)
        pal = palette_of(self.app)
        plot = score_plot([(seat, shares)], width=width, height=CHART_ROWS, pal=pal).lines
        title = Text.assemble(("Share of games won so far (%), match by match  ", "bold"), chip(seat, pal=pal))
        return [title, *plot]

    def action_game(self, delta: int) -> None:
        keys: list[str | None] = [None, *self._games]
        self.game = keys[(keys.index(self.game) + delta) % len(keys)] if self.game in keys else None
        self._show()

    def action_back(self) -> None:
        self.app.pop_screen()
