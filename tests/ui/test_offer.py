"""Whose choices the match screen offers (`ui.offer`), checked along seeded random games of
every game at three seats, for every viewer and every seat that might have claimed a window:

- a private choice (a turn or sealed choice that is not public) is offered on a view only when
  that view is one of the deciding seats', and then as that seat's own actions;
- a claimed window is offered only on the claiming seat's view; an unclaimed one, a step or a
  public choice on every view, the table's included;
- whatever is offered can be taken: the engine has legal actions for the offered seat, except
  on a claimed window, whose eligible seats include those unable to answer (so that the list
  of claimants tells nothing of what they hold).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import Decision, DecisionKind, SeatInfo
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games import GAMES
from boardgames_tui.ui.flow.offer import acting_seat, offers_actions

SEATS = (
    SeatInfo("Ann", "orange", "●"),
    SeatInfo("Bo", "sky blue", "▲"),
    SeatInfo("Cy", "green", "■"),
)
VIEWERS = (None, 0, 1, 2)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_private_choices_are_offered_only_on_the_deciding_seats_own_view(key: str) -> None:
    game = GAMES[key].game
    kinds: Counter[str] = Counter()
    for seed in (1, 2):
        match = Match.new(game, SEATS, {}, seed)
        rng = random.Random(seed)
        for _ in range(120):
            decision = match.decision()
            if decision is None:
                break
            private = decision.kind in (DecisionKind.TURN, DecisionKind.SEALED) and not decision.public
            kinds["private" if private else decision.kind.value] += 1
            claimants = decision.seats if decision.kind is DecisionKind.WINDOW else ()
            for responding in (None, *claimants):
                for viewer in VIEWERS:
                    offered = offers_actions(decision, viewer, responding)
                    acting = acting_seat(decision, viewer, responding)
                    if private:
                        assert offered == (viewer in decision.seats)
                        if offered:
                            assert acting == viewer, "a private choice is the viewer's own"
                    elif decision.kind is DecisionKind.WINDOW and responding is not None:
                        assert offered == (viewer == responding) and acting == responding
                    else:
                        assert offered, "a step, a public choice or an open window shows on every view"
                    if offered and responding is None:
                        assert match.legal(acting), f"nothing legal offered to {acting} at {decision}"
            match.play(*choose(game, match.state, rng))
    assert kinds["private"] > 0, "the games played reached no private choice"


def test_the_table_is_never_offered_a_seats_private_choice() -> None:
    for kind in (DecisionKind.TURN, DecisionKind.SEALED):
        decision = Decision(kind, (1, 2))
        assert not offers_actions(decision, None, None)
        assert not offers_actions(decision, 0, None)
        assert acting_seat(decision, 0, None) is None
        assert offers_actions(decision, 2, None) and acting_seat(decision, 2, None) == 2
