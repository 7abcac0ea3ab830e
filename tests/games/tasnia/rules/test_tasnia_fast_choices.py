"""The fast paths of Tasnia's legal actions, checks and random player against plain statements of
the same rules, on the states of seeded random games: a Put checked against the cells listed for
`legal`, the random player's cell weights and kinds of action, and the purchases of a hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest

from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tasnia import GAME
from boardgames_tui.games.tasnia.rules import bot
from boardgames_tui.games.tasnia.rules.actions import Action, Buy, Put
from boardgames_tui.games.tasnia.rules.area import Area, has_installed, remove_tile
from boardgames_tui.games.tasnia.rules.build import verify_put
from boardgames_tui.games.tasnia.rules.components import DOOR_CODES, MERCHANT, ROOF_CODES, TYPES
from boardgames_tui.games.tasnia.rules.geometry import placement_failure, targets
from boardgames_tui.games.tasnia.rules.market import contains, tile_payments
from boardgames_tui.games.tasnia.rules.purchase import market_actions
from boardgames_tui.games.tasnia.rules.state import Held, State, sort_cards

GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@cache
def _states(players: int, seed: int) -> list[State]:
    return random_states(GAME, players, seed)


def _plain_verdict(area: Area, held: Held, cell: tuple[int, int]) -> bool:
    """A3 on the area, then P1-P7 on the area without the held tile, as the rules state them."""
    if cell not in targets(area.grid):
        return False
    rest = area if held.source is None else remove_tile(area, held.source)[0]
    lay = rest.layout
    return placement_failure(lay.grid, cell, held.tile, lay.label, list(lay.doors), rest.residents()) is None


def _accepted(area: Area, held: Held, cell: tuple[int, int]) -> bool:
    try:
        verify_put(area, held, cell)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_put_is_accepted_exactly_where_every_check_passes(players: int, seed: int) -> None:
    """`verify_put` accepts a cell from the verdicts worked out for `legal`: it accepts exactly the
    cells of T(area) that pass P1-P7, and no cell outside T(area), for every tile held."""
    for state in _states(players, seed)[::40]:
        for area in {p.area.tiles: p.area for p in state.players}.values():
            helds = [Held(code) for code in ("D", "W", "^", "A")] + [Held(t, c) for c, t in area.tiles[:4]]
            lay = area.layout
            box = lay.box or (0, 0, 0, 0)
            cells = [(x, y) for x in range(box[0] - 3, box[1] + 4) for y in range(box[2] - 2, box[3] + 3)]
            for held in helds:
                for cell in cells:
                    assert _accepted(area, held, cell) == _plain_verdict(area, held, cell), (area, held, cell)


def _plain_weights(state: State, puts: Sequence[Put]) -> list[int]:
    """The random player's cell weights as first written: read off the whole area, the lifted
    tile's cell skipped."""
    held = state.holding
    assert held is not None
    grid = state.players[state.current].area.grid
    on_top = 40 if held.tile[0] in ROOF_CODES else 12
    out: dict[tuple[int, int], int] = {}
    for x, y in grid:
        if (x, y) == held.source:
            continue
        for near in ((x - 1, y), (x + 1, y), (x, y - 1)):
            out[near] = 6
    for (x, y), tile in grid.items():
        if (x, y) != held.source and tile[0] not in ROOF_CODES:
            out[(x, y + 1)] = on_top
    if held.tile[0] in DOOR_CODES:
        out[puts[-1].cell] = 30
    return [out.get(a.cell, 1) for a in puts]


def _holding_states(players: int, seed: int) -> list[State]:
    return [s for s in _states(players, seed) if s.holding is not None and GAME.to_act(s) is not None]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_random_players_weights_of_cells_are_those_first_written(players: int, seed: int) -> None:
    """The running weights kept with the held tile's cells are the sums of the weights worked out
    from the whole area, whether `legal`'s own list is passed or another one."""
    states = _holding_states(players, seed)
    assert states
    for state in states:
        actions = GAME.legal(state, state.current)
        puts = [a for a in actions if isinstance(a, Put)]
        expected = _plain_weights(state, puts) if puts else []
        found, cum = bot._weighed_puts(state, actions)
        assert found == puts
        assert cum == [sum(expected[: i + 1]) for i in range(len(expected))]
        other = list(reversed(actions))  # not legal's list: weighed from scratch
        found, cum = bot._weighed_puts(state, other)
        assert found == puts[::-1]
        plain = _plain_weights(state, found) if found else []
        assert cum == [sum(plain[: i + 1]) for i in range(len(plain))]


def _plain_pick_kind(actions: Sequence[Action], weights: dict[type, int], rng: random.Random) -> Action:
    """`bot._pick_kind` as first written: actions grouped one by one."""
    groups: dict[type, list[Action]] = {}
    for action in actions:
        if type(action) in weights:
            groups.setdefault(type(action), []).append(action)
    if not groups:
        return rng.choice(actions)
    kinds = list(groups)
    kind = kinds[0] if len(kinds) == 1 else rng.choices(kinds, [weights[k] for k in kinds])[0]
    choices: Sequence[Action] = groups[kind]
    if kind is Buy:
        regular = [a for a in choices if isinstance(a, Buy) and len(a.payment) > 1]
        if regular and rng.random() < 0.9:
            choices = regular
    return rng.choice(choices)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_random_player_picks_a_kind_of_action_as_first_written(players: int, seed: int) -> None:
    """Grouping actions by runs of a kind draws the same action with the same random numbers, also
    for lists whose kinds are shuffled."""
    for i, state in enumerate(_states(players, seed)[::7]):
        if GAME.to_act(state) is None or state.holding is not None:
            continue
        actions = GAME.legal(state, state.current)
        random.Random(i).shuffle(shuffled := list(actions))
        for listed in (actions, shuffled):
            for weights in (bot._MARKET_WEIGHTS, bot._BUILD_WEIGHTS):
                fast, plain = random.Random(seed + i), random.Random(seed + i)
                assert bot._pick_kind(listed, weights, fast) == _plain_pick_kind(listed, weights, plain)
                assert fast.random() == plain.random()


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_purchases_listed_are_every_price_the_hand_holds(players: int, seed: int) -> None:
    """The purchases listed once per hand and market are, stack by stack, each accepted price of
    the top tile that the hand holds; `apply` accepts each and refuses other prices."""
    for state in _states(players, seed)[::11]:
        if GAME.to_act(state) is None or state.holding is not None:
            continue
        me = state.players[state.current]
        merchant = has_installed(me.area, MERCHANT)
        plain = [
            Buy(i, p)
            for i, stack in enumerate(state.stacks)
            if stack
            for p in tile_payments(stack[0], me.area)
            if contains(me.hand, p)
        ]
        assert [a for a in market_actions(state, me) if isinstance(a, Buy)] == plain, merchant
        if state.phase.value in ("trade", "purchase"):
            for i, stack in enumerate(state.stacks):
                for code in {*TYPES, *(s[0][0] for s in state.stacks if s)}:
                    cost = sort_cards(TYPES[code].cost)  # as `legal` writes a price
                    action = Buy(i, cost)
                    try:
                        GAME.apply(state, state.current, action)
                        ok = True
                    except IllegalAction:
                        ok = False
                    expected = bool(stack) and action in plain
                    assert ok == expected, (action, stack[:1])
