"""The Chronicles module: after the round that empties a pile stack, a chronicle scores. A 'count'
chronicle pays every row that meets it at once; a 'remove' chronicle asks those who can meet it
whether to take row cards out of the game for its coins, in secret."""

from __future__ import annotations

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.engine.protocol import IllegalAction
from boardgames_tui.games.tallinn.rules import scoring
from boardgames_tui.games.tallinn.rules.actions import Action, Remove
from boardgames_tui.games.tallinn.rules.components import (
    CHRONICLE_STACK,
    CHRONICLES,
    FACTION_INDEX,
    FACTION_NAMES,
    INFLUENCE,
    ChronicleHalf,
    chronicle_rounds,
)
from boardgames_tui.games.tallinn.rules.state import (
    CAT_CHRON1,
    CAT_CHRON2,
    PHASE,
    SeatState,
    TallinnState,
    add_points,
    log,
    public,
    update,
    with_seat,
)
from boardgames_tui.games.tallinn.rules.text import count_text, face_text


def level_after(draft: TallinnState) -> int:
    """The chronicle that scores after this round's draws: 1, 2, or 0 for none."""
    if draft.round == CHRONICLE_STACK:
        return 1
    return 2 if draft.round == chronicle_rounds(draft.envoy)[1] else 0


def score_chronicle(draft: TallinnState, level: int) -> TallinnState:
    """A chronicle scores: a 'count' one pays at once; a 'remove' one opens the removal decision
    (phase REMOVE) for the seats that can meet it, if any."""
    half = CHRONICLES[draft.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    label = "I" if level == 1 else "II"
    log(draft, public(f"Chronicle {label} is scored: {half.text()}.", step=False))
    if half.kind == "count":
        for i, s in enumerate(draft.seats):
            coins = scoring.chronicle_count_coins(half, s)
            points = coins * draft.players
            add_points(draft, i, category, points)
            if coins:
                log(draft, public(f"{draft.names[i]} earns {count_text(coins, 'coin')}: +{points}."))
        return draft
    asked = tuple(i for i, s in enumerate(draft.seats) if scoring.removal_sets(s, half))
    if not asked:
        return log(draft, public("Nobody can meet it."))
    return log(
        update(draft, phase=PHASE.REMOVE, asked=asked, chronicle_level=level),
        public("Players who can meet it decide in secret whether to remove cards."),
    )


def _chronicle_half(state: TallinnState) -> ChronicleHalf:
    level = state.chronicle_level
    return CHRONICLES[state.chronicle_cards[level - 1]][level - 1]


def removal_options(state: TallinnState, seat: int) -> list[Action]:
    return [Remove(), *(Remove(c) for c in scoring.removal_sets(state.seats[seat], _chronicle_half(state)))]


def verify_removal(state: TallinnState, seat: int, s: SeatState, action: Remove) -> None:
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


def reveal_removals(draft: TallinnState, commits: tuple[Action | None, ...]) -> TallinnState:
    """Every removal at once: the cards leave the rows, the coins are paid."""
    level = draft.chronicle_level
    half = CHRONICLES[draft.chronicle_cards[level - 1]][level - 1]
    category = CAT_CHRON1 if level == 1 else CAT_CHRON2
    for i in draft.asked:
        commit = commits[i]
        assert isinstance(commit, Remove)
        name = draft.names[i]
        if not commit.cards:
            log(draft, public(f"{name} removes nothing."))
            continue
        s = draft.seats[i]
        gone = set(commit.cards)
        taken = tuple(e for e in s.row if e.card in gone)
        s = evolve(s, row=tuple(e for e in s.row if e.card not in gone), removed=(*s.removed, *taken))
        update(draft, seats=with_seat(draft.seats, i, s))
        points = half.coins * draft.players
        add_points(draft, i, category, points)
        faces = "; ".join(face_text(e.card, e.half) for e in taken)
        log(draft, public(f"{name} removes {count_text(len(taken), 'card')} from the row ({faces}): +{points}."))
    return draft
