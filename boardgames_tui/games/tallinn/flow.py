"""How a game of Tallinn starts and what each seat may do: the deal, the open options, and the
checks that explain why an action is refused. Applying actions lives in `turns`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import permutations
from typing import TypeVar

from boardgames_tui.engine.protocol import Decision, DecisionKind, IllegalAction, LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tallinn import scoring
from boardgames_tui.games.tallinn.components import (
    ANY,
    BASE_DECK,
    CHRONICLE_STACK,
    CHRONICLES,
    ENVOY_DECK,
    ENVOY_SYMBOLS,
    FACTION_INDEX,
    FACTION_NAMES,
    FACTIONS,
    HALF_NAMES,
    HAND_SIZE,
    INFLUENCE,
    START_CARDS,
    START_SCORE,
    SUPPORTERS,
    SUPPORTERS_PER_PLAYER,
    ChronicleHalf,
    start_text,
)
from boardgames_tui.games.tallinn.state import (
    CAT_START,
    CATEGORIES,
    CHOOSE,
    DISPUTE,
    ENVOY_TIE,
    EXCHANGE,
    NO_TOWER,
    OVER,
    REMOVE,
    SUPPORT,
    TOWER,
    TOWER_FROM_HAND,
    TOWER_FROM_ROW,
    Action,
    Advance,
    AssignEnvoy,
    BuildTower,
    DisputeResult,
    Exchange,
    OwnSupport,
    Phase,
    Play,
    Remove,
    SeatState,
    TallinnState,
    evolve,
)

# --- small helpers -----------------------------------------------------------------------------

T = TypeVar("T")


@lru_cache(maxsize=4096)
def _public(text: str, step: bool = False) -> LogEntry:
    """A log line for everyone (log entries are values, so equal lines may be shared)."""
    return LogEntry(text, None, step)


@lru_cache(maxsize=4096)
def _private(seat: int, text: str) -> LogEntry:
    """A log line only `seat` may read."""
    return LogEntry(text, frozenset((seat,)))


def _with_seat(seats: tuple[SeatState, ...], index: int, seat: SeatState) -> tuple[SeatState, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])


def _tuple_add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])


def _without(items: tuple[int, ...], remove: Sequence[int]) -> tuple[int, ...]:
    gone = set(remove)
    return tuple(i for i in items if i not in gone)


def _drop(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """The items without the first occurrence of `item` (which must be there)."""
    k = items.index(item)
    return (*items[:k], *items[k + 1 :])


def deck_of(state: TallinnState) -> tuple[int, ...]:
    return ENVOY_DECK if state.envoy else BASE_DECK


def play_text(play: Play) -> str:
    return _play_text(play.card, play.half, play.faction)


@cache
def _play_text(card: int, half_index: int, faction: str | None) -> str:
    # Keyed on the fields rather than the Play: hashing plain values costs no Python call.
    return f"card {card}, {face_text(card, half_index, faction)}"


@cache
def face_text(card: int, half_index: int, faction: str | None = None) -> str:
    """A played half as every seat may read it: the half and what it shows, never the card's id
    (cards share halves, so the id would tell the half that others cannot see)."""
    half = INFLUENCE[card].halves[half_index]
    text = f"half {HALF_NAMES[half_index]} ({half.text()})"
    if faction:
        text += f", disputing the {FACTION_NAMES[faction]}"
    return text


def count_text(n: int, word: str) -> str:
    """"1 card", "2 cards": a count with its noun in the right number."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def chronicle_level_ii_round(state: TallinnState) -> int:
    """The round whose draws empty the second chronicle stack."""
    return chronicle_rounds(state.envoy)[1]


def chronicle_rounds(envoy: bool) -> tuple[int, int]:
    """The rounds after whose draws Chronicle I and Chronicle II score (II: when the piles run out)."""
    deck = ENVOY_DECK if envoy else BASE_DECK
    return CHRONICLE_STACK, CHRONICLE_STACK + len(deck) - HAND_SIZE - CHRONICLE_STACK


def chronicle_when(level: int, envoy: bool) -> str:
    """When a chronicle scores, in the same words on every screen (log, curtain, card and line):
    "after round 4", "after round 8, the last draw"."""
    when = f"after round {chronicle_rounds(envoy)[level - 1]}"
    return when if level == 1 else f"{when}, the last draw"


def dispute_bonuses(result: DisputeResult, seat: int) -> list[tuple[str, int]]:
    """What a dispute added to a seat's row count, as (label, amount): the envoy's symbols and an
    own Supporter for the disputer, an open Supporter for anyone who played one of that faction."""
    out = []
    if seat == result.disputer and result.envoy:
        out.append(("envoy +2", ENVOY_SYMBOLS))
    if result.open_support and result.open_support[seat]:
        out.append(("open Supporter +1", 1))
    if seat == result.disputer and result.own_support:
        out.append(("own Supporter +1", 1))
    return out


# --- who decides -------------------------------------------------------------------------------

_PROMPTS = {
    EXCHANGE: "Envoy exchange: put back cards to draw new ones (1 point each)",
    CHOOSE: "Choose a card and the half to add to your row",
    SUPPORT: "Add a Supporter to your own dispute?",
    DISPUTE: "Resolve the next dispute",
    TOWER: "Build a tower: a row card, a hand card, or none",
    REMOVE: "Chronicle: remove row cards to score?",
    ENVOY_TIE: "Which tied smallest faction gets the envoy symbols?",
}


def decision_of(state: TallinnState) -> Decision | None:
    """Who decides now (`Tallinn.to_act`, which keeps it on the state)."""
    phase = state.phase
    if phase is OVER:
        return None
    if phase is DISPUTE:
        return _step_decision(state.names[state.to_resolve[0]] if state.to_resolve else None)
    if phase is TOWER and state.tower_order:
        return _turn_decision(phase, state.asked[0])
    pending = state.pending
    if not any(pending):  # nobody has chosen yet (an action is never falsy)
        return _sealed_decision(phase, state.asked)
    return _sealed_decision(phase, tuple(i for i in state.asked if pending[i] is None))


# Decisions are values: equal ones are shared rather than built again for every state.
@lru_cache(maxsize=256)
def _step_decision(next_name: str | None) -> Decision:
    if next_name is None:
        return Decision(DecisionKind.STEP, (), public=True, prompt="All disputes shown: on to the towers")
    return Decision(DecisionKind.STEP, (), public=True, prompt=f"Resolve {next_name}'s dispute")


@lru_cache(maxsize=64)
def _turn_decision(phase: Phase, seat: int) -> Decision:
    return Decision(DecisionKind.TURN, (seat,), prompt=_PROMPTS[phase])


@lru_cache(maxsize=256)
def _sealed_decision(phase: Phase, waiting: tuple[int, ...]) -> Decision:
    return Decision(DecisionKind.SEALED, waiting, prompt=_PROMPTS[phase])


# --- setup -------------------------------------------------------------------------------------


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
    log: list[LogEntry] = [_public("The game begins; every player has 4 points.")]
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
        log.append(_public(f"{names[i]} starts the faction row with {starts[i]} ({start_text(starts[i])})."))
        log.append(_private(i, f"Your opening hand: cards {', '.join(map(str, seat.hand))}."))
        if tokens:
            log.append(_private(i, f"Your Supporters: {', '.join(FACTION_NAMES[t] for t in tokens)}."))
    chronicle_cards: tuple[int, ...] = ()
    chronicle_hidden: tuple[int, ...] = ()
    if chronicles:
        order, rng = rng.shuffled(tuple(CHRONICLES))
        chronicle_cards, chronicle_hidden = order[:2], order[2:]
        left, right = CHRONICLES[order[0]][0], CHRONICLES[order[1]][1]
        log.append(_public(f"Chronicle I ({chronicle_when(1, envoy)}): {left.text()}."))
        log.append(_public(f"Chronicle II ({chronicle_when(2, envoy)}): {right.text()}."))
    ledger = [tuple(0 for _ in range(n)) for _ in CATEGORIES]
    ledger[CAT_START] = tuple(START_SCORE for _ in range(n))
    state = TallinnState(
        names=tuple(names),
        envoy=envoy,
        chronicles=chronicles,
        supporters=supporters,
        tower_order=options.get("tower_order") == "on",
        phase=EXCHANGE,
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
        log=tuple(log),
    )
    if envoy:
        return evolve(state, log=(*state.log, _public("Each player may exchange hand cards, 1 point each.")))
    return state


# --- what a seat may do ------------------------------------------------------------------------


def options_for(state: TallinnState, seat: int) -> list[Action]:
    """Every action open to `seat` in the current phase, whether or not it has already committed."""
    s = state.seats[seat]
    phase = state.phase
    if phase is CHOOSE:
        return list(_plays(s.hand, tuple(sorted(set(s.tokens))) if state.supporters else ()))
    if phase is TOWER:
        return [_NO_TOWER, *map(_ROW_TOWERS.__getitem__, s.row), *map(_HAND_TOWERS.__getitem__, s.hand)]
    if phase is SUPPORT:
        play = state.plays[seat]
        faction = scoring.disputed_faction(play) if play else None
        return [_NO_SUPPORT, *([_OWN_SUPPORT[faction]] if faction in s.tokens else [])]
    if phase is EXCHANGE:
        return list(_exchanges(s.hand))
    if phase is REMOVE:
        return [Remove(), *(Remove(c) for c in scoring.removal_sets(s, _chronicle_half(state)))]
    if phase is ENVOY_TIE:
        return [AssignEnvoy(f) for f in scoring.smallest_factions(scoring.row_counts(s))]
    return []


@cache
def _plays(hand: tuple[int, ...], tokens: tuple[str, ...]) -> tuple[Play, ...]:
    """Every card, half (and envoy faction) of a hand, each alone or with one open Supporter."""
    backing: tuple[str | None, ...] = (None, *tokens)
    out: list[Play] = []
    for card in hand:
        for half in (0, 1):
            factions: Sequence[str | None] = FACTIONS if INFLUENCE[card].halves[half].coin == ANY else (None,)
            out.extend(_play(card, half, f, t) for f in factions for t in backing)
    return tuple(out)


# Actions are values, and building one (a frozen dataclass) costs more than finding it: the
# option lists share these, made once.
_play = cache(Play)
_NO_TOWER = BuildTower()
_ROW_TOWERS = {(card, half): BuildTower(TOWER_FROM_ROW, card) for card in INFLUENCE for half in (0, 1)}  # by row card
_HAND_TOWERS = {card: BuildTower(TOWER_FROM_HAND, card) for card in INFLUENCE}
_NO_SUPPORT = OwnSupport()
_OWN_SUPPORT = {faction: OwnSupport(faction) for faction in FACTIONS}


@lru_cache(maxsize=256)
def _exchanges(hand: tuple[int, ...]) -> tuple[Exchange, ...]:
    """Every ordered choice of hand cards to put back, keeping the hand first."""
    return tuple(Exchange(p) for k in range(len(hand) + 1) for p in permutations(hand, k))


def _chronicle_half(state: TallinnState) -> ChronicleHalf:
    level = state.chronicle_level
    return CHRONICLES[state.chronicle_cards[level - 1]][level - 1]


def verify(state: TallinnState, seat: int | None, action: object) -> None:
    """Raise IllegalAction with a reason a player can read unless `seat` may take `action` now."""
    phase = state.phase
    if phase is OVER:
        raise IllegalAction("The game is over.")
    if phase is DISPUTE:
        if seat is not None or not isinstance(action, Advance):
            raise IllegalAction("The table is resolving disputes; press on to see the next one.")
        return
    if seat is None or seat not in state.asked:
        raise IllegalAction("That player has no decision to make now.")
    if state.pending[seat] is not None:
        raise IllegalAction("That player has already decided; the others are still choosing.")
    if phase is TOWER and state.tower_order and state.asked[0] != seat:
        raise IllegalAction(f"{state.names[state.asked[0]]} decides on a tower first.")
    s = state.seats[seat]
    if phase is CHOOSE and isinstance(action, Play):
        _verify_play(state, s, action)
    elif phase is TOWER and isinstance(action, BuildTower):
        if action.source is TOWER_FROM_ROW and all(e.card != action.card for e in s.row):
            raise IllegalAction(f"Card {action.card} is not in your faction row (the starting card never is).")
        if action.source is TOWER_FROM_HAND and action.card not in s.hand:
            raise IllegalAction(f"Card {action.card} is not in your hand.")
        if action.source is NO_TOWER and action.card:
            raise IllegalAction("Building no tower names no card.")
    elif phase is SUPPORT and isinstance(action, OwnSupport):
        if action.faction is not None:
            play = state.plays[seat]
            disputed = scoring.disputed_faction(play) if play else None
            if action.faction != disputed:
                raise IllegalAction("A Supporter for your own dispute must be of the disputed faction.")
            if action.faction not in s.tokens:
                raise IllegalAction(f"You hold no {FACTION_NAMES[action.faction]} Supporter.")
    elif phase is EXCHANGE and isinstance(action, Exchange):
        if len(set(action.cards)) != len(action.cards) or any(c not in s.hand for c in action.cards):
            raise IllegalAction("You may exchange only different cards from your hand.")
    elif phase is REMOVE and isinstance(action, Remove):
        _verify_remove(state, s, action)
    elif phase is ENVOY_TIE and isinstance(action, AssignEnvoy):
        if action.faction not in scoring.smallest_factions(scoring.row_counts(s)):
            raise IllegalAction("The envoy symbols go to one of your smallest factions.")
    else:
        raise IllegalAction(f"That kind of action does not fit now ({_phase_words(phase)}).")


def _verify_play(state: TallinnState, s: SeatState, action: Play) -> None:
    if action.card not in s.hand:
        raise IllegalAction(f"Card {action.card} is not in your hand.")
    if action.half not in (0, 1):
        raise IllegalAction("A card has only halves A and B.")
    any_coin = INFLUENCE[action.card].halves[action.half].coin == ANY
    if any_coin and action.faction not in FACTIONS:
        raise IllegalAction("The envoy's coin half needs a faction to dispute.")
    if not any_coin and action.faction is not None:
        raise IllegalAction("Only the envoy's coin half names a faction.")
    if action.supporter is not None:
        if not state.supporters:
            raise IllegalAction("Supporters are not in this game.")
        if action.supporter not in s.tokens:
            raise IllegalAction(f"You hold no {FACTION_NAMES[action.supporter]} Supporter.")


def _verify_remove(state: TallinnState, s: SeatState, action: Remove) -> None:
    if not action.cards:
        return
    half = _chronicle_half(state)
    allowed = {e.card: e for e in scoring.removable(s, half.faction)}
    if len(set(action.cards)) != len(action.cards):
        raise IllegalAction("Name each card once.")
    for card in action.cards:
        if card not in allowed:
            raise IllegalAction(
                f"Card {card} is not a row card showing {FACTION_NAMES[half.faction]} (never the starting card)."
            )
    fi = FACTION_INDEX[half.faction]
    total = sum(INFLUENCE[c].halves[allowed[c].half].symbols[fi] for c in action.cards)
    if total < half.need:
        raise IllegalAction(f"Those cards show {total} {FACTION_NAMES[half.faction]}; {half.need} are needed.")


def _phase_words(phase: Phase) -> str:
    return {
        EXCHANGE: "the envoy exchange",
        CHOOSE: "choosing cards",
        SUPPORT: "Supporters for disputes",
        DISPUTE: "disputes",
        TOWER: "building towers",
        REMOVE: "chronicle scoring",
        ENVOY_TIE: "placing envoy symbols",
        OVER: "game over",
    }[phase]
