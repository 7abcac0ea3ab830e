"""The end of a match: the score sheet, the winners and what decided, every secret revealed, the seed."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from boardgames_tui.engine.match import Match
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.mounting import unless_taken_apart
from boardgames_tui.ui.score_chart import ScoreChart
from boardgames_tui.ui.seats import colour_hex
from boardgames_tui.ui.shell import shell


def winners_text(match: Match) -> Text:
    outcome = match.outcome()
    assert outcome is not None
    names = [match.seats[s].name for s in outcome.winners]
    if len(names) == 1:
        text = Text.assemble(("Winner: ", "bold"), (names[0], "bold"))
    else:
        text = Text.assemble(("Shared victory: ", "bold"), (" and ".join(names), "bold"))
    if outcome.tiebreak:
        text.append(f"\n{outcome.tiebreak}")
    return text


GAP_LINES = 4
"""Blank lines above the chart's end: the screen's top padding, above and below the winners and
above the chart's title."""
SHEET_MOST = 20
"""The score sheet's greatest height (its `max-height`)."""
TIGHT = (("#gameover", (0, 2)), ("#winners", (0, 0)), ("#score-chart", (0, 0)))
"""The paddings on a short terminal: no blank lines above the chart's end."""


class GameOverScreen(Screen[None]):
    """Shown once `outcome` exists; the final board underneath reveals every hand."""

    BINDINGS = [
        Binding("r", "again", "Play again"),
        Binding("escape,b", "picker", "Back to games"),
        Binding("question_mark,f1", "rules", "Rules"),
    ]

    def __init__(self, match: Match, body: GameBody) -> None:
        super().__init__()
        self.match = match
        self.body = body

    def compose(self) -> ComposeResult:
        match = self.match
        with VerticalScroll(id="gameover"):
            yield Static(literal(f"{match.game.title} — game over", "bold"), id="gameover-title")
            yield Static(literal(winners_text(match)), id="winners")
            yield DataTable(id="score-sheet", cursor_type="none", zebra_stripes=True)
            yield ScoreChart(match, id="score-chart")
            yield Static(literal(f"Seed of this match: {match.record.seed}"), id="seed")
            with Horizontal(id="gameover-buttons"):
                yield Button("Play again with the same players (r)", variant="primary", id="again")
                yield Button("Back to games (esc)", id="picker")
            yield Static(Text("Everything revealed:", style="bold"), id="reveal-title")
            with ScrollableContainer(id="reveal-pane"):
                yield self.body
        yield KeyBar()

    @unless_taken_apart
    def on_mount(self) -> None:
        match = self.match
        outcome = match.outcome()
        assert outcome is not None
        table = self.query_one("#score-sheet", DataTable)
        table.add_column("")
        for seat in match.seats:
            table.add_column(literal(f"{seat.glyph} {seat.name}", f"bold {colour_hex(seat.colour)}"))
        for line in outcome.lines:
            table.add_row(literal(line.label), *[literal(str(v)) for v in line.values])
        table.add_row(Text("Total", style="bold"), *[literal(str(v), "bold") for v in outcome.totals])
        place = {}
        position = 1
        for group in outcome.ranking:
            for seat_index in group:
                place[seat_index] = position
            position += len(group)
        table.add_row("Place", *[literal(str(place[i])) for i in range(len(match.seats))])
        game = match.game
        reveal = game.final_reveal(match.state)
        self.body.show(Seen(game, reveal, None, match.seats, None))
        # The button takes the keys without scrolling to it: the screen opens at its top, the winner in view.
        self.query_one("#again", Button).focus(scroll_visible=False)
        self._fit_to_height(self.app.size.height)

    @unless_taken_apart
    def on_resize(self, event: Resize) -> None:
        self._fit_to_height(event.size.height)

    def _fit_to_height(self, height: int) -> None:
        """On a terminal too short for the title, the winners, the score sheet and the whole chart
        with the blank lines between them, the blank lines go, so the chart shows every seat
        without scrolling; where everything fits they stay as they are."""
        outcome = self.match.outcome()
        if outcome is None:
            return
        chart = self.query_one("#score-chart", ScoreChart)
        chart_lines = chart.lines_needed(self.app.size.width - 4)
        winners = winners_text(self.match).plain.count("\n") + 1
        sheet = min(len(outcome.lines) + 3, SHEET_MOST)
        needed = GAP_LINES + 1 + winners + sheet + chart_lines
        tight = needed > height - 1  # the key bar takes the last line
        for selector, spacing in TIGHT:
            widget = self.query_one(selector)
            if tight:
                widget.styles.padding = spacing
            else:
                widget.styles.clear_rule("padding")

    @on(Button.Pressed, "#again")
    def action_again(self) -> None:
        record = self.match.record
        shell(self).start_match(
            record.game, record.seats, dict(record.options), None,
            curtains_with_one_human=record.curtains_with_one_human)

    @on(Button.Pressed, "#picker")
    def action_picker(self) -> None:
        shell(self).back_to_picker()

    def action_rules(self) -> None:
        shell(self).open_rules(self.match.game.key)
