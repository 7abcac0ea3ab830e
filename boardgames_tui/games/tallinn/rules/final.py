"""The end of the game, once nobody holds a card: envoy symbols placed on a tied smallest faction
(the owner picks, in secret), then the final disputes in each faction and the tower valuation."""

from __future__ import annotations

from operator import add

from boardgames_tui.engine.lazyline import later
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.actions import Action, AssignEnvoy
from boardgames_tui.games.tallinn.rules.components import FACTION_NAMES, FACTIONS, symbols_text
from boardgames_tui.games.tallinn.rules.state import (
    CAT_FINAL_K,
    CAT_TOWERS,
    PHASE,
    SeatState,
    TallinnState,
    Tower,
    log,
    public,
    update,
    with_score,
)


def begin_final(draft: TallinnState) -> TallinnState:
    """Final scoring: first the envoy's owners with a tie for their smallest faction, if any."""
    asked = tuple(
        i
        for i, s in enumerate(draft.seats)
        if scoring.envoy_in_row(s) and len(scoring.smallest_factions(scoring.row_counts(s))) > 1
    )
    log(draft, public("Nobody holds a card: final scoring."))
    if asked:
        return log(
            update(draft, phase=PHASE.ENVOY_TIE, asked=asked),
            public("Envoy symbols on a tie for the smallest faction: the owner picks, in secret."),
        )
    return _finalize(draft)


def envoy_options(state: TallinnState, seat: int) -> list[Action]:
    return [AssignEnvoy(f) for f in scoring.smallest_factions(scoring.row_counts(state.seats[seat]))]


def verify_envoy(state: TallinnState, seat: int, s: SeatState, action: AssignEnvoy) -> None:
    if action.faction not in scoring.smallest_factions(scoring.row_counts(s)):
        raise IllegalAction("The envoy symbols go to one of your smallest factions.")


def reveal_envoy(draft: TallinnState, commits: tuple[Action | None, ...]) -> TallinnState:
    choice = list(draft.envoy_choice)
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, AssignEnvoy)
        choice[i] = commit.faction
        log(draft, public(f"{draft.names[i]} puts the envoy symbols on the {FACTION_NAMES[commit.faction]}."))
    return _finalize(update(draft, envoy_choice=tuple(choice)))


def _finalize(draft: TallinnState) -> TallinnState:
    """Final disputes in each faction, then the tower valuation; towers turn face up."""
    n = draft.players
    names = draft.names
    seats = draft.seats
    ledger = list(draft.ledger)
    gained = [0] * n  # booked in the ledger as we go, added to the scores once at the end
    lines = []  # written to the log at once
    counts = [scoring.final_row_counts(s, draft.envoy_choice[i]) for i, s in enumerate(seats)]
    for fi, faction in enumerate(FACTIONS):
        values = tuple([c[fi] for c in counts])
        points = scoring.final_dispute_points(values)
        ledger[CAT_FINAL_K + fi] = tuple(map(add, ledger[CAT_FINAL_K + fi], points))
        gained = list(map(add, gained, points))
        lines.append(later(_dispute_text, names, faction, values, tuple(points), step=True))
    lines += [later(_towers_text, names[i], s.towers) for i, s in enumerate(seats) if s.towers]
    strengths = tuple([scoring.tower_strength(s.towers) for s in seats])
    points = scoring.tower_points(strengths)
    ledger[CAT_TOWERS] = tuple(map(add, ledger[CAT_TOWERS], points))
    gained = list(map(add, gained, points))
    seats = tuple([with_score(s, s.score + g) if g else s for s, g in zip(seats, gained, strict=True)])
    lines.append(later(_score_text, "Towers, strongest faction: ", names, strengths, tuple(points), step=True))
    lines.append(later(_score_text, "Final scores: ", names, tuple([s.score for s in seats]), None))
    return update(
        draft,
        seats=seats,
        ledger=tuple(ledger),
        log=draft.log + tuple(lines),
        phase=PHASE.OVER,
        asked=(),
        pending=(None,) * n,
    )


# The log lines of the final scoring, worded when first read (`engine.lazyline`).


def _dispute_text(names: tuple[str, ...], faction: str, values: tuple[int, ...], points: tuple[int, ...]) -> str:
    shown = ", ".join(f"{names[i]} {values[i]} ({points[i]:+d})" for i in range(len(names)))
    return f"Final dispute, {FACTION_NAMES[faction]}: {shown}."


def _towers_text(name: str, towers: tuple[Tower, ...]) -> str:
    cards = ", ".join(str(t.card) for t in towers)
    what = "tower turns" if len(towers) == 1 else "towers turn"
    return f"{name}'s {what} face up: {cards} ({symbols_text(scoring.tower_counts(towers))})."


def _score_text(head: str, names: tuple[str, ...], values: tuple[int, ...], points: tuple[int, ...] | None) -> str:
    """ "Head: Ada 3 (+6), Bram 1 (+0)." or, without points, "Head: Ada 31, Bram 28"."""
    if points is None:
        return head + ", ".join(f"{names[i]} {values[i]}" for i in range(len(names))) + "."
    return head + ", ".join(f"{names[i]} {values[i]} ({points[i]:+d})" for i in range(len(names))) + "."
