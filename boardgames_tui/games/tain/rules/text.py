"""Tàin's words: where a slot is, the prompts of each decision, the progress line and the line
describing an action to each viewer (redacted as the view is: a face-down kind only to its owner)."""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.games.tain.rules.actions import AREA, Action, Free, Pass, Step
from boardgames_tui.games.tain.rules.components import PASTURE_ENTRANCES, TURNS
from boardgames_tui.games.tain.rules.raid_order import RaidStep, next_step
from boardgames_tui.games.tain.rules.state import PHASE, TainState


def spot(entrance: int) -> str:
    """ "pasture, entrance 2" or "house, entrance 1" for an entrance index 0..4."""
    if entrance < PASTURE_ENTRANCES:
        return f"pasture, entrance {entrance + 1}"
    return f"house, entrance {entrance - PASTURE_ENTRANCES + 1}"


def where(board_owner: str, entrance: int) -> str:
    """ "Arthur's pasture, entrance 2" for log lines."""
    return f"{board_owner}'s {spot(entrance)}"


def turn_prompt(name: str, choosing: bool) -> str:
    """The prompt of one seat's decision: placing (or passing), or choosing the captive to free."""
    return f"{name}: choose the captive to free" if choosing else f"{name}: place a token or pass"


REVEAL_PROMPT = "Turn every placed token face up"
FK_PROMPT = "Resolve the raid on the foreign kingdom"
DAWN_PROMPT = "End the turn: plunder goes home"


@lru_cache(maxsize=256)
def raid_prompt(names: tuple[str, ...], step: RaidStep) -> str:
    """The prompt of a raid step after the reveal, built once per seat names and step."""
    kind, board, entrance = step
    if kind == "fk":
        return FK_PROMPT
    if kind == "entrance":
        return f"Resolve {where(names[board], entrance)}"
    return DAWN_PROMPT


def step_prompt(state: TainState) -> str:
    if state.phase is PHASE.REVEAL:
        return REVEAL_PROMPT
    return raid_prompt(state.names, next_step(state))


def progress(state: TainState) -> str:
    if state.phase is PHASE.OVER:
        return f"Game over after turn {state.turn} of {TURNS}"
    part = {PHASE.SCOUT: "scouting", PHASE.CHOOSE: "raid"}.get(state.phase, "raid")
    return f"Turn {state.turn} of {TURNS}, {part}"


def describe(state: TainState, seat: int | None, action: Action, viewer: int | None) -> str:
    """The line describing `action` as `viewer` may read it: only the placer learns the kind."""
    if isinstance(action, Step):
        return step_prompt(state) if state.phase in (PHASE.REVEAL, PHASE.RAID) else "Next step"
    who = "the table" if seat is None else state.names[seat]
    if isinstance(action, Pass):
        return "Pass for the rest of this scouting phase" if viewer == seat else f"{who} passes"
    if isinstance(action, Free):
        if viewer == seat:
            return f"Free your {action.kind.label}"
        return f"{who} frees a captive {action.kind.label}"
    if action.area is AREA.RAID:
        target = "the foreign kingdom"
        verb = "Raid"
    else:
        target = where(state.names[action.board], action.entrance)
        verb = "Guard" if action.area is AREA.GUARD else "Scout"
    if viewer == seat:
        return f"{verb} {target} with your {action.kind.label}"
    return f"{who} places a token at {target}"
