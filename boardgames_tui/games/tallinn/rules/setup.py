"""The start of a game of Tallinn: the deal, and the Imperial Envoy's exchange of hand cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import permutations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import IllegalAction, LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tallinn.rules.actions import Action, Exchange
from boardgames_tui.games.tallinn.rules.components import (
    BASE_DECK,
    CHRONICLES,
    ENVOY_DECK,
    FACTION_NAMES,
    FACTIONS,
    HAND_SIZE,
    START_CARDS,
    START_SCORE,
    SUPPORTERS,
    SUPPORTERS_PER_PLAYER,
    start_text,
)
from boardgames_tui.games.tallinn.rules.state import (
    CAT_EXCHANGE,
    CAT_START,
    CATEGORIES,
    PHASE,
    SeatState,
    TallinnState,
    add_points,
    log,
    private,
    public,
    update,
    with_seat,
    without,
)
from boardgames_tui.games.tallinn.rules.text import chronicle_when, count_text


def deal(names: Sequence[str], options: Mapping[str, str], seed: int) -> TallinnState:
    """Deal starting cards, shuffle each personal deck, draw three; lay chronicles, deal Supporters.
    The state returned waits for the envoy exchange; without the envoy the caller starts round 1."""
    n = len(names)
    envoy = options.get("envoy") == "on"
    chronicles = options.get("chronicles") == "on"
    supporters = options.get("supporters") == "on"
    rng = RngState(seed)
    starts, rng = rng.shuffled(tuple(START_CARDS))
    deck = ENVOY_DECK if envoy else BASE_DECK
    seats = []
    lines: list[LogEntry] = [public("The game begins; every player has 4 points.")]
    tokens_pool: tuple[str, ...] = ()
    if supporters:
        tokens_pool, rng = rng.shuffled(tuple(f for f in FACTIONS for _ in range(SUPPORTERS[f])))
    for i in range(n):
        cards, rng = rng.shuffled(deck)
        tokens = tuple(sorted(tokens_pool[i * SUPPORTERS_PER_PLAYER : (i + 1) * SUPPORTERS_PER_PLAYER]))
        seat = SeatState(
            start=starts[i],
            hand=tuple(sorted(cards[:HAND_SIZE])),
            pile=tuple(cards[HAND_SIZE:]),
            tokens=tokens,
            score=START_SCORE,
        )
        seats.append(seat)
        lines.append(public(f"{names[i]} starts the faction row with {start_text(starts[i])}."))
        lines.append(private(i, f"Your opening hand: cards {', '.join(map(str, seat.hand))}."))
        if tokens:
            lines.append(private(i, f"Your Supporters: {', '.join(FACTION_NAMES[t] for t in tokens)}."))
    chronicle_cards: tuple[int, ...] = ()
    chronicle_hidden: tuple[int, ...] = ()
    if chronicles:
        order, rng = rng.shuffled(tuple(CHRONICLES))
        chronicle_cards, chronicle_hidden = order[:2], order[2:]
        left, right = CHRONICLES[order[0]][0], CHRONICLES[order[1]][1]
        lines.append(public(f"Chronicle I ({chronicle_when(1, envoy)}): {left.text()}."))
        lines.append(public(f"Chronicle II ({chronicle_when(2, envoy)}): {right.text()}."))
    ledger = [tuple(0 for _ in range(n)) for _ in CATEGORIES]
    ledger[CAT_START] = tuple(START_SCORE for _ in range(n))
    state = TallinnState(
        names=tuple(names),
        envoy=envoy,
        chronicles=chronicles,
        supporters=supporters,
        tower_order=options.get("tower_order") == "on",
        phase=PHASE.EXCHANGE,
        round=1,
        seats=tuple(seats),
        asked=tuple(range(n)),
        pending=(None,) * n,
        plays=(None,) * n,
        own_support=(None,) * n,
        to_resolve=(),
        disputes=(),
        history=(),
        chronicle_cards=chronicle_cards,
        chronicle_hidden=chronicle_hidden,
        chronicle_level=0,
        unused_starts=tuple(starts[n:]),
        undealt_tokens=tuple(sorted(tokens_pool[n * SUPPORTERS_PER_PLAYER :])),
        envoy_choice=(None,) * n,
        exchanged=(0,) * n,
        ledger=tuple(ledger),
        rng=rng,
        log=Journal(lines),
    )
    if envoy:
        return log(evolve(state), public("Each player may exchange hand cards, 1 point each."))
    return state


# --- the envoy exchange ------------------------------------------------------------------------


def exchange_options(state: TallinnState, seat: int) -> list[Action]:
    return list(_exchanges(state.seats[seat].hand))


@lru_cache(maxsize=256)
def _exchanges(hand: tuple[int, ...]) -> tuple[Exchange, ...]:
    """Every ordered choice of hand cards to put back, keeping the hand first."""
    return tuple(Exchange(p) for k in range(len(hand) + 1) for p in permutations(hand, k))


def verify_exchange(state: TallinnState, seat: int, s: SeatState, action: Exchange) -> None:
    if len(set(action.cards)) != len(action.cards) or any(c not in s.hand for c in action.cards):
        raise IllegalAction("You may exchange only different cards from your hand.")


def reveal_exchange(draft: TallinnState, commits: tuple[Action | None, ...]) -> TallinnState:
    """Every seat's exchange at once: cards under the pile, as many drawn, a point paid for each."""
    exchanged = list(draft.exchanged)
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, Exchange)
        k = len(commit.cards)
        exchanged[i] = k
        if not k:
            log(draft, public(f"{draft.names[i]} keeps the opening hand."))
            continue
        s = draft.seats[i]
        pile = (*s.pile, *commit.cards)
        drawn = pile[:k]
        hand = tuple(sorted((*without(s.hand, commit.cards), *drawn)))
        update(draft, seats=with_seat(draft.seats, i, evolve(s, hand=hand, pile=pile[k:])))
        add_points(draft, i, CAT_EXCHANGE, -k)
        log(
            draft,
            public(f"{draft.names[i]} exchanges {count_text(k, 'card')} and pays {count_text(k, 'point')}."),
            private(
                i,
                f"You put card{'s' if k > 1 else ''} {', '.join(map(str, commit.cards))} under your pile "
                f"and drew {', '.join(map(str, drawn))}.",
            ),
        )
    return update(draft, exchanged=tuple(exchanged))
