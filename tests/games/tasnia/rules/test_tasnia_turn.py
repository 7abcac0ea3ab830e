"""A turn: trading (oracle O3), purchases and payment (O4), gathering, the end and the final
player (O6)."""

from __future__ import annotations

from dataclasses import replace

from boardgames_tui.games.tasnia.rules.actions import Buy, EndBuilding, Plague, Take, ToBuilding, Trade
from boardgames_tui.games.tasnia.rules.state import Phase
from tests.games.tasnia.tasnia_helpers import GAME, area, me, place, play, refused, scenario

O3_HAND = ["Wood", "Wood", "Stone", "Iron", "Carpenter", "Baron"]


def test_setup_deals_six_cards_and_seven_stacks_of_ten_with_a_face_up_top() -> None:
    for players in (2, 3, 4):
        state = GAME.setup(["a", "b", "c", "d"][:players], {}, 11)
        assert all(len(p.hand) == 6 for p in state.players)
        assert [len(s) for s in state.stacks] == [10] * 7
        assert state.current == (state.dealer + 1) % players
        assert len(state.draw) == 72 - 6 * players
        view = GAME.view(state, None)
        assert all(top is not None for top in view.market)


def test_setup_leaves_out_the_special_cards_switched_off() -> None:
    state = GAME.setup(["a", "b"], {"plague": "off", "baron": "off"}, 3)
    assert state.specials == ("Hero", "Merchant", "Princess", "Scoundrel")
    keys = ("baron", "hero", "merchant", "plague", "princess", "scoundrel")
    none = GAME.setup(["a", "b"], dict.fromkeys(keys, "off"), 3)
    assert len(none.draw) + 12 == 66


def test_oracle_O3_trade_one_card_or_one_group_of_a_kind() -> None:
    state = scenario(hands={0: O3_HAND})
    trades = {a for a in GAME.legal(state, 0) if isinstance(a, Trade)}
    assert Trade("Wood", 2) in trades and Trade("Stone", 1) in trades and Trade("Baron", 1) in trades
    assert "do not hold" in refused(state, Trade("Stone", 2))
    # {Wood, Stone} and {Baron, Wood} cannot even be written: a trade names one kind.
    after = play(state, Trade("Wood", 2))
    assert len(me(after).hand) == 6
    assert "only once" in refused(after, Trade("Stone", 1))


def test_trade_draws_the_replacements_before_discarding_ruling_12() -> None:
    state = scenario(hands={0: O3_HAND})
    state = replace(state, discard=state.draw, draw=())
    after = play(state, Trade("Wood", 2))
    assert after.discard[-2:] == ("Wood", "Wood")
    assert len(me(after).hand) == 6


def test_buying_pays_the_exact_cost_and_the_next_tile_can_be_bought_at_once() -> None:
    state = scenario(hands={0: ["Wood", "Carpenter", "Iron", "Wood", "Carpenter", "Iron"]})
    top = state.stacks[0][0]
    state = replace(state, stacks=(("D", "D", *state.stacks[0][2:]), *state.stacks[1:]))
    state = GAME.apply(state, 0, Buy(0, ("Wood", "Iron", "Carpenter")))
    assert me(state).area.stock == ("D",)
    assert state.discard[-3:] == ("Wood", "Iron", "Carpenter")
    state = GAME.apply(state, 0, Buy(0, ("Wood", "Iron", "Carpenter")))
    assert me(state).area.stock == ("D", "D") and me(state).hand == ()
    assert "only once" in refused(state, Trade("Wood", 1))
    assert top  # the original top is unused here


def test_oracle_O4_payment_with_and_without_the_merchant() -> None:
    hand = ["Stone", "Gold", "Silver", "Silver", "Iron", "Wood"]
    tower_first = None

    def with_tower(state):  # type: ignore[no-untyped-def]
        stack = ("A", *[t for t in state.stacks[0] if t != "A"])
        rest = [tuple(t for t in s if t != "A") for s in state.stacks[1:]]
        extra = [t for s in state.stacks for t in s if t == "A"][1:]
        rest[-1] = rest[-1] + tuple(extra)
        return replace(state, stacks=(stack, *rest))

    plain = with_tower(scenario(hands={0: hand}))
    assert not [a for a in GAME.legal(plain, 0) if isinstance(a, Buy) and a.stack == 0]
    assert "price" in refused(plain, Buy(0, ("Stone", "Silver", "Silver")))
    shop = area("WW\nWW", cards=[("Merchant", (0, 0))])
    rich = with_tower(scenario(hands={0: hand}, areas={0: shop}))
    buys = {a.payment for a in GAME.legal(rich, 0) if isinstance(a, Buy) and a.stack == 0}
    assert buys == {("Stone", "Silver", "Gold"), ("Stone", "Silver", "Silver")}
    hero = with_tower(scenario(hands={0: ["Hero", "Wood"]}))
    after = GAME.apply(hero, 0, Buy(0, ("Hero",)))
    assert me(after).area.stock == ("A",) and after.discard[-1] == "Hero"
    assert tower_first is None


def test_gather_fills_the_hand_to_six() -> None:
    state = scenario(hands={0: ["Wood"]}, phase=Phase.BUILD)
    after = play(state, EndBuilding())
    assert len(after.players[0].hand) == 6 and after.current == 1 and after.phase is Phase.TRADE


def test_gather_never_discards_down() -> None:
    state = scenario(hands={0: ["Wood"] * 8}, phase=Phase.BUILD)
    assert len(play(state, EndBuilding()).players[0].hand) == 8


def test_oracle_O6_hand_limit_with_the_baron_and_after_the_plague() -> None:
    home = area("./^\\.\n/WWW\\\nWWDWW", cards=[("Baron", (0, 0))], stars=[(0, 0)])
    state = scenario(hands={0: ["Wood", "Stone", "Iron"]}, areas={0: home}, phase=Phase.BUILD)
    assert len(play(state, EndBuilding()).players[0].hand) == 7
    state = scenario(hands={0: ["Wood"] * 7, 1: ["Plague"]}, areas={0: home}, current=1)
    state = play(state, Plague(0, "Baron"), ToBuilding(), EndBuilding())
    assert state.players[0].area.cards == ()
    state = play(state, ToBuilding(), EndBuilding())
    assert len(state.players[0].hand) == 7


def test_empty_draw_pile_is_refilled_from_the_discards_ruling_11() -> None:
    state = scenario(hands={0: ["Wood"]}, phase=Phase.BUILD)
    state = replace(state, discard=state.draw, draw=())
    after = play(state, EndBuilding())
    assert len(after.players[0].hand) == 6 and after.discard == ()
    assert any("shuffled" in e.text for e in after.log)


def test_oracle_O6_end_trigger_and_the_final_player() -> None:
    state = scenario(
        3, current=2, hands={2: ["Hero", "Plague", "Wood", "Carpenter", "Iron"]},
        stack_sizes={0: 0, 1: 0, 2: 1}, areas={0: area("^\nD", cards=[("Baron", (0, 0))])},
    )  # fmt: skip
    tile = state.stacks[2][0]
    state = play(state, Buy(2, ("Hero",)))
    assert state.final and state.phase is Phase.BUILD
    assert any("the game ends" in e.text for e in state.log)
    assert "ending" in refused(state, Buy(3, ("Plague",)))
    assert not [a for a in GAME.legal(state, 2) if isinstance(a, Plague | Buy)]
    assert "ending" in refused(state, Plague(0, "Baron"))
    state = place(state, tile, (0, 0))
    hand = me(state).hand
    state = play(state, EndBuilding())
    assert GAME.to_act(state) is None and GAME.outcome(state) is not None
    assert state.players[2].hand == hand  # the final player skips Gather
    assert state.turn == 1  # A and B take no further turn


def test_end_needs_as_many_empty_stacks_as_players() -> None:
    for players in (2, 3, 4):
        sizes = {i: 0 for i in range(players - 1)}
        sizes[players - 1] = 1
        state = scenario(players, hands={0: ["Hero"]}, stack_sizes=sizes)
        stack = players - 1
        state = play(state, Buy(stack, ("Hero",)))
        assert state.final
    state = scenario(3, hands={0: ["Hero"]}, stack_sizes={0: 0, 1: 1})
    assert not play(state, Buy(1, ("Hero",))).final


def test_building_phase_actions_wait_for_the_building_phase() -> None:
    state = scenario(areas={0: area("", stock=["W"])} if False else None)
    assert "Building phase" in refused(state, Take("W")) or "stockpile" in refused(state, Take("W"))
    assert "go on to the Building phase" in refused(state, EndBuilding())


def test_issue_37_a_turns_routine_lines_fold_into_one() -> None:
    """Going on to building writes no line of its own, and finishing building and gathering read
    as one line ("Ada finished building and gathered 2 cards." or "... (hand full)."); the cards
    drawn stay a line for their owner alone, and every public line stays public."""
    from boardgames_tui.games.tasnia.rules.actions import EndBuilding, ToBuilding
    from tests.games.tasnia.tasnia_helpers import play, scenario

    state = scenario(phase=Phase.PURCHASE, hands={0: ["Wood"] * 4})
    built = play(state, ToBuilding())
    assert built.log == state.log
    after = play(built, EndBuilding())
    new = after.log[len(built.log) :]
    assert [e.text for e in new if e.audience is None] == [
        "Ada finished building and gathered 2 cards.",
        "Bram's turn.",
    ]
    assert [e.audience for e in new if e.audience is not None] == [frozenset({0})]
    assert not any("went on to building" in e.text or e.text.endswith("gathered no cards.") for e in after.log)
    full = play(play(scenario(phase=Phase.PURCHASE, hands={0: ["Wood"] * 6}), ToBuilding()), EndBuilding())
    assert "Ada finished building (hand full)." in [e.text for e in full.log]
