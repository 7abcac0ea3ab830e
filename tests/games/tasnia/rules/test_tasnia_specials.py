"""The six special cards: requirements, powers, housing and moving them (oracle O4's last part)."""

from __future__ import annotations

from boardgames_tui.games.tasnia.rules.actions import Buy, Install, MoveCard, Plague, Steal, ToBuilding
from boardgames_tui.games.tasnia.rules.state import Phase
from tests.games.tasnia.tasnia_helpers import GAME, area, me, play, refused, scenario

HOUSE5 = "./^\\.\n/WWW\\\nWWDWW"  # 13 tiles, complete
CASTLE = "A...A\nS...S\nS===S\nSSTSS"


def build_turn(hand, a, **kw):  # type: ignore[no-untyped-def]
    return scenario(hands={0: hand}, areas={0: a}, phase=Phase.BUILD, **kw)


def installs(state):  # type: ignore[no-untyped-def]
    return {(a.card, a.building) for a in GAME.legal(state, 0) if isinstance(a, Install)}


def test_baron_needs_a_complete_uninhabited_building_of_five_tiles() -> None:
    small = build_turn(["Baron"], area("^\nW\nD"))
    assert "at least 5" in refused(small, Install("Baron", (0, 0)))
    unfinished = build_turn(["Baron"], area("WWDWW"))
    assert "complete" in refused(unfinished, Install("Baron", (0, 0)))
    home = build_turn(["Baron"], area(HOUSE5, stars=[(0, 0)]))
    assert ("Baron", (0, 0)) in installs(home)
    after = play(home, Install("Baron", (0, 0)))
    assert me(after).area.cards == (("Baron", (0, 0)),) and "Baron" not in me(after).hand
    taken = build_turn(["Baron"], area(HOUSE5, cards=[("Princess", (0, 0))], stars=[(0, 0)]))
    assert "no other inhabitant" in refused(taken, Install("Baron", (0, 0)))


def test_merchant_needs_an_uninhabited_wooden_building_of_four_tiles() -> None:
    assert ("Merchant", (0, 0)) in installs(build_turn(["Merchant"], area("WW\nWD")))
    assert "only of wood" in refused(build_turn(["Merchant"], area("WW\nSS")), Install("Merchant", (0, 0)))
    assert "at least 4" in refused(build_turn(["Merchant"], area("WD")), Install("Merchant", (0, 0)))


def test_princess_needs_an_uninhabited_stone_building_of_four_tiles_and_adds_a_point_a_tile() -> None:
    state = build_turn(["Princess"], area("SS\nST"))
    assert ("Princess", (0, 0)) in installs(state)
    assert "only of stone" in refused(build_turn(["Princess"], area("WW\nWD")), Install("Princess", (0, 0)))
    view = GAME.view(play(state, Install("Princess", (0, 0))), None)
    assert view.seats[0].board.princess == 4


def test_hero_may_live_anywhere_beside_a_resident() -> None:
    state = build_turn(["Hero"], area("D", cards=[("Merchant", (0, 0))]))
    assert ("Hero", (0, 0)) in installs(state)


def test_hero_guards_against_plague_and_scoundrel() -> None:
    guarded = area("WW\nWD", cards=[("Merchant", (0, 0)), ("Hero", (0, 0))], stock=["W"])
    state = scenario(hands={0: ["Plague", "Scoundrel"]}, areas={1: guarded})
    assert "protects" in refused(state, Plague(1, "Merchant"))
    assert "guards" in refused(state, Steal(1, cell=(1, 1)))
    steals = [a for a in GAME.legal(state, 0) if isinstance(a, Steal)]
    assert steals == [Steal(1, tile="W")]  # the stockpile is not guarded


def test_plague_discards_a_resident_of_another_player_together_with_itself() -> None:
    state = scenario(hands={0: ["Plague"]}, areas={1: area("WW\nWD", cards=[("Merchant", (0, 0))])})
    after = play(state, Plague(1, "Merchant"))
    assert after.players[1].area.cards == () and after.discard[-2:] == ("Plague", "Merchant")
    assert any("Plague" in e.text and e.audience is None for e in after.log)
    assert "another player" in refused(state, Plague(0, "Merchant"))
    no_hero = scenario(hands={0: ["Plague"]}, areas={1: area("WW\nWD", cards=[("Hero", (0, 0))])})
    assert "no Hero living" in refused(no_hero, Plague(1, "Hero"))


def test_plague_and_scoundrel_may_be_played_in_any_phase_of_your_turn() -> None:
    state = scenario(hands={0: ["Plague"]}, areas={1: area("WW\nWD", cards=[("Merchant", (0, 0))])})
    for phase in (Phase.TRADE, Phase.PURCHASE, Phase.BUILD):
        from dataclasses import replace

        assert Plague(1, "Merchant") in GAME.legal(replace(state, phase=phase), 0)


def test_scoundrel_steals_a_stockpile_tile_or_an_unlocked_building_tile() -> None:
    victim = area(("/^\\\nWDW", 0, 0), ("WW", 4, 0), stock=["S"])
    state = scenario(hands={0: ["Scoundrel", "Wood"]}, areas={1: victim})
    after = play(state, Steal(1, tile="S"))
    assert me(after, 0).area.stock == ("S",) and after.players[1].area.stock == ()
    assert after.discard[-1] == "Scoundrel"
    assert "locked" in refused(state, Steal(1, cell=(0, 0)))
    after = play(state, Steal(1, cell=(5, 0)))
    assert me(after, 0).area.stock == ("W",) and (5, 0) not in after.players[1].area.grid
    assert any("Scoundrel" in e.text and e.audience is None for e in after.log)


def test_a_special_card_alone_buys_any_tile_ruling_1() -> None:
    state = scenario(hands={0: ["Scoundrel"]})
    assert Buy(3, ("Scoundrel",)) in GAME.legal(state, 0)


def test_oracle_O4_moving_an_installed_card_costs_a_gold_or_two_silver() -> None:
    castles = area(("SS\nST", 0, 0), ("SS\nSS", 3, 0), cards=[("Princess", (0, 0))])
    state = build_turn(["Gold", "Silver", "Silver"], castles)
    moves = {a.payment for a in GAME.legal(state, 0) if isinstance(a, MoveCard)}
    assert moves == {("Gold",), ("Silver", "Silver")}
    after = play(state, MoveCard("Princess", (3, 0), ("Gold",)))
    assert me(after).area.cards == (("Princess", (3, 0)),) and after.discard[-1] == "Gold"
    poor = build_turn(["Silver", "Wood"], castles)
    assert "cannot pay" in refused(poor, MoveCard("Princess", (3, 0), ("Silver", "Silver")))
    residents = [("Princess", (0, 0)), ("Merchant", (6, 0))]
    shop = area(("SS\nST", 0, 0), ("SS\nSS", 3, 0), ("WW\nWD", 6, 0), cards=residents)
    merchant = build_turn(["Silver", "Wood"], shop)
    assert MoveCard("Princess", (3, 0), ("Silver",)) in GAME.legal(merchant, 0)


def test_moved_card_must_meet_its_requirement_in_the_new_building() -> None:
    state = build_turn(["Gold"], area(("SS\nST", 0, 0), ("S", 3, 0), cards=[("Princess", (0, 0))]))
    assert "at least 4" in refused(state, MoveCard("Princess", (3, 0), ("Gold",)))


def test_cards_are_housed_only_in_the_building_phase_ruling_6() -> None:
    state = scenario(hands={0: ["Hero"]}, areas={0: area("D")})
    assert "Building phase" in refused(state, Install("Hero", (0, 0)))
    assert Install("Hero", (0, 0)) in GAME.legal(play(state, ToBuilding()), 0)
