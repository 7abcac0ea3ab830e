"""Die Tafelrunde as a `Game`: the protocol's verbs wired to the modules of this folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar

from boardgames_tui.engine.codec import Codec
from boardgames_tui.engine.evolve import MEMO, memo
from boardgames_tui.engine.protocol import Decision, Game, IllegalAction, Options, OptionSpec, Outcome, Seat
from boardgames_tui.games.tafelrunde import ABOUT
from boardgames_tui.games.tafelrunde.rules import bot, declare, hidden, invariants, scoring, text, turn, veto
from boardgames_tui.games.tafelrunde.rules.actions import ACTIONS, CODEC, Action
from boardgames_tui.games.tafelrunde.rules.components import CASTLE_HEX, COLOURS_FOR
from boardgames_tui.games.tafelrunde.rules.deal import deal
from boardgames_tui.games.tafelrunde.rules.decisions import decide
from boardgames_tui.games.tafelrunde.rules.state import DECISION, PHASE, State
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
        kept = state.__dict__.get(MEMO)  # the memo read here first: every step of a playout asks
        if kept is not None and DECISION in kept:
            decision: Decision | None = kept[DECISION]
            return decision
        return memo(state, DECISION, decide)  # asked several times per state; states never change

    def legal(self, state: State, seat: Seat | None) -> list[Action]:
        kept = state.__dict__.get(MEMO)  # the memo read here first, as in `to_act`
        if kept is not None and seat in kept:
            return list(kept[seat])  # a copy: the state keeps the original
        return list(memo(state, seat, _LEGAL[seat]))

    def apply(self, state: State, seat: Seat | None, action: Action) -> State:
        if not isinstance(action, ACTIONS):
            raise IllegalAction("Not a Tafelrunde action.")
        phase = state.phase
        if phase is PHASE.OVER:
            raise IllegalAction("The game is over.")
        if phase is PHASE.ACT:
            return turn.apply(state, seat, action)
        if phase is PHASE.DECLARE:
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

    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        return hidden.reveals(before, seat, action, self.apply)

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        return bot.bot_moves(actions)

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        return hidden.resample(state, seat, seed)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)


def legal_actions(state: State, seat: Seat | None) -> list[Action]:
    """Every legal action of the seat in the state's phase (shared: do not change the list)."""
    phase = state.phase
    if phase is PHASE.ACT:
        return turn.legal(state, seat)
    if phase is PHASE.DECLARE:
        return declare.legal(state, seat)
    if phase is PHASE.OVER:
        return []
    return veto.legal(state, seat)


_LEGAL: dict[Seat | None, Callable[[State], list[Action]]] = {
    seat: partial(legal_actions, seat=seat) for seat in (None, *range(max(COLOURS_FOR)))
}
"""_LEGAL[seat](state): `legal_actions` for that seat, kept on the state under the seat as its memo key."""

