"""Helpers that build Tallinn positions the way the rulebook describes them, and play on from there.

A seat is written as its starting card, its row ("9A 1A 11B": card and visible half), its hand,
its towers ("7", or "h5" for a tower built from the hand) and its score; the rest of its deck
forms its draw pile, or, when a pile is given, lies out of the game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from boardgames_tui.engine.evolve import evolve
from boardgames_tui.games.tallinn import GAME
from boardgames_tui.games.tallinn.rules.components import (
    BASE_DECK,
    CHRONICLES,
    ENVOY_DECK,
    START_CARDS,
    SUPPORTERS,
)
from boardgames_tui.games.tallinn.rules.rounds import start_round
from boardgames_tui.games.tallinn.rules.state import (
    CAT_START,
    Phase,
    RowCard,
    SeatState,
    TallinnState,
    Tower,
)

NAMES = ("Anna", "Ben", "Cleo", "Dirk")


@dataclass
class P:
    """One player in a scenario."""

    start: str
    row: str = ""
    hand: str = ""
    towers: str = ""
    score: int = 4
    tokens: str = ""
    pile: str | None = None


def _row(text: str) -> tuple[RowCard, ...]:
    return tuple(RowCard(int(item[:-1]), "AB".index(item[-1])) for item in text.split())


def _towers(text: str) -> tuple[Tower, ...]:
    out = []
    for item in text.split():
        if item.startswith("h"):
            out.append(Tower(int(item[1:]), True, -1))
        else:
            out.append(Tower(int(item), False, 0))
    return tuple(out)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split())


def table(
    *players: P,
    round: int = 1,
    envoy: bool = False,
    chronicles: tuple[int, int] | None = None,
    supporters: bool = False,
    tower_order: bool = False,
    names: tuple[str, ...] | None = None,
) -> TallinnState:
    """A position at the start of a round (phase 1), or the final scoring if nobody holds a card."""
    n = len(players)
    names = names or NAMES[:n]
    options = {
        "envoy": "on" if envoy else "off",
        "chronicles": "on" if chronicles else "off",
        "supporters": "on" if supporters else "off",
        "tower_order": "on" if tower_order else "off",
    }
    base = GAME.setup(names, options, 1)
    deck = ENVOY_DECK if envoy else BASE_DECK
    seats = []
    for p in players:
        row, towers, hand = _row(p.row), _towers(p.towers), _ints(p.hand)
        used = {e.card for e in row} | {t.card for t in towers} | set(hand)
        pile = _ints(p.pile) if p.pile is not None else tuple(c for c in deck if c not in used)
        # With an explicit pile, cards named nowhere are out of the game (as if removed).
        out = tuple(c for c in deck if c not in used and c not in pile)
        seats.append(
            SeatState(
                start=p.start,
                hand=tuple(sorted(hand)),
                pile=pile,
                row=row,
                towers=towers,
                removed=tuple(RowCard(c, 0) for c in out),
                tokens=tuple(sorted(p.tokens.split())),
                score=p.score,
            )
        )
    tokens = Counter(SUPPORTERS) if supporters else Counter()
    for s in seats:
        tokens.subtract(s.tokens)
    ledger = [tuple(0 for _ in range(n)) for _ in base.ledger]
    ledger[CAT_START] = tuple(p.score for p in players)
    state = evolve(
        base,
        seats=tuple(seats),
        unused_starts=tuple(s for s in START_CARDS if s not in {p.start for p in players}),
        undealt_tokens=tuple(sorted(tokens.elements())),
        chronicle_cards=tuple(chronicles) if chronicles else (),
        chronicle_hidden=tuple(c for c in CHRONICLES if not chronicles or c not in chronicles),
        ledger=tuple(ledger),
        log=(),
    )
    state = start_round(state, round)
    GAME.check_invariants(state)
    return state


def rulebook_final_example() -> TallinnState:
    """The rulebook's final-scoring example, scored: Malte (8 before) and Heike (5 before)."""
    return table(
        P("S-F", row="1A 2B 3A 4A 5A 6B 8B 9B 10A", towers="7", score=8),
        P("S-E", row="1A 2A 3A 4B 5A 6B 7A 10B", towers="8 9", score=5),
        names=("Malte", "Heike"),
    )


def act(state: TallinnState, seat: int | None, code: str) -> TallinnState:
    """Take one action written in its short form ("p1a", "tr9", "n", ...)."""
    after = GAME.apply(state, seat, GAME.decode(code))
    GAME.check_invariants(after)
    return after


def play(state: TallinnState, cards: dict[int, str]) -> TallinnState:
    """Phase 1 for several seats: {seat: "1A"}, "11B:M" for the envoy, "1A+K" with a Supporter."""
    for seat, text in cards.items():
        head = text.split(":")[0].split("+")[0]
        state = act(state, seat, "p" + head.lower() + text[len(head) :])
    return state


def resolve(state: TallinnState) -> TallinnState:
    """The table steps through every pending dispute."""
    while state.phase is Phase.DISPUTE:
        state = act(state, None, "n")
    return state


def towers(state: TallinnState, choices: dict[int, str]) -> TallinnState:
    """Tower decisions: "r9" (row card 9), "h5" (hand card 5) or "-" (none)."""
    for seat, text in choices.items():
        state = act(state, seat, "t" + text)
    return state


def scores(state: TallinnState) -> tuple[int, ...]:
    return tuple(s.score for s in state.seats)


def counts(state: TallinnState, seat: int) -> tuple[int, int, int]:
    view: Any = GAME.view(state, None)
    return view.seats[seat].counts  # type: ignore[no-any-return]
