"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012) over the protocol.

One tree, seen from the bot's seat (single observer). Every iteration starts from a fresh
determinization, `game.resample(state, seat, …)`, so the search never reads what the seat may
not know: the state handed to `Search` is only ever passed to `resample`, and `resample` depends
on nothing but the seat's information. Within an iteration:

- the walk down the tree chooses by UCB with availability counts (a move counts as available
  in the iterations where it was legal), each seat maximising its own reward;
- a node's children are keyed by what the bot observes: its own moves by the move, another
  seat's move by `game.observation(…, viewer=bot)` — hidden choices that look alike to the bot
  (a card played face down, a sealed choice) lead to one shared child, while the statistics
  that pick the move stay per move (the other seat chooses knowing its own hand);
- sealed decisions (a round of choices made together in secret): when the bot is among the
  seats still to choose it chooses first; every choice of the round is weighed at the node
  where the round began, so the other seats' statistics never depend on the bot's choice (they
  cannot see it), and their choices, hidden from the bot, are merged as above on the way down;
- windows (a call any listed seat may claim, which the table closes otherwise): the listed seats
  are asked in turn, the bot first, each may claim with one of its moves or let it pass; a
  seat unable to claim passes too, so a pass reveals nothing; when all pass the table closes;
- table steps are no one's decision: they are applied as they come;
- below the tree a playout with `game.rollout_choice`, cut short after `game.rollout_cutoff`
  actions when the game supplies `evaluate`; the reward is per seat (`rewards.outcome_rewards`).

Every move the search applies was taken from `legal` (or `bot_moves`), so a game may offer
`apply_legal(state, seat, action)`: `apply` without checking the action again, the same state
as `apply` gives. The search applies with it when the game has one (see `applier`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from math import log, sqrt
from typing import Any

from boardgames_tui.bots.rewards import outcome_rewards
from boardgames_tui.engine.protocol import AnyGame, Decision, DecisionKind, Game, Seat

PASS: Any = object()
"""The move "let the window pass" (no claim), in the tree and as a choice."""

EXPLORE = 0.7
"""The UCB exploration constant (rewards lie in [0, 1])."""

_TURN, _SEALED, _WINDOW, _STEP = DecisionKind.TURN, DecisionKind.SEALED, DecisionKind.WINDOW, DecisionKind.STEP
PASS_KEY = "\x00pass"
_NOBODY: tuple[Seat, ...] = ()  # no seat has passed
_KEPT_KEYS = 4096  # move keys a search keeps (see `Search._options`)

Clock = Callable[[], float]
"""A clock in seconds that a level's time cap is counted in: wall time (`time.perf_counter`, the
default) or, for measurements that must not depend on machine load, `time.process_time`."""
WALL_CLOCK: Clock = time.perf_counter


def bot_moves(game: AnyGame, state: Any, seat: Seat) -> list[Any]:
    """The seat's legal actions a bot considers (the game's `bot_moves`, never empty if any is legal)."""
    actions = game.legal(state, seat)
    if not actions:
        return actions
    return game.bot_moves(state, seat, actions) or actions


def applier(game: AnyGame) -> Callable[[Any, Seat | None, Any], Any]:
    """The game's `apply_legal` if it has one, else its `apply`: how the search applies moves it
    took from `legal`."""
    apply: Callable[[Any, Seat | None, Any], Any] = getattr(game, "apply_legal", None) or game.apply
    return apply


def _uniform_policy(game: AnyGame) -> bool:
    """True when the game keeps the protocol's playout policy, a uniform draw among the actions."""
    cls = type(game)
    return cls.rollout_choice is Game.rollout_choice and cls.random_choice is Game.random_choice


class Node:
    """A node of the tree: the bot's information set after the moves it observed.

    `stats[(seat, move key)]` is [visits, availability, summed reward of that seat];
    `children[observation]` the node reached.
    """

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[tuple[Seat, str], list[float]] = {}
        self.children: dict[Hashable, Node] = {}

    def child(self, key: Hashable) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


def window_open(game: AnyGame, state: Any, decision: Decision) -> bool:
    """True for a window the table may close (so every listed seat may let it pass)."""
    return decision.kind is _WINDOW and bool(game.legal(state, None))


class Search:
    """One search for `seat` from `state`, deterministic for a seed."""

    def __init__(self, game: AnyGame, state: Any, seat: Seat, seed: int) -> None:
        self.game = game
        self._state = state  # read only through resample
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.apply = applier(game)
        self.root = Node()
        self.iterations = 0
        self._keys: dict[int, tuple[Any, str]] = {}  # id(action) -> (action, its key): see `_options`

    def determinization(self, index: int) -> Any:
        """The `index`-th redrawn state: index 0 gives the root's moves, 1, 2, … the iterations."""
        return self.game.resample(self._state, self.seat, self.seed * 100_003 + index)

    def run(self, iterations: int, seconds: float | None, clock: Clock = WALL_CLOCK) -> None:
        """Search until `iterations` are done or, if `seconds` is set, that much time has passed
        on `clock` (not read at all without `seconds`)."""
        deadline = None if seconds is None else clock() + seconds
        while self.iterations < iterations:
            self.iterations += 1
            self._iterate(self.determinization(self.iterations))
            if deadline is not None and clock() >= deadline:
                break

    def visits(self, keys: Sequence[str]) -> list[tuple[float, float]]:
        """(visits, mean reward) of each of the bot's root moves, by move key."""
        out = []
        for key in keys:
            entry = self.root.stats.get((self.seat, key))
            out.append((entry[0], entry[2] / entry[0]) if entry and entry[0] else (0.0, 0.0))
        return out

    def root_totals(self) -> dict[str, tuple[float, float]]:
        """(visits, summed reward) of every root move the bot tried, by move key: what a search in
        another process sends back to be added to its siblings' (`bots.pool`)."""
        return {key: (entry[0], entry[2]) for (mover, key), entry in self.root.stats.items() if mover == self.seat}

    # --- one iteration ---------------------------------------------------------------------
    def _iterate(self, state: Any) -> None:
        game = self.game
        node = self.root
        path: list[tuple[list[float], Seat]] = []
        passed: list[Seat] = []
        # The sealed round being chosen: the node where it began and the seats yet to choose.
        round_node: Node | None = None
        round_left: frozenset[Seat] = frozenset()
        expanded = False
        while not expanded:
            decision = game.to_act(state)
            if decision is None:
                self._backup(path, self._final(state))
                return
            point = self._chooser(state, decision, passed)
            if point is None:  # a table step, or a window every seat let pass
                actions = game.legal(state, None)
                state = self.apply(state, None, game.rollout_choice(state, None, actions, self.rng))
                passed = []
                round_node = None
                continue
            mover, may_pass = point
            options = self._options(state, mover)
            if may_pass:
                options.append((PASS_KEY, PASS))
            if decision.kind is _SEALED:
                if round_node is None or not round_left.issuperset(decision.seats):
                    round_node = node  # a new round: its choices are all weighed here
                round_left = frozenset(decision.seats) - {mover}
                chooser_node = round_node
            else:
                round_node = None
                chooser_node = node
            entry, key, action, expanded = self._select(chooser_node, mover, options)
            path.append((entry, mover))
            if action is PASS:
                passed.append(mover)
                node = node.child((PASS_KEY, mover))
                continue
            if mover == self.seat:
                node = node.child(key)
            else:
                node = node.child((mover, game.observation(state, mover, action, self.seat)))
            state = self.apply(state, mover, action)
            passed = []
        self._backup(path, self._playout(state, passed))

    def _options(self, state: Any, mover: Seat) -> list[tuple[str, Any]]:
        """The mover's moves with their keys. A walk asks for the same moves in iteration after
        iteration, and games share their action values (made once), so a move's key is kept by
        the identity of the action; the action is kept with it, so the identity is never reused
        while the key is kept."""
        keys = self._keys
        if len(keys) > _KEPT_KEYS:  # a game that makes new action values each time
            keys.clear()
        options = []
        for action in bot_moves(self.game, state, mover):
            kept = keys.get(id(action))
            if kept is None or kept[0] is not action:
                kept = keys[id(action)] = (action, self.game.encode(action))
            options.append((kept[1], action))
        return options

    def _chooser(self, state: Any, decision: Decision, passed: list[Seat]) -> tuple[Seat, bool] | None:
        """Who chooses next in the walk, and whether a pass is among the options (None: the table)."""
        kind = decision.kind
        seats = decision.seats
        if kind is _STEP:
            return None
        if kind is _WINDOW and window_open(self.game, state, decision):
            for seat in self._bot_first(seats):
                if seat not in passed:
                    return seat, True
            return None
        if kind is _SEALED and self.seat in seats:
            return self.seat, False
        return seats[0], False

    def _bot_first(self, seats: Sequence[Seat]) -> list[Seat]:
        return sorted(seats, key=lambda s: s != self.seat)

    def _select(
        self, node: Node, mover: Seat, options: list[tuple[str, Any]]
    ) -> tuple[list[float], str, Any, bool]:
        """The move the walk takes at `node`: an untried one if any (then the walk ends), else the
        best by UCB. Counts every option as available once."""
        stats = node.stats
        untried: list[tuple[str, Any]] = []
        best: tuple[list[float], str, Any] | None = None
        best_score = -1.0
        for key, action in options:
            entry = stats.get((mover, key))
            if entry is None:
                untried.append((key, action))
                continue
            entry[1] += 1
            if untried:
                continue
            score = entry[2] / entry[0] + EXPLORE * sqrt(log(entry[1]) / entry[0])
            if score > best_score:
                best, best_score = (entry, key, action), score
        if untried:
            key, action = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            entry = stats[(mover, key)] = [0, 1, 0.0]
            return entry, key, action, True
        assert best is not None, "a chooser with no option"
        return (*best, False)

    def _playout(self, state: Any, passed: Sequence[Seat]) -> tuple[float, ...]:
        """The rewards of a playout from `state` by the game's rollout policy (the `passed` seats
        let the window open now go by)."""
        game = self.game
        rng = self.rng
        to_act, legal, apply, policy = game.to_act, game.legal, self.apply, game.rollout_choice
        # The protocol's default policy is a uniform draw: made here directly, the same draw.
        uniform = rng.choice if _uniform_policy(game) else None
        cutoff = game.rollout_cutoff
        steps = 0
        while True:
            decision = to_act(state)
            if decision is None:
                return self._final(state)
            if cutoff is not None and steps >= cutoff:
                values = game.evaluate(state)
                if values is not None:
                    return values
            kind = decision.kind
            if kind is _TURN or kind is _SEALED:
                seat: Seat | None = decision.seats[0]
                actions = legal(state, seat)
            elif kind is _STEP:
                seat, actions = None, legal(state, None)
            else:
                seat, actions = self._playout_mover(state, decision, passed)
            action = uniform(actions) if uniform is not None else policy(state, seat, actions, rng)
            state = apply(state, seat, action)
            passed = _NOBODY
            steps += 1

    def _playout_mover(self, state: Any, decision: Decision, passed: Sequence[Seat]) -> tuple[Seat | None, list[Any]]:
        """Who acts in a playout at a step or window, with their legal actions: in an open window
        the table closes it half the time, else a seat able to claim does."""
        legal = self.game.legal
        table = legal(state, None)
        if decision.kind is _STEP:
            return None, table
        if not table:  # a window the table may not close
            seat = decision.seats[0]
            return seat, legal(state, seat)
        if self.rng.random() < 0.5:
            return None, table
        able = [(s, actions) for s in decision.seats if s not in passed and (actions := legal(state, s))]
        return self.rng.choice(able) if able else (None, table)

    def _final(self, state: Any) -> tuple[float, ...]:
        outcome = self.game.outcome(state)
        assert outcome is not None, "a finished game without an outcome"
        return outcome_rewards(outcome)

    @staticmethod
    def _backup(path: list[tuple[list[float], Seat]], rewards: Sequence[float]) -> None:
        for entry, mover in path:
            entry[0] += 1
            entry[2] += rewards[mover]
