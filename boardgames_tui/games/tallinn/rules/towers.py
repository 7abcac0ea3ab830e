"""Phase 3, second part: after the disputes each disputer may turn a row card (face up) or a hand
card (face down) into a tower, in secret, or one by one in score order with that variant."""

from __future__ import annotations

from functools import cache

from boardgames_tui.engine.lazyline import later
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.games.tallinn.rules.actions import SOURCE, Action, BuildTower
from boardgames_tui.games.tallinn.rules.components import INFLUENCE, card_text
from boardgames_tui.games.tallinn.rules.state import (
    PHASE,
    TOWER,
    SeatState,
    TallinnState,
    drop,
    log,
    private,
    public,
    update,
    with_hand_towers,
    with_row_towers,
    with_seat,
)
from boardgames_tui.games.tallinn.rules.text import face_text

# Actions are values, and building one (a frozen dataclass) costs more than finding it: the
# option lists share these, made once.
_NO_TOWER = BuildTower()
_ROW_TOWERS = {(card, half): BuildTower(SOURCE.ROW, card) for card in INFLUENCE for half in (0, 1)}  # by row card
_HAND_TOWERS = {card: BuildTower(SOURCE.HAND, card) for card in INFLUENCE}


def tower_options(state: TallinnState, seat: int) -> list[Action]:
    s = state.seats[seat]
    return [_NO_TOWER, *map(_ROW_TOWERS.__getitem__, s.row), *map(_HAND_TOWERS.__getitem__, s.hand)]


def verify_tower(state: TallinnState, seat: int, s: SeatState, action: BuildTower) -> None:
    if action.source is SOURCE.ROW and all(e.card != action.card for e in s.row):
        raise IllegalAction(f"Card {action.card} is not in your faction row (the starting card never is).")
    if action.source is SOURCE.HAND and action.card not in s.hand:
        raise IllegalAction(f"Card {action.card} is not in your hand.")
    if action.source is SOURCE.NONE and action.card:
        raise IllegalAction("Building no tower names no card.")


def start_towers(draft: TallinnState) -> TallinnState:
    """The round's disputers decide on towers: together in secret, or one by one in the variant."""
    disputers = tuple(d.disputer for d in draft.disputes)
    if draft.tower_order:
        seats = draft.seats
        disputers = tuple(sorted(disputers, key=lambda i: (-seats[i].score, -len(seats[i].towers), i)))
        order = ", ".join(draft.names[i] for i in disputers)
        return log(update(draft, phase=PHASE.TOWER, asked=disputers),
                   public(f"Disputers decide on towers one by one: {order}."))
    # Deciding together in secret is routine: the lines of their towers follow.
    return update(draft, phase=PHASE.TOWER, asked=disputers)


def build_tower(draft: TallinnState, seat: int, action: BuildTower) -> TallinnState:
    """The seat's tower decision and the log lines that tell it."""
    s = draft.seats[seat]
    name = draft.names[seat]
    if action.source is SOURCE.NONE:
        return log(draft, public(f"{name} builds no tower."))
    if action.source is SOURCE.ROW:
        entry = next(e for e in s.row if e.card == action.card)
        s = with_row_towers(s, drop(s.row, entry), (*s.towers, TOWER[action.card, False, entry.half]))
        entries: tuple[LogEntry, ...] = (later(_row_tower_text, name, action.card, entry.half),)
    else:
        s = with_hand_towers(s, drop(s.hand, action.card), (*s.towers, TOWER[action.card, True, -1]))
        entries = (
            public(f"{name} builds a tower face down from the hand."),
            _hand_tower_note(seat, action.card),
        )
    update(draft, seats=with_seat(draft.seats, seat, s))
    return log(draft, *entries)


def _row_tower_text(name: str, card: int, half: int) -> str:
    return f"{name} turns the row card showing {face_text(card, half)} into a tower."


@cache
def _hand_tower_note(seat: int, card: int) -> LogEntry:
    return private(seat, f"Your new tower is card {card_text(card)}.")


def reveal_towers(draft: TallinnState, commits: tuple[Action | None, ...]) -> TallinnState:
    """Every disputer's sealed tower decision at once, in seat order."""
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, BuildTower)
        build_tower(draft, i, commit)
    return draft
