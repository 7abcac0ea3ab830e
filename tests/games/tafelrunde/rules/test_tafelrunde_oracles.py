"""The component spec's test oracles D1-D6, played out as games."""

from __future__ import annotations

from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import Discard, Draw, NoVeto, Play, Veto
from boardgames_tui.games.tafelrunde.rules.declare import current_question
from boardgames_tui.games.tafelrunde.rules.effects import KEEP, REROLL, zork_owner
from boardgames_tui.games.tafelrunde.rules.state import Phase, State
from tests.games.tafelrunde.scenario import Dice, act, heroes, on_day, order_of, quiet_until_payout, scenario


def test_oracle_D1_first_payout_four_players() -> None:
    state = quiet_until_payout(scenario(4))
    assert state.day == 2
    assert state.money == (6, 6, 5, 4)


def test_oracle_D1_first_payout_three_players() -> None:
    state = quiet_until_payout(scenario(3))
    assert state.money == (6, 6, 6)


def test_oracle_D1_zork_has_no_owner_when_all_hold_the_same() -> None:
    assert zork_owner((3, 3, 3, 3)) is None


def test_oracle_D2_zork_bites_the_richest() -> None:
    state = quiet_until_payout(scenario(4))
    assert state.start == 1  # the Herold passed to red
    state = act(state, Draw(), Draw(), Draw())  # red, green, yellow
    lilac_card = state.hands[0][0]
    state = act(state, Discard(lilac_card))
    assert state.money[0] == 7 and zork_owner(state.money) == 0
    state = quiet_until_payout(state)
    assert state.money == (6, 9, 7, 5)
    assert zork_owner(state.money) == 1


def test_oracle_D3_movement_chain_and_payout() -> None:
    hands = {0: [29, 9], 1: [19], 2: [17], 3: [7]}
    state = scenario(4, hands, money=(6, 9, 7, 5))
    state = act(state, Play(29), "amazon-red", NoVeto())
    assert order_of(state) == "rl gg ay ar ry gog gr gol Z"
    state = act(state, Play(19), "goblin-lilac", NoVeto())
    assert order_of(state) == "rl gg ay ar gol ry gog gr Z"
    state = act(state, Play(17), "gnome-green", NoVeto())
    assert order_of(state) == "gg rl ay ar gol ry gog gr Z"
    state = act(state, Play(7), NoVeto())
    assert order_of(state) == "Z gr gog ry gol ar ay rl gg"
    assert state.goblet_left is False
    state = act(state, Play(9), "goblet", "2", NoVeto())
    assert order_of(state) == "gog ry gol ar ay rl gg Z gr"
    assert zork_owner(state.money) == 1
    state = quiet_until_payout(state)
    assert state.money == (8, 6, 11, 8)


def test_oracle_D4_booze_up_roll_three_sends_position_three_back() -> None:
    state = act(scenario(4, {0: [5]}), Dice((5, 3)), Play(5), KEEP, NoVeto())
    assert order_of(state) == "rl ar ay ry gog gr gol Z gg"


def test_oracle_D4_gambling_reroll_stands() -> None:
    state = act(scenario(4, {0: [20]}), Play(20), Dice((6, 5)), "goblin-lilac")
    assert state.decl is not None and state.decl.rolls[0].value == 5
    state = act(state, Dice((2, 4)), REROLL, NoVeto())
    assert order_of(state) == "rl gol ar gg ay ry gog gr Z"


def test_oracle_D4_magical_mirror_roll_two_needs_no_order() -> None:
    state = act(scenario(4, {0: [25]}), Dice((2, 6)), Play(25), KEEP)
    assert state.phase is Phase.VETO  # both orders agree, so nobody is asked
    state = act(state, NoVeto())
    assert order_of(state) == "ar gg rl ay ry gog Z gr gol"


def test_oracle_D4_magical_mirror_roll_four_order_matters() -> None:
    base = act(scenario(4, {0: [25]}), Dice((4, 5)), Play(25), KEEP)
    assert current_question(base).slot == "first"
    zork_first = act(base, "zork", NoVeto())
    assert order_of(zork_first) == "ar gg ay Z rl ry gog gr gol"
    rogue_first = act(base, "rogue-lilac", NoVeto())
    assert order_of(rogue_first) == "ar gg ay ry Z rl gog gr gol"


def test_oracle_D4_rumours_goblins_up_in_either_order() -> None:
    base = act(scenario(4, {0: [36]}), Play(36), "goblin", "up")
    green_first = act(base, "goblin-green", NoVeto())
    assert order_of(green_first) == "rl ar gg gog ay gol ry gr Z"
    lilac_first = act(base, "goblin-lilac", NoVeto())
    assert order_of(lilac_first) == "rl ar gg ay gog ry gol gr Z"


def test_oracle_D4_heroic_deed_amazon_gnome_block() -> None:
    state = act(scenario(4, {0: [22]}), Play(22))
    assert set(current_question(state).options) == set(heroes("ar gg ay"))  # gnome-red stands alone
    state = act(state, "amazon-yellow", "up", NoVeto())
    assert order_of(state) == "ay rl ar gg ry gog gr gol Z"


def test_oracle_D4_heroic_deed_rogue_goblin_block_of_two() -> None:
    state = act(scenario(4, {0: [23]}), Play(23))
    assert set(current_question(state).options) == set(heroes("ry gog"))
    state = act(state, "goblin-green", "up", NoVeto())
    assert order_of(state) == "rl ar gg gog ay ry gr gol Z"  # exactly 2 steps


def test_oracle_D4_wrestling_then_stroke_of_fate_then_payout() -> None:
    state = scenario(4, {0: [41], 1: [37]}, money=(1, 5, 4, 4))
    state = act(state, Play(41), "amazon-yellow", "gnome-green", Dice((1, 3)), "amazon-red")
    # each wrestler's owner rolls and decides: yellow, green, red, then lilac
    assert current_question(state).chooser == 3
    state = act(state, Dice((4, 6), (2, 5)), REROLL)  # amazon-yellow: 1, again 4 - stays
    assert current_question(state).chooser == 2
    state = act(state, Dice((1, 1), (3, 5)), REROLL)  # gnome-green: 2, again 1 - falls
    assert current_question(state).chooser == 1
    state = act(state, Dice((1, 4)), KEEP)  # amazon-red keeps 3 - stays
    assert current_question(state).chooser == 0
    state = act(state, Dice((2, 6)), REROLL)  # rogue-lilac: 1, again 2 - falls
    assert state.phase is Phase.VETO
    state = act(state, NoVeto())
    assert order_of(state) == "ar ay ry gog gr gol Z gg rl"
    state = act(state, Play(37), NoVeto())
    assert state.money == (0, 5, 2, 4)
    state = quiet_until_payout(state)
    assert state.money == (0, 9, 2, 9)


def test_oracle_D5_veto_private_polls_all_decline_cancels() -> None:
    state = _yellow_about_to_play_venal(private_polls=True)
    state = act(state, Play(40), "goblin-lilac", "down", "3")
    assert GAME.to_act(state).seats == (0,)  # type: ignore[union-attr]
    state = act(state, (0, NoVeto()), (1, Veto(28)))
    assert [GAME.to_act(state).seats[0]] == [3]  # type: ignore[union-attr]
    state = act(state, (3, NoVeto()), (0, NoVeto()), (2, NoVeto()))
    assert state.money[3] == 5
    assert state.discard[-2:] == (40, 28)
    assert order_of(state) == "rl ar gg ay ry gog gr gol Z"
    assert state.on_turn == 0 and state.part == 1


def test_oracle_D5_veto_veto_private_polls_executes() -> None:
    state = _yellow_about_to_play_venal(private_polls=True)
    state = act(state, Play(40), "goblin-lilac", "down", "3", (0, NoVeto()), (1, Veto(28)))
    state = act(state, (3, NoVeto()), (0, NoVeto()), (2, Veto(11)))
    assert state.money[3] == 3
    assert order_of(state) == "rl ar gg ay ry gog gr Z gol"
    assert state.discard[-3:] == (40, 28, 11)


def test_oracle_D5_open_call_table_closes_second_window() -> None:
    state = _yellow_about_to_play_venal(private_polls=False)
    state = act(state, Play(40), "goblin-lilac", "down", "3", (1, Veto(28)))
    assert GAME.to_act(state).seats == (3, 0, 2)  # type: ignore[union-attr]
    state = act(state, (None, NoVeto()))
    assert state.money[3] == 5 and state.discard[-2:] == (40, 28)
    assert order_of(state) == "rl ar gg ay ry gog gr gol Z"


def test_oracle_D5_open_call_green_overrules() -> None:
    state = _yellow_about_to_play_venal(private_polls=False)
    state = act(state, Play(40), "goblin-lilac", "down", "3", (1, Veto(28)), (2, Veto(11)))
    assert state.money[3] == 3
    assert order_of(state) == "rl ar gg ay ry gog gr Z gol"
    assert state.discard[-3:] == (40, 28, 11)


def _yellow_about_to_play_venal(private_polls: bool) -> State:
    hands = {0: [2], 1: [28, 3], 2: [11, 4], 3: [40, 6]}
    state = scenario(4, hands, money=(3, 3, 3, 5), private_polls=private_polls)
    return act(state, Draw(), Draw(), Draw())


def test_oracle_D6_tie_break_lower_position_sum() -> None:
    state = scenario(4, {}, money=(6, 6, 4, 5), order="ar ay ry gog gr gol Z gg rl")
    state = quiet_until_payout(on_day(state, 12, 1))
    assert state.phase is Phase.OVER
    assert state.money == (4, 10, 4, 10)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.ranking == ((3,), (1,), (2,), (0,))
    assert "Yves beats Rudi" in outcome.tiebreak and "Greta beats Lilo" in outcome.tiebreak


def test_oracle_D6_tie_break_best_hero_when_sums_tie() -> None:
    state = scenario(4, {}, money=(5, 5, 3, 3))
    state = quiet_until_payout(on_day(state, 12, 1))
    assert state.money[0] == state.money[1] == 8
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranking[0] == (0,) and outcome.ranking[1] == (1,)
    assert "best hero at 1 against 2" in outcome.tiebreak

