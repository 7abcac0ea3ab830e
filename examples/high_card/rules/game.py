"""The thin Game: each verb of the protocol handed to the module that knows it."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.protocol import Decision, DecisionKind, Game, LogEntry, Options, OptionSpec, Outcome, Seat
from boardgames_tui.engine.rng import RngState
from examples.high_card import ABOUT
from examples.high_card.rules import hidden, invariants, playing, scoring, text
from examples.high_card.rules.actions import CODEC, Action, Play
from examples.high_card.rules.components import CARDS, HAND, ROUNDS
from examples.high_card.rules.state import State
from examples.high_card.rules.view import View, view


class HighCard(Game[State, Action, View], about=ABOUT):
    options = (OptionSpec("double", "Double points", help="Each round scores two points."),)
    codec = CODEC
    fuzz_games = 20

    # --- the core ------------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> State:
        chosen = self.check_options(options)
        deck, rng = RngState(seed).shuffled(CARDS)
        n = len(names)
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(n))
        return State(
            names=tuple(names), hands=hands, played=(None,) * n, scores=(0,) * n, round=1, revealing=-1,
            deck=tuple(sorted(deck[n * HAND :])), double=chosen["double"] == "on", rng=rng,
            log=(LogEntry("The cards are dealt."),),
        )  # fmt: skip

    def to_act(self, state: State) -> Decision | None:
        if state.round > ROUNDS:
            return None
        if state.revealing >= 0:
            return Decision(DecisionKind.STEP, (), public=True, prompt="Reveal the next card")
        waiting = tuple(i for i, p in enumerate(state.played) if p is None)
        return Decision(DecisionKind.SEALED, waiting, prompt="Play a card")

    def legal(self, state: State, seat: Seat | None) -> list[Action]:
        return playing.legal(state, seat) if state.round <= ROUNDS else []

    def apply(self, state: State, seat: Seat | None, action: Action) -> State:
        if isinstance(action, Play):
            return playing.play(state, seat, action)
        return playing.reveal(state, seat)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        return hidden.resample(state, seat, seed)

    # --- only what differs from the defaults ------------------------------------------------------
    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        """A reveal shows a card; the last card of a round ends the sealed round."""
        return seat is None or sum(p is None for p in before.played) == 1

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action, viewer)

    def progress(self, state: State) -> str:
        return text.progress(state)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)
