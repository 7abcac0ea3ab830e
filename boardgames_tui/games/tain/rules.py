"""Tàin's rules behind the engine protocol: setup, who acts, legal actions, apply, views, scoring."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

from boardgames_tui.engine.protocol import (
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    LogEntry,
    Options,
    Outcome,
    Seat,
)
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tain import ABOUT
from boardgames_tui.games.tain import actions as act
from boardgames_tui.games.tain.actions import FREES, PASS, STEP, TO_GUARD, TO_RAID, Action, Free, Pass, Place, Step
from boardgames_tui.games.tain.components import (
    CAN_RAID,
    CAN_SCOUT,
    COWS_TOTAL,
    JEWELS_TOTAL,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_COWS,
    START_JEWELS,
    TOKEN_COUNTS,
    TURNS,
    Kind,
)
from boardgames_tui.games.tain.raid import (
    REVEAL_PROMPT,
    RaidStep,
    free_choice,
    next_step,
    raid_prompt,
    step_prompt,
    table_step,
)
from boardgames_tui.games.tain.scoring import outcome as score_outcome
from boardgames_tui.games.tain.scoring import total as scoring_total
from boardgames_tui.games.tain.scouting import pass_turn, place, placement_error, placements
from boardgames_tui.games.tain.state import (
    CHOOSING,
    EMPTY_BOARD,
    EMPTY_FK,
    NO_TOKENS,
    OVER,
    RAIDING,
    REVEALING,
    SCOUTING,
    Clan,
    TainState,
    Token,
    evolve_clan,
    evolve_state,
    public,
    where,
)
from boardgames_tui.games.tain.views import TainView, view


def new_state(names: Sequence[str], seed: int, active: int | None = None) -> TainState:
    """The opening position; the first active player is drawn at random unless given (spec R2)."""
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Tàin takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
    rng = RngState(seed)
    if active is None:
        generator, rng = rng.draw()
        active = generator.randrange(n)
    clan = Clan(screen=TOKEN_COUNTS, discard=NO_TOKENS, cows=START_COWS, jewels=START_JEWELS)
    names = tuple(names)
    return TainState(
        names=names,
        clans=(clan,) * n,
        guards=(EMPTY_BOARD,) * n,
        scouts=(EMPTY_BOARD,) * n,
        fk=EMPTY_FK,
        fk_cows=COWS_TOTAL - START_COWS * n,
        turn=1,
        active=active,
        phase=SCOUTING,
        current=active,
        choice_board=-1,
        log=(public(f"Turn 1 begins; {names[active]} is the active player."),),
        rng=rng,
        jewels_in_box=JEWELS_TOTAL - START_JEWELS * n,
    )


@lru_cache(maxsize=64)
def _turn(name: str, seat: int, choosing: bool) -> Decision:
    """The decision of one seat, built once per seat (to_act is called on every playout step)."""
    if choosing:
        return Decision(DecisionKind.TURN, (seat,), True, f"{name}: choose the captive to free")
    return Decision(DecisionKind.TURN, (seat,), False, f"{name}: place a token or pass")


_REVEAL_DECISION = Decision(DecisionKind.STEP, (), True, REVEAL_PROMPT)


@lru_cache(maxsize=256)
def _raid_decision(names: tuple[str, ...], step: RaidStep) -> Decision:
    """A raid step's decision, built once per seat names and step (to_act is called on every
    playout step)."""
    return Decision(DecisionKind.STEP, (), True, raid_prompt(names, step))


class TainGame(Game[TainState, Action, TainView], about=ABOUT):
    fuzz_games: ClassVar[int] = 75

    def setup(self, names: Sequence[str], options: Options, seed: int) -> TainState:
        self.check_options(options)
        return new_state(names, seed)

    def to_act(self, state: TainState) -> Decision | None:
        phase = state.phase
        if phase is SCOUTING:
            return _turn(state.names[state.current], state.current, False)
        if phase is CHOOSING:
            return _turn(state.names[state.current], state.current, True)
        if phase is OVER:
            return None
        if phase is REVEALING:
            return _REVEAL_DECISION
        return _raid_decision(state.names, next_step(state))

    def legal(self, state: TainState, seat: Seat | None) -> list[Action]:
        phase = state.phase
        if phase is SCOUTING:
            if seat != state.current:
                return []
            return [*placements(state, seat), PASS]
        if phase is CHOOSING:
            if seat != state.current:
                return []
            board = state.clans[state.choice_board]
            return [FREES[k] for k in sorted({k for o, k in board.captives if o == seat})]
        if phase is OVER or seat is not None:
            return []
        return [STEP]

    def apply(self, state: TainState, seat: Seat | None, action: Action) -> TainState:
        if state.phase is OVER:
            raise IllegalAction("The game is over.")
        if isinstance(action, Place):
            return place(state, seat, action)
        if isinstance(action, Step):
            return table_step(state, seat)
        if isinstance(action, Pass):
            return pass_turn(state, seat)
        if isinstance(action, Free):
            return free_choice(state, seat, action.kind)
        raise IllegalAction(f"Not a Tàin action: {action!r}")

    def placement_error(self, state: TainState, seat: Seat | None, action: Place) -> str | None:
        """Why a placement is refused, for screens that explain a click on a forbidden slot."""
        return placement_error(state, seat, action)

    def view(self, state: TainState, seat: Seat | None) -> TainView:
        return view(state, seat)

    def scores(self, state: TainState) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(scoring_total(clan)) for clan in state.clans)

    def progress(self, state: TainState) -> str:
        if state.phase is OVER:
            return f"Game over after turn {state.turn} of {TURNS}"
        part = {SCOUTING: "scouting", CHOOSING: "raid"}.get(state.phase, "raid")
        return f"Turn {state.turn} of {TURNS}, {part}"

    def outcome(self, state: TainState) -> Outcome | None:
        return score_outcome(state)

    def describe(self, state: TainState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        if isinstance(action, Step):
            return step_prompt(state) if state.phase in (REVEALING, RAIDING) else "Next step"
        who = "the table" if seat is None else state.names[seat]
        if isinstance(action, Pass):
            return "Pass for the rest of this scouting phase" if viewer == seat else f"{who} passes"
        if isinstance(action, Free):
            if viewer == seat:
                return f"Free your {action.kind.label}"
            return f"{who} frees a captive {action.kind.label}"
        if action.area is TO_RAID:
            target = "the foreign kingdom"
            verb = "Raid"
        else:
            target = where(state.names[action.board], action.entrance)
            verb = "Guard" if action.area is TO_GUARD else "Scout"
        if viewer == seat:
            return f"{verb} {target} with your {action.kind.label}"
        return f"{who} places a token at {target}"

    def log(self, state: TainState) -> tuple[LogEntry, ...]:
        return state.log

    def encode(self, action: Action) -> str:
        return action.encode()

    def decode(self, text: str) -> Action:
        return act.decode(text)

    def reveals(self, before: TainState, seat: Seat | None, action: Action) -> bool:
        """Raid steps turn tokens over and move spoils; a placement or pass reveals nothing,
        unless it makes another seat pass because nothing it holds fits (that says something
        about what is behind that seat's screen)."""
        if isinstance(action, Step):
            return True
        if isinstance(action, Place | Pass) and before.phase is SCOUTING:
            after = self.apply(before, seat, action)
            forced = sum(c.passed for c in after.clans) - sum(c.passed for c in before.clans)
            return forced > (1 if isinstance(action, Pass) else 0)
        return False

    def asks_twice(self, before: TainState, seat: Seat | None, action: Action) -> bool:
        """Only the table's raid steps reveal by themselves, and they are the table's own
        resolution; whether a placement makes another seat pass depends on what that seat hides,
        so asking twice for it would tell the placer a secret."""
        return False

    def resample(self, state: TainState, seat: Seat, seed: int) -> TainState:
        return resample(state, seat, seed)

    def check_invariants(self, state: TainState) -> None:
        check_invariants(state)


def _placed(state: TainState) -> list[tuple[str, int, int, Token]]:
    """Every token on a board or in the kingdom: (area, board, slot index, token)."""
    out = [("r", -1, i, t) for i, t in enumerate(state.fk) if t is not None]
    for board in range(state.players):
        out += [("g", board, e, t) for e, t in enumerate(state.guards[board]) if t is not None]
        out += [("s", board, e, t) for e, t in enumerate(state.scouts[board]) if t is not None]
    return out


def resample(state: TainState, seat: int, seed: int) -> TainState:
    """Redraw what `seat` cannot see: the kinds of other clans' face-down tokens, and how each
    other clan's remaining tokens split between its screen and its face-down discard pile.

    Counts, slot occupancy and colours stay as they are; a kind only lands where it may stand
    (raid slots are filled first, then scout slots, then guards, so the draw always fits)."""
    rng = random.Random(seed)
    placed = _placed(state)
    clans = list(state.clans)
    fk, guards, scouts = list(state.fk), [list(r) for r in state.guards], [list(r) for r in state.scouts]
    for other in range(state.players):
        if other == seat:
            continue
        clan = clans[other]
        pool: list[Kind] = []
        for k in KINDS:
            pool += [k] * (clan.screen[k] + clan.discard[k])
        hidden = [] if state.revealed else [p for p in placed if p[3][0] == other]
        for _, _, _, (_, kind) in hidden:
            pool.append(kind)
        pool.sort()
        rng.shuffle(pool)
        rank = {"r": 0, "s": 1, "g": 2}
        for area, board, index, _ in sorted(hidden, key=lambda p: rank[p[0]]):
            allowed = CAN_RAID if area == "r" else CAN_SCOUT if area == "s" else set(KINDS)
            kind = next(k for k in pool if k in allowed)
            pool.remove(kind)
            token = (other, kind)
            if area == "r":
                fk[index] = token
            elif area == "s":
                scouts[board][index] = token
            else:
                guards[board][index] = token
        screen_total = clan.screen_total
        screen, discard = Counter(pool[:screen_total]), Counter(pool[screen_total:])
        clans[other] = evolve_clan(
            clan, screen=tuple(screen[k] for k in KINDS), discard=tuple(discard[k] for k in KINDS)
        )
    return evolve_state(
        state,
        clans=tuple(clans),
        fk=tuple(fk),
        guards=tuple(tuple(r) for r in guards),
        scouts=tuple(tuple(r) for r in scouts),
    )


def check_invariants(state: TainState) -> None:
    """Conservation of tokens, cows and jewels, and where each token may stand."""
    n = state.players
    counts = [list(NO_TOKENS) for _ in range(n)]
    for seat, clan in enumerate(state.clans):
        assert min(clan.screen) >= 0 and min(clan.discard) >= 0, f"negative token count for seat {seat}"
        assert clan.cows >= 0 and clan.jewels >= 0
        for k in KINDS:
            counts[seat][k] += clan.screen[k] + clan.discard[k]
        for owner, kind in clan.captives + clan.loot_captives:
            assert owner != seat, "a clan holds its own token captive"
            assert kind in (Kind.BOY, Kind.DAUGHTER), f"a {kind.label} cannot be a captive"
            counts[owner][kind] += 1
        if state.phase is SCOUTING:
            assert not (clan.loot_cows or clan.loot_jewels or clan.loot_captives), "plunder left over"
    fk_owners = [t[0] for t in state.fk if t is not None]
    assert len(fk_owners) == len(set(fk_owners)), "a clan has two tokens in the foreign kingdom"
    for area, board, _, (owner, kind) in _placed(state):
        counts[owner][kind] += 1
        if area == "r":
            assert kind in CAN_RAID, f"a {kind.label} raids the foreign kingdom"
        elif area == "g":
            assert owner == board, "a token guards another clan's board"
        else:
            assert owner != board and kind in CAN_SCOUT, "bad scout"
    for seat in range(n):
        assert tuple(counts[seat]) == TOKEN_COUNTS, f"seat {seat} tokens {counts[seat]} != {TOKEN_COUNTS}"
    cows = state.fk_cows + sum(c.cows + c.loot_cows for c in state.clans)
    assert cows == COWS_TOTAL, f"{cows} cows instead of {COWS_TOTAL}"
    jewels = state.jewels_in_box + sum(c.jewels + c.loot_jewels for c in state.clans)
    assert jewels == JEWELS_TOTAL, f"{jewels} jewels instead of {JEWELS_TOTAL}"
    assert 1 <= state.turn <= TURNS
    if state.phase is SCOUTING:
        assert not state.clans[state.current].passed, "the seat to act has passed"
