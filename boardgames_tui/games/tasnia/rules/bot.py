"""What a bot's search and the random player need of Tasnia beyond the rules: an estimate of an
unfinished game, the moves a bot weighs, and the random playout policy (spec ruling 20).

The rules let a player move tiles back and forth for as long as they like, so a uniformly random
player might never finish a Building phase. The random player takes at most
`RANDOM_BUILD_ACTIONS` Building-phase actions per turn, then ends building. Its choices are
weighted so that random games buy tiles, raise buildings and now and then complete one; it never
changes what is legal.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Iterator, Sequence
from itertools import accumulate, groupby, repeat
from typing import TypeVar

from boardgames_tui.engine.protocol import Seat, standing_values
from boardgames_tui.games.tasnia.rules.actions import (
    Action,
    Buy,
    Cancel,
    EndBuilding,
    Install,
    Lift,
    MoveCard,
    Plague,
    Put,
    Steal,
    Stock,
    Take,
    ToBuilding,
    Trade,
)
from boardgames_tui.games.tasnia.rules.components import DOOR_CODES, ROOF_CODES
from boardgames_tui.games.tasnia.rules.placing import put_options, rest_of
from boardgames_tui.games.tasnia.rules.scoring import board_score, card_score
from boardgames_tui.games.tasnia.rules.state import PHASE, State

BOT_BUILD_ACTIONS = 8
"""Building-phase actions a bot takes per turn before it ends building (the rules set no bound)."""

ROLLOUT_CUTOFF = 40
"""Actions of a search playout before it is scored as it stands (a random game is about 700)."""


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's prospects: its area and hand scored as if the game ended now."""
    return standing_values([board_score(p.area).total + card_score(p.hand) for p in state.players])


def bot_moves(state: State, actions: list[Action]) -> list[Action]:
    """The moves a bot considers: never a tile lifted or a card moved back and forth (the rules
    allow it endlessly), and past `BOT_BUILD_ACTIONS` building actions only the end of building."""
    if state.phase is PHASE.BUILD and state.holding is None and state.build_actions >= BOT_BUILD_ACTIONS:
        return [a for a in actions if isinstance(a, EndBuilding)]
    return [a for a in actions if not isinstance(a, Lift | MoveCard)]


RANDOM_BUILD_ACTIONS = 3
"""Building-phase actions the random player takes per turn before it ends building."""

# Weights of the kinds of action, by phase; an action kind absent from `legal` weighs nothing.
_MARKET_WEIGHTS: dict[type, int] = {Buy: 40, Trade: 6, ToBuilding: 8, Plague: 2, Steal: 2}
_BUILD_WEIGHTS: dict[type, int] = {
    Take: 24, Install: 30, Lift: 2, MoveCard: 2, Plague: 3, Steal: 3, EndBuilding: 2,
}  # fmt: skip


T = TypeVar("T")


def weighted(rng: random.Random, population: Sequence[T], cum_weights: Sequence[int]) -> T:
    """`rng.choices(population, cum_weights=cum_weights)[0]`: the same single `rng.random()` draw
    and the same pick (`random.choices` bisects the running totals at the draw times their total,
    as here), without that call's checks and its list of one."""
    return population[bisect(cum_weights, rng.random() * (cum_weights[-1] + 0.0), 0, len(population) - 1)]


def _pick_kind(actions: Sequence[Action], weights: dict[type, int], rng: random.Random) -> Action:
    groups: dict[type, list[Action]] = {}
    for kind, run in groupby(actions, type):  # `legal` lists an action kind in one or a few runs
        if kind in weights:
            group = groups.get(kind)
            if group is None:
                groups[kind] = list(run)
            else:
                group.extend(run)
    if not groups:
        return rng.choice(actions)
    kinds = list(groups)
    kind = kinds[0] if len(kinds) == 1 else weighted(rng, kinds, list(accumulate(weights[k] for k in kinds)))
    choices: Sequence[Action] = groups[kind]
    if kind is Buy:
        # Paying with regular cards keeps the special cards for their powers most of the time.
        regular = [a for a in choices if isinstance(a, Buy) and len(a.payment) > 1]
        if regular and rng.random() < 0.9:
            choices = regular
    return rng.choice(choices)


def _put_weights(state: State) -> dict[tuple[int, int], int]:
    """Weights of the cells worth a second look (all others weigh 1): doors start new buildings
    at the anchor, roofs cap columns, other tiles stand on or beside the tiles already placed."""
    held = state.holding
    assert held is not None
    grid = rest_of(state.players[state.current].area, held).grid
    return _cell_weights(grid, 40 if held.tile[0] in ROOF_CODES else 12)


def _cell_weights(grid: dict[tuple[int, int], str], on_top: int) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for x, y in grid:
        for near in ((x - 1, y), (x + 1, y), (x, y - 1)):
            out[near] = 6
    for (x, y), tile in grid.items():
        if tile[0] not in ROOF_CODES:
            out[(x, y + 1)] = on_top
    return out


def random_choice(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The random player's choice among the legal `actions` of the current seat."""
    return rollout_choice(state, state.current, actions, rng)


def rollout_choice(state: State, seat: Seat | None, actions: Sequence[Action], rng: random.Random) -> Action:
    """The random player's choice, as a search's playout asks for it (`seat` is the current one)."""
    if state.holding is not None:
        puts, cum_weights = _weighed_puts(state, actions)
        n = len(puts)
        # `legal` lists the Puts first: then only the actions after them need looking at.
        after = actions[n:] if n and actions[:n] == puts else actions
        stock = [a for a in after if isinstance(a, Stock)]
        if stock and (not puts or rng.random() < 0.2):
            return stock[0]
        if not puts:
            return next(a for a in actions if isinstance(a, Cancel))
        return weighted(rng, puts, cum_weights)
    if state.phase is PHASE.BUILD:
        if state.build_actions >= RANDOM_BUILD_ACTIONS:
            return next(a for a in actions if isinstance(a, EndBuilding))
        return _pick_kind(actions, _BUILD_WEIGHTS, rng)
    return _pick_kind(actions, _MARKET_WEIGHTS, rng)


def put_weights(state: State, cells: Sequence[tuple[int, int]]) -> Iterator[int]:
    """The random player's weight of putting the held tile on each of `cells`."""
    assert state.holding is not None
    special = _put_weights(state)
    if state.holding.tile[0] in DOOR_CODES:
        special[cells[-1]] = 30  # `legal` lists the new-building anchor last
    return map(special.get, cells, repeat(1))


def _weighed_puts(state: State, actions: Sequence[Action]) -> tuple[list[Action], list[int]]:
    """The Put actions among `actions` and their running total of weights (`random.choices`
    draws the same with running totals as with the weights). When `actions` are `legal`'s, the
    totals are worked out once per area and held tile (`placing`), else here."""
    held = state.holding
    assert held is not None
    options = put_options(state.players[state.current].area, held)
    n = len(options.puts)
    puts = list(actions[:n])
    if puts == list(options.puts) and not any(isinstance(a, Put) for a in actions[n:]):
        cum_weights = options.derived.get(_CUM_WEIGHTS)
        if cum_weights is None:
            cum_weights = options.derived[_CUM_WEIGHTS] = list(accumulate(put_weights(state, options.cells)))
        assert isinstance(cum_weights, list)
        return puts, cum_weights
    found = [a for a in actions if isinstance(a, Put)]
    return list(found), list(accumulate(put_weights(state, [a.cell for a in found]))) if found else []


_CUM_WEIGHTS = "random player's running weights"
