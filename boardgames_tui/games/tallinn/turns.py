"""Applying decisions: sealed commitments, reveals, disputes, towers, draws, chronicles, the end.

Each phase ends in a function that moves the game on to the next decision, running everything
automatic on the way (reveals, draws, counting chronicles, final scoring).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from operator import add
from typing import Any

from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.games.tallinn import scoring
from boardgames_tui.games.tallinn.components import (
    CHRONICLE_STACK,
    CHRONICLES,
    FACTION_NAMES,
    FACTIONS,
    Faction,
    card_text,
    symbols_text,
)
from boardgames_tui.games.tallinn.flow import (
    _drop,
    _play_text,
    _private,
    _public,
    _tuple_add,
    _with_seat,
    _without,
    chronicle_level_ii_round,
    count_text,
    deal,
    decision_of,
    dispute_bonuses,
    face_text,
    verify,
)
from boardgames_tui.games.tallinn.state import (
    CAT_CHRON1,
    CAT_CHRON2,
    CAT_EXCHANGE,
    CAT_FINAL_K,
    CAT_ROUND,
    CAT_TOWERS,
    CHOOSE,
    DISPUTE,
    ENVOY_TIE,
    EXCHANGE,
    NO_TOWER,
    OVER,
    REMOVE,
    SUPPORT,
    TOWER,
    TOWER_FROM_ROW,
    Action,
    AssignEnvoy,
    BuildTower,
    DisputeResult,
    Exchange,
    OwnSupport,
    Play,
    Remove,
    RowCard,
    TallinnState,
    Tower,
    evolve,
)

Commits = tuple[Action | None, ...]


def new_game(names: Sequence[str], options: Mapping[str, str], seed: int) -> TallinnState:
    state = deal(names, options, seed)  # a new state nobody holds yet: a draft
    return state if state.envoy else start_round(state, 1)


# --- drafts --------------------------------------------------------------------------------------
# `apply_action` copies the state once and every step after that (a reveal, the disputes, the
# draws, a new round, the final scoring) changes that copy in place: the *draft*. Nobody holds
# the draft until `apply_action` returns it, so the state passed in is never touched and every
# state anyone sees stays immutable, yet a move that runs through many steps costs one copy of
# the state instead of one per step. Functions taking a `draft` change it and return it.


def _update(draft: TallinnState, **changes: Any) -> TallinnState:
    """Set fields of a draft (the frozen `__setattr__` guards the states others hold)."""
    draft.__dict__.update(changes)
    return draft


def _log(draft: TallinnState, *entries: LogEntry) -> TallinnState:
    return _update(draft, log=(*draft.log, *entries))


def _add_points(draft: TallinnState, seat: int, category: int, points: int) -> TallinnState:
    """Score points for a seat, booked in one ledger category."""
    if not points:
        return draft
    s = draft.seats[seat]
    ledger = draft.ledger
    row = _tuple_add(ledger[category], seat, points)
    return _update(
        draft,
        seats=_with_seat(draft.seats, seat, evolve(s, score=s.score + points)),
        ledger=(*ledger[:category], row, *ledger[category + 1 :]),
    )


def apply_action(state: TallinnState, seat: int | None, action: Action) -> TallinnState:
    """Check the action, then take it: commit a sealed choice (revealing all with the last one),
    build a tower in the variant's order, or resolve the next dispute."""
    verify(state, seat, action)
    phase = state.phase
    if phase is DISPUTE:
        return _resolve_next_dispute(evolve(state))
    assert seat is not None
    if phase is TOWER and state.tower_order:
        assert isinstance(action, BuildTower)
        draft = _build_tower(evolve(state), seat, action)
        rest = draft.asked[1:]
        return _update(draft, asked=rest) if rest else _end_round(draft)
    pending = (*state.pending[:seat], action, *state.pending[seat + 1 :])
    log = state.log
    if isinstance(action, Play):
        log = (*log, _choice_note(seat, action.card, action.half, action.faction, action.supporter))
    waiting = state.memo("decision", decision_of).seats  # type: ignore[union-attr]  # the game is on
    if len(waiting) > 1:  # others still to choose: the choice stays sealed
        return evolve(state, pending=pending, log=log)
    commits = pending
    draft = evolve(state, pending=(None,) * state.players, log=log)
    if phase is EXCHANGE:
        return _reveal_exchange(draft, commits)
    if phase is CHOOSE:
        return _reveal_plays(draft, commits)
    if phase is SUPPORT:
        return _reveal_support(draft, commits)
    if phase is TOWER:
        for i in draft.asked:
            commit = commits[i]
            assert isinstance(commit, BuildTower)
            _build_tower(draft, i, commit)
        return _end_round(draft)
    if phase is REMOVE:
        return _reveal_removals(draft, commits)
    return _reveal_envoy(draft, commits)


# Log lines that depend on a few plain values are built once (keys of plain values hash in C).


@cache
def _choice_note(seat: int, card: int, half: int, faction: Faction | None, supporter: Faction | None) -> LogEntry:
    """The private line that reminds a seat of its sealed choice."""
    note = f"You chose {_play_text(card, half, faction)}"
    if supporter:
        note += f", with an open {FACTION_NAMES[supporter]} Supporter"
    return _private(seat, note + ".")


@lru_cache(maxsize=1024)
def _play_line(name: str, card: int, half: int, faction: Faction | None, supporter: Faction | None) -> LogEntry:
    text = f"{name} plays {face_text(card, half, faction)}"
    if supporter:
        text += f", backed by an open {FACTION_NAMES[supporter]} Supporter"
    return _public(text + ".")


@cache
def _draw_note(seat: int, card: int) -> LogEntry:
    return _private(seat, f"You draw card {card}.")


@cache
def _round_note(round_no: int) -> LogEntry:
    return _public(f"Round {round_no}: everyone with cards chooses a card and a half in secret.")


# --- setup exchange ------------------------------------------------------------------------------


def _reveal_exchange(draft: TallinnState, commits: Commits) -> TallinnState:
    exchanged = list(draft.exchanged)
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, Exchange)
        k = len(commit.cards)
        exchanged[i] = k
        if not k:
            _log(draft, _public(f"{draft.names[i]} keeps the opening hand."))
            continue
        s = draft.seats[i]
        pile = (*s.pile, *commit.cards)
        drawn = pile[:k]
        hand = tuple(sorted((*_without(s.hand, commit.cards), *drawn)))
        _update(draft, seats=_with_seat(draft.seats, i, evolve(s, hand=hand, pile=pile[k:])))
        _add_points(draft, i, CAT_EXCHANGE, -k)
        _log(
            draft,
            _public(f"{draft.names[i]} exchanges {count_text(k, 'card')} and pays {count_text(k, 'point')}."),
            _private(
                i,
                f"You put card{'s' if k > 1 else ''} {', '.join(map(str, commit.cards))} under your pile "
                f"and drew {', '.join(map(str, drawn))}.",
            ),
        )
    return start_round(_update(draft, exchanged=tuple(exchanged)), 1)


# --- rounds --------------------------------------------------------------------------------------


def start_round(draft: TallinnState, round_no: int) -> TallinnState:
    """Phase 1 of a round for every seat holding a card; the final scoring when nobody does."""
    n = draft.players
    holders = tuple(i for i, s in enumerate(draft.seats) if s.hand)
    blank = (None,) * n
    _update(
        draft,
        round=round_no,
        plays=blank,
        own_support=blank,
        disputes=(),
        to_resolve=(),
        chronicle_level=0,
        pending=blank,
    )
    if not holders:
        return _begin_final(draft)
    _update(draft, phase=CHOOSE, asked=holders)
    return _log(draft, _round_note(round_no))


def _reveal_plays(draft: TallinnState, commits: Commits) -> TallinnState:
    seats = list(draft.seats)
    names = draft.names
    plays: list[Play | None] = [None] * draft.players
    entries = []
    disputers = []
    for i in draft.asked:  # in seat order
        play = commits[i]
        assert isinstance(play, Play)
        plays[i] = play
        if scoring.disputed_faction(play):
            disputers.append(i)
        s = seats[i]
        card, half, supporter = play.card, play.half, play.supporter
        tokens, spent = s.tokens, s.spent
        if supporter:
            tokens, spent = _drop(tokens, supporter), (*spent, supporter)
        seats[i] = evolve(s, hand=_drop(s.hand, card), row=(*s.row, RowCard(card, half)), tokens=tokens, spent=spent)
        entries.append(_play_line(names[i], card, half, play.faction, supporter))
    _update(draft, seats=tuple(seats), plays=tuple(plays), log=(*draft.log, *entries))
    if draft.supporters:
        asked = tuple(i for i in disputers if seats[i].tokens and not plays[i].supporter)  # type: ignore[union-attr]
        if asked:
            _update(draft, phase=SUPPORT, asked=asked)
            return _log(draft, _public("Disputers may add a Supporter to their own dispute, in secret."))
    return _start_disputes(draft, tuple(disputers))


def _reveal_support(draft: TallinnState, commits: Commits) -> TallinnState:
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
        seats[i] = evolve(s, tokens=_drop(s.tokens, commit.faction), spent=(*s.spent, commit.faction))
        faction = FACTION_NAMES[commit.faction]
        entries.append(_public(f"{draft.names[i]} adds a {faction} Supporter to the dispute."))
    disputers = tuple(i for i, p in enumerate(draft.plays) if p is not None and scoring.disputed_faction(p))
    _update(draft, seats=tuple(seats), own_support=tuple(own), log=(*draft.log, *entries))
    return _start_disputes(draft, disputers)


def _start_disputes(draft: TallinnState, disputers: tuple[int, ...]) -> TallinnState:
    """The table's dispute steps, or straight on to phase 4 when nobody played a coin."""
    if not disputers:
        _log(draft, _public("Nobody played a coin: no disputes and no towers this round."))
        return _end_round(draft)
    return _update(draft, phase=DISPUTE, to_resolve=disputers, asked=())


def _resolve_next_dispute(draft: TallinnState) -> TallinnState:
    """One table step: the next dispute, or, once all are shown, on to the towers."""
    if not draft.to_resolve:
        return _start_towers(draft)
    disputer, rest = draft.to_resolve[0], draft.to_resolve[1:]
    result = scoring.resolve_dispute(draft.round, draft.seats, draft.plays, draft.own_support, disputer)
    names = draft.names
    against = ", ".join(
        f"{names[j]} {result.counts[j]}{_bonus_text(result, j)} (+{result.points[j]})"
        for j in range(draft.players)
        if j != disputer
    )
    text = (
        f"Dispute over the {FACTION_NAMES[result.faction]}: {names[disputer]} shows {result.counts[disputer]}"
        f"{_bonus_text(result, disputer)}; against {against}; {names[disputer]} scores {result.total}."
    )
    _update(
        draft,
        to_resolve=rest,
        disputes=(*draft.disputes, result),
        history=(*draft.history, result),
        log=(*draft.log, _public(text, step=True)),
    )
    return _add_points(draft, disputer, CAT_ROUND, result.total)


def _bonus_text(result: DisputeResult, seat: int) -> str:
    """What was added to a seat's row count in a dispute, e.g. " incl. envoy +2, open Supporter +1"."""
    parts = [label for label, added in dispute_bonuses(result, seat)]
    return f" incl. {', '.join(parts)}" if parts else ""


def _start_towers(draft: TallinnState) -> TallinnState:
    disputers = tuple(d.disputer for d in draft.disputes)
    if draft.tower_order:
        seats = draft.seats
        disputers = tuple(sorted(disputers, key=lambda i: (-seats[i].score, -len(seats[i].towers), i)))
        order = ", ".join(draft.names[i] for i in disputers)
        note = f"Disputers decide on towers one by one: {order}."
    else:
        note = "Disputers decide on towers in secret."
    return _log(_update(draft, phase=TOWER, asked=disputers), _public(note))


def _build_tower(draft: TallinnState, seat: int, action: BuildTower) -> TallinnState:
    """The seat's tower decision and the log lines that tell it."""
    s = draft.seats[seat]
    name = draft.names[seat]
    if action.source is NO_TOWER:
        return _log(draft, _public(f"{name} builds no tower."))
    if action.source is TOWER_FROM_ROW:
        entry = next(e for e in s.row if e.card == action.card)
        s = evolve(s, row=_drop(s.row, entry), towers=(*s.towers, Tower(action.card, False, entry.half)))
        shown = face_text(action.card, entry.half)
        entries: tuple[LogEntry, ...] = (_public(f"{name} turns the row card showing {shown} into a tower."),)
    else:
        s = evolve(s, hand=_drop(s.hand, action.card), towers=(*s.towers, Tower(action.card, True, -1)))
        entries = (
            _public(f"{name} builds a tower face down from the hand."),
            _private(seat, f"Your new tower is card {action.card} ({card_text(action.card)})."),
        )
    _update(draft, seats=_with_seat(draft.seats, seat, s))
    return _log(draft, *entries)


def _end_round(draft: TallinnState) -> TallinnState:
    """Phase 4: spent Supporters leave, everyone with a pile draws, a chronicle may score."""
    seats = list(draft.seats)
    entries = []
    for i, s in enumerate(seats):
        if s.pile:
            card = s.pile[0]
            seats[i] = evolve(s, hand=tuple(sorted((*s.hand, card))), pile=s.pile[1:])
            entries.append(_draw_note(i, card))
    if entries:
        entries.insert(0, _public("Everyone with cards left in the pile draws one."))
    _update(draft, seats=tuple(seats), log=(*draft.log, *entries))
    if draft.chronicles:
        level = 1 if draft.round == CHRONICLE_STACK else 2 if draft.round == chronicle_level_ii_round(draft) else 0
        if level:
            return _chronicle(_update(draft, asked=(), pending=(None,) * draft.players), level)
    return start_round(draft, draft.round + 1)


def _chronicle(draft: TallinnState, level: int) -> TallinnState:
    half = CHRONICLES[draft.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    label = "I" if level == 1 else "II"
    _log(draft, _public(f"Chronicle {label} is scored: {half.text()}.", step=False))
    if half.kind == "count":
        for i, s in enumerate(draft.seats):
            coins = scoring.chronicle_count_coins(half, s)
            points = coins * draft.players
            _add_points(draft, i, category, points)
            if coins:
                _log(draft, _public(f"{draft.names[i]} earns {count_text(coins, 'coin')}: +{points}."))
        return start_round(draft, draft.round + 1)
    asked = tuple(i for i, s in enumerate(draft.seats) if scoring.removal_sets(s, half))
    if not asked:
        return start_round(_log(draft, _public("Nobody can meet it.")), draft.round + 1)
    return _log(
        _update(draft, phase=REMOVE, asked=asked, chronicle_level=level),
        _public("Players who can meet it decide in secret whether to remove cards."),
    )


def _reveal_removals(draft: TallinnState, commits: Commits) -> TallinnState:
    level = draft.chronicle_level
    half = CHRONICLES[draft.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, Remove)
        name = draft.names[i]
        if not commit.cards:
            _log(draft, _public(f"{name} removes nothing."))
            continue
        s = draft.seats[i]
        gone = set(commit.cards)
        taken = tuple(e for e in s.row if e.card in gone)
        s = evolve(s, row=tuple(e for e in s.row if e.card not in gone), removed=(*s.removed, *taken))
        _update(draft, seats=_with_seat(draft.seats, i, s))
        points = half.coins * draft.players
        _add_points(draft, i, category, points)
        faces = "; ".join(face_text(e.card, e.half) for e in taken)
        _log(draft, _public(f"{name} removes {count_text(len(taken), 'card')} from the row ({faces}): +{points}."))
    return start_round(draft, draft.round + 1)


# --- the end -------------------------------------------------------------------------------------


def _begin_final(draft: TallinnState) -> TallinnState:
    asked = tuple(
        i
        for i, s in enumerate(draft.seats)
        if scoring.envoy_in_row(s) and len(scoring.smallest_factions(scoring.row_counts(s))) > 1
    )
    _log(draft, _public("Nobody holds a card: final scoring."))
    if asked:
        return _log(
            _update(draft, phase=ENVOY_TIE, asked=asked),
            _public("Envoy symbols on a tie for the smallest faction: the owner picks, in secret."),
        )
    return _finalize(draft)


def _reveal_envoy(draft: TallinnState, commits: Commits) -> TallinnState:
    choice = list(draft.envoy_choice)
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, AssignEnvoy)
        choice[i] = commit.faction
        _log(draft, _public(f"{draft.names[i]} puts the envoy symbols on the {FACTION_NAMES[commit.faction]}."))
    return _finalize(_update(draft, envoy_choice=tuple(choice)))


def _finalize(draft: TallinnState) -> TallinnState:
    """Final disputes in each faction, then the tower valuation; towers turn face up."""
    n = draft.players
    names = draft.names
    ledger = list(draft.ledger)
    gained = [0] * n  # booked in the ledger as we go, added to the scores once at the end
    counts = [scoring.final_row_counts(s, draft.envoy_choice[i]) for i, s in enumerate(draft.seats)]
    for fi, faction in enumerate(FACTIONS):
        values = [c[fi] for c in counts]
        points = scoring.final_dispute_points(values)
        ledger[CAT_FINAL_K + fi] = tuple(map(add, ledger[CAT_FINAL_K + fi], points))
        gained = list(map(add, gained, points))
        shown = ", ".join(f"{names[i]} {values[i]} ({points[i]:+d})" for i in range(n))
        _log(draft, _public(f"Final dispute, {FACTION_NAMES[faction]}: {shown}.", step=True))
    for i, s in enumerate(draft.seats):
        if s.towers:
            cards = ", ".join(str(t.card) for t in s.towers)
            tc = scoring.tower_counts(s.towers)
            what = "tower turns" if len(s.towers) == 1 else "towers turn"
            _log(draft, _public(f"{names[i]}'s {what} face up: {cards} ({symbols_text(tc)})."))
    strengths = [scoring.tower_strength(s.towers) for s in draft.seats]
    points = scoring.tower_points(strengths)
    ledger[CAT_TOWERS] = tuple(map(add, ledger[CAT_TOWERS], points))
    gained = list(map(add, gained, points))
    seats = tuple(evolve(s, score=s.score + g) if g else s for s, g in zip(draft.seats, gained, strict=True))
    _update(draft, seats=seats, ledger=tuple(ledger))
    shown = ", ".join(f"{names[i]} {strengths[i]} ({points[i]:+d})" for i in range(n))
    _log(draft, _public(f"Towers, strongest faction: {shown}.", step=True))
    final = ", ".join(f"{names[i]} {s.score}" for i, s in enumerate(seats))
    _log(draft, _public(f"Final scores: {final}."))
    return _update(draft, phase=OVER, asked=(), pending=(None,) * n)
