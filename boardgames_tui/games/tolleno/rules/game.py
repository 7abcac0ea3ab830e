"""Tolleno's `Game`: the verbs of the protocol, each handed to the rules module that knows it."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    Options,
    OptionSpec,
    Outcome,
    Seat,
)
from boardgames_tui.games.tolleno import ABOUT
from boardgames_tui.games.tolleno.rules import bot, deal, hidden, invariants, scoring, text, turn
from boardgames_tui.games.tolleno.rules.actions import CODEC, Action
from boardgames_tui.games.tolleno.rules.components import INITIAL_CONTRACTS
from boardgames_tui.games.tolleno.rules.state import PHASE, Phase, TollenoState
from boardgames_tui.games.tolleno.rules.view import TollenoView, view


class Tolleno(Game[TollenoState, Action, TollenoView], about=ABOUT):
    """The canal city: extend canals, raise buildings on their quays, sail a boat, win the tiles."""

    options = (
        OptionSpec(
            "initial",
            "Initial contract side",
            choices=tuple(INITIAL_CONTRACTS),
            default="IC1",
            help="The shared end-of-game goals printed at the centre of the city.",
        ),
    )
    fuzz_games = 12
    engine_target = 3_000
    rollout_cutoff = bot.ROLLOUT_CUTOFF
    codec = CODEC
    score_chart_categories = True
    """The game-over chart shows where each seat's points came from: nearly all of them are
    scored at the end (the city's tiles, the contracts, the board), so a line over the game stays
    flat till then."""

    def setup(self, names: Sequence[str], options: Options, seed: int) -> TollenoState:
        chosen = self.check_options(options)
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"Tolleno takes {self.min_players}-{self.max_players} players")
        return deal.deal(names, chosen["initial"], seed)

    def to_act(self, state: TollenoState) -> Decision | None:
        if state.phase is PHASE.OVER:
            return None
        return _DECISIONS[(state.phase, state.current)]

    def legal(self, state: TollenoState, seat: Seat | None) -> list[Action]:
        return turn.legal(state, seat)

    def apply(self, state: TollenoState, seat: Seat | None, action: Action) -> TollenoState:
        return turn.play(state, seat, action)

    def view(self, state: TollenoState, seat: Seat | None) -> TollenoView:
        return view(state, seat)

    def outcome(self, state: TollenoState) -> Outcome | None:
        return scoring.outcome(state)

    def resample(self, state: TollenoState, seat: Seat, seed: int) -> TollenoState:
        return hidden.resample(state, seat, seed)

    def scores(self, state: TollenoState) -> tuple[float, ...]:
        return scoring.running_scores(state)

    def progress(self, state: TollenoState) -> str:
        return text.progress(state)

    def describe(self, state: TollenoState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action, viewer)

    def reveals(self, before: TollenoState, seat: Seat | None, action: Action) -> bool:
        return turn.reveals(before, seat, action)

    def evaluate(self, state: TollenoState) -> tuple[float, ...]:
        return bot.evaluate(state)

    def check_invariants(self, state: TollenoState) -> None:
        invariants.check_invariants(state)


class _Decisions(dict[tuple[Phase, Seat], Decision]):
    """The decision of each step and seat, made once (a bot's playouts ask on every action)."""

    def __missing__(self, key: tuple[Phase, Seat]) -> Decision:
        phase, seat = key
        decision = self[key] = Decision(DecisionKind.TURN, (seat,), prompt=text.PROMPTS[phase])
        return decision


_DECISIONS = _Decisions()
