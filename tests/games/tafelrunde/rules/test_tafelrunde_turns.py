"""The rulebook's turn structure, the veto calls, the pay-out, the end, and what each seat may see."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, IllegalAction
from boardgames_tui.engine.simulate import default_seats
from boardgames_tui.games.tafelrunde import GAME
from boardgames_tui.games.tafelrunde.rules.actions import (
    Answer,
    Back,
    Discard,
    Draw,
    NoVeto,
    Pass,
    Play,
    Veto,
)
from boardgames_tui.games.tafelrunde.rules.components import CARD, START_ORDER, Kind
from boardgames_tui.games.tafelrunde.rules.effects import zork_owner
from boardgames_tui.games.tafelrunde.rules.state import Phase
from tests.games.tafelrunde.scenario import act, on_day, order_of, quiet_until_payout, scenario, skip_turn

# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_setup_circle_cards_money_and_herold(players: int) -> None:
    state = GAME.setup([f"P{i}" for i in range(players)], {}, seed=11)
    assert state.order == START_ORDER[players]
    assert all(len(hand) == 3 for hand in state.hands)
    assert state.money == (3,) * players  # one gold each
    assert sorted(state.colours) == sorted(("lilac", "red", "green", "yellow")[:players])
    assert state.day == 1 and state.part == 0  # the Herold shows its day side
    assert len(state.draw) == 41 - 3 * players
    GAME.check_invariants(state)


def test_setup_without_yellow_for_three_players_and_castles_are_random() -> None:
    colours = {GAME.setup(["a", "b", "c"], {}, seed).colours for seed in range(20)}
    assert len(colours) > 1 and all("yellow" not in c for c in colours)
    starts = {GAME.setup(["a", "b", "c"], {}, seed).start for seed in range(20)}
    assert starts == {0, 1, 2}


def test_setup_is_deterministic_from_its_seed() -> None:
    assert GAME.setup(["a", "b", "c"], {}, 5) == GAME.setup(["a", "b", "c"], {}, 5)


# --- the day -------------------------------------------------------------------------------------


def test_two_action_rounds_clockwise_from_the_start_player_then_the_herold_moves() -> None:
    state = scenario(3, start=1)
    seats = []
    for _ in range(6):
        seats.append(state.on_turn)
        if len(seats) == 4:
            assert state.part == 1  # the Herold turned after the first round
        state = skip_turn(state)
    assert seats == [1, 2, 0, 1, 2, 0]
    assert state.day == 2 and state.start == 2 and state.part == 0


def test_twelve_days_then_the_game_ends() -> None:
    state = scenario(3)
    payouts = 0
    while state.phase is not Phase.OVER:
        day = state.day
        state = skip_turn(state)
        payouts += state.day != day or state.phase is Phase.OVER
    assert payouts == 12
    assert GAME.to_act(state) is None and GAME.outcome(state) is not None
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, Draw())


def test_draw_is_refused_with_five_cards() -> None:
    state = scenario(4, {0: [1, 2, 3, 4, 6]})
    assert Draw() not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="5 cards"):
        GAME.apply(state, 0, Draw())


def test_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    cards = list(range(1, 42))
    hands = {0: [], 1: cards[0:5], 2: cards[5:10], 3: cards[10:15]}
    state = scenario(4, hands, discard=cards[15:], draw=[])
    state = act(state, Draw())
    assert len(state.hands[0]) == 1 and state.discard == () and len(state.draw) == 25
    assert any("shuffled" in e.text for e in state.log)
    GAME.check_invariants(state)


def test_with_no_card_anywhere_to_draw_only_a_pass_remains() -> None:
    cards = list(range(1, 42))
    state = scenario(3, {0: [], 1: cards[:5], 2: cards[5:10]}, draw=[], discard=[])
    assert GAME.legal(state, 0) == [Pass()]
    with pytest.raises(IllegalAction, match="no card left"):
        GAME.apply(state, 0, Draw())
    assert act(state, Pass()).on_turn == 1


def test_a_player_without_cards_can_only_draw() -> None:
    state = scenario(4, {0: []})
    assert GAME.legal(state, 0) == [Draw()]


def test_discard_action_pays_one_silver_once_a_day_and_the_card_waits_in_front() -> None:
    state = scenario(4, {0: [4, 6]})
    state = act(state, Discard(4))
    assert state.money[0] == 4 and state.in_front[0] == 4 and 4 not in state.discard
    state = act(state, Draw(), Draw(), Draw())
    assert not any(isinstance(a, Discard) for a in GAME.legal(state, 0))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(state, 0, Discard(6))
    state = act(state, Draw(), Draw(), Draw(), Draw())  # the day ends
    assert state.in_front[0] is None and 4 in state.discard
    assert any(isinstance(a, Discard) for a in GAME.legal(state, 1))


def test_hands_refill_to_three_at_the_end_of_the_day() -> None:
    state = scenario(4, {0: [4], 1: [1, 2, 3, 5, 6]})
    state = act(state, Play(4), "rogue-lilac", "zork", NoVeto())
    state = quiet_until_payout(state)
    sizes = [len(h) for h in state.hands]
    assert sizes[0] == 3 and sizes[1] == 5  # nobody loses cards to the refill


def test_a_shield_card_may_also_be_played_for_its_action() -> None:
    state = act(scenario(4, {0: [17]}), Play(17), "goblin-lilac", NoVeto())
    assert order_of(state) == "rl ar gg ay ry gol gog gr Z"


def test_the_card_may_be_taken_back_before_the_table_sees_it() -> None:
    state = act(scenario(4, {0: [26]}), Play(26))
    assert Back() in GAME.legal(state, 0)
    state = act(state, Back())
    assert state.phase is Phase.ACT and state.hands[0] == (26,) and state.on_turn == 0


# --- veto and veto-veto --------------------------------------------------------------------------


def _venal_declared(hands: dict[int, list[int]], private_polls: bool = False) -> object:
    state = scenario(4, {0: [40], **hands}, money=(5, 3, 3, 3), private_polls=private_polls)
    return act(state, Play(40), "rogue-lilac", "down", "2")


def test_veto_window_lists_every_other_seat_whatever_they_hold() -> None:
    state = _venal_declared({1: [28]})
    decision = GAME.to_act(state)
    assert decision is not None and decision.kind is DecisionKind.WINDOW
    assert not decision.public  # a claim shows the claimant's hand: it needs a curtain
    assert decision.seats == (1, 2, 3)
    assert GAME.legal(state, 2) == [] and GAME.legal(state, 1) == [Veto(28)]
    assert GAME.legal(state, None) == [NoVeto()]


def test_veto_cancels_the_card_refunds_the_money_and_uses_the_turn() -> None:
    state = _venal_declared({1: [28]})
    state = act(state, (1, Veto(28)), (None, NoVeto()))
    assert state.money[0] == 5  # Venal's 2 silver are never paid
    assert order_of(state) == "rl ar gg ay ry gog gr gol Z"
    assert state.discard[-2:] == (40, 28) and state.on_turn == 1


def test_the_player_may_not_veto_their_own_card() -> None:
    state = _venal_declared({})
    state = scenario(4, {0: [40, 28]}, money=(5, 3, 3, 3))
    state = act(state, Play(40), "rogue-lilac", "down", "2")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Veto(28))


def test_a_broken_shield_is_no_veto_and_a_shield_is_no_veto_veto() -> None:
    state = _venal_declared({1: [11], 2: [28]})
    with pytest.raises(IllegalAction, match="a shield"):
        GAME.apply(state, 1, Veto(11))
    state = act(state, (2, Veto(28)))
    state = scenario(4, {0: [40], 1: [13], 2: [28]}, money=(5, 3, 3, 3))
    state = act(state, Play(40), "rogue-lilac", "down", "2", (2, Veto(28)))
    with pytest.raises(IllegalAction, match="broken shield"):
        GAME.apply(state, 1, Veto(13))


def test_the_vetoer_cannot_overrule_itself_but_the_card_player_can() -> None:
    state = scenario(4, {0: [40, 39], 1: [28, 11]}, money=(5, 3, 3, 3))
    state = act(state, Play(40), "rogue-lilac", "down", "2", (1, Veto(28)))
    decision = GAME.to_act(state)
    assert decision is not None and 1 not in decision.seats and 0 in decision.seats
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Veto(11))
    state = act(state, (0, Veto(39)))
    assert order_of(state) == "ar gg rl ay ry gog gr gol Z" and state.money[0] == 3


def test_veto_veto_is_final() -> None:
    state = scenario(4, {0: [40], 1: [28], 2: [11], 3: [17]}, money=(5, 3, 3, 3))
    state = act(state, Play(40), "rogue-lilac", "down", "2", (1, Veto(28)), (2, Veto(11)))
    assert state.phase is Phase.ACT and state.on_turn == 1  # no third call


def test_private_polls_ask_every_seat_even_without_a_shield() -> None:
    state = _venal_declared({}, private_polls=True)
    asked = []
    while state.phase is Phase.VETO:  # type: ignore[union-attr]
        decision = GAME.to_act(state)
        assert decision is not None and decision.kind is DecisionKind.TURN and not decision.public
        seat = decision.seats[0]
        asked.append(seat)
        assert GAME.legal(state, seat) == [NoVeto()]
        state = GAME.apply(state, seat, NoVeto())
    assert asked == [1, 2, 3]


def test_silence_is_never_attributed_in_the_log() -> None:
    state = _venal_declared({}, private_polls=True)
    state = act(state, (1, NoVeto()), (2, NoVeto()), (3, NoVeto()))
    texts = [e.text for e in GAME.log(state)]  # as the table reads it: the call nobody claimed is one line
    call = next(i for i, t in enumerate(texts) if t.startswith("Nobody vetoes "))
    assert texts[call - 1].startswith("Lilo plays Venal #40")  # nothing in between says who kept quiet
    assert texts[call] == "Nobody vetoes Lilo's Venal #40: rogue (lilac) down 2."
    raw = [e.text for e in state.log]  # as written, line after line
    assert raw[raw.index("Lilo plays Venal #40: rogue (lilac) down 2.") + 1:][:2] == [
        "Does anyone veto Lilo's Venal #40: rogue (lilac) down 2?", "No veto."]


# --- pay-out -------------------------------------------------------------------------------------


def test_payout_never_takes_money_a_player_does_not_have() -> None:
    state = scenario(4, money=(0, 0, 0, 0), order="ar gg ay ry gog gr Z gol rl")
    state = quiet_until_payout(state)
    assert state.money[0] == 0  # lilac owed 3


def test_zork_costs_his_owner_double_at_the_back() -> None:
    state = scenario(4, money=(3, 3, 3, 4))
    state = quiet_until_payout(state)
    assert state.money[3] == 4 + 1 - 4  # amazon-yellow +1, Zork last -4


def test_zork_before_last_costs_two() -> None:
    state = scenario(4, money=(3, 3, 3, 4), order="rl ar gg ay ry gog gr Z gol")
    state = quiet_until_payout(state)
    assert state.money[3] == 4 + 1 - 2


def test_zork_at_the_front_earns_his_owner_nothing() -> None:
    state = scenario(4, money=(3, 3, 3, 4), order="Z rl ar gg ay ry gog gr gol")
    state = quiet_until_payout(state)
    assert state.money[3] == 4  # amazon-yellow at 5 and rogue-yellow at 6 earn nothing, nor Zork


def test_zork_changes_sides_when_the_money_changes_during_the_day() -> None:
    state = scenario(4, {0: [4, 6]}, money=(3, 3, 3, 4))
    assert zork_owner(state.money) == 3
    state = act(state, Discard(4))
    assert zork_owner(state.money) is None  # lilac and yellow tie at 4
    assert GAME.view(state, None).zork_owner is None
    state = act(state, Draw(), Draw(), Draw(), Draw(), Draw(), Draw(), Draw())
    assert state.money == (4 + 4 - 1, 3 + 3, 3 + 2, 4 + 1)  # nobody paid for Zork


# --- the end -------------------------------------------------------------------------------------


def test_most_money_wins() -> None:
    state = scenario(3, money=(1, 9, 2))
    state = quiet_until_payout(on_day(state, 12, 1))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.tiebreak == ""
    assert outcome.totals == state.money


# --- hidden information and records --------------------------------------------------------------


def test_a_seat_sees_only_its_own_hand_until_the_game_is_over() -> None:
    state = scenario(3, {0: [1, 2], 1: [3], 2: [4]})
    view = GAME.view(state, 1)
    assert view.hands == (None, (3,), None) and view.hand_sizes == (2, 1, 1)
    assert GAME.view(state, None).hands == (None, None, None)
    over = quiet_until_payout(on_day(state, 12, 1))
    assert all(h is not None for h in GAME.view(over, None).hands)


def test_a_card_still_being_declared_is_invisible_to_the_others() -> None:
    before = scenario(4, {0: [26]})
    state = act(before, Play(26))
    assert GAME.view(state, 1) == GAME.view(before, 1)
    assert GAME.to_act(state) == GAME.to_act(before)
    assert GAME.view(state, 0).decl is not None


def test_the_declared_circle_is_previewed_for_each_choice() -> None:
    state = act(scenario(4, {0: [26]}), Play(26))
    decl = GAME.view(state, 0).decl
    assert decl is not None
    index = decl.options.index("rogue-lilac")
    assert decl.previews[index] == ("amazon-red", "gnome-green", "amazon-yellow", "rogue-lilac",
                                    *START_ORDER[4][4:])


def test_a_drawn_card_is_logged_privately() -> None:
    state = act(scenario(4, {0: []}, draw=list(range(1, 42))), Draw())
    lines = [e for e in state.log if "Wrestling #41" in e.text]
    assert lines and all(e.audience == frozenset({0}) for e in lines)


def test_undo_is_refused_after_a_draw_but_allowed_while_declaring_in_secret() -> None:
    quiet = {Kind.CAPRICIOUS_TURN, Kind.BOOZE_UP, Kind.MAGICAL_MIRROR, Kind.STROKE_OF_FATE}
    for seed in range(50):
        match = Match.new(GAME, default_seats(3), {}, seed)
        seat = match.state.on_turn
        plays = [a for a in match.legal(seat) if isinstance(a, Play) and CARD[a.card].kind not in quiet]
        if plays:
            break
    state = match.play(seat, plays[0])
    assert state.phase is Phase.DECLARE and state.decl is not None and not state.decl.announced
    assert match.undo_refusal(seat) is None
    match.undo(seat)
    match.play(seat, Draw())
    assert match.undo_refusal(seat) is not None


def test_actions_encode_and_decode() -> None:
    for action in (Play(7), Draw(), Discard(3), Pass(), Answer("hero", "zork"), Back(), Veto(28), NoVeto()):
        assert GAME.decode(GAME.encode(action)) == action
    for bad in ("", "play", "play x", "fly 3", "answer hero"):
        with pytest.raises(IllegalAction):
            GAME.decode(bad)


def test_wrong_answers_are_refused_and_leave_the_state_alone() -> None:
    state = act(scenario(4, {0: [26]}), Play(26))
    for seat, action in ((0, Answer("hero", "dragon")), (1, Answer("hero", "zork")), (0, Draw()),
                         (None, NoVeto()), (0, Answer("dir", "up"))):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, action)
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(scenario(4, {0: [26]}), 0, Play(27))


def test_resample_keeps_a_card_taken_by_dubious_deal_where_the_victim_knows_it_is() -> None:
    state = act(scenario(4, {0: [15], 1: [4], 2: [6, 7], 3: [8, 9]}), Play(15), "1", NoVeto())
    assert state.hands[0] == (4,)
    for seed in range(20):
        victim_world = GAME.resample(state, 1, seed)
        assert victim_world.hands[0] == (4,)  # Rudi saw Black magic #4 go to Lilo
        assert GAME.view(victim_world, 1) == GAME.view(state, 1)
    moved = {GAME.resample(state, 2, seed).hands[0] for seed in range(20)}
    assert len(moved) > 1  # Greta only knows that some card went


def test_window_prompt_and_list_are_the_same_whoever_holds_a_shield() -> None:
    with_shield = _venal_declared({2: [28], 3: [4]})
    without = _venal_declared({2: [4], 3: [28]})
    assert GAME.to_act(with_shield) == GAME.to_act(without)
    assert GAME.view(with_shield, None) == GAME.view(without, None)
