"""A table of players for the hot-seat controller, without any screen: it follows what the
controller says, step by step, answers as people and bots would (seeded), and records what it saw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, Seat, SeatInfo
from boardgames_tui.engine.seating import GLYPHS, PALETTE
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.flow.hotseat import HotSeat
from boardgames_tui.ui.flow.seating import BotPacing

BOTS = BotPacing(pause=0.0, level="random", seed=1, even_time=False)
GAME_KEYS = tuple(GAMES)


def seats(kinds: Sequence[str | None]) -> tuple[SeatInfo, ...]:
    """One seat per entry: None for a person, else a bot of that level."""
    return tuple(
        SeatInfo(f"Player {i + 1}" if level is None else f"Bot {i + 1}", PALETTE[i].name, GLYPHS[i],
                 human=level is None, level=level)
        for i, level in enumerate(kinds)
    )


def people(key: str, count: int | None = None) -> tuple[SeatInfo, ...]:
    game = GAMES[key].game
    n = count or min(max(game.min_players, 3), game.max_players)
    return seats([None] * n)


@dataclass
class Seen:
    """One step as the table met it: the step, who was looking at the screen then, the state."""

    step: steps.Step
    looking: Seat | None
    state: Any
    moves: int


@dataclass
class Table:
    """Plays a match through its controller. `looking` is the person at the screen (None: anyone
    may be: the table view is public)."""

    flow: HotSeat
    rng: random.Random
    seen: list[Seen] = field(default_factory=list)
    looking: Seat | None = None
    claims: set[int] = field(default_factory=set)
    """The move counts at which a window was claimed once already (one claim per window)."""
    ask_twice: bool = True
    """Whether to choose a move the first time without `confirmed` (so asking twice is exercised)."""

    @property
    def match(self) -> Match:
        return self.flow.match

    def step(self) -> steps.Step:
        flow = self.flow
        step = flow.next_step()
        self.seen.append(Seen(step, self.looking, self.match.state, len(self.match.record.moves)))
        if isinstance(step, steps.Curtain):
            flow.lifted(step.seat, "ready")
            self.looking = step.seat
        elif isinstance(step, steps.View):
            if step.viewer is not None:
                self.looking = step.viewer
            self._answer(step)
        elif isinstance(step, steps.BotThinking):
            assert flow.bot_answered(step.request, step.request.answer())
        elif isinstance(step, steps.MoveShown):
            flow.pause_over()
        elif isinstance(step, steps.PrivateNews):
            flow.news_read()
        elif isinstance(step, steps.Held):
            flow.go_on()
        return step

    def _answer(self, view: steps.View) -> None:
        flow, match = self.flow, self.match
        decision = view.decision
        assert decision is not None
        moves = len(match.record.moves)
        if decision.kind is DecisionKind.WINDOW and view.responding is None and view.claimants \
                and moves not in self.claims and self.rng.random() < 0.5:
            self.claims.add(moves)
            assert flow.respond(self.rng.choice(view.claimants)) is None
            return
        if not view.actions:
            assert decision.kind is DecisionKind.WINDOW and view.responding is not None, view
            flow.respond(None)
            return
        action = match.game.random_choice(match.state, view.acting, list(view.actions), self.rng)
        answer = flow.choose(action, confirmed=not self.ask_twice)
        if isinstance(answer, steps.AskAgain):
            answer = flow.choose(action)
        assert isinstance(answer, steps.Played), answer

    def play(self, limit: int) -> None:
        """Follow the controller for up to `limit` steps, or to game over."""
        for _ in range(limit):
            if isinstance(self.step(), steps.GameOver):
                return


def table(key: str, kinds: Sequence[str | None] | None = None, seed: int = 1, *,
          options: dict[str, str] | None = None, **flow_options: Any) -> Table:
    game = GAMES[key].game
    chairs = seats(kinds) if kinds is not None else people(key)
    match = Match.new(game, chairs, options or {}, seed)
    return Table(HotSeat(match, pacing=BOTS, **flow_options), random.Random(seed))
