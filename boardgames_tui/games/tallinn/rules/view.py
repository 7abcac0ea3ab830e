"""What one seat may see of a Tallinn game (or the whole table, seat None), as a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.actions import Action, Play
from boardgames_tui.games.tallinn.rules.components import (
    ANY,
    CHRONICLES,
    FACTION_INDEX,
    HALF_SYMBOLS,
    INFLUENCE,
    Counts,
    Faction,
    Half,
    chronicle_rounds,
)
from boardgames_tui.games.tallinn.rules.state import DisputeResult, Phase, RowCard, TallinnState
from boardgames_tui.games.tallinn.rules.text import chronicle_when

# Which card a face belongs to is known to its owner only, until final scoring: several cards share
# a half (cards 1 and 2 both show "1 Knight + coin" on half A), so an id would tell the other seats
# the half they cannot see. The views below carry the face and give the id to those who may know it.


@dataclass(frozen=True, slots=True)
class RowCardView:
    """A card in a faction row as the viewer sees it: the half it shows, and its id if the viewer knows it."""

    card: int | None
    half: int
    face: Half
    disputed: Faction | None = None  # the faction the Imperial Envoy's coin half disputed


@dataclass(frozen=True, slots=True)
class TowerView:
    """A tower as the viewer sees it: `card` is None while the viewer may not know which card it is.

    A tower built from the row keeps the half it showed there (`shown`, with its `face`); one built
    from the hand shows nothing until final scoring (`shown` -1, `face` None)."""

    card: int | None
    from_hand: bool
    shown: int
    face: Half | None
    disputed: Faction | None = None  # the faction the Envoy's coin half disputed, when it shows


@dataclass(frozen=True, slots=True)
class PlayView:
    """This round's revealed play as the viewer sees it: the half, the envoy's faction, the Supporter."""

    card: int | None
    half: int
    face: Half
    faction: Faction | None
    supporter: Faction | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player as the viewer sees them."""

    name: str
    score: int
    start: str
    row: tuple[RowCardView, ...]
    counts: Counts
    towers: tuple[TowerView, ...]
    hand_size: int
    pile_size: int
    hand: tuple[int, ...] | None  # None when hidden from the viewer
    supporters: tuple[Faction, ...] | None  # None when hidden from the viewer
    supporter_count: int
    spent: tuple[Faction, ...]
    asked: bool  # part of the current decision
    done: bool  # has committed its sealed choice (only this flag, never what)
    play: PlayView | None  # this round's revealed card
    own_support: Faction | None
    exchanged: int
    envoy_choice: Faction | None


@dataclass(frozen=True, slots=True)
class FinalView:
    """Final-scoring figures, present once the game is over."""

    row_counts: tuple[Counts, ...]  # with envoy symbols placed
    tower_counts: tuple[Counts, ...]
    tower_strength: tuple[int, ...]
    tower_symbols: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TallinnView:
    """The table as one viewer sees it."""

    viewer: int | None
    phase: Phase
    round: int
    max_rounds: int
    envoy: bool
    chronicles: bool
    supporters: bool
    tower_order: bool
    seats: tuple[SeatView, ...]
    chronicle_cards: tuple[int, ...]
    chronicle_level: int
    chronicle_when: tuple[str, str]  # when Chronicle I and II score, in words
    chronicle_meets: tuple[tuple[bool, ...], ...]  # per chronicle, per seat: meets it with the row now
    chronicle_done: tuple[bool, ...]  # per chronicle: already scored
    disputes: tuple[DisputeResult, ...]
    to_resolve: tuple[int, ...]
    asked: tuple[int, ...]
    my_pending: Action | None
    ledger: tuple[tuple[int, ...], ...]
    final: FinalView | None


def build_view(state: TallinnState, viewer: int | None) -> TallinnView:
    over = state.phase is Phase.OVER
    seats = []
    for i, s in enumerate(state.seats):
        mine = over or viewer == i
        envoy = envoy_faction(state, i) if state.envoy else None
        towers = tuple(_tower_view(t.card, t.from_hand, t.shown, mine, envoy) for t in s.towers)
        seats.append(
            SeatView(
                name=state.names[i],
                score=s.score,
                start=s.start,
                row=tuple(_row_view(entry, mine, envoy) for entry in s.row),
                counts=scoring.row_counts(s),
                towers=towers,
                hand_size=len(s.hand),
                pile_size=len(s.pile),
                hand=s.hand if mine else None,
                supporters=s.tokens if mine else None,
                supporter_count=len(s.tokens),
                spent=s.spent,
                asked=i in state.asked,
                done=state.pending[i] is not None,
                play=_play_view(state.plays[i], mine),
                own_support=state.own_support[i],
                exchanged=state.exchanged[i],
                envoy_choice=state.envoy_choice[i],
            )
        )
    final = None
    if over:
        final = FinalView(
            row_counts=tuple(scoring.final_row_counts(s, state.envoy_choice[i]) for i, s in enumerate(state.seats)),
            tower_counts=tuple(scoring.tower_counts(s.towers) for s in state.seats),
            tower_strength=tuple(scoring.tower_strength(s.towers) for s in state.seats),
            tower_symbols=tuple(scoring.tower_symbols_total(s.towers) for s in state.seats),
        )
    return TallinnView(
        viewer=viewer,
        phase=state.phase,
        round=state.round,
        max_rounds=state.max_rounds,
        envoy=state.envoy,
        chronicles=state.chronicles,
        supporters=state.supporters,
        tower_order=state.tower_order,
        seats=tuple(seats),
        chronicle_cards=state.chronicle_cards,
        chronicle_level=state.chronicle_level,
        chronicle_when=(chronicle_when(1, state.envoy), chronicle_when(2, state.envoy)),
        chronicle_meets=_chronicle_meets(state),
        chronicle_done=tuple(over or state.round > r for r in chronicle_rounds(state.envoy)),
        disputes=state.disputes,
        to_resolve=state.to_resolve,
        asked=state.asked,
        my_pending=state.pending[viewer] if viewer is not None else None,
        ledger=state.ledger,
        final=final,
    )


def _row_view(entry: RowCard, mine: bool, envoy: Faction | None) -> RowCardView:
    face = INFLUENCE[entry.card].halves[entry.half]
    return RowCardView(entry.card if mine else None, entry.half, face, envoy if face.coin == ANY else None)


def envoy_faction(state: TallinnState, seat: int) -> Faction | None:
    """The faction a seat's Imperial Envoy disputed (its coin half is played once a game), if it did."""
    play = state.plays[seat]  # revealed this round, its dispute perhaps still to come
    if play is not None and play.faction is not None:
        return play.faction
    return next((d.faction for d in state.history if d.disputer == seat and d.envoy), None)


def _tower_view(card: int, from_hand: bool, shown: int, mine: bool, envoy: Faction | None) -> TowerView:
    face = None if from_hand else INFLUENCE[card].halves[shown]
    disputed = envoy if face is not None and face.coin == ANY else None
    return TowerView(card if mine else None, from_hand, shown, face, disputed)


def _play_view(play: Play | None, mine: bool) -> PlayView | None:
    if play is None:
        return None
    face = INFLUENCE[play.card].halves[play.half]
    return PlayView(play.card if mine else None, play.half, face, play.faction, play.supporter)


def _chronicle_meets(state: TallinnState) -> tuple[tuple[bool, ...], ...]:
    """Per chronicle, whether each row meets it now: a count's first tier, or enough to remove."""
    out = []
    for level, card in enumerate(state.chronicle_cards):
        half = CHRONICLES[card][level]
        fi = FACTION_INDEX[half.faction]
        if half.kind == "count":
            out.append(tuple(scoring.row_counts(s)[fi] >= half.need for s in state.seats))
        else:
            shown = (sum(HALF_SYMBOLS[e][fi] for e in scoring.removable(s, half.faction)) for s in state.seats)
            out.append(tuple(n >= half.need for n in shown))
    return tuple(out)
