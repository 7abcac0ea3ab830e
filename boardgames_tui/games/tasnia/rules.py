"""Tasnia's rules: the Game object the engine and the app talk to."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    LogEntry,
    Options,
    OptionSpec,
    Outcome,
    Seat,
)
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tasnia import ABOUT, bot
from boardgames_tui.games.tasnia import build as B
from boardgames_tui.games.tasnia.area import Area, SplitChoice, Tiles, has_installed, remove_tile, with_stock
from boardgames_tui.games.tasnia.components import (
    HAND_SIZE,
    INSTALLABLE,
    MERCHANT,
    PLAGUE,
    REGULAR,
    REGULAR_COPIES,
    RESIDENTS,
    SCOUNDREL,
    SPECIALS,
    STACK_SIZE,
    STACKS,
    TYPES,
    all_tiles,
    empty_stacks_to_end,
    tile_name,
)
from boardgames_tui.games.tasnia.geometry import Cell, canonical, whole_area_failure
from boardgames_tui.games.tasnia.market import (
    affordable,
    contains,
    draw_cards,
    hand_limit,
    tile_payments,
    with_silver_for_gold,
    without,
)
from boardgames_tui.games.tasnia.policy import random_choice
from boardgames_tui.games.tasnia.scoring import board_score, card_score, outcome_of
from boardgames_tui.games.tasnia.state import (
    Action,
    Buy,
    Cancel,
    EndBuilding,
    Held,
    Install,
    Keep,
    Lift,
    MoveCard,
    Phase,
    Plague,
    PlayerState,
    Put,
    State,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
    decode,
    evolve,
    sort_cards,
)
from boardgames_tui.games.tasnia.view import SeatView, TasniaView, describe_action, view_of


def _pay_text(cards: Sequence[str]) -> str:
    return ", ".join(f"{n} {k}" if n > 1 else k for k, n in Counter(cards).items())


def _count(n: int, noun: str) -> str:
    """`1 card`, `3 cards`, `no cards`."""
    return f"no {noun}s" if n == 0 else f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def empty_stacks(state: State) -> int:
    return sum(1 for s in state.stacks if not s)


class Tasnia(Game[State, Action, Any], about=ABOUT):
    """Buy tiles from the market with resource cards and build complete houses and castles."""

    options = tuple(
        OptionSpec(card.lower(), f"{card} card", ("on", "off"), "on", f"Shuffle the {card} into the deck.")
        for card in SPECIALS
    )
    fuzz_games = 24
    engine_target = 3_000

    # --- setup ------------------------------------------------------------------------------
    def setup(self, names: Sequence[str], options: Options, seed: int) -> State:
        chosen = self.check_options(options)
        specials = tuple(card for card in SPECIALS if chosen[card.lower()] == "on")
        rng = RngState(seed)
        deck = tuple(kind for kind in REGULAR for _ in range(REGULAR_COPIES)) + specials
        deck, rng = rng.shuffled(deck)
        tiles, rng = rng.shuffled(all_tiles())
        stacks = tuple(tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i in range(STACKS))
        r, rng = rng.draw()
        dealer = r.randrange(len(names))
        players = tuple(PlayerState(sort_cards(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(len(names)))
        first = (dealer + 1) % len(names)
        log = (
            LogEntry(f"{names[dealer]} dealt six cards to everyone; {names[first]} begins."),
            *(LogEntry(f"Your hand: {_pay_text(p.hand)}.", frozenset({i})) for i, p in enumerate(players)),
        )
        return State(
            names=tuple(names),
            specials=specials,
            players=players,
            stacks=stacks,
            draw=deck[len(names) * HAND_SIZE :],
            discard=(),
            rng=rng,
            dealer=dealer,
            current=first,
            log=log,
        )

    # --- who acts ---------------------------------------------------------------------------
    def to_act(self, state: State) -> Decision | None:
        if state.phase is Phase.OVER:
            return None
        return _decision(state.phase, state.current, state.final)

    def legal(self, state: State, seat: Seat | None) -> list[Action]:
        if state.phase is Phase.OVER or seat != state.current:
            return []
        me = state.players[seat]
        out: list[Action] = []
        if state.phase is Phase.TRADE:
            out.extend(_trades(me.hand))
        if state.phase in (Phase.TRADE, Phase.PURCHASE):
            merchant = has_installed(me.area, MERCHANT)
            for index, stack in enumerate(state.stacks):
                if stack:
                    out.extend(_buys(index, stack[0][0], merchant, me.hand))
            out.append(ToBuilding())
        if state.holding is not None:
            out.extend(B.put_actions(me.area, state.holding))
            if state.holding.source is not None:
                out.append(Stock())
            out.append(Cancel())
            return out
        if state.phase is Phase.BUILD:
            out.extend(B.keep_actions(me.area, state.split))
            out.extend(B.pick_actions(me.area))
            out.extend(B.card_actions(me.area, me.hand))
        if not state.final:
            out.extend(self._one_shots(state, seat))
        if state.phase is Phase.BUILD:
            out.append(EndBuilding())
        return out

    def _one_shots(self, state: State, seat: Seat) -> list[Action]:
        hand = state.players[seat].hand
        out: list[Action] = []
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

    # --- checking ---------------------------------------------------------------------------
    def verify(self, state: State, seat: Seat | None, action: Action) -> None:
        """Raise IllegalAction with a reason if `seat` may not take `action` now."""
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        if seat != state.current:
            raise IllegalAction(f"it is {state.names[state.current]}'s turn")
        me = state.players[seat]
        phase = state.phase
        held = state.holding
        if held is not None:
            if isinstance(action, Put):
                B.verify_put(me.area, held, action.cell)
            elif isinstance(action, Stock):
                if held.source is None:
                    raise IllegalAction("that tile is already in your stockpile")
            elif not isinstance(action, Cancel):
                raise IllegalAction("put down or let go of the tile you are holding first")
            return
        if isinstance(action, Put | Stock | Cancel):
            raise IllegalAction("pick a tile first")
        if isinstance(action, Trade):
            if phase is not Phase.TRADE:
                raise IllegalAction("you may trade only once, at the start of your turn")
            if action.count < 1 or not contains(me.hand, [action.kind] * action.count):
                raise IllegalAction(f"you do not hold {action.count} {action.kind}")
        elif isinstance(action, Buy):
            self._verify_buy(state, me, action)
        elif isinstance(action, ToBuilding):
            if phase not in (Phase.TRADE, Phase.PURCHASE):
                raise IllegalAction("you are already building")
        elif isinstance(action, EndBuilding):
            if phase is not Phase.BUILD:
                raise IllegalAction("go on to the Building phase first")
        elif isinstance(action, Plague | Steal):
            self._verify_one_shot(state, seat, action)
        else:
            if phase is not Phase.BUILD:
                raise IllegalAction("tiles and cards are set in the Building phase")
            if isinstance(action, Take):
                B.verify_take(me.area, action)
            elif isinstance(action, Lift):
                B.verify_lift(me.area, action.cell)
            elif isinstance(action, Install):
                B.verify_install(me.area, me.hand, action)
            elif isinstance(action, MoveCard):
                B.verify_move_card(me.area, me.hand, action)
            elif isinstance(action, Keep):
                B.verify_keep(me.area, state.split, action)
            else:
                raise IllegalAction(f"{action!r} is not a Tasnia action")

    def _verify_buy(self, state: State, me: PlayerState, action: Buy) -> None:
        if state.phase not in (Phase.TRADE, Phase.PURCHASE):
            raise IllegalAction(
                "no more purchases: the game is ending" if state.final else "the purchase phase is over"
            )
        if not 0 <= action.stack < len(state.stacks):
            raise IllegalAction(f"there is no stack {action.stack + 1}")
        stack = state.stacks[action.stack]
        if not stack:
            raise IllegalAction(f"stack {action.stack + 1} is empty")
        payment = sort_cards(action.payment)
        if payment not in tile_payments(stack[0], me.area):
            raise IllegalAction(f"that is not the price of a {tile_name(stack[0])}")
        if not contains(me.hand, payment):
            raise IllegalAction(f"you do not hold {_pay_text(payment)}")

    def _verify_one_shot(self, state: State, seat: Seat, action: Plague | Steal) -> None:
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

    # --- acting -----------------------------------------------------------------------------
    def apply(self, state: State, seat: Seat | None, action: Action) -> State:
        self.verify(state, seat, action)
        assert seat is not None
        me = state.players[seat]
        if isinstance(action, Take):
            return evolve(state, holding=Held(action.tile), split=())
        if isinstance(action, Lift):
            return evolve(state, holding=Held(me.area.grid[action.cell], action.cell), split=())
        if isinstance(action, Cancel):
            return evolve(state, holding=None)
        name = state.names[seat]
        line = f"{name} {describe_action(state, seat, action, past=True)}."
        log = [LogEntry(line)]
        if isinstance(action, Keep):
            return self._keep(state, seat, action, log)
        if state.split:
            state = evolve(state, split=())
        if isinstance(action, Trade):
            return self._trade(state, seat, action, log)
        if isinstance(action, Buy):
            return self._buy(state, seat, action, log)
        if isinstance(action, ToBuilding):
            return evolve(state, phase=Phase.BUILD, log=state.log + tuple(log))
        if isinstance(action, EndBuilding):
            return self._end_building(state, seat, log)
        if isinstance(action, Plague | Steal):
            return self._one_shot(state, seat, action, log)
        area, hand, discard = me.area, me.hand, state.discard
        lost: tuple[str, ...] = ()
        split: tuple[SplitChoice, ...] = ()
        held = state.holding
        if isinstance(action, Put):
            assert held is not None
            area, lost, split = B.do_put(area, held, action.cell)
        elif isinstance(action, Stock):
            assert held is not None
            area, lost, split = B.do_stock(area, held)
        elif isinstance(action, Install):
            hand = without(hand, [action.card])
            area = area.evolve(cards=(*area.cards, (action.card, action.building)))
        elif isinstance(action, MoveCard):
            hand = without(hand, action.payment)
            discard += sort_cards(action.payment)
            cards = tuple((c, action.building if c == action.card else a) for c, a in area.cards)
            area = area.evolve(cards=cards)
        if lost:
            discard += lost
            log.append(LogEntry(f"{_pay_text(lost)} lost the building and went to the discard pile."))
        players = _with_player(state.players, seat, PlayerState(hand, area))
        return evolve(
            state,
            players=players,
            discard=discard,
            build_actions=state.build_actions + 1,
            holding=None,
            split=split,
            log=state.log + tuple(log),
        )

    def _keep(self, state: State, seat: Seat, action: Keep, log: list[LogEntry]) -> State:
        """A card of the building just divided goes to the part its owner chose."""
        me = state.players[seat]
        cards = tuple((c, action.building if c == action.card else a) for c, a in me.area.cards)
        players = _with_player(state.players, seat, PlayerState(me.hand, me.area.evolve(cards=cards)))
        split = tuple(x for x in state.split if x[0] != action.card)
        return evolve(state, players=players, split=split, log=state.log + tuple(log))

    def _trade(self, state: State, seat: Seat, action: Trade, log: list[LogEntry]) -> State:
        me = state.players[seat]
        drawn, draw, discard, rng, reshuffled = draw_cards(state.draw, state.discard, state.rng, action.count)
        if reshuffled:
            log.append(LogEntry("The discard pile was shuffled into a new draw pile."))
        log.append(LogEntry(f"You drew {_pay_text(drawn) or 'nothing'}.", frozenset({seat})))
        hand = sort_cards(without(me.hand, [action.kind] * action.count) + drawn)
        players = _with_player(state.players, seat, PlayerState(hand, me.area))
        return evolve(
            state,
            players=players,
            draw=draw,
            discard=discard + (action.kind,) * action.count,
            rng=rng,
            phase=Phase.PURCHASE,
            log=state.log + tuple(log),
        )

    def _buy(self, state: State, seat: Seat, action: Buy, log: list[LogEntry]) -> State:
        me = state.players[seat]
        stack = state.stacks[action.stack]
        payment = sort_cards(action.payment)
        area = with_stock(me.area, added=(stack[0],))
        players = _with_player(state.players, seat, PlayerState(without(me.hand, payment), area))
        stacks = tuple(s[1:] if i == action.stack else s for i, s in enumerate(state.stacks))
        if len(stack) > 1:
            log.append(LogEntry(f"Stack {action.stack + 1} now shows a {tile_name(stack[1])}."))
        new = evolve(state, players=players, stacks=stacks, discard=state.discard + payment, phase=Phase.PURCHASE)
        if sum(1 for s in stacks if not s) >= empty_stacks_to_end(len(state.players)):
            log.append(
                LogEntry(
                    f"{sum(1 for s in stacks if not s)} stacks are empty: the game ends. "
                    f"{state.names[seat]} may finish building; nobody else plays."
                )
            )
            new = evolve(new, phase=Phase.BUILD, final=True)
        return evolve(new, log=state.log + tuple(log))

    def _end_building(self, state: State, seat: Seat, log: list[LogEntry]) -> State:
        if state.final:
            log.append(LogEntry("The game is over."))
            return evolve(state, phase=Phase.OVER, log=state.log + tuple(log))
        me = state.players[seat]
        need = max(0, hand_limit(me.area) - len(me.hand))
        drawn, draw, discard, rng, reshuffled = draw_cards(state.draw, state.discard, state.rng, need)
        if reshuffled:
            log.append(LogEntry("The discard pile was shuffled into a new draw pile."))
        log.append(LogEntry(f"{state.names[seat]} gathered {_count(len(drawn), 'card')}."))
        if drawn:
            log.append(LogEntry(f"You drew {_pay_text(drawn)}.", frozenset({seat})))
        players = _with_player(state.players, seat, PlayerState(sort_cards(me.hand + drawn), me.area))
        nxt = (seat + 1) % len(state.players)
        log.append(LogEntry(f"{state.names[nxt]}'s turn."))
        return evolve(
            state,
            players=players,
            draw=draw,
            discard=discard,
            rng=rng,
            current=nxt,
            phase=Phase.TRADE,
            turn=state.turn + 1,
            build_actions=0,
            log=state.log + tuple(log),
        )

    def _one_shot(self, state: State, seat: Seat, action: Plague | Steal, log: list[LogEntry]) -> State:
        me = state.players[seat]
        victim = state.players[action.target]
        area = victim.area
        mine = me.area
        discard = state.discard
        if isinstance(action, Plague):
            hand = without(me.hand, [PLAGUE])
            area = area.evolve(cards=tuple(x for x in area.cards if x[0] != action.card))
            discard += (PLAGUE, action.card)
        else:
            hand = without(me.hand, [SCOUNDREL])
            discard += (SCOUNDREL,)
            if action.cell is not None:
                area, tile, lost = remove_tile(area, action.cell)
                if lost:
                    discard += lost
                    log.append(LogEntry(f"{_pay_text(lost)} lost the building and went to the discard pile."))
            else:
                tile = action.tile
                area = with_stock(area, removed=tile)
            mine = with_stock(mine, added=(tile,))
        players = _with_player(state.players, seat, PlayerState(hand, mine))
        players = _with_player(players, action.target, PlayerState(victim.hand, area))
        done = state.build_actions + (state.phase is Phase.BUILD)
        return evolve(state, players=players, discard=discard, build_actions=done, log=state.log + tuple(log))

    def random_choice(self, state: State, seat: Seat | None, actions: Sequence[Action], rng: random.Random) -> Action:
        """The spec's random player: a few weighted Building-phase actions per turn, then done."""
        return random_choice(state, actions, rng)

    # --- reading ----------------------------------------------------------------------------
    def view(self, state: State, seat: Seat | None) -> Any:
        return view_of(state, seat)

    def scores(self, state: State) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(board_score(p.area).total + card_score(p.hand)) for p in state.players)

    def progress(self, state: State) -> str:
        empty = empty_stacks(state)
        end = empty_stacks_to_end(len(state.players))
        if state.phase is Phase.OVER:
            return f"Game over after {state.turn} turns"
        return f"Turn {state.turn} · {empty} of {end} stacks emptied"

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state) if state.phase is Phase.OVER else None

    def describe(self, state: State, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        text = describe_action(state, seat if seat is not None else state.current, action, past=False)
        return text[:1].upper() + text[1:]

    def log(self, state: State) -> tuple[LogEntry, ...]:
        return state.log

    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        return decode(text)

    def reveals(self, before: State, seat: Seat | None, action: Action) -> bool:
        if isinstance(action, Trade | Buy | Plague | Steal):
            return True
        return isinstance(action, EndBuilding)

    def resample(self, state: State, seat: Seat, seed: int) -> State:
        rng = RngState(seed)
        players = state.players
        draw = state.draw
        if state.phase is not Phase.OVER:
            others = [i for i in range(len(players)) if i != seat]
            pool = tuple(sorted([*(c for i in others for c in players[i].hand), *state.draw]))
            pool, rng = rng.shuffled(pool)
            new_players = list(players)
            at = 0
            for i in others:
                size = len(players[i].hand)
                new_players[i] = replace(players[i], hand=sort_cards(pool[at : at + size]))
                at += size
            players, draw = tuple(new_players), pool[at:]
        hidden = tuple(sorted(t for s in state.stacks for t in s[1:]))
        hidden, rng = rng.shuffled(hidden)
        stacks = []
        at = 0
        for s in state.stacks:
            depth = max(0, len(s) - 1)
            stacks.append(s[:1] + hidden[at : at + depth])
            at += depth
        return evolve(state, players=players, draw=draw, stacks=tuple(stacks), rng=rng)

    rollout_cutoff = bot.ROLLOUT_CUTOFF

    def bot_moves(self, state: State, seat: Seat | None, actions: list[Action]) -> list[Action]:
        """A bot's building is bounded (see `bot.bot_moves`)."""
        return bot.bot_moves(state, actions)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """A bot's estimate of an unfinished game (see `bot.evaluate`)."""
        return bot.evaluate(state)

    def check_invariants(self, state: State) -> None:
        tiles = [t for s in state.stacks for t in s]
        cards = list(state.draw) + list(state.discard)
        for p in state.players:
            tiles.extend(t for _, t in p.area.tiles)
            tiles.extend(p.area.stock)
            cards.extend(p.hand)
            cards.extend(c for c, _ in p.area.cards)
            assert p.hand == sort_cards(p.hand), "hand not sorted"
            assert p.area.stock == tuple(sorted(p.area.stock)), "stockpile not sorted"
            _check_area(p.area)
        assert Counter(tiles) == Counter(all_tiles()), "tiles lost or duplicated"
        deck = Counter({k: REGULAR_COPIES for k in REGULAR}) + Counter(state.specials)
        assert Counter(cards) == deck, "cards lost or duplicated"
        assert state.build_actions >= 0
        assert state.build_actions == 0 or state.phase in (Phase.BUILD, Phase.OVER), "actions counted off-phase"
        assert state.final == (empty_stacks(state) >= empty_stacks_to_end(len(state.players)))
        if state.split:
            assert state.phase is Phase.BUILD and state.holding is None, "a split choice outside building"
            anchors = state.players[state.current].area.layout.anchors
            assert all(set(parts) <= set(anchors) for _, parts in state.split), "a split part is gone"


@lru_cache(maxsize=4096)
def _area_failure(tiles: Tiles) -> str | None:
    return whole_area_failure(dict(tiles))


@lru_cache(maxsize=4096)
def _check_area(area: Area) -> None:
    lay = area.layout
    assert area.locked <= set(lay.grid), "a locked cell is empty"
    for part, why in zip(lay.parts, lay.failures, strict=True):
        if why is None:
            assert part <= area.locked, "a complete building is not locked"
    reason = _area_failure(area.tiles)
    assert reason is None, reason
    anchors = lay.anchors
    for card, anchor in area.cards:
        assert card in INSTALLABLE and anchor in anchors, f"{card} is not anchored to a building"
    assert all(n <= 1 for n in area.residents()), "two residents share a building"
    assert len({c for c, _ in area.cards}) == len(area.cards), "a card is installed twice"


_PROMPTS = {
    Phase.TRADE: "Trade cards, buy tiles, or go on to building",
    Phase.PURCHASE: "Buy tiles, or go on to building",
    Phase.BUILD: "Build, then finish your turn",
}


@lru_cache(maxsize=64)
def _decision(phase: Phase, current: Seat, final: bool) -> Decision:
    prompt = "Last building phase" if final and phase is Phase.BUILD else _PROMPTS[phase]
    return Decision(DecisionKind.TURN, (current,), prompt=prompt)


@lru_cache(maxsize=1024)
def _trades(hand: tuple[str, ...]) -> tuple[Trade, ...]:
    """Every trade a hand allows: 1 up to all of one kind."""
    return tuple(Trade(kind, k) for kind, n in Counter(hand).items() for k in range(1, n + 1))


@lru_cache(maxsize=8192)
def _buys(index: int, code: str, merchant: bool, hand: tuple[str, ...]) -> tuple[Buy, ...]:
    """Every way `hand` can buy the tile `code` on top of stack `index`."""
    options = affordable(with_silver_for_gold(TYPES[code].cost, merchant), hand)
    specials = [(card,) for card in SPECIALS if card in hand]
    return tuple(Buy(index, p) for p in options + specials)


def _with_player(players: tuple[PlayerState, ...], seat: Seat, player: PlayerState) -> tuple[PlayerState, ...]:
    return tuple(player if i == seat else p for i, p in enumerate(players))


def area_from_view(seat: SeatView) -> Area:
    """Rebuild a seat's area from its public view (everything about an area is public)."""
    cards = tuple((card, b.anchor) for b in seat.buildings for card in b.cards)
    return Area(seat.tiles, seat.locked, cards, seat.stock)


def put_refusal(view: TasniaView, cell: Cell) -> str | None:
    """Why the current seat may not put its held tile on `cell` now, or None: for live feedback."""
    if view.holding is None or view.phase is not Phase.BUILD:
        return "pick a tile first"
    try:
        B.verify_put(area_from_view(view.seats[view.current]), view.holding, cell)
    except IllegalAction as exc:
        return str(exc)
    return None


@dataclass(frozen=True, slots=True)
class PutPreview:
    """What putting the held tile on a cell would do to the board score, before committing."""

    before: int
    after: int
    breaks: bool
    """True when a building that is complete now would be incomplete afterwards."""

    @property
    def change(self) -> int:
        return self.after - self.before


def put_preview(view: TasniaView, cell: Cell) -> PutPreview | None:
    """The score change of putting the current seat's held tile on `cell`, None if it may not go there."""
    if put_refusal(view, cell) is not None:
        return None
    assert view.holding is not None
    area = area_from_view(view.seats[view.current])
    after, _, _ = B.do_put(area, view.holding, cell)
    return PutPreview(board_score(area).total, board_score(after).total, _breaks(area, after))


def _breaks(before: Area, after: Area) -> bool:
    old, new = before.layout, after.layout
    for part, why in zip(old.parts, old.failures, strict=True):
        if why is None and any(new.failures[new.label[c]] is not None for c in part if c in new.label):
            return True
    return False
