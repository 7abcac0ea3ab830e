"""Phase 3, first part: disputers may add a Supporter to their own dispute (in secret), then the
table resolves the round's disputes one step at a time, in seat order."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.lazyline import later
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.actions import Action, OwnSupport
from boardgames_tui.games.tallinn.rules.components import FACTION_NAMES, FACTIONS
from boardgames_tui.games.tallinn.rules.state import (
    CAT_ROUND,
    PHASE,
    DisputeResult,
    SeatState,
    TallinnState,
    add_points,
    drop,
    log,
    public,
    update,
)
from boardgames_tui.games.tallinn.rules.text import dispute_bonuses

# --- a Supporter for one's own dispute (way b) --------------------------------------------------

# Actions are values, made once and shared by the option lists.
_NO_SUPPORT = OwnSupport()
_OWN_SUPPORT = {faction: OwnSupport(faction) for faction in FACTIONS}


def support_options(state: TallinnState, seat: int) -> list[Action]:
    s = state.seats[seat]
    play = state.plays[seat]
    faction = scoring.disputed_faction(play) if play else None
    return [_NO_SUPPORT, *([_OWN_SUPPORT[faction]] if faction in s.tokens else [])]


def verify_support(state: TallinnState, seat: int, s: SeatState, action: OwnSupport) -> None:
    if action.faction is not None:
        play = state.plays[seat]
        disputed = scoring.disputed_faction(play) if play else None
        if action.faction != disputed:
            raise IllegalAction("A Supporter for your own dispute must be of the disputed faction.")
        if action.faction not in s.tokens:
            raise IllegalAction(f"You hold no {FACTION_NAMES[action.faction]} Supporter.")


def reveal_support(draft: TallinnState, commits: tuple[Action | None, ...]) -> tuple[TallinnState, tuple[int, ...]]:
    """The Supporters added, made public; the disputers in seat order."""
    own = list(draft.own_support)
    seats = list(draft.seats)
    entries = []
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, OwnSupport)
        if commit.faction is None:
            continue
        own[i] = commit.faction
        s = seats[i]
        seats[i] = evolve(s, tokens=drop(s.tokens, commit.faction), spent=(*s.spent, commit.faction))
        faction = FACTION_NAMES[commit.faction]
        entries.append(public(f"{draft.names[i]} adds a {faction} Supporter to the dispute."))
    disputers = tuple(i for i, p in enumerate(draft.plays) if p is not None and scoring.disputed_faction(p))
    update(draft, seats=tuple(seats), own_support=tuple(own), log=draft.log + tuple(entries))
    return draft, disputers


# --- the table's dispute steps -------------------------------------------------------------------


def open_disputes(draft: TallinnState, disputers: tuple[int, ...]) -> TallinnState:
    """The table's dispute steps, one per disputer (there is at least one)."""
    return update(draft, phase=PHASE.DISPUTE, to_resolve=disputers, asked=())


def resolve_next(draft: TallinnState) -> TallinnState:
    """One table step: the next dispute (there is one still to resolve)."""
    disputer, rest = draft.to_resolve[0], draft.to_resolve[1:]
    result = scoring.resolve_dispute(draft.round, draft.seats, draft.plays, draft.own_support, disputer)
    update(
        draft,
        to_resolve=rest,
        disputes=(*draft.disputes, result),
        history=(*draft.history, result),
    )
    log(draft, later(dispute_text, draft.names, result, step=True))
    return add_points(draft, disputer, CAT_ROUND, result.total)


def dispute_text(names: tuple[str, ...], result: DisputeResult) -> str:
    """The log line of a resolved dispute: the disputer's count against every other seat's."""
    disputer = result.disputer
    against = ", ".join(
        f"{names[j]} {result.counts[j]}{_bonus_text(result, j)} (+{result.points[j]})"
        for j in range(len(names))
        if j != disputer
    )
    return (
        f"Dispute over the {FACTION_NAMES[result.faction]}: {names[disputer]} shows {result.counts[disputer]}"
        f"{_bonus_text(result, disputer)}; against {against}; {names[disputer]} scores {result.total}."
    )


def _bonus_text(result: DisputeResult, seat: int) -> str:
    """What was added to a seat's row count in a dispute, e.g. " incl. envoy +2, open Supporter +1"."""
    parts = [label for label, added in dispute_bonuses(result, seat)]
    return f" incl. {', '.join(parts)}" if parts else ""
