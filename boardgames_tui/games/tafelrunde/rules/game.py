"""Die Tafelrunde as a `Game`: the protocol's verbs wired to the modules of this folder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from boardgames_tui.engine.codec import Codec
from boardgames_tui.engine.evolve import memo
from boardgames_tui.engine.protocol import Game, IllegalAction, LogEntry, Options, OptionSpec, Seat
from boardgames_tui.games.tafelrunde import ABOUT
from boardgames_tui.games.tafelrunde.rules import bot, declare, hidden, invariants, scoring, text, turn, veto
from boardgames_tui.games.tafelrunde.rules.actions import (
    ACTIONS,
    CODEC,
    Action,
    Answer,
    Back,
    Discard,
    Draw,
    NoVeto,
    Pass,
    Play,
    Veto,
)
from boardgames_tui.games.tafelrunde.rules.components import CASTLE_HEX
from boardgames_tui.games.tafelrunde.rules.deal import deal
from boardgames_tui.games.tafelrunde.rules.decisions import decide
from boardgames_tui.games.tafelrunde.rules.state import PHASE, READ_LOG, State
from boardgames_tui.games.tafelrunde.rules.view import TableView, table_view

POLLS = "veto_polls"


_MAKE: dict[type, object] = {
    Play: turn.play,
    Draw: turn.draw,
    Discard: turn.lay_out,
    Pass: turn.pass_turn,
    Answer: declare.give_answer,
    Back: declare.take_back,
    Veto: veto.claim,
    NoVeto: veto.close,
}
"""The rule that makes each kind of action once it is known to be legal (`make_legal`)."""


def make_legal(state: State, seat: Seat | None, action: Action) -> State:
    """`Game.apply` for an action `legal` offered (the search's moves, `bots.search.applier`): made
    without checking it again. Each kind of action belongs to one phase, so its kind says which
    rule makes it."""
    return _MAKE[type(action)](state, seat, action)  # type: ignore[operator]


def legal_actions(state: State, seat: Seat | None) -> list[Action]:
    """Every legal action of the seat in the state's phase (a new list on each call)."""
    phase = state.phase
    if phase is PHASE.ACT:
        return turn.legal(state, seat)
    if phase is PHASE.DECLARE:
        return declare.legal(state, seat)
    if phase is PHASE.OVER:
        return []
    return veto.legal(state, seat)


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

    # Worked out afresh on each call, not kept on the state: a bot's search asks once per state,
    # and keeping the answer cost more than working it out (the open question, the costly part,
    # is kept on the state by `declare.current_question`). The rules' functions themselves, as the
    # search calls these for nearly every state.
    to_act = staticmethod(decide)
    legal = staticmethod(legal_actions)

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

    apply_legal = staticmethod(make_legal)  # an action from `legal`: not checked again

    # --- seeing ----------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> TableView:
        return table_view(state, seat)

    def scores(self, state: State) -> tuple[float, ...]:
        return scoring.scores(state)

    def progress(self, state: State) -> str:
        return text.progress_text(state)

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action, viewer)

    def log(self, state: State) -> tuple[LogEntry, ...]:
        """The log as the table reads it: a veto call nobody claimed is one line (`text.folded_calls`)."""
        return memo(state, READ_LOG, lambda read: text.folded_calls(read.log))

    # --- the end -----------------------------------------------------------------------------
    outcome = staticmethod(scoring.outcome)

    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        return hidden.reveals(before, seat, action, self.apply)

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        return bot.bot_moves(actions)

    resample = staticmethod(hidden.resample)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)
