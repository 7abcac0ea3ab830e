"""Tàin behind the engine protocol: the thin `Game` that wires each verb to the module that
holds its rule (setup, scouting, raid, view, hidden, scoring, invariants, text)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar, cast

from boardgames_tui.engine.protocol import Decision, DecisionKind, Game, IllegalAction, Options, Outcome, Seat
from boardgames_tui.games.tain import ABOUT
from boardgames_tui.games.tain.rules.actions import CODEC, FREES, PASS, STEP, Action, Free, Pass, Place, Step
from boardgames_tui.games.tain.rules.hidden import resample
from boardgames_tui.games.tain.rules.invariants import check_invariants
from boardgames_tui.games.tain.rules.raid import free_choice, raid_step, table_step
from boardgames_tui.games.tain.rules.raid_order import RaidStep, upcoming
from boardgames_tui.games.tain.rules.scoring import outcome, total
from boardgames_tui.games.tain.rules.scouting import pass_turn, place, placement_error, placements, put
from boardgames_tui.games.tain.rules.setup import new_state
from boardgames_tui.games.tain.rules.state import PHASE, TainState
from boardgames_tui.games.tain.rules.text import REVEAL_PROMPT, describe, progress, raid_prompt, turn_prompt
from boardgames_tui.games.tain.rules.view import TainView, view


@lru_cache(maxsize=64)
def _turn(name: str, seat: int, choosing: bool) -> Decision:
    """The decision of one seat, built once per seat (to_act is called on every playout step)."""
    return Decision(DecisionKind.TURN, (seat,), choosing, turn_prompt(name, choosing))


_REVEAL_DECISION = Decision(DecisionKind.STEP, (), True, REVEAL_PROMPT)


@lru_cache(maxsize=256)
def _raid_decision(names: tuple[str, ...], step: RaidStep) -> Decision:
    """A raid step's decision, built once per seat names and step (to_act is called on every
    playout step)."""
    return Decision(DecisionKind.STEP, (), True, raid_prompt(names, step))


_Table = tuple[tuple[Decision, ...], dict[RaidStep, Decision]]
_TABLES: dict[tuple[str, ...], _Table] = {}
"""Per seat names: each seat's scouting decision, and the raid steps' decisions met so far (one
lookup per `to_act`, which is asked on every playout step)."""


def _table(names: tuple[str, ...]) -> _Table:
    table = _TABLES.get(names)
    if table is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        table = _TABLES[names] = (tuple(_turn(name, seat, False) for seat, name in enumerate(names)), {})
    return table


class TainGame(Game[TainState, Action, TainView], about=ABOUT):
    codec = CODEC
    fuzz_games: ClassVar[int] = 75

    def setup(self, names: Sequence[str], options: Options, seed: int) -> TainState:
        self.check_options(options)
        return new_state(names, seed)

    def to_act(self, state: TainState) -> Decision | None:
        phase = state.phase
        if phase is PHASE.SCOUT:
            return (_TABLES.get(state.names) or _table(state.names))[0][state.current]
        if phase is PHASE.CHOOSE:
            return _turn(state.names[state.current], state.current, True)
        if phase is PHASE.OVER:
            return None
        if phase is PHASE.REVEAL:
            return _REVEAL_DECISION
        step = upcoming(state)
        steps = (_TABLES.get(state.names) or _table(state.names))[1]
        decision = steps.get(step)
        if decision is None:
            decision = steps[step] = _raid_decision(state.names, step)
        return decision

    def legal(self, state: TainState, seat: Seat | None) -> list[Action]:
        phase = state.phase
        if phase is PHASE.SCOUT:
            if seat != state.current:
                return []
            out = cast("list[Action]", placements(state, seat))
            out.append(PASS)
            return out
        if phase is PHASE.CHOOSE:
            if seat != state.current:
                return []
            board = state.clans[state.choice_board]
            return [FREES[k] for k in sorted({k for o, k in board.captives if o == seat})]
        if phase is PHASE.OVER or seat is not None:
            return []
        return [STEP]

    def apply(self, state: TainState, seat: Seat | None, action: Action) -> TainState:
        if state.phase is PHASE.OVER:
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

    def apply_legal(self, state: TainState, seat: Seat | None, action: Action) -> TainState:
        """`apply` for an action `legal` offered (the search's moves, `bots.search.applier`): a
        placement or a raid step is not checked again."""
        cls = type(action)
        if cls is Place:
            assert seat is not None
            return put(state, seat, action)  # type: ignore[arg-type]
        if cls is Step:
            return raid_step(state)
        return self.apply(state, seat, action)

    def placement_error(self, state: TainState, seat: Seat | None, action: Place) -> str | None:
        """Why a placement is refused, for screens that explain a click on a forbidden slot."""
        return placement_error(state, seat, action)

    def view(self, state: TainState, seat: Seat | None) -> TainView:
        return view(state, seat)

    score_chart_lines: ClassVar[bool] = True
    """The game-over chart draws the scores as lines from the lowest one reached: every clan
    starts on 19 points, so sparklines from 0 barely move."""

    def scores(self, state: TainState) -> tuple[float, ...]:
        """Each seat's running score, for the game-over chart."""
        return tuple(float(total(clan)) for clan in state.clans)

    def progress(self, state: TainState) -> str:
        return progress(state)

    def outcome(self, state: TainState) -> Outcome | None:
        return outcome(state)

    def describe(self, state: TainState, seat: Seat | None, action: Action, viewer: Seat | None) -> str:
        return describe(state, seat, action, viewer)

    def reveals(self, before: TainState, seat: Seat | None, action: Action) -> bool:
        """Raid steps turn tokens over and move spoils; a placement or pass reveals nothing,
        unless it makes another seat pass because nothing it holds fits (that says something
        about what is behind that seat's screen)."""
        if isinstance(action, Step):
            return True
        if isinstance(action, Place | Pass) and before.phase is PHASE.SCOUT:
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
