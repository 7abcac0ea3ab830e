"""Die Tafelrunde's body: the round table, the purse of every seat, the card being played, your hand
and your choices.

Keyboard: Up/Down (or 1-9) pick a choice, Enter takes it, p flips the circle between now and the
preview of the highlighted choice. Mouse: click a choice, or click a hero on the circle when the
question asks for a hero. Choices the rules refuse (a card you cannot afford, a sixth card) are
listed dimmed; taking one shows the rules' reason. The widget renders `Seen.view` and offers
`Seen.actions`; it never decides a rule itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widgets import OptionList

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games.tafelrunde.circle import Order
from boardgames_tui.games.tafelrunde.components import (
    CARD,
    CASTLE_HEX,
    SILVER_PER_GOLD,
    ZORK,
    Icon,
    card_text,
    card_title,
    hero_colour,
    hero_kind,
)
from boardgames_tui.games.tafelrunde.model import Answer, Discard, Draw, Phase, Play
from boardgames_tui.games.tafelrunde.views import TableView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.literal import literal

CASTLE_LETTER = {"lilac": "L", "red": "R", "green": "G", "yellow": "Y"}
ICON_MARK = {Icon.SHIELD: "[S]", Icon.BROKEN: "[B]"}
PARTS = ("morning", "evening")
HERO_SLOTS = ("hero", "other", "theirs", "first", "w1", "w2", "w3")
WIDE = 76


@dataclass(frozen=True)
class Choice:
    """A line of the choice list: what it says, the action it sends, and whether the rules allow it."""

    label: str
    action: Any
    legal: bool
    preview: Order | None = None


def icon_mark(card: int) -> str:
    """"[S]" for a shield, "[B]" for a broken shield, "" otherwise."""
    icon = CARD[card].icon
    return ICON_MARK[icon] if icon is not None else ""


def silver_text(silver: int) -> str:
    gold, rest = divmod(silver, SILVER_PER_GOLD)
    return f"{silver}s ({gold}g {rest}s)"


class TafelrundeBody(GameBody, can_focus=True):
    """The round table for one viewer (or the whole table)."""

    uses_action_menu = False

    DEFAULT_CSS = """
    TafelrundeBody {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    TafelrundeBody:focus {
        background: $boost;
    }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "confirm", "Choose"),
        Binding("p", "flip_preview", "Now/preview"),
        Binding("d", "toggle_discard", "Discard pile"),
        *(Binding(str(i), f"jump({i - 1})", show=False) for i in range(1, 10)),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.choices: list[Choice] = []
        self.cursor = 0
        self.show_current = False
        self.show_discard = False
        self._canvas = Canvas()
        self._cursor_row = 0

    # --- data in -------------------------------------------------------------------------
    @property
    def view(self) -> TableView | None:
        return self.seen.view if self.seen is not None else None

    def show(self, seen: Seen) -> None:
        old = self.choices[self.cursor].action if self.choices and self.cursor < len(self.choices) else None
        self.seen = seen
        self.choices = self._choices(seen)
        actions = [c.action for c in self.choices]
        self.cursor = actions.index(old) if old in actions else self._first_legal()
        self.show_current = False
        self.refresh(layout=True)
        self.refresh_bindings()  # the key bar repaints only if the keys on offer changed
        self.call_after_refresh(self._after_show)

    def _first_legal(self) -> int:
        return next((i for i, c in enumerate(self.choices) if c.legal), 0)

    def _choices(self, seen: Seen) -> list[Choice]:
        view: TableView = seen.view
        actions = list(seen.actions)
        if not actions:
            return []
        labels = seen.labels
        decl = view.decl
        previews: dict[Any, Order | None] = {}
        if decl is not None and decl.previews:
            for option, preview in zip(decl.options, decl.previews, strict=False):
                previews[Answer(decl.slot, option)] = preview
        out = [Choice(labels.get(a, str(a)), a, True, previews.get(a)) for a in actions]
        viewer = seen.viewer
        if view.phase is Phase.ACT and viewer is not None and viewer == view.on_turn:
            hand = view.hands[viewer] or ()
            extra: list[Choice] = []
            for card in hand:
                if Play(card) not in actions:
                    text = f"Play {card_title(card)}: {card_text(CARD[card])}"
                    extra.append(Choice(text, Play(card), False))
            if Draw() not in actions:
                extra.append(Choice("Draw a card", Draw(), False))
            if hand and not any(isinstance(a, Discard) for a in actions):
                extra.append(Choice("Lay out a card for 1 silver", Discard(hand[0]), False))
            out += extra
        return out

    # --- focus and scrolling -------------------------------------------------------------
    def _after_show(self) -> None:
        focused = self.screen.focused
        menu_open = isinstance(focused, OptionList) and focused.display
        if self.choices and not menu_open and not self.has_focus:
            self.focus()
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        pane = self.parent
        if isinstance(pane, ScrollableContainer) and self.choices:
            top = self.region.y - pane.region.y + int(pane.scroll_y)
            pane.scroll_to_region(Region(0, top + self._cursor_row - 1, 1, 3), animate=False)

    # --- drawing -------------------------------------------------------------------------
    def render(self) -> Text:
        canvas = Canvas()
        if self.seen is not None:
            self._draw(canvas, self.seen, self.seen.view)
        self._canvas = canvas
        return literal(canvas.text())

    def _hex(self, colour: str | None) -> str:
        return CASTLE_HEX.get(colour or "", "#AAAAAA")

    def _seat_tag(self, view: TableView, seat: int) -> Text:
        seen = self.seen
        assert seen is not None
        glyph = seen.seats[seat].glyph if seat < len(seen.seats) else str(seat + 1)
        colour = view.colours[seat]
        return Text(f"{glyph} {view.names[seat]} ({CASTLE_LETTER[colour]})", style=f"bold {self._hex(colour)}")

    def _hero_text(self, view: TableView, hero: str, width: int) -> Text:
        seen = self.seen
        assert seen is not None
        if hero == ZORK:
            owner = view.zork_owner
            text = Text("ZORK", style="bold")
            if owner is not None:
                text.append(f" {seen.seats[owner].glyph}", style=f"bold {self._hex(view.colours[owner])}")
                text.append(CASTLE_LETTER[view.colours[owner]], style=self._hex(view.colours[owner]))
            return text
        colour = hero_colour(hero) or ""
        seat = view.colours.index(colour)
        kind = hero_kind(hero) or ""
        label = kind if width >= 17 else kind[:3]
        style = f"bold {self._hex(colour)}"
        return Text.assemble((f"{seen.seats[seat].glyph} ", style), (f"{label} {CASTLE_LETTER[colour]}", style))

    def _pay(self, view: TableView, order: Order, index: int) -> str:
        if order[index] == ZORK:
            value = view.zork_values[index] if view.zork_owner is not None else 0
        else:
            value = view.values[index]
        return f"{value:+d}" if value else " ·"

    def _ring(self, view: TableView, order: Order, width: int, title: str, moved: set[str]) -> list[tuple[Text, Any]]:
        """The circle as rows: Draco on top, the goblet side down the left, the rest up the right."""
        n = len(order)
        left_count = (n + 1) // 2
        cell = (width - 3) // 2
        goblet = "◄ goblet" if view.goblet_left else "goblet ►"
        rows: list[tuple[Text, Any]] = [(Text(title, style="bold underline"), None)]
        head = f"DRACO {goblet}"
        pad = max(0, (width - len(head)) // 2)
        rows.append((Text(" " * pad + head, style="bold reverse"), None))
        for r in range(left_count):
            line = Text()
            targets = []
            right = n - 1 - r
            for index in (r, right) if right >= left_count else (r,):
                hero = order[index]
                mark = "»" if hero in moved else " "
                piece = Text(f"{index + 1:>2}{self._pay(view, order, index):>3}{mark}")
                piece.append_text(self._hero_text(view, hero, cell))
                piece.truncate(cell, pad=True)
                targets.append((line.cell_len, line.cell_len + cell, hero))
                line.append_text(piece)
                if index == r:
                    line.append(" │ ")
            rows.append((line, targets))
        return rows

    def _draw(self, canvas: Canvas, seen: Seen, view: TableView) -> None:
        width = max(40, self.size.width - 2) if self.size.width else 80
        wide = width >= WIDE
        self._draw_status(canvas, view, wide)
        preview = self._active_preview(view)
        order = view.order
        moved: set[str] = set()
        title = "The table now"
        if preview is not None and not self.show_current:
            moved = {h for i, h in enumerate(preview) if view.order[i] != h}
            order = preview
            title = "If it goes through (p: now)"
        elif preview is not None:
            title = "The table now (p: preview)"
        ring_width = 40 if wide else min(width, 44)
        ring = self._ring(view, order, ring_width, title, moved)
        side = self._seat_lines(view, wide) if wide else []
        for i in range(max(len(ring), len(side))):
            if i < len(ring):
                text, targets = ring[i]
                base = canvas.lines[-1].cell_len
                canvas.add(text)
                for start, end, hero in targets or ():
                    canvas.hits.append((canvas.row, base + start, base + end, ("hero", hero)))
            if i < len(side):
                line = canvas.lines[-1]
                line.pad_right(ring_width + 2 - line.cell_len)
                piece = side[i].copy()
                piece.truncate(max(10, width - ring_width - 2), overflow="ellipsis")
                canvas.add(piece)
            canvas.newline()
        # Narrow: the purses go below the choices, so the circle and its preview stay in sight.
        self._draw_declaration(canvas, seen, view)
        self._draw_choices(canvas, seen, view)
        if not wide:
            for line in self._seat_lines(view, wide):
                canvas.add(line)
                canvas.newline()
        self._draw_hand(canvas, seen, view)
        if self.show_discard:
            canvas.add(f"Discard pile ({len(view.discard)}, top last, d hides): ", "bold")
            canvas.add(", ".join(card_title(c) + icon_mark(c) for c in view.discard) or "empty")
            canvas.newline()

    def _draw_status(self, canvas: Canvas, view: TableView, wide: bool) -> None:
        herold = "☀ day side" if view.part == 0 else "☾ night side"
        if view.finished:
            canvas.add("Game over: every hand is shown.", "bold")
        else:
            canvas.add(f"Day {view.day}/{view.days} {PARTS[view.part]}", "bold")
            canvas.add(f" · Herold {herold if wide else herold[0]}: ")
            canvas.add(self._seat_tag(view, view.start))
        canvas.newline()

    def _seat_lines(self, view: TableView, wide: bool) -> list[Text]:
        tags = [self._seat_tag(view, seat) for seat in range(len(view.names))]
        tag_width = min(18, max(t.cell_len for t in tags))
        lines = [Text("Player".ljust(tag_width) + " silver      ✋  pay", style="bold underline")]
        for seat in range(len(view.names)):
            line = tags[seat]
            line.truncate(tag_width, pad=True)
            line.append(f" {silver_text(view.money[seat]):<11}", style="bold")
            line.append(f" {view.hand_sizes[seat]} {view.nets[seat]:>+3d}")
            if view.zork_owner == seat:
                line.append(" Z", style="bold")
            if view.start == seat:
                line.append(" H")
            if not view.finished and view.on_turn == seat and view.phase is Phase.ACT:
                line.append(" ◄", style="bold")
            lines.append(line)
        zork = view.zork_owner
        lines.append(Text("Z: Zork sides with " + (view.names[zork] if zork is not None else "nobody"), style="italic"))
        lines.append(Text("H: Herold · pay: if the day ended now", style="italic"))
        lines.append(Text(f"Draw pile {view.draw_size} · discard {len(view.discard)}", style="dim"))
        for seat, laid in enumerate(view.in_front):
            if laid is not None:
                lines.append(Text(f"{view.names[seat]} laid out {card_title(laid)}", style="dim"))
        if view.discard:
            lines.append(Text(f"Discard top: {card_title(view.discard[-1])}", style="dim"))
        return lines

    def _active_preview(self, view: TableView) -> Order | None:
        preview = None
        if self.choices and 0 <= self.cursor < len(self.choices):
            preview = self.choices[self.cursor].preview
        if preview is None and view.decl is not None:
            preview = view.decl.outcome
        return preview if preview != view.order else None

    def _draw_declaration(self, canvas: Canvas, seen: Seen, view: TableView) -> None:
        decl = view.decl
        if decl is None:
            return
        canvas.newline()
        canvas.add("Card: ", "bold")
        canvas.add(self._seat_tag(view, decl.actor))
        canvas.add(f" {'plays' if decl.announced else 'is choosing (only you see this)'}: ")
        canvas.add(decl.text, "bold")
        canvas.newline()
        for roll in decl.rolls:
            dice = f"dice {roll.first[0]} {roll.first[1]} → {min(roll.first)}"
            if roll.second is not None:
                dice += f"; again {roll.second[0]} {roll.second[1]} → {min(roll.second)} (stands)"
            elif not roll.settled:
                dice += " (keep or roll again?)"
            who = f" for {roll.hero}" if roll.hero else ""
            canvas.add(f"  {view.names[roll.roller]}{who}: {dice}")
            canvas.newline()
        if view.phase in (Phase.VETO, Phase.VETO_VETO):
            if view.phase is Phase.VETO:
                canvas.add("  Veto? A shield [S] may claim.", "bold")
            else:
                vetoer = view.names[view.vetoer] if view.vetoer is not None else "?"
                card = card_title(view.veto_card) if view.veto_card is not None else ""
                canvas.add(f"  {vetoer} vetoed with {card}. A broken shield [B] may overrule.", "bold")
            canvas.newline()
            if seen.viewer is not None and not seen.actions and view.hands[seen.viewer] is not None:
                kind = "shield [S]" if view.phase is Phase.VETO else "broken shield [B]"
                canvas.add(f"  You hold no {kind} card: nothing to do here, go back.", "italic")
                canvas.newline()
            if view.private_polls:
                canvas.add("  Each player is asked in turn behind the curtain.", "italic")
            else:
                canvas.add("  Claim: 'Respond as' in the list. Silence: 'No veto'.", "italic")
            canvas.newline()

    def _draw_choices(self, canvas: Canvas, seen: Seen, view: TableView) -> None:
        self._cursor_row = canvas.row
        if not self.choices:
            decision = seen.decision
            if decision is not None and not view.finished and decision.kind is not DecisionKind.WINDOW:
                canvas.newline()
                names = ", ".join(view.names[s] for s in decision.seats)
                canvas.add(f"Waiting for {names}.", "italic")
                canvas.newline()
            return
        canvas.newline()
        prompt = seen.decision.prompt if seen.decision is not None else "Choose"
        if view.decl is not None and view.decl.prompt and view.phase is Phase.DECLARE:
            prompt = view.decl.prompt
        canvas.add(prompt, "bold")
        canvas.newline()
        for index, choice in enumerate(self.choices):
            focused = index == self.cursor
            if focused:
                self._cursor_row = canvas.row
            key = str(index + 1) if index < 9 else " "
            marker = "▶" if focused else " "
            style = "reverse" if focused and self.has_focus else "bold" if focused else ""
            if not choice.legal:
                style += " dim"
            icon = ""
            if isinstance(choice.action, Play) and icon_mark(choice.action.card):
                icon = icon_mark(choice.action.card) + " "
            note = "" if choice.legal else "  ✗ not now"
            canvas.add(f"{marker}{key} {icon}{choice.label}{note}", style.strip(), ("choice", index))
            canvas.newline()

    def _draw_hand(self, canvas: Canvas, seen: Seen, view: TableView) -> None:
        viewer = seen.viewer
        shown = [(s, h) for s, h in enumerate(view.hands) if h is not None]
        if not shown:
            return
        for seat, hand in shown:
            canvas.add("Hand of " if view.finished else "Your hand: ", "bold")
            if view.finished:
                canvas.add(self._seat_tag(view, seat))
                canvas.add(": ")
            if not hand:
                canvas.add("(empty)", "dim")
            canvas.add(", ".join(f"{card_title(c)}{icon_mark(c)}" for c in hand))
            canvas.newline()
        if viewer is not None and view.known:
            known = ", ".join(f"{view.names[s]} holds {card_title(c)}" for c, s in view.known)
            canvas.add(f"You know: {known}", "italic")
            canvas.newline()

    # --- input ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "jump", "confirm"):
            return bool(self.choices)
        if action == "flip_preview":
            return self.view is not None and self._active_preview(self.view) is not None
        return True

    def action_move(self, step: int) -> None:
        if self.choices:
            self.cursor = (self.cursor + step) % len(self.choices)
            self.refresh_bindings()
            self.refresh()
            self.call_after_refresh(self._scroll_to_cursor)

    def action_jump(self, index: int) -> None:
        if not self.choices:
            return
        if index < 0:
            index = len(self.choices) - 1
        if index < len(self.choices):
            self.cursor = index
            self.refresh_bindings()
            self.refresh()
            self.call_after_refresh(self._scroll_to_cursor)

    def action_confirm(self) -> None:
        if self.choices and 0 <= self.cursor < len(self.choices):
            self.choose(self.choices[self.cursor].action)


    def action_toggle_discard(self) -> None:
        self.show_discard = not self.show_discard
        self.refresh(layout=True)

    def action_flip_preview(self) -> None:
        self.show_current = not self.show_current
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        target = self._hit(event.y, event.x - 1)
        if target is None:
            return
        event.stop()
        kind, value = target
        if kind == "choice":
            self.cursor = value
            self.choose(self.choices[value].action)
        elif kind == "hero":
            for index, choice in enumerate(self.choices):
                action = choice.action
                if isinstance(action, Answer) and action.slot in HERO_SLOTS and action.value == value:
                    self.cursor = index
                    self.choose(action)
                    return

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Hovering a choice highlights it, so its preview shows on the circle."""
        target = self._hit(event.y, event.x - 1)
        if target is not None and target[0] == "choice" and target[1] != self.cursor:
            self.cursor = target[1]
            self.refresh()

    def _hit(self, y: int, x: int) -> Any:
        return self._canvas.hit(y, x)
