"""The replay of a finished match: its table as it stood after each move, with that move's log lines.

The game's own table body draws each state, through the same `Seen` the match screen hands it,
with nothing to choose. The game is over, so the replay may show the table view (where it
starts), any one seat's view, or everything (every seat's view, one under another); the header
says which. The states come from `engine.replay.Replay`, rebuilt once from the seed and actions.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.replay import EVERYTHING, Replay, Viewer
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.keybar import KeyBar
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.mounting import unless_taken_apart
from boardgames_tui.ui.shell import shell

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Moves per second the replay may play at."""
START_SPEED = 2


class ReplayScreen(Screen[None]):
    """Step through a finished match: arrows a move, PageUp/PageDown a round, Home/End, space plays."""

    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("right", "step(1)", "Forward", priority=True),
        Binding("pageup", "round(-1)", "Round back", priority=True),
        Binding("pagedown", "round(1)", "Round on", priority=True),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("space", "play", "Play/pause", priority=True),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("v", "view(1)", "Next view"),
        Binding("V", "view(-1)", "Previous view", show=False),
        Binding("escape,b", "back", "Back to the list"),
    ]

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    #replay-header { height: 2; padding: 0 1; background: $boost; }
    #replay-pane { height: 1fr; }
    #replay-log { height: 4; padding: 0 1; border-top: solid $primary; }
    .replay-seat-title { text-style: bold; padding: 1 1 0 1; }
    """

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.replay = Replay(match)
        self.index = 0
        self.viewer: Viewer = None
        self.speed = START_SPEED
        self._timer: Timer | None = None
        self._bodies: list[GameBody] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-header")
        yield ScrollableContainer(id="replay-pane")
        yield Static("", id="replay-log")
        yield KeyBar()

    @unless_taken_apart
    def on_mount(self) -> None:
        self._mount_bodies()

    # --- drawing -------------------------------------------------------------------------
    def _mount_bodies(self) -> None:
        """A fresh body per view shown (as the match screen gives each owner of the board its own)."""
        pane = self.query_one("#replay-pane", ScrollableContainer)
        pane.remove_children()
        body_class = shell(self).games[self.match.game.key].load_body()
        widgets: list[Static | GameBody] = []
        self._bodies = []
        owners = range(len(self.match.record.seats)) if self.viewer == EVERYTHING else [self.viewer]
        for owner in owners:
            body: GameBody = body_class()
            body.can_focus = False
            if self.viewer == EVERYTHING and owner is not None:
                seat = self.match.record.seats[owner]
                widgets.append(Static(literal(f"{seat.glyph} {seat.name}'s view"), classes="replay-seat-title"))
            widgets.append(body)
            self._bodies.append(body)
        pane.mount_all(widgets)
        self.call_after_refresh(self.draw)

    def draw(self) -> None:
        """Show the state after move `index` in the chosen view, the header and the move's lines."""
        replay, index = self.replay, self.index
        state = replay.state(index)
        game, seats = self.match.game, self.match.seats
        owners = range(len(seats)) if self.viewer == EVERYTHING else [self.viewer]
        for body, owner in zip(self._bodies, owners, strict=False):
            if body.is_attached:
                body.show(Seen(game, game.view(state, owner), owner, seats, None))
        self.query_one("#replay-header", Static).update(literal(self._header()))
        lines = replay.lines(index, self.viewer)
        who = "" if index == 0 else f"Move {index}, {replay.mover(index)}: "
        self.query_one("#replay-log", Static).update(literal(who + "\n".join(lines)))

    def _header(self) -> Text:
        replay, index = self.replay, self.index
        outcome = self.match.outcome()
        assert outcome is not None
        winners = " and ".join(self.match.record.seats[w].name for w in outcome.winners)
        playing = f"playing at {SPEEDS[self.speed]:g} moves/s" if self._timer else "paused"
        return Text.assemble(
            (f"Replay · {self.match.game.title}", "bold"),
            (f" · won by {winners}\n", ""),
            (f"Move {index} of {replay.last}", "bold"),
            (f" · {replay.progress(index)} · ", "dim"),
            ("View: ", ""), (replay.view_name(self.viewer), "bold"), (" (v)", "dim"),
            (f" · {playing}", "dim"),
        )

    # --- keys ----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        self.index = max(0, min(index, self.replay.last))
        self.draw()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_round(self, delta: int) -> None:
        replay = self.replay
        self.go(replay.next_round(self.index) if delta > 0 else replay.previous_round(self.index))

    def action_jump(self, where: int) -> None:
        self.go(self.replay.last if where < 0 else where)

    def action_view(self, delta: int) -> None:
        viewers = self.replay.viewers()
        self.viewer = viewers[(viewers.index(self.viewer) + delta) % len(viewers)]
        self._mount_bodies()

    def action_play(self) -> None:
        if self._timer is not None:
            self._stop()
        else:
            if self.index >= self.replay.last:
                self.index = 0
            self._start()
        self.draw()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(self.speed + delta, len(SPEEDS) - 1))
        if self._timer is not None:
            self._stop()
            self._start()
        self.draw()

    def _start(self) -> None:
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if self.index >= self.replay.last:
            self._stop()
            self.draw()
            return
        self.go(self.index + 1)

    def action_back(self) -> None:
        self._stop()
        self.app.pop_screen()

    @on(GameBody.Chosen)
    @on(GameBody.Respond)
    def _nothing_to_choose(self, event: GameBody.Chosen | GameBody.Respond) -> None:
        event.stop()  # a replay takes no move, whatever a body offers
