"""Tallinn's estimate for a bot's cut-short playouts (`games/tallinn/rules/bot.py`)."""

from __future__ import annotations

from boardgames_tui.bots.search import Search, applier
from boardgames_tui.engine.evolve import evolve
from boardgames_tui.games.tallinn.rules.bot import ROLLOUT_CUTOFF, estimated_scores, evaluate, projected_row
from boardgames_tui.games.tallinn.rules.game import Tallinn
from boardgames_tui.games.tallinn.rules.rounds import take
from boardgames_tui.games.tallinn.rules.state import Phase, TallinnState
from tests.games.tallinn.scenario import P, rulebook_final_example, table


def test_with_no_card_left_to_come_the_estimate_is_the_final_score_sheet() -> None:
    # The rulebook's final example (Malte 8 and Heike 5 before final scoring; 15 to 16 after),
    # taken back to the scores before the final disputes and the towers were added.
    over = rulebook_final_example()
    assert over.phase is Phase.OVER
    before = evolve(over, seats=tuple(evolve(s, score=p) for s, p in zip(over.seats, (8, 5), strict=True)))
    assert estimated_scores(before) == [15.0, 16.0]
    # The same standing as a finished game gives: Heike ahead.
    values = evaluate(before)
    assert values[1] > values[0] and all(0.0 <= v <= 1.0 for v in values)


def test_cards_still_to_come_count_at_the_mean_of_their_halves() -> None:
    # S-A shows 2 K + 1 M; card 1 half A shows 1 K; card 10 in hand is 3 Mo or 1 K + 1 M.
    state = table(P("S-A", row="1A", hand="10", pile=""), P("S-C", row="3A", hand="5", pile=""))
    assert projected_row(state.seats[0]) == (3.5, 1.5, 1.5)
    # S-C shows 2 M + 1 K; card 3 half A 1 M; card 5 is 1 Mo (coin) or 2 M.
    assert projected_row(state.seats[1]) == (1.0, 4.0, 0.5)


def test_the_search_cuts_tallinn_playouts_short_and_scores_them_by_the_estimate() -> None:
    scored: list[tuple[float, ...]] = []

    class Counting(Tallinn):
        def evaluate(self, state: TallinnState) -> tuple[float, ...]:
            values = super().evaluate(state)
            scored.append(values)
            return values

    game = Counting()
    state = game.setup(["A", "B", "C"], {}, 3)
    search = Search(game, state, 0, seed=1)
    search.run(30, None)
    # From round 1 of 10 every playout passes its cutoff long before the end of the game.
    assert game.rollout_cutoff == ROLLOUT_CUTOFF and len(scored) >= 25
    assert all(len(v) == 3 and all(0.0 <= x <= 1.0 for x in v) for v in scored)


def test_the_search_applies_tallinn_moves_without_checking_them_again() -> None:
    # Its moves come from `legal`; `test_tallinn_caches` compares `apply_legal` with `apply`.
    assert applier(Tallinn()) is take
