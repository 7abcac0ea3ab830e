"""Tallinn as a `Game`: the protocol's verbs, wired to the rules modules of this folder."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.protocol import DecisionKind, Game, Options, OptionSpec, Seat
from boardgames_tui.games.tallinn import ABOUT
from boardgames_tui.games.tallinn.rules import bot, hidden, invariants, rounds, scoring, text
from boardgames_tui.games.tallinn.rules.actions import CODEC, Action
from boardgames_tui.games.tallinn.rules.state import TallinnState
from boardgames_tui.games.tallinn.rules.view import TallinnView, build_view


class Tallinn(Game[TallinnState, Action, TallinnView], about=ABOUT):
    """Tallinn for 2-4 players, with the Imperial Envoy, the Chronicles and the Supporters."""

    options = (
        OptionSpec("envoy", "Imperial Envoy", help="An eleventh card that disputes any faction; a paid exchange."),
        OptionSpec("chronicles", "Chronicles", help="Two chronicle cards score during the game."),
        OptionSpec("supporters", "Supporters", help="Three one-shot tokens each that back a faction in disputes."),
        OptionSpec(
            "tower_order", "Towers in score order", help="Disputers choose towers one by one, best score first."
        ),
    )
    codec = CODEC
    fuzz_games = 180
    rollout_cutoff = bot.ROLLOUT_CUTOFF
    score_chart_categories = True
    """The game-over chart shows where each seat's points came from: most of them are scored at
    the end (the final majorities and the towers), so a line over the game stays flat till then."""

    # --- the core ------------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> TallinnState:
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"Tallinn takes {self.min_players}-{self.max_players} players")
        return rounds.new_game(names, self.check_options(options), seed)

    # The verbs a search calls millions of times are the rules' functions themselves.
    to_act = staticmethod(rounds.to_act)
    legal = staticmethod(rounds.legal)
    apply = staticmethod(rounds.apply_action)
    apply_legal = staticmethod(rounds.take)  # an action from `legal`: not checked again (`bots.search`)

    def view(self, state: TallinnState, seat: Seat | None) -> TallinnView:
        return build_view(state, seat)

    # A search calls these once per iteration or playout: the rules' functions themselves, too.
    outcome = staticmethod(scoring.outcome)
    resample = staticmethod(hidden.resample)

    # --- what differs from the defaults --------------------------------------------------------
    def reveals(self, before: TallinnState, seat: Seat | None, action: Action) -> bool:
        """A sealed choice reveals nothing until the last one; everything else is seen at once."""
        decision = self.to_act(before)
        if decision is None:
            return False
        return not (decision.kind is DecisionKind.SEALED and len(decision.seats) > 1)

    def progress(self, state: TallinnState) -> str:
        return text.progress(state)

    def describe(self, state: TallinnState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return text.describe(state, seat, action, viewer)

    def scores(self, state: TallinnState) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(seat.score) for seat in state.seats)

    evaluate = staticmethod(bot.evaluate)
    """A bot's estimate of an unfinished game (see `bot.evaluate`)."""

    def check_invariants(self, state: TallinnState) -> None:
        invariants.check_invariants(state)
