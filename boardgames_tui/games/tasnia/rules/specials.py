"""Special cards: housing a card in a building or moving it (in the Building phase), and the
one-shot Plague and Scoundrel (whenever it is your turn, until the game is ending)."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction, LogEntry, Seat
from boardgames_tui.games.tasnia.rules.actions import Install, MoveCard, Plague, Steal
from boardgames_tui.games.tasnia.rules.area import Area, remove_tile, requirement_failure, same_tiles, with_stock
from boardgames_tui.games.tasnia.rules.build import built, cell_text
from boardgames_tui.games.tasnia.rules.components import INSTALLABLE, PLAGUE, RESIDENTS, SCOUNDREL, tile_name
from boardgames_tui.games.tasnia.rules.geometry import Cell, canonical
from boardgames_tui.games.tasnia.rules.market import affordable, card_move_payments, contains, without
from boardgames_tui.games.tasnia.rules.state import PHASE, PlayerState, State, sort_cards, with_player
from boardgames_tui.games.tasnia.rules.text import cards_text


# --- housing and moving cards -------------------------------------------------------------------
def verify_install(area: Area, hand: tuple[str, ...], action: Install) -> None:
    if action.card not in INSTALLABLE:
        raise IllegalAction(f"the {action.card} is not a card that lives in a building")
    if action.card not in hand:
        raise IllegalAction(f"you hold no {action.card}")
    _verify_building(area, action.building)
    reason = requirement_failure(area, action.card, action.building)
    if reason is not None:
        raise IllegalAction(reason)


def _verify_building(area: Area, cell: Cell) -> None:
    if cell not in area.grid or canonical(area.building_of(cell)) != cell:
        raise IllegalAction(f"no building of yours starts at {cell_text(cell)}")


def verify_move_card(area: Area, hand: tuple[str, ...], action: MoveCard) -> None:
    anchors = [a for c, a in area.cards if c == action.card]
    if not anchors:
        raise IllegalAction(f"you have no {action.card} in a building")
    _verify_building(area, action.building)
    if anchors[0] == action.building:
        raise IllegalAction(f"the {action.card} already lives there")
    if action.payment not in card_move_payments(area):
        raise IllegalAction("moving a card costs 1 Gold or 2 Silver")
    if not contains(hand, action.payment):
        raise IllegalAction("you cannot pay for that move")
    moved = type(area)(area.tiles, area.locked, tuple(x for x in area.cards if x[0] != action.card), area.stock)
    reason = requirement_failure(moved, action.card, action.building)
    if reason is not None:
        raise IllegalAction(reason)


def card_actions(area: Area, hand: tuple[str, ...]) -> list[Install | MoveCard]:
    out: list[Install | MoveCard] = []
    anchors = area.layout.anchors
    for card in dict.fromkeys(hand):
        if card in INSTALLABLE:
            out.extend(Install(card, a) for a in anchors if requirement_failure(area, card, a) is None)
    payments = affordable(card_move_payments(area), hand) if area.cards else ()
    for card, anchor in area.cards:
        if not payments:
            break
        moved = type(area)(area.tiles, area.locked, tuple(x for x in area.cards if x[0] != card), area.stock)
        for a in anchors:
            if a != anchor and requirement_failure(moved, card, a) is None:
                out.extend(MoveCard(card, a, p) for p in payments)
    return out


def install(state: State, seat: Seat, action: Install, log: list[LogEntry]) -> State:
    me = state.players[seat]
    area = me.area
    area = same_tiles(area, cards=(*area.cards, (action.card, action.building)))
    return built(state, seat, without(me.hand, [action.card]), area, state.discard, log)


def move_card(state: State, seat: Seat, action: MoveCard, log: list[LogEntry]) -> State:
    me = state.players[seat]
    area = me.area
    cards = tuple((c, action.building if c == action.card else a) for c, a in area.cards)
    discard = state.discard + sort_cards(action.payment)
    return built(state, seat, without(me.hand, action.payment), same_tiles(area, cards=cards), discard, log)


# --- Plague and Scoundrel -----------------------------------------------------------------------
def one_shot_actions(state: State, seat: Seat) -> list[Plague | Steal]:
    """Every Plague and Scoundrel the seat's hand allows against the other seats."""
    hand = state.players[seat].hand
    out: list[Plague | Steal] = []
    for target, other in enumerate(state.players):
        if target == seat:
            continue
        area = other.area
        if PLAGUE in hand:
            out.extend(
                Plague(target, card) for card, anchor in area.cards
                if card in RESIDENTS and not area.guarded(anchor)
            )  # fmt: skip
        if SCOUNDREL in hand:
            out.extend(Steal(target, tile=t) for t in dict.fromkeys(area.stock))
            for part, anchor in zip(area.layout.parts, area.layout.anchors, strict=True):
                if not area.guarded(anchor):
                    cells = sorted(c for c in part if c not in area.locked)
                    out.extend(Steal(target, cell=c) for c in cells)
    return out


def verify_one_shot(state: State, seat: Seat, action: Plague | Steal) -> None:
    card = PLAGUE if isinstance(action, Plague) else SCOUNDREL
    if state.final:
        raise IllegalAction(f"the game is ending: the {card} can no longer be played")
    if card not in state.players[seat].hand:
        raise IllegalAction(f"you hold no {card}")
    if action.target == seat or not 0 <= action.target < len(state.players):
        raise IllegalAction(f"the {card} must target another player")
    area = state.players[action.target].area
    name = state.names[action.target]
    if isinstance(action, Plague):
        anchors = [a for c, a in area.cards if c == action.card and c in RESIDENTS]
        if not anchors:
            raise IllegalAction(f"{name} has no {action.card} living in a building")
        if area.guarded(anchors[0]):
            raise IllegalAction(f"the Hero protects {name}'s {action.card}")
    elif action.cell is not None:
        if action.cell not in area.grid:
            raise IllegalAction(f"{name} has no tile there")
        if action.cell in area.locked:
            raise IllegalAction("A2 locked: a tile of a completed building cannot be stolen")
        if area.guarded(canonical(area.building_of(action.cell))):
            raise IllegalAction(f"the Hero guards that building of {name}")
    elif action.tile not in area.stock:
        raise IllegalAction(f"{name} has no {tile_name(action.tile or 'D')} in the stockpile")


def one_shot(state: State, seat: Seat, action: Plague | Steal, log: list[LogEntry]) -> State:
    """The Plague sends a resident to the discard pile; the Scoundrel takes a tile to the thief's
    stockpile. Either counts as a building action when played in the Building phase."""
    me = state.players[seat]
    victim = state.players[action.target]
    area = victim.area
    mine = me.area
    discard = state.discard
    if isinstance(action, Plague):
        hand = without(me.hand, [PLAGUE])
        area = same_tiles(area, cards=tuple(x for x in area.cards if x[0] != action.card))
        discard += (PLAGUE, action.card)
    else:
        hand = without(me.hand, [SCOUNDREL])
        discard += (SCOUNDREL,)
        if action.cell is not None:
            area, tile, lost = remove_tile(area, action.cell)
            if lost:
                discard += lost
                log.append(LogEntry(f"{cards_text(lost)} lost the building and went to the discard pile."))
        else:
            tile = action.tile
            area = with_stock(area, removed=tile)
        mine = with_stock(mine, added=(tile,))
    players = with_player(state.players, seat, PlayerState(hand, mine))
    players = with_player(players, action.target, PlayerState(victim.hand, area))
    done = state.build_actions + (state.phase is PHASE.BUILD)
    return evolve(state, players=players, discard=discard, build_actions=done, log=state.log + tuple(log))
