"""The written-out fast paths of the rules against the same rules stated plainly: a placement
(`put`), the reveal, dawn, the raid's order read from its plan (`upcoming`) and the ranking from
totals worked out once. Each plain statement below copies with `evolve`, walks the slots and asks
every helper; on every state of seeded games (and along playouts made with the search's
`apply_legal`) the fast path gives an equal state."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.deferred import later
from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.simulate import random_states
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.actions import AREA, Place
from boardgames_tui.games.tain.rules.components import KINDS, TURNS, WIN_COWS, Kind
from boardgames_tui.games.tain.rules.openings import TAKE, free_slots
from boardgames_tui.games.tain.rules.raid import reveal, reveal_line_count, reveal_lines
from boardgames_tui.games.tain.rules.raid_order import next_step, raid_plan, upcoming
from boardgames_tui.games.tain.rules.resolution import dawn, dawn_lines
from boardgames_tui.games.tain.rules.scoring import ranking, total
from boardgames_tui.games.tain.rules.scouting import (
    _advance,
    _mark_passed,
    _placed_lines,
    can_place,
    guards_only,
    open_scouting,
    put,
)
from boardgames_tui.games.tain.rules.state import (
    EMPTY_BOARD,
    NO_TOKENS,
    Phase,
    TainState,
    Token,
    add_counts,
    add_kind,
    set_slot,
    with_item,
)


def plain_put(state: TainState, seat: int, action: Place) -> TainState:
    """A placement as the rule says it: the token leaves the screen for its slot and the log
    says where; then, if only guards are left to place, the placer keeps the turn (or passes if
    it cannot place), else the next seat clockwise that has not passed places if it can, and
    otherwise the turn moves on through `_advance`."""
    clan = state.clans[seat]
    clans = with_item(state.clans, seat, evolve(clan, screen=add_kind(clan.screen, action.kind, -1)))
    token = (seat, action.kind)
    after = evolve(state, clans=clans, log=state.log + _placed_lines(state.names, seat, action))
    if action.area is AREA.RAID:
        after = evolve(after, fk=with_item(state.fk, state.fk.index(None), token))
    elif action.area is AREA.GUARD:
        after = evolve(after, guards=set_slot(state.guards, action.board, action.entrance, token))
    else:
        after = evolve(after, scouts=set_slot(state.scouts, action.board, action.entrance, token))
    if guards_only(after, seat):
        return after if can_place(after, seat) else _advance(_mark_passed(after, seat, forced=True))
    n = state.players
    for step in range(1, n + 1):
        following = (seat + step) % n
        if not after.clans[following].passed:
            if can_place(after, following):
                return evolve(after, current=following)
            break
    return _advance(after)


def walked_free_slots(state: TainState) -> tuple[int, int]:
    """The free inside and outside slots found by walking every slot (bit 5 * board + entrance)."""
    return tuple(  # type: ignore[return-value]
        sum(1 << 5 * b + e for b, row in enumerate(rows) for e, t in enumerate(row) if t is None)
        for rows in (state.guards, state.scouts)
    )


def plain_reveal(state: TainState) -> TainState:
    """Every token face up: bluffs leave their slots for their owners' discard piles, and the
    slots that showed one are the latest news."""
    bluffs = [0] * state.players
    shown: list[tuple[int, int, Token | None, Token | None, str, None]] = []

    def strip(row: tuple[Token | None, ...]) -> tuple[Token | None, ...]:
        for token in row:
            if token is not None and token[1] is Kind.BLUFF:
                bluffs[token[0]] += 1
        return tuple(None if t is not None and t[1] is Kind.BLUFF else t for t in row)

    shown += [(-1, i, t, None, "bluff", None) for i, t in enumerate(state.fk) if t and t[1] is Kind.BLUFF]
    for board, (scout_row, guard_row) in enumerate(zip(state.scouts, state.guards, strict=True)):
        for e, (scout, guard) in enumerate(zip(scout_row, guard_row, strict=True)):
            if any(t is not None and t[1] is Kind.BLUFF for t in (scout, guard)):
                shown.append((board, e, scout, guard, "bluff", None))
    fk = strip(state.fk)
    guards = tuple(strip(row) for row in state.guards)
    scouts = tuple(strip(row) for row in state.scouts)
    clans = tuple(
        evolve(c, discard=add_kind(c.discard, Kind.BLUFF, bluffs[s])) if bluffs[s] else c
        for s, c in enumerate(state.clans)
    )
    log = later(state.log, reveal_line_count(state, any(bluffs)), reveal_lines, state)
    return evolve(
        state,
        fk=fk,
        guards=guards,
        scouts=scouts,
        clans=clans,
        phase=Phase.RAID,
        log=log,
        news_from=len(state.log),
        last=tuple(shown),
    )


def plain_dawn(state: TainState) -> TainState:
    """Dawn: lone guards to their owners' discard piles, plunder home, the end checked, empty
    screens refilled from the discards, and the next turn's scouting opened."""
    over = any(c.cows + c.loot_cows >= WIN_COWS for c in state.clans) or state.turn >= TURNS
    clans = []
    for seat, clan in enumerate(state.clans):
        discard = list(clan.discard)
        for row in state.guards:
            for token in row:
                if token is not None and token[0] == seat:
                    discard[token[1]] += 1
        screen, pile = clan.screen, tuple(discard)
        if not over and clan.screen_total == 0:
            screen, pile = add_counts(screen, pile), NO_TOKENS
        clans.append(
            evolve(
                clan,
                cows=clan.cows + clan.loot_cows,
                jewels=clan.jewels + clan.loot_jewels,
                captives=tuple(sorted(clan.captives + clan.loot_captives)),
                screen=screen,
                discard=pile,
                loot_cows=0,
                loot_jewels=0,
                loot_captives=(),
                passed=clan.passed and over,
            )
        )
    n = state.players
    lines = len(dawn_lines(state))
    after = evolve(
        state,
        clans=tuple(clans),
        guards=(EMPTY_BOARD,) * n,
        scouts=(EMPTY_BOARD,) * n,
        log=later(state.log, lines, dawn_lines, state),
        news_from=len(state.log),
        last=(),
    )
    if over:
        return evolve(after, phase=Phase.OVER, current=-1)
    active = (state.active + 1) % n
    return open_scouting(evolve(after, turn=state.turn + 1, active=active, phase=Phase.SCOUT, current=active))


def _games(seeds: range) -> list[list[TainState]]:
    return [random_states(GAME, 2 + seed % 3, seed) for seed in seeds]


@pytest.mark.parametrize("seeds", [range(60, 63), range(63, 66)])
def test_a_placement_gives_the_state_the_plain_rule_gives(seeds: range) -> None:
    checked = 0
    for states in _games(seeds):
        for state in states[::2]:
            if state.phase is not Phase.SCOUT:
                continue
            for action in GAME.legal(state, state.current):
                if isinstance(action, Place):
                    after = put(state, state.current, action)
                    assert after == plain_put(state, state.current, action), action
                    assert free_slots(after) == walked_free_slots(after)
                    checked += 1
    assert checked > 1000


def test_the_reveal_and_dawn_give_the_states_the_plain_rules_give() -> None:
    seen = {"reveal": 0, "dawn": 0, "bluffs": 0}
    for states in _games(range(70, 76)):
        for state in states:
            if state.phase is Phase.REVEAL:
                after = reveal(state)
                assert after == plain_reveal(state)  # the log's lines and `last` included
                seen["reveal"] += 1
                seen["bluffs"] += bool(after.last)
            elif state.phase is Phase.RAID and next_step(state)[0] == "dawn":
                assert dawn(state) == plain_dawn(state)
                seen["dawn"] += 1
    assert seen["reveal"] >= 30 and seen["dawn"] >= 30 and seen["bluffs"] >= 10


def test_the_raid_s_plan_gives_next_step_s_order_along_games_and_playouts() -> None:
    """`upcoming` reads the step from the plan each raid step hands on; asked of the states of
    seeded games and of playouts made with the search's `apply_legal`, it is `next_step`."""
    rng = random.Random(5)
    raid_states = 0
    for states in _games(range(80, 86)):
        for start in states[::25]:
            state = start
            while (decision := GAME.to_act(state)) is not None:
                if state.phase is Phase.RAID:
                    assert upcoming(state) == next_step(state) == raid_plan(state)[0]
                    raid_states += 1
                seat = decision.seats[0] if decision.seats else None
                state = GAME.apply_legal(state, seat, rng.choice(GAME.legal(state, seat)))
    assert raid_states > 500


def test_the_ranking_from_totals_worked_out_once_is_the_plain_ranking() -> None:
    """Groups from first place down by points, then cows, jewels and tokens behind the screen."""
    for states in _games(range(90, 99)):
        clans = states[-1].clans
        key = [(total(c), c.cows, c.jewels, sum(c.screen)) for c in clans]
        plain: list[list[int]] = []
        for seat in sorted(range(len(clans)), key=lambda s: key[s], reverse=True):
            if plain and key[plain[-1][0]] == key[seat]:
                plain[-1].append(seat)
            else:
                plain.append([seat])
        assert ranking(clans, tuple(total(c) for c in clans)) == tuple(tuple(sorted(g)) for g in plain)
        outcome = GAME.outcome(states[-1])
        assert outcome is not None and outcome.ranking == ranking(clans)


def test_every_screen_a_clan_can_have_is_looked_up_by_a_placement() -> None:
    """`TAKE` holds, for each screen within the box's counts, each held kind's screen after."""
    assert len(TAKE) == 2 * 3 * 7 * 2 * 9  # none to all of each kind's tokens
    for screen, taken in TAKE.items():
        for kind in KINDS:
            entry = taken[kind]
            if screen[kind]:
                assert entry is not None and entry[0] == add_kind(screen, kind, -1)
                assert entry[1] == sum(1 << k for k in KINDS if entry[0][k])
            else:
                assert entry is None
