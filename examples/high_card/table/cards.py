"""The pieces: a hand of cards and the row of played cards, drawn with the kit."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.ui.kit import Block, CardState, Count, Half, Palette, beside, card, card_back, stack
from examples.high_card.rules.actions import Play

CARD = 9
"""Cards are narrow: one number each."""


def face(number: int, *, state: CardState = CardState.NORMAL, pal: Palette) -> Block:
    return card(str(number), [Half([[Count("star", number)]])], state=state, width=CARD, pal=pal)


def hand(cards: Sequence[int], cursor: int | None, playable: bool, pal: Palette) -> Block:
    """The viewer's hand; each card clicks to playing it while the viewer may play."""
    blocks = []
    for index, number in enumerate(cards):
        state = CardState.SELECTED if index == cursor else CardState.NORMAL
        block = face(number, state=state, pal=pal)
        blocks.append(block.target(Play(number)) if playable else block)
    return beside(blocks) if blocks else Block.of(["(no cards left)"])


def table_row(seats: Sequence[SeatInfo], chosen: Sequence[bool], shown: Sequence[int | None], pal: Palette) -> Block:
    """Each seat's card of this round: face up once revealed, a back once played, else nothing."""
    columns = []
    for seat, played, number in zip(seats, chosen, shown, strict=True):
        if number is not None:
            body = face(number, pal=pal)
        elif played:
            body = card_back(seat, 3, width=CARD, pal=pal)
        else:
            body = Block.of(["", " waiting", ""], CARD)
        columns.append(stack([Block.of([seat.name], CARD), body]))
    return beside(columns, gap=2)
