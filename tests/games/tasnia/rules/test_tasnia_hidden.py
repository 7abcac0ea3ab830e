"""Hidden information: hands and the draw pile are private; draws are logged privately; the
market below the tops is hidden; stolen tiles and plagues are public."""

from __future__ import annotations

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tasnia.rules.actions import EndBuilding, ToBuilding, Trade
from boardgames_tui.games.tasnia.rules.state import Phase
from tests.games.tasnia.tasnia_helpers import GAME, play, scenario


def test_other_hands_are_hidden_but_their_sizes_shown() -> None:
    state = scenario(3)
    view = GAME.view(state, 1)
    assert view.seats[1].hand is not None and view.seats[0].hand is None and view.seats[2].hand is None
    assert view.seats[0].hand_size == 6 and view.seats[0].card_points is None
    assert GAME.view(state, None).seats[1].hand is None


def test_drawn_cards_are_logged_only_for_the_drawer() -> None:
    state = scenario(hands={0: ["Wood", "Wood", "Stone"]})
    after = play(state, Trade("Wood", 2), ToBuilding(), EndBuilding())
    private = [e for e in after.log[len(state.log) :] if e.audience is not None]
    assert private and all(e.audience == frozenset({0}) for e in private)
    public = [e.text for e in after.log[len(state.log) :] if e.audience is None]
    assert any("traded in 2 Wood" in t for t in public)


def test_resampling_redraws_other_hands_the_draw_pile_and_the_hidden_stack_tiles() -> None:
    state = scenario(3)
    other = GAME.resample(state, 0, 99)
    assert other.players[0].hand == state.players[0].hand
    assert other.players[1:] != state.players[1:] or other.draw != state.draw
    assert [s[0] for s in other.stacks] == [s[0] for s in state.stacks]
    assert other.stacks != state.stacks
    assert GAME.view(other, 0) == GAME.view(state, 0)


def test_game_over_reveals_every_hand() -> None:
    match = Match.new(GAME, default_seats(2), {}, 5)
    import random

    from boardgames_tui.engine.simulate import choose

    rng = random.Random(5)
    while GAME.to_act(match.state) is not None:
        match.play(*choose(GAME, match.state, rng))
    view = GAME.view(match.state, None)
    assert view.phase is Phase.OVER and all(s.hand is not None for s in view.seats)


def test_undo_is_refused_after_a_draw_or_a_purchase() -> None:
    state = scenario()
    assert GAME.reveals(state, 0, Trade("Wood", 1))
    assert GAME.reveals(state, 0, EndBuilding())
    assert not GAME.reveals(state, 0, ToBuilding())
