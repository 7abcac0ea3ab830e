"""The viewer's own state on Tallinn's table, as values the drawing reads: where the hand's cursor
is (card, half, the envoy's faction, the open Supporter), and which cards the Envoy exchange puts
back. A new viewer, round or hand starts a
fresh look, so nothing of one seat's choosing carries over to the next seat's turn."""

from __future__ import annotations

from dataclasses import dataclass, replace

from boardgames_tui.games.tallinn.rules.actions import Exchange, Play
from boardgames_tui.games.tallinn.rules.components import ANY, FACTIONS, INFLUENCE


@dataclass(frozen=True, slots=True)
class HandLook:
    """The hand to choose from and the lit choice: card `index`, `half`, the envoy's faction (an
    index into FACTIONS) and the open Supporter (0 for none, else 1 + an index into `tokens`)."""

    cards: tuple[int, ...] = ()
    tokens: tuple[str, ...] = ()  # the kinds of Supporter held, sorted, each once
    index: int = 0
    half: int = 0
    faction: int = 0
    supporter: int = 0
    key: object = None  # whose hand, which round: a new key starts the cursor afresh
    with_supporters: bool = False

    def dealt(self, cards: tuple[int, ...], tokens: tuple[str, ...], key: object, with_supporters: bool) -> HandLook:
        """The look for new cards: the cursor kept only for the same viewer and hand."""
        look = self if key == self.key else replace(self, key=key, index=0, half=0, faction=0, supporter=0)
        kinds = tuple(sorted(set(tokens)))
        return replace(
            look,
            cards=cards,
            tokens=kinds,
            index=min(look.index, max(0, len(cards) - 1)),
            supporter=min(look.supporter, len(kinds)),
            with_supporters=with_supporters,
        )

    def play(self) -> Play | None:
        """The lit choice as the action it takes, or None without cards."""
        if not self.cards:
            return None
        card = self.cards[self.index]
        any_coin = INFLUENCE[card].halves[self.half].coin == ANY
        faction = FACTIONS[self.faction] if any_coin else None
        supporter = self.tokens[self.supporter - 1] if self.supporter else None
        return Play(card, self.half, faction, supporter)

    def moved(self, step: int) -> HandLook:
        return replace(self, index=(self.index + step) % len(self.cards)) if self.cards else self

    def at(self, index: int, half: int) -> HandLook:
        return replace(self, index=index, half=half)

    def on_half(self, half: int) -> HandLook:
        return replace(self, half=half)

    def next_faction(self) -> HandLook:
        return replace(self, faction=(self.faction + 1) % len(FACTIONS))

    def next_supporter(self) -> HandLook:
        return replace(self, supporter=(self.supporter + 1) % (len(self.tokens) + 1))


@dataclass(frozen=True, slots=True)
class ExchangeLook:
    """The Envoy exchange being marked: the hand, the card under the cursor and the cards marked
    to put back, in the order they were marked (the last marked goes lowest under the pile)."""

    cards: tuple[int, ...] = ()
    index: int = 0
    marked: tuple[int, ...] = ()
    key: object = None  # whose hand: a new key starts afresh

    def dealt(self, cards: tuple[int, ...], key: object) -> ExchangeLook:
        """The look for a hand: the cursor and marks kept only for the same viewer and hand."""
        if key != self.key:
            return ExchangeLook(cards, 0, (), key)
        return replace(self, cards=cards, index=min(self.index, max(0, len(cards) - 1)))

    def exchange(self) -> Exchange:
        return Exchange(self.marked)

    def moved(self, step: int) -> ExchangeLook:
        return replace(self, index=(self.index + step) % len(self.cards)) if self.cards else self

    def toggled(self, index: int | None = None) -> ExchangeLook:
        """The card at `index` (default: under the cursor) marked, or unmarked; the cursor on it."""
        index = self.index if index is None else index
        if not self.cards:
            return self
        card = self.cards[index]
        marked = tuple(c for c in self.marked if c != card) if card in self.marked else (*self.marked, card)
        return replace(self, index=index, marked=marked)
