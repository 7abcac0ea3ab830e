"""Die Tafelrunde as a `Game`: the protocol's verbs wired to the modules of this folder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from boardgames_tui.engine.codec import Codec
from boardgames_tui.engine.protocol import Decision, Game, IllegalAction, Options, OptionSpec, Outcome, Seat
from boardgames_tui.games.tafelrunde import ABOUT
from boardgames_tui.games.tafelrunde.rules import bot, declare, hidden, invariants, scoring, text, turn, veto
from boardgames_tui.games.tafelrunde.rules.actions import ACTIONS, CODEC, Action
from boardgames_tui.games.tafelrunde.rules.components import CASTLE_HEX
from boardgames_tui.games.tafelrunde.rules.deal import deal
from boardgames_tui.games.tafelrunde.rules.decisions import decide
from boardgames_tui.games.tafelrunde.rules.state import (
    DECISION,
    PHASE_ACT,
    PHASE_DECLARE,
    PHASE_OVER,
    State,
)
from boardgames_tui.games.tafelrunde.rules.view import TableView, table_view

POLLS = "veto_polls"


class Tafelrunde(Game[State, Action, TableView], about=ABOUT):
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            POLLS,
            "Private veto polls",
            help="Ask every other player in turn behind the curtain instead of an open call to the table.",
        ),
    )
    codec: ClassVar[Codec[Action]] = CODEC
    fuzz_games: ClassVar[int] = 120
    imposes_colours: ClassVar[bool] = True

    def seat_colours(self, state: State) -> tuple[str, ...]:
        """Each seat plays in its castle's colour, dealt at random during setup."""
        return tuple(CASTLE_HEX[colour] for colour in state.colours)

    # --- play ----------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> State:
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players}-{self.max_players} players")
        chosen = self.check_options(options)
        return deal(names, seed, chosen[POLLS] == "on")

    def to_act(self, state: State) -> Decision | None:
        memo = state.memo
        if DECISION in memo:  # asked several times per state; states never change
            decision: Decision | None = memo[DECISION]
            return decision
        decision = memo[DECISION] = decide(state)
        return decision

    def legal(self, state: State, seat: Seat | None) -> list[Action]:
        actions = state.memo.get(seat)  # worked out once per state and seat
        if actions is None:
            actions = state.memo[seat] = _legal(state, seat)
        return list(actions)  # a copy: the state keeps the original

    def apply(self, state: State, seat: Seat | None, action: Action) -> State:
        if not isinstance(action, ACTIONS):
            raise IllegalAction("Not a Tafelrunde action.")
        phase = state.phase
        if phase is PHASE_OVER:
            raise IllegalAction("The game is over.")
        if phase is PHASE_ACT:
            return turn.apply(state, seat, action)
        if phase is PHASE_DECLARE:
            return declare.apply(state, seat, action)
        return veto.apply(state, seat, action)

    # --- seeing ----------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> TableView:
        return table_view(state, seat)

    def scores(self, state: State) -> tuple[float, ...]:
        return scoring.scores(state)

    def progress(self, state: State) -> str:
        return text.progress_text(state)

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action, viewer)

    # --- the end -----------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    # --- records -----------------------------------------------------------------------------
    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        return hidden.reveals(before, seat, action, self.apply)

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        return bot.bot_moves(actions)

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        return hidden.resample(state, seat, seed)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)


def _legal(state: State, seat: Seat | None) -> list[Action]:
    """Every legal action of the seat in the state's phase (shared: do not change the list)."""
    phase = state.phase
    if phase is PHASE_ACT:
        return turn.legal(state, seat)
    if phase is PHASE_DECLARE:
        return declare.legal(state, seat)
    if phase is PHASE_OVER:
        return []
    return veto.legal(state, seat)
