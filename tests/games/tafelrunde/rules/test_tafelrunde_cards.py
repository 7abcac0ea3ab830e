"""Every card's effect and its edge cases, each from the start order with Lilo (lilac) on turn."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Answer, Draw, NoVeto, Play, Veto
from boardgames_tui.games.tafelrunde.rules.components import CARDS, Icon, Kind
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.effects import KEEP
from boardgames_tui.games.tafelrunde.rules.state import Phase
from tests.games.tafelrunde.scenario import Dice, act, heroes, order_of, scenario

START = "rl ar gg ay ry gog gr gol Z"


def test_card_data_matches_the_spec_totals() -> None:
    assert len(CARDS) == 41
    assert [c.id for c in CARDS if c.icon is Icon.SHIELD] == [1, 13, 17, 20, 28, 35]
    assert [c.id for c in CARDS if c.icon is Icon.BROKEN] == [5, 11, 39]
    assert sum(c.kind in (Kind.CAPRICIOUS_TURN, Kind.CAPRICIOUS_MOVE) for c in CARDS) == 4


def test_alliance_puts_a_hero_in_front_of_your_other_hero() -> None:
    state = act(scenario(4, {0: [1]}), Play(1))
    assert set(current_question(state).options) == set(heroes("rl gol"))  # only your own heroes
    state = act(state, "goblin-lilac", "front", NoVeto())
    assert order_of(state) == "gol rl ar gg ay ry gog gr Z"


def test_alliance_behind_your_other_hero() -> None:
    state = act(scenario(4, {0: [2]}), Play(2), "rogue-lilac", "behind", NoVeto())
    assert order_of(state) == "ar gg ay ry gog gr gol rl Z"


def test_backwards_moves_zork_down_and_stops_before_draco() -> None:
    state = scenario(4, {0: [3]}, order="rl ar gg ay ry gog Z gr gol")
    state = act(state, Play(3), "3", NoVeto())
    assert order_of(state) == "rl ar gg ay ry gog gr gol Z"


def test_backwards_on_zork_already_last_is_legal_and_changes_nothing() -> None:
    state = act(scenario(4, {0: [3]}), Play(3), "1", NoVeto())
    assert order_of(state) == START


def test_black_magic_swaps_any_two_heroes() -> None:
    state = act(scenario(4, {0: [4]}), Play(4), "rogue-lilac", "zork", NoVeto())
    assert order_of(state) == "Z ar gg ay ry gog gr gol rl"


def test_booze_up_roll_of_one_sends_the_leader_to_the_back() -> None:
    state = act(scenario(4, {0: [6]}), Dice((1, 6)), Play(6), KEEP, NoVeto())
    assert order_of(state) == "ar gg ay ry gog gr gol Z rl"


def test_dice_the_lower_die_counts_four_and_two_is_two() -> None:
    state = act(scenario(4, {0: [6]}), Dice((4, 2)), Play(6))
    assert state.decl is not None and state.decl.rolls[0].value == 2


def test_capricious_turn_swaps_the_favoured_side_for_the_payout() -> None:
    state = act(scenario(4, {0: [8]}), Play(8), NoVeto())
    assert order_of(state) == "Z gol gr gog ry ay gg ar rl"
    state = act(state, Draw(), Draw(), Draw(), Draw(), Draw(), Draw(), Draw())
    # Zork in front earns nothing, so goblin-lilac gets 3 at position 2; rogue-lilac is last
    assert state.money == (3 + 3 - 2, 3 + 2 - 1, 3 + 1, 3)


def test_capricious_move_toward_the_other_side() -> None:
    state = act(scenario(4, {0: [10]}), Play(10), "other", "1", NoVeto())
    assert order_of(state) == "Z rl ar gg ay ry gog gr gol"


def test_confusion_needs_two_different_heroes_and_may_pick_the_last() -> None:
    state = act(scenario(4, {0: [12]}), Play(12), "zork")
    assert "zork" not in current_question(state).options
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Answer("other", "zork"))
    state = act(state, "amazon-red", NoVeto())
    assert order_of(state) == "rl gg ay ry ar gog gr gol Z"


def test_diplomacy_the_hero_sent_down_may_not_be_yours() -> None:
    state = act(scenario(4, {0: [14]}), Play(14), "goblin-lilac")
    options = current_question(state).options
    assert "rogue-lilac" not in options and "goblin-lilac" not in options and "zork" in options
    apart = act(state, "amazon-red", NoVeto())  # far apart: the order does not matter, nobody asks
    assert order_of(apart) == "rl gg ay ar ry gol gog gr Z"
    state = act(scenario(4, {0: [14]}), Play(14), "gnome-red", "rogue-yellow")
    assert current_question(state).slot == "first"  # neighbours: the order changes the result
    state = act(state, "gnome-red", NoVeto())
    assert order_of(state) == "rl ar gg ay gr gog gol ry Z"


def test_dubious_deal_pay_needs_a_silver_to_be_played() -> None:
    state = scenario(4, {0: [15], 1: [4]}, money=(0, 3, 3, 3))
    assert Play(15) not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="costs 1 silver"):
        GAME.apply(state, 0, Play(15))


def test_dubious_deal_pay_takes_a_random_card_and_pays_one_silver() -> None:
    state = act(scenario(4, {0: [15], 1: [4]}), Play(15))
    assert current_question(state).options == ("1",)  # only Rudi holds a card
    state = act(state, "1", NoVeto())
    assert state.hands[0] == (4,) and state.hands[1] == ()
    assert state.money[:2] == (2, 4)
    secret = [e for e in state.log if "Black magic #4" in e.text]
    assert secret and all(e.audience == frozenset({0, 1}) for e in secret)


def test_dubious_deal_pay_with_a_victim_who_spent_the_last_card_on_the_veto_takes_and_pays_nothing() -> None:
    """Ruling (rules page): Rudi's only card is his veto; Greta overrules it, so the deal goes
    through against an empty hand: no card moves and no silver is paid."""
    state = act(scenario(4, {0: [15], 1: [28], 2: [11]}), Play(15), "1")
    state = act(state, (1, Veto(28)), (2, Veto(11)))
    assert state.phase is Phase.ACT
    assert state.hands[0] == () and state.hands[1] == ()
    assert state.money == (3, 3, 3, 3)
    assert any(e.text == "Rudi has no card left to take." for e in state.log)


def test_dubious_deal_gift_the_other_player_picks_the_hero() -> None:
    state = act(scenario(4, {0: [16], 2: [4]}), Play(16), "2")
    assert state.decl is not None and state.decl.announced
    assert current_question(state).chooser == 2
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Answer("hero", "gnome-red"))
    state = act(state, "gnome-red", NoVeto())
    assert order_of(state) == "rl ar gg ay gr ry gog gol Z"
    assert state.hands[0] == (4,) and state.money == (3, 3, 3, 3)


def test_dubious_deal_needs_another_player_with_a_card() -> None:
    state = scenario(4, {0: [16]})
    with pytest.raises(IllegalAction, match="No other player holds a card"):
        GAME.apply(state, 0, Play(16))


def test_favourite_only_moves_up_and_stops_before_draco() -> None:
    state = act(scenario(4, {0: [19]}), Play(19), "amazon-red", NoVeto())
    assert order_of(state) == "ar rl gg ay ry gog gr gol Z"  # 3 steps asked, 1 possible


def test_gambling_result_two_puts_the_hero_second() -> None:
    state = act(scenario(4, {0: [21]}), Play(21), Dice((2, 5)), "zork", KEEP, NoVeto())
    assert order_of(state) == "rl Z ar gg ay ry gog gr gol"


def test_heroic_deed_needs_a_run_to_be_played() -> None:
    state = scenario(4, {0: [22]}, order="ar rl gg ry ay gog gr gol Z")
    with pytest.raises(IllegalAction, match="side by side"):
        GAME.apply(state, 0, Play(22))


def test_heroic_deed_moves_at_most_four() -> None:
    state = scenario(4, {0: [22]}, order="rl gog ar gg ay gr ry gol Z")
    state = act(state, Play(22), "gnome-red", "up", NoVeto())  # run of 4 (ar gg ay gr)
    assert order_of(state) == "rl gr gog ar gg ay ry gol Z"


def test_heroic_deed_zork_breaks_a_run() -> None:
    state = scenario(4, {0: [23]}, order="ar gg ay gr ry gog Z gol rl")
    state = act(state, Play(23))
    assert set(current_question(state).options) == set(heroes("ry gog gol rl"))


def test_magical_choice_takes_a_card_from_the_pile_but_never_itself() -> None:
    state = act(scenario(4, {0: [24]}, discard=[4, 17]), Play(24))
    assert current_question(state).options == ("4", "17")
    state = act(state, "17", NoVeto())
    assert state.hands[0] == (17,) and state.discard == (4, 24)
    assert GAME.view(state, 2).known == ((17, 0),)  # everybody saw which card went


def test_magical_choice_needs_a_discard_pile() -> None:
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        GAME.apply(scenario(4, {0: [24]}), 0, Play(24))


def test_major_intrigue_moves_three_down() -> None:
    state = act(scenario(4, {0: [26]}), Play(26), "rogue-lilac", NoVeto())
    assert order_of(state) == "ar gg ay rl ry gog gr gol Z"


def test_minor_intrigue_asks_no_direction() -> None:
    state = act(scenario(4, {0: [30]}), Play(30), "gnome-red")
    assert state.phase is Phase.VETO
    state = act(state, NoVeto())
    assert order_of(state) == "rl ar gg ay ry gog gol Z gr"


def test_mischievous_gives_two_silver_and_needs_them() -> None:
    poor = scenario(4, {0: [31]}, money=(1, 3, 3, 3))
    with pytest.raises(IllegalAction, match="costs 2 silver"):
        GAME.apply(poor, 0, Play(31))
    state = act(scenario(4, {0: [31]}), Play(31), "3", NoVeto())
    assert state.money == (1, 3, 3, 5)


def test_old_friends_the_friend_chooses_their_own_hero_or_declines() -> None:
    state = act(scenario(4, {0: [33]}), Play(33), "goblin-lilac", "2")
    question = current_question(state)
    assert question.chooser == 2 and set(question.options) == {"gnome-green", "goblin-green", "none"}
    declined = act(state, "none", NoVeto())
    assert order_of(declined) == "rl ar gg ay gol ry gog gr Z"
    both = act(state, "goblin-green")
    assert current_question(both).slot == "first" and current_question(both).chooser == 0
    both = act(both, "goblin-lilac", NoVeto())
    assert order_of(both) == "rl ar gg gog ay gol ry gr Z"


def test_rumours_with_three_players_amazon_has_a_single_hero() -> None:
    state = act(scenario(3, {0: [35]}), Play(35), "amazon", "down")
    assert state.phase is Phase.VETO  # one hero, so no order question
    state = act(state, NoVeto())
    assert order_of(state) == "rl gg gog ar gr gol Z"


def test_rumours_moves_every_hero_of_the_kind_in_the_same_direction() -> None:
    state = act(scenario(4, {0: [35]}), Play(35), "rogue", "down")
    state = act(state, *([] if state.phase is Phase.VETO else ["rogue-lilac"]), NoVeto())
    assert order_of(state) == "ar gg rl ay gog gr ry gol Z"


def test_stroke_of_fate_zork_at_the_front_has_one_neighbour() -> None:
    state = scenario(4, {0: [37]}, order="Z rl ar gg ay ry gog gr gol")
    state = act(state, Play(37), NoVeto())
    assert state.money == (1, 3, 3, 3)


def test_stroke_of_fate_owner_of_both_neighbours_pays_twice_never_below_zero() -> None:
    state = scenario(4, {0: [37]}, order="ar gg ay ry rl Z gol gog gr", money=(3, 3, 3, 3))
    state = act(state, Play(37), NoVeto())
    assert state.money == (0, 3, 3, 3)


def test_transfer_puts_a_hero_next_to_zork_never_zork_himself() -> None:
    state = act(scenario(4, {0: [38]}), Play(38))
    assert "zork" not in current_question(state).options
    state = act(state, "amazon-red", "front", NoVeto())
    assert order_of(state) == "rl gg ay ry gog gr gol ar Z"


def test_venal_costs_two_paid_only_when_it_goes_through() -> None:
    state = act(scenario(4, {0: [40]}), Play(40), "zork", "up", "3")
    assert state.money[0] == 3  # nothing paid before the veto call
    state = act(state, NoVeto())
    assert order_of(state) == "rl ar gg ay ry Z gog gr gol" and state.money[0] == 1


def test_wrestling_zork_rolls_by_his_owner_or_else_the_card_player() -> None:
    state = scenario(4, {0: [41]}, order="Z rl ar gg ay ry gog gr gol")
    state = act(state, Play(41), "zork", "rogue-lilac", Dice((5, 5)), "amazon-red")
    assert current_question(state).chooser == 0  # nobody owns Zork: the card player rolls
    rich = scenario(4, {0: [41]}, order="Z rl ar gg ay ry gog gr gol", money=(3, 3, 3, 4))
    rich = act(rich, Play(41), "zork", "rogue-lilac", Dice((5, 5)), "amazon-red")
    assert current_question(rich).chooser == 3


def test_wrestling_needs_three_to_stay() -> None:
    state = act(scenario(4, {0: [41]}), Play(41), "rogue-lilac", "amazon-red", Dice((3, 3)), "gnome-green")
    state = act(state, Dice((2, 6)), KEEP)  # rogue-lilac keeps 3 and stays; amazon-red rolls 2
    state = act(state, Dice((5, 6)), KEEP)  # amazon-red keeps 2 and falls; gnome-green rolls 5
    state = act(state, Dice((1, 2)), KEEP)  # gnome-green stays; amazon-yellow rolls 1
    state = act(state, KEEP, NoVeto())
    assert order_of(state) == "rl gg ry gog gr gol Z ar ay"
