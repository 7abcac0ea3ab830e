"""Tallinn as a `Game`: the protocol verbs, wired to the pure modules of this folder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    LogEntry,
    Options,
    OptionSpec,
    Outcome,
    ScoreLine,
    Seat,
)
from boardgames_tui.games.tallinn import ABOUT, bot, hidden, scoring
from boardgames_tui.games.tallinn.components import (
    CHRONICLES,
    FACTION_NAMES,
    INFLUENCE,
    START_CARDS,
    SUPPORTERS,
)
from boardgames_tui.games.tallinn.flow import decision_of, deck_of, options_for, play_text
from boardgames_tui.games.tallinn.state import (
    CAT_CHRON1,
    CAT_CHRON2,
    CAT_EXCHANGE,
    CAT_FINAL_K,
    CAT_FINAL_M,
    CAT_FINAL_MO,
    CAT_ROUND,
    CAT_TOWERS,
    CATEGORIES,
    DISPUTE,
    ENVOY_TIE,
    EXCHANGE,
    NO_TOWER,
    OVER,
    TOWER,
    TOWER_FROM_ROW,
    Action,
    Advance,
    AssignEnvoy,
    BuildTower,
    Exchange,
    OwnSupport,
    Play,
    Remove,
    TallinnState,
    decode_action,
)
from boardgames_tui.games.tallinn.turns import apply_action, new_game
from boardgames_tui.games.tallinn.view import TallinnView, build_view

_ADVANCE = Advance()  # actions are values: one is enough


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
    fuzz_games = 180

    # --- the protocol ------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> TallinnState:
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(f"Tallinn takes {self.min_players}-{self.max_players} players")
        return new_game(names, self.check_options(options), seed)

    def to_act(self, state: TallinnState) -> Decision | None:
        # Asked several times per state (by the app and by playouts): computed once per state.
        return state.memo("decision", decision_of)

    def legal(self, state: TallinnState, seat: Seat | None) -> list[Action]:
        if state.phase is OVER:
            return []
        if state.phase is DISPUTE:
            return [_ADVANCE] if seat is None else []
        if seat is None or seat not in state.asked or state.pending[seat] is not None:
            return []
        if state.phase is TOWER and state.tower_order and state.asked[0] != seat:
            return []
        return options_for(state, seat)

    def apply(self, state: TallinnState, seat: Seat | None, action: Action) -> TallinnState:
        return apply_action(state, seat, action)

    def view(self, state: TallinnState, seat: Seat | None) -> TallinnView:
        return build_view(state, seat)

    def scores(self, state: TallinnState) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(seat.score) for seat in state.seats)

    def progress(self, state: TallinnState) -> str:
        if state.phase is EXCHANGE:
            return "Setup: envoy exchange"
        if state.phase is ENVOY_TIE:
            return "Final scoring"
        if state.phase is OVER:
            return "Game over"
        return f"Round {state.round} of {state.max_rounds}"

    def outcome(self, state: TallinnState) -> Outcome | None:
        if state.phase is not OVER:
            return None
        skip = set()
        if not state.envoy:
            skip.add(CAT_EXCHANGE)
        if not state.chronicles:
            skip |= {CAT_CHRON1, CAT_CHRON2}
        lines = [ScoreLine(label, state.ledger[c]) for c, label in enumerate(CATEGORIES) if c not in skip]
        tiebreaks = tuple(scoring.tower_symbols_total(s.towers) for s in state.seats)
        lines.append(ScoreLine("Tower symbols (tie-break, not points)", tiebreaks))
        totals = tuple(s.score for s in state.seats)
        ranking = scoring.ranking(totals, tiebreaks)
        return Outcome(tuple(lines), totals, ranking, self._tiebreak_text(state, totals, tiebreaks, ranking))

    def _tiebreak_text(
        self,
        state: TallinnState,
        totals: tuple[int, ...],
        tiebreaks: tuple[int, ...],
        ranking: tuple[tuple[int, ...], ...],
    ) -> str:
        best = max(totals)
        level = [i for i, t in enumerate(totals) if t == best]
        if len(level) < 2:
            return ""
        names = state.names
        winners = ranking[0]
        who = " and ".join(names[i] for i in level)
        symbols = ", ".join(f"{names[i]} {tiebreaks[i]}" for i in level)
        if len(winners) == len(level):
            return f"{who} tie on {best} points and on tower symbols ({symbols}): they share the victory."
        won = " and ".join(names[i] for i in winners)
        return f"{who} tie on {best} points; tower symbols decide ({symbols}): {won} wins."

    def describe(self, state: TallinnState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        name = state.names[seat] if seat is not None else "The table"
        own = viewer is not None and viewer == seat
        if isinstance(action, Advance):
            if state.to_resolve:
                return f"Resolve {state.names[state.to_resolve[0]]}'s dispute"
            return "On to the towers"
        if isinstance(action, Play):
            if not own:
                return f"{name} chooses a card"
            text = f"Play {play_text(action)}"
            if action.supporter:
                text += f" + open {FACTION_NAMES[action.supporter]} Supporter"
            return text
        if isinstance(action, Exchange):
            if not own:
                return f"{name} decides on an exchange"
            if not action.cards:
                return "Keep the hand (no exchange)"
            if len(action.cards) == 1:
                return f"Exchange card {action.cards[0]} (-1 point)"
            listed = ", ".join(map(str, action.cards))
            return f"Exchange {listed} (-{len(action.cards)}; last one lowest in the pile)"
        if isinstance(action, OwnSupport):
            if not own:
                return f"{name} decides on a Supporter"
            if action.faction is None:
                return "No Supporter"
            return f"Add a {FACTION_NAMES[action.faction]} Supporter to my dispute"
        if isinstance(action, BuildTower):
            if action.source is NO_TOWER:
                return "Build no tower" if own else f"{name} decides on a tower"
            if not own:
                return f"{name} decides on a tower"
            a, b = INFLUENCE[action.card].halves
            where = "row" if action.source is TOWER_FROM_ROW else "hand"
            return f"Tower from {where} card {action.card} (A {a.short()} | B {b.short()})"
        if isinstance(action, Remove):
            if not own:
                return f"{name} decides on the chronicle"
            if not action.cards:
                return "Remove nothing"
            return f"Remove {'card' if len(action.cards) == 1 else 'cards'} {', '.join(map(str, action.cards))}"
        if isinstance(action, AssignEnvoy):
            return f"Envoy symbols to the {FACTION_NAMES[action.faction]}" if own else f"{name} places envoy symbols"
        return repr(action)

    def log(self, state: TallinnState) -> tuple[LogEntry, ...]:
        return state.log

    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        return decode_action(text)

    def reveals(self, before: TallinnState, seat: Seat | None, action: Action) -> bool:
        """A sealed choice reveals nothing until the last one; everything else is seen at once."""
        decision = self.to_act(before)
        if decision is None:
            return False
        return not (decision.kind is DecisionKind.SEALED and len(decision.seats) > 1)

    def resample(self, state: TallinnState, seat: Seat, seed: int) -> TallinnState:
        return hidden.resample(state, seat, seed)

    rollout_cutoff = bot.ROLLOUT_CUTOFF

    def evaluate(self, state: TallinnState) -> tuple[float, ...]:
        """A bot's estimate of an unfinished game (see `bot.evaluate`)."""
        return bot.evaluate(state)

    def check_invariants(self, state: TallinnState) -> None:
        deck = sorted(deck_of(state))
        for i, s in enumerate(state.seats):
            shown = [*(e.card for e in s.row), *(t.card for t in s.towers), *(e.card for e in s.removed)]
            cards = [*s.hand, *s.pile, *shown]
            assert sorted(cards) == deck, f"seat {i} cards {sorted(cards)} are not its deck"
            assert s.score == sum(row[i] for row in state.ledger), f"seat {i} score does not match its ledger"
            disputes = sum(d.total for d in state.history if d.disputer == i)
            assert state.ledger[CAT_ROUND][i] == disputes, f"seat {i} round points do not match the disputes"
            assert list(s.hand) == sorted(s.hand)
        starts = [s.start for s in state.seats] + list(state.unused_starts)
        assert sorted(starts) == sorted(START_CARDS), "starting cards lost or duplicated"
        if state.chronicles:
            chron = sorted((*state.chronicle_cards, *state.chronicle_hidden))
            assert chron == sorted(CHRONICLES), "chronicle cards lost or duplicated"
        if state.supporters:
            tokens = Counter(state.undealt_tokens)
            for s in state.seats:
                tokens.update(s.tokens)
                tokens.update(s.spent)
            assert tokens == Counter(SUPPORTERS), "Supporters lost or duplicated"
        for i, p in enumerate(state.pending):
            assert p is None or i in state.asked, "a commitment from a seat that was not asked"
        if state.phase is DISPUTE:
            resolved = {d.disputer for d in state.disputes}
            assert resolved.isdisjoint(state.to_resolve), "a dispute resolved twice"
            assert state.disputes or state.to_resolve, "a dispute phase without disputes"
        elif state.phase is not OVER:
            assert state.asked, f"nobody asked in phase {state.phase}"
        if state.phase is OVER:
            self._check_final(state)

    def _check_final(self, state: TallinnState) -> None:
        counts = [scoring.final_row_counts(s, state.envoy_choice[i]) for i, s in enumerate(state.seats)]
        final = [0] * state.players
        for fi in range(3):
            for i, p in enumerate(scoring.final_dispute_points([c[fi] for c in counts])):
                final[i] += p
        towers = scoring.tower_points([scoring.tower_strength(s.towers) for s in state.seats])
        for i in range(state.players):
            booked = sum(state.ledger[c][i] for c in (CAT_FINAL_K, CAT_FINAL_M, CAT_FINAL_MO))
            assert booked == final[i], f"seat {i} final disputes do not recount"
            assert state.ledger[CAT_TOWERS][i] == towers[i], f"seat {i} towers do not recount"
