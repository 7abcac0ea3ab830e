"""A MOVE is one action (locks decided on the area after it), and the owner of a building divided
by a MOVE or STOCK chooses which part keeps each installed card (spec §3.5), the default preselected."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tasnia.rules import build as B
from boardgames_tui.games.tasnia.rules.actions import Cancel, EndBuilding, Keep, Lift, Put, Stock, Take
from boardgames_tui.games.tasnia.rules.state import Phase, State
from tests.games.tasnia.tasnia_helpers import GAME, area, me, play, refused, scenario


def test_issue_16_repro_a_move_locks_only_what_is_complete_after_the_whole_move() -> None:
    """S(-1,0) T(0,0) ^(0,1) is incomplete (C4: column -1 is capped by S). Moving the S to (1,0)
    leaves T, ^, S(1,0), still incomplete: nothing may lock, although T and ^ alone would be a
    complete hut on the area in between."""
    start = area((".^\nST", -1, 0))
    state = scenario(phase=Phase.BUILD, areas={0: start})
    assert not me(state).area.locked
    after = play(state, Lift((-1, 0)), Put((1, 0)))
    grid = me(after).area.grid
    assert grid == {(0, 0): "T", (0, 1): "^", (1, 0): "S"}
    assert me(after).area.locked == frozenset()
    assert Lift((0, 0)) in GAME.legal(after, 0) and Lift((0, 1)) in GAME.legal(after, 0)


def test_a_move_that_completes_a_building_locks_it() -> None:
    """The other side of the same rule: a MOVE whose result is complete locks that building."""
    state = scenario(phase=Phase.BUILD, areas={0: area(("D", 0, 0), ("^", 3, 0))})
    assert me(state).area.locked == frozenset()
    state = play(state, Lift((3, 0)), Put((0, 1)))
    assert me(state).area.locked == frozenset({(0, 0), (0, 1)})


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_move_in_random_games_locks_exactly_the_complete_buildings_of_its_result(seed: int) -> None:
    """Generated: for each state holding a lifted tile in a random game, every legal MOVE leaves
    the old locks plus the tiles of the buildings complete in the final area, nothing else."""
    checked = 0
    for state in random_states(GAME, 3, seed):
        held = state.holding
        if held is None or held.source is None:
            continue
        before = me(state).area
        for action in GAME.legal(state, state.current):
            if not isinstance(action, Put):
                continue
            after = me(GAME.apply(state, state.current, action)).area
            lay = after.layout
            complete = set().union(*(p for p, why in zip(lay.parts, lay.failures, strict=True) if why is None))
            assert after.locked == (before.locked | complete), action
            checked += 1
    assert checked > 0


WIDE = "WWWWW"  # five wooden walls in a row: lifting the middle one divides it into two equal parts


def _hero_on_wide() -> State:
    return scenario(phase=Phase.BUILD, areas={0: area(WIDE, cards=[("Hero", (0, 0))])})


def test_spec_3_5_a_stock_that_divides_a_building_lets_its_owner_choose_the_part_for_each_card() -> None:
    state = play(_hero_on_wide(), Lift((2, 0)), Stock())
    assert me(state).area.cards == (("Hero", (0, 0)),)  # default: equal parts, the lowest-leftmost
    assert state.split == (("Hero", ((0, 0), (3, 0))),)
    legal = GAME.legal(state, 0)
    assert Keep("Hero", (3, 0)) in legal and Keep("Hero", (0, 0)) not in legal  # the default is kept
    chosen = play(state, Keep("Hero", (3, 0)))
    assert me(chosen).area.cards == (("Hero", (3, 0)),)
    assert chosen.split == ()
    assert GAME.decode(GAME.encode(Keep("Hero", (3, 0)))) == Keep("Hero", (3, 0))


def test_spec_3_5_the_default_part_stands_once_the_owner_goes_on() -> None:
    state = play(_hero_on_wide(), Lift((2, 0)), Stock(), Take("W"), Cancel())
    assert state.split == ()
    assert me(state).area.cards == (("Hero", (0, 0)),)
    assert "divided" in refused(state, Keep("Hero", (3, 0)))
    after = play(_hero_on_wide(), Lift((2, 0)), Stock(), EndBuilding())
    assert me(after, 0).area.cards == (("Hero", (0, 0)),)


def test_spec_3_5_a_move_chooses_the_default_on_the_area_after_the_move() -> None:
    """Moving the middle wall onto the right part makes that part the larger one: it is the default."""
    state = play(_hero_on_wide(), Lift((2, 0)), Put((4, 1)))
    assert me(state).area.cards == (("Hero", (3, 0)),)
    assert state.split == (("Hero", ((0, 0), (3, 0))),)
    assert Keep("Hero", (0, 0)) in GAME.legal(state, 0)


def test_spec_3_5_a_move_that_rejoins_the_parts_offers_no_choice() -> None:
    arch = scenario(phase=Phase.BUILD, areas={0: area("WWW\nW.W", cards=[("Hero", (0, 0))])})
    assert me(play(arch, Lift((1, 1)), Stock())).area.layout.anchors == ((0, 0), (2, 0))
    state = play(arch, Lift((1, 1)), Put((1, 0)))  # the lifted top goes under the arch: one building again
    assert state.split == ()
    assert not [a for a in GAME.legal(state, 0) if isinstance(a, Keep)]


def test_spec_3_5_keep_is_refused_for_a_part_with_another_resident_p7() -> None:
    """A card's new part must still hold at most one resident."""
    own = area(WIDE, ("SSSS", 6, 0), cards=[("Merchant", (0, 0)), ("Princess", (6, 0))])
    choices = (("Merchant", ((0, 0), (6, 0))),)  # as if the parts were (0,0) and the stone building
    with pytest.raises(IllegalAction, match="P7"):
        B.verify_keep(own, choices, Keep("Merchant", (6, 0)))
    with pytest.raises(IllegalAction, match="not in the building"):
        B.verify_keep(own, choices, Keep("Hero", (0, 0)))


def test_issue_16_the_score_change_of_a_put_is_shown_before_it_with_a_warning_when_it_breaks() -> None:
    """The preview the screen shows while a tile is held: E1 (a complete house, 18 points, plus
    the wall in the stockpile, 1) with the wall set beside it becomes a 7-tile incomplete building
    (14): -5 and a warning; the same wall on the anchor makes a 2-point building instead (+1)."""
    from boardgames_tui.games.tasnia.rules.view import put_preview

    state = scenario(phase=Phase.BUILD, areas={0: area("/^\\\nWDW", stock=["W"])})
    held = play(state, Take("W"))
    view = GAME.view(held, 0)
    beside = put_preview(view, (3, 0))
    assert beside is not None and (beside.before, beside.after, beside.change) == (19, 14, -5) and beside.breaks
    anchor = put_preview(view, (4, 0))
    assert anchor is not None and anchor.change == 1 and not anchor.breaks  # +2 built, -1 from the stockpile
    assert put_preview(view, (0, 0)) is None  # occupied: no preview, the refusal is shown instead


def test_issue_16_counts_read_as_words_one_tile_one_card_no_cards() -> None:
    """No "1 tiles" or "card(s)": the gather line and the building lines use the right number."""
    from boardgames_tui.games.tasnia.table.seat import building_entry
    from boardgames_tui.ui.kit import DARK

    state = scenario(phase=Phase.BUILD, hands={0: ["Wood"] * 5}, areas={0: area("W")})
    after = play(state, EndBuilding())
    assert any(e.text.endswith("gathered 1 card.") for e in after.log)
    full = scenario(phase=Phase.BUILD, hands={0: ["Wood"] * 6})
    assert any(e.text.endswith("finished building (hand full).") for e in play(full, EndBuilding()).log)
    lone = GAME.view(state, 0).seats[0].buildings[0]
    assert " 1 tile " in building_entry(0, lone, pal=DARK).plain


def test_ruling_scoundrel_split_keeps_the_default_part_and_offers_no_choice() -> None:
    """Our ruling (rules page, "Split buildings"): when the Scoundrel's theft divides a building of
    another seat, the spec §3.5 default decides at once (larger part; on a tie the lowest, then
    leftmost, cell) and no choice is left pending: the owner is behind the curtain, and a
    choice offered now would be the thief's to take."""
    from boardgames_tui.games.tasnia.rules.actions import Steal

    victim = area(WIDE, cards=[("Merchant", (0, 0))])
    state = scenario(hands={0: ["Scoundrel"]}, areas={1: victim})
    after = play(state, Steal(1, cell=(2, 0)))  # the middle wall: two parts of two tiles each
    assert after.split == ()
    cards = dict(me(after, 1).area.cards)
    assert cards["Merchant"] == (0, 0)  # equal parts: the one holding the lowest, leftmost cell
    assert not [a for a in GAME.legal(after, 0) if isinstance(a, Keep)]
    after = play(state, Steal(1, cell=(1, 0)))  # parts (0,0) alone and (2..4,0): the larger keeps it
    assert dict(me(after, 1).area.cards)["Merchant"] == (2, 0) and after.split == ()
