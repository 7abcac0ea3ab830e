"""Setting up: the deck (with the special cards chosen), the market stacks, the dealer and hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boardgames_tui.engine.journal import Journal
from boardgames_tui.engine.protocol import LogEntry
from boardgames_tui.engine.rng import RngState
from boardgames_tui.games.tasnia.rules.components import (
    HAND_SIZE,
    REGULAR,
    REGULAR_COPIES,
    SPECIALS,
    STACK_SIZE,
    STACKS,
    all_tiles,
)
from boardgames_tui.games.tasnia.rules.state import PlayerState, State, sort_cards
from boardgames_tui.games.tasnia.rules.text import cards_text


def setup(names: Sequence[str], chosen: Mapping[str, str], seed: int) -> State:
    """The opening state for `names` with the options `chosen` (every option filled in)."""
    specials = tuple(card for card in SPECIALS if chosen[card.lower()] == "on")
    rng = RngState(seed)
    deck = tuple(kind for kind in REGULAR for _ in range(REGULAR_COPIES)) + specials
    deck, rng = rng.shuffled(deck)
    tiles, rng = rng.shuffled(all_tiles())
    stacks = tuple(tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i in range(STACKS))
    r, rng = rng.draw()
    dealer = r.randrange(len(names))
    players = tuple(PlayerState(sort_cards(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(len(names)))
    first = (dealer + 1) % len(names)
    log = (
        LogEntry(f"{names[dealer]} dealt six cards to everyone; {names[first]} begins."),
        *(LogEntry(f"Your hand: {cards_text(p.hand)}.", frozenset({i})) for i, p in enumerate(players)),
    )
    return State(
        names=tuple(names),
        specials=specials,
        players=players,
        stacks=stacks,
        draw=deck[len(names) * HAND_SIZE :],
        discard=(),
        rng=rng,
        dealer=dealer,
        current=first,
        log=Journal(log),
    )
