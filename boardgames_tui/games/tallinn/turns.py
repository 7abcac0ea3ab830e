"""Applying decisions: sealed commitments, reveals, disputes, towers, draws, chronicles, the end.

Each phase ends in a function that moves the game on to the next decision, running everything
automatic on the way (reveals, draws, counting chronicles, final scoring).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.games.tallinn import scoring
from boardgames_tui.games.tallinn.components import (
    CHRONICLE_STACK,
    CHRONICLES,
    FACTION_NAMES,
    FACTIONS,
    card_text,
    symbols_text,
)
from boardgames_tui.games.tallinn.flow import (
    _add_points,
    _private,
    _public,
    _scored,
    _with_seat,
    _without,
    chronicle_level_ii_round,
    deal,
    play_text,
    verify,
)
from boardgames_tui.games.tallinn.state import (
    CAT_CHRON1,
    CAT_CHRON2,
    CAT_EXCHANGE,
    CAT_FINAL_K,
    CAT_ROUND,
    CAT_TOWERS,
    Action,
    AssignEnvoy,
    BuildTower,
    Exchange,
    OwnSupport,
    Phase,
    Play,
    Remove,
    RowCard,
    SeatState,
    TallinnState,
    Tower,
    TowerSource,
    evolve,
)

Commits = tuple[Action | None, ...]


def new_game(names: Sequence[str], options: Mapping[str, str], seed: int) -> TallinnState:
    state = deal(names, options, seed)
    return state if state.envoy else start_round(state, 1)


def _log(state: TallinnState, *entries: LogEntry) -> TallinnState:
    return evolve(state, log=(*state.log, *entries))


def apply_action(state: TallinnState, seat: int | None, action: Action) -> TallinnState:
    """Check the action, then take it: commit a sealed choice (revealing all with the last one),
    build a tower in the variant's order, or resolve the next dispute."""
    verify(state, seat, action)
    if state.phase is Phase.DISPUTE:
        return _resolve_next_dispute(state)
    assert seat is not None
    if state.phase is Phase.TOWER and state.tower_order:
        assert isinstance(action, BuildTower)
        state = _build_tower(state, seat, action)
        rest = state.asked[1:]
        return evolve(state, asked=rest) if rest else _end_round(state)
    pending = (*state.pending[:seat], action, *state.pending[seat + 1 :])
    log = state.log
    if isinstance(action, Play):
        note = f"You chose {play_text(action)}"
        if action.supporter:
            note += f", with an open {FACTION_NAMES[action.supporter]} Supporter"
        log = (*log, _private(seat, note + "."))
    if any(pending[i] is None for i in state.asked):
        return evolve(state, pending=pending, log=log)
    commits = pending
    state = evolve(state, pending=(None,) * state.players, log=log)
    if state.phase is Phase.EXCHANGE:
        return _reveal_exchange(state, commits)
    if state.phase is Phase.CHOOSE:
        return _reveal_plays(state, commits)
    if state.phase is Phase.SUPPORT:
        return _reveal_support(state, commits)
    if state.phase is Phase.TOWER:
        seats, log = state.seats, state.log
        for i in state.asked:
            commit = commits[i]
            assert isinstance(commit, BuildTower)
            built, entries = _tower_built(state, i, commit)
            seats, log = _with_seat(seats, i, built), (*log, *entries)
        return _end_round(state, seats=seats, log=log)
    if state.phase is Phase.REMOVE:
        return _reveal_removals(state, commits)
    return _reveal_envoy(state, commits)


# --- setup exchange ------------------------------------------------------------------------------


def _reveal_exchange(state: TallinnState, commits: Commits) -> TallinnState:
    exchanged = list(state.exchanged)
    for i in state.asked:
        commit = commits[i]
        assert isinstance(commit, Exchange)
        k = len(commit.cards)
        exchanged[i] = k
        if not k:
            state = _log(state, _public(f"{state.names[i]} keeps the opening hand."))
            continue
        s = state.seats[i]
        pile = (*s.pile, *commit.cards)
        drawn = pile[:k]
        hand = tuple(sorted((*_without(s.hand, commit.cards), *drawn)))
        state = evolve(state, seats=_with_seat(state.seats, i, evolve(s, hand=hand, pile=pile[k:])))
        state = _add_points(state, i, CAT_EXCHANGE, -k)
        state = _log(
            state,
            _public(f"{state.names[i]} exchanges {k} card(s) and pays {k} point(s)."),
            _private(
                i,
                f"You put card{'s' if k > 1 else ''} {', '.join(map(str, commit.cards))} under your pile "
                f"and drew {', '.join(map(str, drawn))}.",
            ),
        )
    return start_round(evolve(state, exchanged=tuple(exchanged)), 1)


# --- rounds --------------------------------------------------------------------------------------


def start_round(state: TallinnState, round_no: int, **changes: Any) -> TallinnState:
    """Phase 1 of a round for every seat holding a card; the final scoring when nobody does.
    `changes` are other fields to set at the same time (one copy of the state instead of two)."""
    n = state.players
    seats = changes.get("seats", state.seats)
    log = changes.pop("log", state.log)
    holders = tuple(i for i, s in enumerate(seats) if s.hand)
    common = {
        "round": round_no,
        "plays": (None,) * n,
        "own_support": (None,) * n,
        "disputes": (),
        "to_resolve": (),
        "chronicle_level": 0,
        "pending": (None,) * n,
    }
    fields = {**changes, **common}  # the new round's blanks win over anything of the old round
    if not holders:
        return _begin_final(evolve(state, log=log, **fields))
    entry = _public(f"Round {round_no}: everyone with cards chooses a card and a half in secret.")
    return evolve(state, phase=Phase.CHOOSE, asked=holders, log=(*log, entry), **fields)


def _reveal_plays(state: TallinnState, commits: Commits) -> TallinnState:
    seats = state.seats
    plays: list[Play | None] = [None] * state.players
    entries = []
    for i in state.asked:
        play = commits[i]
        assert isinstance(play, Play)
        plays[i] = play
        s = seats[i]
        tokens, spent = s.tokens, s.spent
        text = f"{state.names[i]} plays {play_text(play)}"
        if play.supporter:
            idx = tokens.index(play.supporter)
            tokens, spent = (*tokens[:idx], *tokens[idx + 1 :]), (*spent, play.supporter)
            text += f", backed by an open {FACTION_NAMES[play.supporter]} Supporter"
        s = evolve(
            s,
            hand=_without(s.hand, (play.card,)),
            row=(*s.row, RowCard(play.card, play.half)),
            tokens=tokens,
            spent=spent,
        )
        seats = _with_seat(seats, i, s)
        entries.append(_public(text + "."))
    disputers = tuple(i for i, p in enumerate(plays) if p is not None and scoring.disputed_faction(p))
    log = (*state.log, *entries)
    if state.supporters:
        asked = tuple(i for i in disputers if seats[i].tokens and not plays[i].supporter)  # type: ignore[union-attr]
        if asked:
            note = _public("Disputers may add a Supporter to their own dispute, in secret.")
            return evolve(state, seats=seats, plays=tuple(plays), phase=Phase.SUPPORT, asked=asked, log=(*log, note))
    return _start_disputes(state, disputers, seats=seats, plays=tuple(plays), log=log)


def _reveal_support(state: TallinnState, commits: Commits) -> TallinnState:
    own = list(state.own_support)
    seats = state.seats
    for i in state.asked:
        commit = commits[i]
        assert isinstance(commit, OwnSupport)
        if commit.faction is None:
            continue
        own[i] = commit.faction
        s = seats[i]
        idx = s.tokens.index(commit.faction)
        s = evolve(s, tokens=(*s.tokens[:idx], *s.tokens[idx + 1 :]), spent=(*s.spent, commit.faction))
        seats = _with_seat(seats, i, s)
        faction = FACTION_NAMES[commit.faction]
        state = _log(state, _public(f"{state.names[i]} adds a {faction} Supporter to the dispute."))
    disputers = tuple(i for i, p in enumerate(state.plays) if p is not None and scoring.disputed_faction(p))
    return _start_disputes(evolve(state, seats=seats, own_support=tuple(own)), disputers)


def _start_disputes(state: TallinnState, disputers: tuple[int, ...], **changes: Any) -> TallinnState:
    """The table's dispute steps, or straight on to phase 4 when nobody played a coin.
    `changes` are set in the same copy of the state."""
    log = changes.pop("log", state.log)
    if not disputers:
        note = _public("Nobody played a coin: no disputes and no towers this round.")
        return _end_round(state, log=(*log, note), **changes)
    return evolve(state, phase=Phase.DISPUTE, to_resolve=disputers, asked=(), log=log, **changes)


def _resolve_next_dispute(state: TallinnState) -> TallinnState:
    """One table step: the next dispute, or, once all are shown, on to the towers."""
    if not state.to_resolve:
        return _start_towers(state)
    disputer, rest = state.to_resolve[0], state.to_resolve[1:]
    result = scoring.resolve_dispute(state.round, state.seats, state.plays, state.own_support, disputer)
    names = state.names
    against = ", ".join(
        f"{names[j]} {result.counts[j]} (+{result.points[j]})" for j in range(state.players) if j != disputer
    )
    extra = " incl. envoy +2" if result.envoy else ""
    extra += " incl. Supporter +1" if result.own_support else ""
    text = (
        f"Dispute over the {FACTION_NAMES[result.faction]}: {names[disputer]} shows {result.counts[disputer]}"
        f"{extra}; against {against}; {names[disputer]} scores {result.total}."
    )
    return evolve(
        state,
        to_resolve=rest,
        disputes=(*state.disputes, result),
        history=(*state.history, result),
        log=(*state.log, _public(text, step=True)),
        **_scored(state, disputer, CAT_ROUND, result.total),
    )


def _start_towers(state: TallinnState) -> TallinnState:
    disputers = tuple(d.disputer for d in state.disputes)
    if state.tower_order:
        seats = state.seats
        disputers = tuple(sorted(disputers, key=lambda i: (-seats[i].score, -len(seats[i].towers), i)))
        order = ", ".join(state.names[i] for i in disputers)
        note = f"Disputers decide on towers one by one: {order}."
    else:
        note = "Disputers decide on towers in secret."
    return _log(evolve(state, phase=Phase.TOWER, asked=disputers), _public(note))


def _build_tower(state: TallinnState, seat: int, action: BuildTower) -> TallinnState:
    s, entries = _tower_built(state, seat, action)
    return evolve(state, seats=_with_seat(state.seats, seat, s), log=(*state.log, *entries))


def _tower_built(state: TallinnState, seat: int, action: BuildTower) -> tuple[SeatState, tuple[LogEntry, ...]]:
    """The seat after its tower decision, and the log lines that tell it."""
    s = state.seats[seat]
    name = state.names[seat]
    if action.source is TowerSource.NONE:
        return s, (_public(f"{name} builds no tower."),)
    if action.source is TowerSource.ROW:
        entry = next(e for e in s.row if e.card == action.card)
        s = evolve(
            s,
            row=tuple(e for e in s.row if e.card != action.card),
            towers=(*s.towers, Tower(action.card, False, entry.half)),
        )
        entries: tuple[LogEntry, ...] = (_public(f"{name} turns card {action.card} of the row into a tower."),)
    else:
        s = evolve(s, hand=_without(s.hand, (action.card,)), towers=(*s.towers, Tower(action.card, True, -1)))
        entries = (
            _public(f"{name} builds a tower face down from the hand."),
            _private(seat, f"Your new tower is card {action.card} ({card_text(action.card)})."),
        )
    return s, entries


def _end_round(state: TallinnState, **changes: Any) -> TallinnState:
    """Phase 4: spent Supporters leave, everyone with a pile draws, a chronicle may score.
    `changes` (seats and log among them) are set in the same copy of the state."""
    seats = changes.pop("seats", state.seats)
    entries = []
    for i, s in enumerate(seats):
        if s.pile:
            card = s.pile[0]
            seats = _with_seat(seats, i, evolve(s, hand=tuple(sorted((*s.hand, card))), pile=s.pile[1:]))
            entries.append(_private(i, f"You draw card {card}."))
    if entries:
        entries.insert(0, _public("Everyone with cards left in the pile draws one."))
    log = (*changes.pop("log", state.log), *entries)
    if state.chronicles:
        level = 1 if state.round == CHRONICLE_STACK else 2 if state.round == chronicle_level_ii_round(state) else 0
        if level:
            state = evolve(state, seats=seats, asked=(), pending=(None,) * state.players, log=log, **changes)
            return _chronicle(state, level)
    return start_round(state, state.round + 1, seats=seats, log=log, **changes)


def _chronicle(state: TallinnState, level: int) -> TallinnState:
    half = CHRONICLES[state.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    label = "I" if level == 1 else "II"
    state = _log(state, _public(f"Chronicle {label} is scored: {half.text()}.", step=False))
    if half.kind == "count":
        for i, s in enumerate(state.seats):
            coins = scoring.chronicle_count_coins(half, s)
            points = coins * state.players
            state = _add_points(state, i, category, points)
            if coins:
                state = _log(state, _public(f"{state.names[i]} earns {coins} coin(s): +{points}."))
        return start_round(state, state.round + 1)
    asked = tuple(i for i, s in enumerate(state.seats) if scoring.removal_sets(s, half))
    if not asked:
        return start_round(_log(state, _public("Nobody can meet it.")), state.round + 1)
    return _log(
        evolve(state, phase=Phase.REMOVE, asked=asked, chronicle_level=level),
        _public("Players who can meet it decide in secret whether to remove cards."),
    )


def _reveal_removals(state: TallinnState, commits: Commits) -> TallinnState:
    level = state.chronicle_level
    half = CHRONICLES[state.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    for i in state.asked:
        commit = commits[i]
        assert isinstance(commit, Remove)
        name = state.names[i]
        if not commit.cards:
            state = _log(state, _public(f"{name} removes nothing."))
            continue
        s = state.seats[i]
        gone = set(commit.cards)
        s = evolve(s, row=tuple(e for e in s.row if e.card not in gone), removed=(*s.removed, *commit.cards))
        state = evolve(state, seats=_with_seat(state.seats, i, s))
        points = half.coins * state.players
        state = _add_points(state, i, category, points)
        cards = ", ".join(map(str, commit.cards))
        state = _log(state, _public(f"{name} removes card(s) {cards} from the row: +{points}."))
    return start_round(state, state.round + 1)


# --- the end -------------------------------------------------------------------------------------


def _begin_final(state: TallinnState) -> TallinnState:
    asked = tuple(
        i
        for i, s in enumerate(state.seats)
        if scoring.envoy_in_row(s) and len(scoring.smallest_factions(scoring.row_counts(s))) > 1
    )
    state = _log(state, _public("Nobody holds a card: final scoring."))
    if asked:
        return _log(
            evolve(state, phase=Phase.ENVOY_TIE, asked=asked),
            _public("Envoy symbols on a tie for the smallest faction: the owner picks, in secret."),
        )
    return _finalize(state)


def _reveal_envoy(state: TallinnState, commits: Commits) -> TallinnState:
    choice = list(state.envoy_choice)
    for i in state.asked:
        commit = commits[i]
        assert isinstance(commit, AssignEnvoy)
        choice[i] = commit.faction
        state = _log(state, _public(f"{state.names[i]} puts the envoy symbols on the {FACTION_NAMES[commit.faction]}."))
    return _finalize(evolve(state, envoy_choice=tuple(choice)))


def _finalize(state: TallinnState) -> TallinnState:
    """Final disputes in each faction, then the tower valuation; towers turn face up."""
    n = state.players
    names = state.names
    counts = [scoring.final_row_counts(s, state.envoy_choice[i]) for i, s in enumerate(state.seats)]
    for fi, faction in enumerate(FACTIONS):
        values = [c[fi] for c in counts]
        points = scoring.final_dispute_points(values)
        for i in range(n):
            state = _add_points(state, i, CAT_FINAL_K + fi, points[i])
        shown = ", ".join(f"{names[i]} {values[i]} ({points[i]:+d})" for i in range(n))
        state = _log(state, _public(f"Final dispute, {FACTION_NAMES[faction]}: {shown}.", step=True))
    for i, s in enumerate(state.seats):
        if s.towers:
            cards = ", ".join(str(t.card) for t in s.towers)
            tc = scoring.tower_counts(s.towers)
            state = _log(state, _public(f"{names[i]}'s towers turn face up: card(s) {cards} ({symbols_text(tc)})."))
    strengths = [scoring.tower_strength(s.towers) for s in state.seats]
    points = scoring.tower_points(strengths)
    for i in range(n):
        state = _add_points(state, i, CAT_TOWERS, points[i])
    shown = ", ".join(f"{names[i]} {strengths[i]} ({points[i]:+d})" for i in range(n))
    state = _log(state, _public(f"Towers, strongest faction: {shown}.", step=True))
    final = ", ".join(f"{names[i]} {s.score}" for i, s in enumerate(state.seats))
    state = _log(state, _public(f"Final scores: {final}."))
    return evolve(state, phase=Phase.OVER, asked=(), pending=(None,) * n)
