"""Tallinn's hand picker: the viewer's hand as cards side by side, a half to light and play."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.games.tallinn.rules.actions import Play
from boardgames_tui.games.tallinn.rules.components import ANY, FACTION_NAMES, FACTIONS, INFLUENCE
from boardgames_tui.games.tallinn.table.cards import faction_text, half_row, hand_cards
from boardgames_tui.ui.kit import Block, Palette, beside, counters, palette_of
from boardgames_tui.ui.kit.icons import pick


class HandPicker(Widget, can_focus=True):
    """The viewer's hand as cards side by side: pick a card and a half, then play it.

    ←→ move between cards, ↑↓ (or Space) between half A (top) and half B, Enter plays; a click on
    a half picks it, a click on the play line plays what is lit.
    """

    DEFAULT_CSS = """
    HandPicker { height: auto; padding: 0 1; border: round $primary; }
    HandPicker:focus { border: heavy $accent; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Card left", show=False),
        Binding("right", "move(1)", "Card right", show=False),
        Binding("up", "half(0)", "Half A", show=False),  # the picker draws its arrows itself
        Binding("down", "half(1)", "Half B", show=False),
        Binding("space", "flip", "Other half", show=False),
        Binding("f", "faction", "Envoy faction"),
        Binding("p", "supporter", "Supporter"),
        Binding("enter", "play", "Play"),
    ]

    class Picked(Message):
        """The player confirmed a card and half."""

        def __init__(self, action: Play) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[int, ...] = ()
        self.tokens: tuple[str, ...] = ()
        self.index = 0
        self.half = 0
        self.faction = 0
        self.supporter = 0  # 0 = none, else 1 + index into tokens
        self._key: object = None
        self._envoy_key = False
        self._block: Block | None = None
        self.with_supporters = False

    def set_hand(
        self, cards: tuple[int, ...], tokens: tuple[str, ...], key: object, *, with_supporters: bool = False
    ) -> None:
        """New cards to choose from; the selection is kept only for the same viewer and hand."""
        if with_supporters != self.with_supporters:
            self.with_supporters = with_supporters
            self.refresh_bindings()
        if key != self._key:
            self._key = key
            self.index = self.half = self.faction = self.supporter = 0
        self.cards = cards
        self.tokens = tuple(sorted(set(tokens)))
        self.index = min(self.index, max(0, len(cards) - 1))
        self.supporter = min(self.supporter, len(self.tokens))
        self._changed()

    def current(self) -> Play | None:
        if not self.cards:
            return None
        card = self.cards[self.index]
        any_coin = INFLUENCE[card].halves[self.half].coin == ANY
        faction = FACTIONS[self.faction] if any_coin else None
        supporter = self.tokens[self.supporter - 1] if self.supporter else None
        return Play(card, self.half, faction, supporter)

    def draw(self) -> Block:
        if self._block is None:
            pal = palette_of(self.app)
            play = self.current()
            faction = play.faction if play is not None else None
            cards = hand_cards(self.cards, self.index, self.half, faction, pal)
            self._block = beside([cards, self._controls(play, pal)], gap=2)
        return self._block

    def _controls(self, play: Play | None, pal: Palette) -> Block:
        """What the lit half does, the envoy's faction, the open Supporter, and the play line."""
        lines: list[Text] = [Text("Your hand", style=f"bold {pal.foreground}")]
        targets: list[object] = [None]
        if play is not None:
            face = INFLUENCE[play.card].halves[play.half]
            what = Text(f"Card {play.card} half {'AB'[play.half]}: ", style=pal.muted)
            what.append_text(counters(half_row(face, play.faction), pal=pal))
            disputed = play.faction or (face.coin if face.coin != ANY else None)
            if disputed:
                what.append(pick(" → ", " -> "), style=pal.muted)
                what.append(FACTION_NAMES[disputed], style=pal.foreground)
            lines.append(what)
            targets.append(None)
        if play is not None and play.faction:
            envoy = Text("Envoy disputes: ")
            envoy.append_text(faction_text(play.faction))
            envoy.append("  (f)", style=pal.muted)
            lines.append(envoy)
            targets.append("faction")
        if self.tokens:
            sup = Text("Open Supporter: ")
            if play is not None and play.supporter:
                sup.append_text(faction_text(play.supporter))
            else:
                sup.append("none", style=pal.muted)
            sup.append("  (p)", style=pal.muted)
            lines.append(sup)
            targets.append("supporter")
        if play is not None:
            lines.append(Text(f"[ Play half {'AB'[play.half]} of card {play.card} ]", style="bold reverse"))
            targets.append("play")
        lines.append(Text(pick("←→ card  ↑↓ half  Enter play", "<> card  ^v half  Enter play"), style=pal.muted))
        targets.append(None)
        block = Block.of(lines)
        block.hits.extend((row, 0, block.width, t) for row, t in enumerate(targets) if t is not None)
        return block

    def render(self) -> RenderableType:
        return self.draw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.draw().height

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.draw().width

    # --- keys -----------------------------------------------------------------------------
    def why_not(self, action: str) -> str | None:
        """Why the Supporter key does nothing in a game without Supporters."""
        return "This game is played without Supporters." if action == "supporter" else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Every key stays live and one that can do nothing now says why (issue 12 §2); only the
        Supporter key is left out of games without Supporters."""
        return self.with_supporters if action == "supporter" else True

    def action_move(self, step: int) -> None:
        if self.cards:
            self.index = (self.index + step) % len(self.cards)
            self._changed()

    def action_half(self, half: int) -> None:
        self.half = half
        self._changed()

    def action_flip(self) -> None:
        self.half = 1 - self.half
        self._changed()

    def _changed(self) -> None:
        """Redraw (the envoy line may come or go, so the height may change); the envoy key shows in
        the footer only while the envoy's coin half is picked."""
        self._block = None
        self.refresh(layout=True)
        play = self.current()
        envoy = play is not None and play.faction is not None
        if envoy != self._envoy_key:
            self._envoy_key = envoy
            self.refresh_bindings()

    def action_faction(self) -> None:
        play = self.current()
        if play is None or play.faction is None:
            self.notify(
                "Only the Envoy's coin half names a faction: light half B of the Envoy first.", severity="warning"
            )
            return
        self.faction = (self.faction + 1) % len(FACTIONS)
        self._changed()

    def action_supporter(self) -> None:
        if not self.tokens:
            self.notify("You hold no Supporter to add.", severity="warning")
            return
        self.supporter = (self.supporter + 1) % (len(self.tokens) + 1)
        self._changed()

    def action_play(self) -> None:
        play = self.current()
        if play is not None:
            self.post_message(self.Picked(play))

    # --- mouse ----------------------------------------------------------------------------
    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = self.draw().hit(offset.y, offset.x)
        if isinstance(target, tuple):
            self.index, self.half = target
            self._changed()
        elif target == "faction":
            self.action_faction()
        elif target == "supporter":
            self.action_supporter()
        elif target == "play":
            self.action_play()
