"""Issue 37, "the log says what matters": routine lines fold. Tallinn writes a round's plays as one
line, and no line for what every round does alike (everyone drawing from the pile, the disputers
deciding on towers in secret); Die Tafelrunde writes a seat drawing several cards at once as one
line for the table and one naming the cards for that seat alone, and a veto call nobody claimed
as one line."""

from __future__ import annotations

import random
import re
from itertools import pairwise

from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES

NAMES = ["Ada", "Bram Stoker", "Cleo"]
"""A name with a space, so that a line joining several seats' words keeps each name whole."""


def _log(key: str, seed: int) -> list[tuple[str, frozenset[int] | None]]:
    game = GAMES[key].game
    state = game.setup(NAMES, game.check_options({}), seed)
    rng = random.Random(seed)
    while game.to_act(state) is not None:
        state = game.apply(state, *choose(game, state, rng))
    return [(e.text, e.audience) for e in game.log(state)]


def test_tallinn_folds_a_rounds_plays_and_leaves_out_its_routine() -> None:
    log = _log("tallinn", 7)
    texts = [text for text, _ in log]
    assert not any(text.startswith("Everyone with cards left in the pile") for text in texts)
    assert "Disputers decide on towers in secret." not in texts
    plays = [text for text in texts if " plays half " in text]
    assert plays
    assert any(re.fullmatch(r"Ada plays half [AB] \(.+\); Bram Stoker, half [AB] \(.+\); Cleo, half [AB] \(.+\)\.", t)
               for t in plays), plays  # every seat's play in one line, names whole
    assert all(text.count(" plays ") == 1 for text in plays)


def test_tafelrunde_tells_a_seats_cards_drawn_at_once_in_one_line_each() -> None:
    """Before: "Cleo draws a card." and "You draw …" once a card, twice a seat at each day's refill."""
    game = GAMES["tafelrunde"].game
    state = game.setup(NAMES, game.check_options({}), 7)
    rng = random.Random(7)
    folded = 0
    while game.to_act(state) is not None:
        before = len(game.log(state))
        state = game.apply(state, *choose(game, state, rng))
        public = [e.text for e in game.log(state)[before:] if e.audience is None]
        seats = [m.group(1) if (m := re.fullmatch(r"(Ada|Bram Stoker|Cleo) draws (a card|\d cards)\.", text)) else None
                 for text in public]
        assert not any(a is not None and a == b for a, b in pairwise(seats)), public  # one line a draw
        folded += sum(1 for text in public if text.endswith(" draws 2 cards."))
        for entry, after in pairwise(game.log(state)[before:]):
            if entry.audience is None and entry.text.endswith(" 2 cards."):
                assert after.audience is not None and len(after.audience) == 1 and " and " in after.text
    assert folded


def test_tafelrunde_folds_a_veto_call_nobody_claimed_into_one_line() -> None:
    """Before: "Does anyone veto Cleo's Favourite #17: …?" and then "No veto." after nearly every
    card played. Now the call that closed unclaimed is the one line "Nobody vetoes Cleo's
    Favourite #17: …"; a claimed call keeps its question, answered by the veto on the next line."""
    folded = 0
    for seed in range(4):
        public = [text for text, audience in _log("tafelrunde", seed) if audience is None]
        assert "No veto." not in public
        for line, after in pairwise(public):
            if line.startswith("Does anyone veto "):
                assert re.fullmatch(r"(Ada|Bram Stoker|Cleo) vetoes with .+", after), (line, after)
        nobody = [text for text in public if text.startswith("Nobody vetoes ")]
        assert all(re.fullmatch(r"Nobody vetoes (Ada|Bram Stoker|Cleo)'s .+ #\d+.*\.", text) for text in nobody)
        folded += len(nobody)
    assert folded
