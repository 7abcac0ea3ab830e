"""The Envoy exchange as the viewer marks it: the hand as cards, a mark on each card to put back
(numbered in the order it goes under the pile), and beside them what the marks cost and the line
that takes them. The marks make the same `Exchange` action the rules offer; Enter with no card
marked keeps the hand."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.games.tallinn.rules.actions import Exchange
from boardgames_tui.games.tallinn.rules.text import count_text
from boardgames_tui.games.tallinn.table.cards import hand_card
from boardgames_tui.games.tallinn.table.look import ExchangeLook
from boardgames_tui.ui.kit import Block, Palette, beside, icon, palette_of, stack
from boardgames_tui.ui.kit.icons import pick

ORDINALS = ("1st", "2nd", "3rd", "4th")
NOTE_WIDTH = 26
"""The note's width beside three cards, so that the picker fits 80 columns."""


def exchange_block(look: ExchangeLook, pal: Palette) -> Block:
    """The hand with its marks and the controls; a card is a click target (its index), the
    confirm line is "go"."""
    blocks = []
    for i, card_id in enumerate(look.cards):
        marked = card_id in look.marked
        drawn = hand_card(card_id, lit=None, chosen=marked, faction=None, pal=pal)
        mark = Text(f"{icon('arrow_up')} " if i == look.index else "  ", style=f"bold {pal.text_primary}")
        if marked:
            place = look.marked.index(card_id)
            mark.append(f"{icon('selected')} back {ORDINALS[place]}", style=f"bold {pal.text_success}")
        else:
            mark.append(f"{pick('·', '.')} keep", style=pal.muted)
        blocks.append(stack([drawn, Block.of([mark], drawn.width)]).target(i))
    cards = beside(blocks) if blocks else Block.of([])
    return beside([cards, _controls(look, pal)], gap=2)


def exchange_note(marked: tuple[int, ...]) -> str:
    """What the marks do, in words: which cards go under the pile in which order, and the cost."""
    if not marked:
        return "Nothing marked: you keep your hand and pay nothing."
    n = len(marked)
    cost = f"draw {count_text(n, 'new card')}, pay {count_text(n, 'point')}"
    if n == 1:
        return f"Card {marked[0]} goes under your pile; {cost}."
    order = ", then ".join(f"#{c}" for c in marked)
    return f"Under your pile: {order} (lowest); {cost}."


def _controls(look: ExchangeLook, pal: Palette) -> Block:
    lines: list[Text] = [Text("Envoy exchange", style=f"bold {pal.foreground}")]
    targets: list[object] = [None]
    for part in _wrapped(exchange_note(look.marked), NOTE_WIDTH):
        lines.append(Text(part, style=pal.foreground))
        targets.append(None)
    n = len(look.marked)
    go = f"[ Put back {count_text(n, 'card')} ]" if n else "[ Keep the hand ]"
    lines.append(Text(go, style="bold reverse"))
    targets.append("go")
    lines.append(Text(pick("←→ card  Space mark", "<> card  Space mark"), style=pal.muted))
    lines.append(Text("Enter confirms", style=pal.muted))
    targets += [None, None]
    block = Block.of(lines)
    block.hits.extend((row, 0, block.width, t) for row, t in enumerate(targets) if t is not None)
    return block


def _wrapped(text: str, width: int) -> list[str]:
    out = [""]
    for word in text.split():
        if out[-1] and len(out[-1]) + 1 + len(word) > width:
            out.append("")
        out[-1] = f"{out[-1]} {word}" if out[-1] else word
    return out


class ExchangePicker(Widget, can_focus=True):
    """The hand during the Envoy exchange: ←→ move between cards, Space (or a click) marks a card
    to put back or unmarks it, Enter (or a click on the line) takes the marked exchange."""

    DEFAULT_CSS = """
    ExchangePicker { height: auto; padding: 0 1; border: round $primary; }
    ExchangePicker:focus { border: heavy $accent; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Card left", show=False),
        Binding("right", "move(1)", "Card right", show=False),
        Binding("space", "mark", "Mark"),
        Binding("enter", "go", "Confirm"),
    ]

    class Picked(Message):
        """The player confirmed the marked exchange."""

        def __init__(self, action: Exchange) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.look = ExchangeLook()
        self._block: Block | None = None

    def set_hand(self, cards: tuple[int, ...], key: object) -> None:
        """A hand to mark; the marks are kept only for the same viewer and hand."""
        self._set(self.look.dealt(cards, key))

    def draw(self) -> Block:
        if self._block is None:
            self._block = exchange_block(self.look, palette_of(self.app))
        return self._block

    def render(self) -> RenderableType:
        return self.draw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.draw().height

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.draw().width

    def _set(self, look: ExchangeLook) -> None:
        self.look = look
        self._block = None
        self.refresh(layout=True)

    def action_move(self, step: int) -> None:
        self._set(self.look.moved(step))

    def action_mark(self) -> None:
        self._set(self.look.toggled())

    def action_go(self) -> None:
        self.post_message(self.Picked(self.look.exchange()))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.draw().hit(offset.y, offset.x)
        if isinstance(target, int):
            self._set(self.look.toggled(target))
        elif target == "go":
            self.action_go()
