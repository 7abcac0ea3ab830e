"""Tasnia's rules: the Game object the engine and the app talk to, wired to the rules' modules."""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardgames_tui.engine.protocol import Game, Options, OptionSpec, Outcome, Seat
from boardgames_tui.games.tasnia import ABOUT
from boardgames_tui.games.tasnia.rules import bot, hidden, invariants, scoring, setup, text, turn
from boardgames_tui.games.tasnia.rules.actions import CODEC, Action
from boardgames_tui.games.tasnia.rules.components import SPECIALS
from boardgames_tui.games.tasnia.rules.state import PHASE, State
from boardgames_tui.games.tasnia.rules.view import TasniaView, view_of


class Tasnia(Game[State, Action, TasniaView], about=ABOUT):
    """Buy tiles from the market with resource cards and build complete houses and castles."""

    options = tuple(
        OptionSpec(card.lower(), f"{card} card", ("on", "off"), "on", f"Shuffle the {card} into the deck.")
        for card in SPECIALS
    )
    fuzz_games = 24
    engine_target = 3_000
    rollout_cutoff = bot.ROLLOUT_CUTOFF
    codec = CODEC

    def setup(self, names: Sequence[str], options: Options, seed: int) -> State:
        return setup.setup(names, self.check_options(options), seed)

    # The verbs a search calls on every step are the turn module's functions themselves.
    to_act = staticmethod(turn.to_act)
    legal = staticmethod(turn.legal)
    apply = staticmethod(turn.apply)
    apply_legal = staticmethod(turn.apply_legal)
    rollout_choice = staticmethod(bot.rollout_choice)

    def view(self, state: State, seat: Seat | None) -> TasniaView:
        return view_of(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome_of(state) if state.phase is PHASE.OVER else None

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        return hidden.resample(state, seat, seed)

    def scores(self, state: State) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return scoring.scores(state)

    def progress(self, state: State) -> str:
        return text.progress(state)

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action)

    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        return turn.reveals(action)

    def random_choice(self, state: State, seat: Seat | None, actions: Sequence[Action], rng: random.Random) -> Action:
        """The spec's random player: a few weighted Building-phase actions per turn, then done."""
        return bot.random_choice(state, actions, rng)

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        """A bot's building is bounded (see `bot.bot_moves`)."""
        return bot.bot_moves(state, actions)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """A bot's estimate of an unfinished game (see `bot.evaluate`)."""
        return bot.evaluate(state)

    def check_invariants(self, state: State) -> None:
        invariants.check_invariants(state)
