"""Tàin's body widget: the foreign kingdom, every clan board and the viewer's own screen.

Keyboard: arrows move the slot cursor, c w b d x pick the token kind, Enter places it (or takes
the next raid step), p passes. Mouse: click a kind, then a slot; click Pass or Next step. Only
legal slots are marked; asking for another one sends it to the rules, whose reason the shell
shows. The widget never decides a rule itself: it renders `Seen.view` and offers `Seen.actions`.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widgets import OptionList

from boardgames_tui.engine.protocol import DecisionKind
from boardgames_tui.games.tain.actions import FREES, GUARDS, PASS, RAIDS, SCOUTS, STEP, Area, Place
from boardgames_tui.games.tain.components import ENTRANCES, KINDS, PASTURE_ENTRANCES, Kind
from boardgames_tui.games.tain.state import Phase
from boardgames_tui.games.tain.views import ClanView, TainView, TokenView
from boardgames_tui.ui.body import GameBody, Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.literal import literal
from boardgames_tui.ui.seats import colour_hex

LETTERS = {Kind.CHIEFTAIN: "C", Kind.WARRIOR: "W", Kind.BOY: "B", Kind.DAUGHTER: "D", Kind.BLUFF: "X"}
KEYS = {"c": Kind.CHIEFTAIN, "w": Kind.WARRIOR, "b": Kind.BOY, "d": Kind.DAUGHTER, "x": Kind.BLUFF}
LEGEND = ("C chieftain  W warrior  B boy", "D daughter  X bluff  ? face down")

Cell = tuple[Area, int, int]
"""A slot on screen: (area, board, entrance); board and entrance are -1 for the kingdom."""
PASS_CELL: Cell = (Area.RAID, -2, -2)
"""The Pass button, kept in the cursor grid so Enter can reach it."""
Target = tuple[Any, ...]


class TainBody(GameBody, can_focus=True):
    """The Tàin table for one viewer."""

    uses_action_menu = False

    DEFAULT_CSS = """
    TainBody {
        height: auto;
        width: 1fr;
        padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "confirm", "Place / next step"),
        Binding("p", "pass_turn", "Pass"),
        Binding("c", "kind('c')", "Chieftain", show=False),
        Binding("w", "kind('w')", "Warrior", show=False),
        Binding("b", "kind('b')", "Boy", show=False),
        Binding("d", "kind('d')", "Daughter", show=False),
        Binding("x", "kind('x')", "Bluff", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: Seen | None = None
        self.kind: Kind | None = None
        self.row = 0
        self.col = 0
        self.grid: list[list[Cell]] = []
        self.canvas = Canvas()
        """The last drawing, whose spans map a click back to what was drawn there."""
        self._cursor_line = 0
        self._news_line = 0
        self._viewer: int | None = None
        self._legal_set: frozenset[Any] = frozenset()

    # --- what the viewer may do -----------------------------------------------------------
    @property
    def view(self) -> TainView | None:
        return self.seen.view if self.seen is not None else None

    def _legal(self) -> frozenset[Any]:
        return self._legal_set

    def _scouting(self) -> bool:
        view = self.view
        return view is not None and view.phase is Phase.SCOUT and bool(self._legal())

    def _stepping(self) -> bool:
        seen = self.seen
        return seen is not None and seen.decision is not None and seen.decision.kind is DecisionKind.STEP

    def _choosing(self) -> bool:
        view = self.view
        return view is not None and view.phase is Phase.CHOOSE and bool(self._legal())

    def _action(self, cell: Cell, kind: Kind) -> Place | None:
        area, board, entrance = cell
        if cell == PASS_CELL:
            return None
        if area is Area.RAID:
            return RAIDS[kind]
        if area is Area.GUARD:
            return GUARDS[(kind, board, entrance)]
        return SCOUTS[(kind, board, entrance)]

    def _cell_legal(self, cell: Cell) -> bool:
        if cell == PASS_CELL:
            return PASS in self._legal()
        return self.kind is not None and self._action(cell, self.kind) in self._legal()

    # --- showing --------------------------------------------------------------------------
    def show(self, seen: Seen) -> None:
        self.seen = seen
        self._legal_set = frozenset(seen.actions)  # asked once per cell when drawing: built once
        view: TainView = seen.view
        self.grid = [[(Area.RAID, -1, -1)]]
        for clan in view.clans:
            self.grid.append([(Area.SCOUT, clan.seat, e) for e in range(ENTRANCES)])
            self.grid.append([(Area.GUARD, clan.seat, e) for e in range(ENTRANCES)])
        self.grid.append([PASS_CELL])
        if seen.viewer != self._viewer:
            self._viewer = seen.viewer
            self.kind = None
        if self._scouting():
            self._settle_choice()
        self.refresh(layout=True)
        self.refresh_bindings()
        self.call_after_refresh(self._after_show)

    def _settle_choice(self) -> None:
        """Keep a kind that can still go somewhere, and a cursor on a slot where it may go."""
        legal = self._legal()
        usable = [k for k in KINDS if any(isinstance(a, Place) and a.kind is k for a in legal)]
        if self.kind not in usable:
            self.kind = usable[0] if usable else None
        self.row = min(self.row, len(self.grid) - 1)
        self.col = min(self.col, len(self.grid[self.row]) - 1)
        if not self._cell_legal(self.grid[self.row][self.col]):
            for r, row in enumerate(self.grid):
                for c, cell in enumerate(row):
                    if self._cell_legal(cell):
                        self.row, self.col = r, c
                        return

    def _after_show(self) -> None:
        # Take the keys unless the shell's action list is open (the player pressed m for it).
        focused = self.screen.focused
        menu_open = isinstance(focused, OptionList) and focused.display
        if self.seen is not None and self.seen.actions and not menu_open:
            self.focus()
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        """Keep what the player needs in sight when the board is taller than the pane: the slot
        cursor while placing, the latest raid sentences and the Next button while resolving."""
        pane = self.parent
        if not isinstance(pane, ScrollableContainer):
            return
        top = self.region.y - pane.region.y + int(pane.scroll_y)
        if self._scouting():
            pane.scroll_to_region(Region(0, top + self._cursor_line - 1, 1, 3), animate=False)
        elif self.view is not None and (self.view.news or self._stepping()):
            height = len(self.view.news) * 3 + 2
            pane.scroll_to_region(Region(0, top + self._news_line, 1, height), animate=False)

    def render(self) -> Text:
        if self.seen is None:
            return Text("")
        canvas = Canvas()
        self._draw(canvas, self.seen, self.seen.view)
        self.canvas = canvas
        self._cursor_line = canvas.marks.get("cursor", 0)
        self._news_line = canvas.marks.get("news", 0)
        return literal(canvas.text(crop=True))

    # --- drawing --------------------------------------------------------------------------
    def _colour(self, seat: int) -> str:
        assert self.seen is not None
        return colour_hex(self.seen.seats[seat].colour)

    def _glyph(self, seat: int) -> str:
        assert self.seen is not None
        return self.seen.seats[seat].glyph or str(seat + 1)

    def _token(self, token: TokenView) -> tuple[str, str]:
        letter = "?" if token.kind is None else LETTERS[token.kind]
        return f"[{self._glyph(token.owner)}{letter}]", f"bold {self._colour(token.owner)}"

    def _cell(self, canvas: Canvas, cell: Cell, token: TokenView | None) -> None:
        selected = self._scouting() and self.grid[self.row][self.col] == cell
        view = self.view
        pointed = view is not None and view.next_entrance == (cell[1], cell[2]) and cell[0] is not Area.RAID
        if token is not None:
            text, style = self._token(token)
        elif self._scouting() and self._cell_legal(cell):
            text, style = "[ +]", "bold green"
        else:
            text, style = "[  ]", "dim"
        if selected:
            style += " reverse"
            canvas.mark("cursor")
        if pointed:
            style += " underline on grey23"
        canvas.add(text, style, ("cell", cell))

    def _draw(self, canvas: Canvas, seen: Seen, view: TainView) -> None:
        active = view.active
        canvas.add("Turn ")
        for turn in range(1, view.turns + 1):
            if turn == view.turn:
                canvas.add(f"▸{turn}", "bold reverse")
                canvas.add(" ")
            else:
                canvas.add(f"{turn} ", "" if turn > view.turn else "dim")
        canvas.add("  active ")
        canvas.add(f"{self._glyph(active)} {seen.seat_name(active)}", f"bold {self._colour(active)}")
        canvas.newline()
        canvas.add(f"Foreign kingdom: {view.fk_cows} cows  raiders ")
        for slot in view.fk:
            self._cell(canvas, (Area.RAID, -1, -1), slot)
            canvas.add(" ")
        canvas.newline()
        canvas.add(" " * 7 + "pasture".ljust(13) + "house", "dim")
        for clan in view.clans:
            canvas.newline()
            self._draw_clan(canvas, seen, view, clan)
        canvas.newline()
        self._draw_footer(canvas, seen, view)

    def _draw_clan(self, canvas: Canvas, seen: Seen, view: TainView, clan: ClanView) -> None:
        seat = clan.seat
        acting = seat == view.current
        canvas.add("» " if acting else "  ", "bold")
        canvas.add(f"{self._glyph(seat)} {clan.name}", f"bold {self._colour(seat)}")
        if seat == view.active:
            canvas.add(" (active)")
        if seat == seen.viewer:
            canvas.add(" (you)", "italic")
        if clan.passed and view.phase is Phase.SCOUT:
            canvas.add(" passed", "dim")
        canvas.add(f"  {clan.score} pts", "bold")
        canvas.newline()
        canvas.add(f"   cows {clan.cows}")
        if clan.loot_cows:
            canvas.add(f"+{clan.loot_cows}", "green")
        canvas.add(f"  jewels {clan.jewels}")
        if clan.loot_jewels:
            canvas.add(f"+{clan.loot_jewels}", "green")
        canvas.add(f"  screen {clan.screen_count}  used {clan.discard_count}", "dim")
        captives = clan.captives + clan.loot_captives
        if captives:
            canvas.add("  held: ")
            for owner, kind in captives:
                canvas.add(f"{self._glyph(owner)}{LETTERS[kind]} ", f"bold {self._colour(owner)}")
        for label, area, slots in (("out", Area.SCOUT, clan.scouts), ("in ", Area.GUARD, clan.guards)):
            canvas.newline()
            canvas.add(f"   {label} ", "dim")
            for e in range(ENTRANCES):
                if e == PASTURE_ENTRANCES:
                    canvas.add(" ")
                self._cell(canvas, (area, seat, e), slots[e])

    def _draw_footer(self, canvas: Canvas, seen: Seen, view: TainView) -> None:
        viewer = seen.viewer
        mine = view.clans[viewer] if viewer is not None else None
        if mine is not None and mine.screen is not None and not view.over:
            canvas.add("Screen ", "bold")
            for kind in KINDS:
                count = mine.screen[kind]
                style = "reverse bold" if kind is self.kind and self._scouting() else ("" if count else "dim")
                canvas.add(f"[{LETTERS[kind]}]{count}", style, ("kind", kind))
                canvas.add(" ")
            if mine.discard is not None:
                canvas.add(f" used {sum(mine.discard)}", "dim")
            canvas.newline()
        if self._scouting():
            style = "bold reverse" if self.grid[self.row][self.col] == PASS_CELL else "bold"
            if self.grid[self.row][self.col] == PASS_CELL:
                canvas.mark("cursor")
            canvas.add("[ Pass (p) ]", style, ("cell", PASS_CELL))
            if self.kind is not None:
                canvas.add(f"  placing: {self.kind.label}")
            canvas.newline()
            if view.guards_only:
                canvas.add("Only guard slots are left: you keep the turn until you pass.", "italic")
                canvas.newline()
            canvas.add("arrows slot · Enter place · c w b d x token", "dim")
            canvas.newline()
        canvas.mark("news")
        for sentence in view.news:
            self._wrapped(canvas, sentence, "italic")
        if self._stepping():
            canvas.add("[ Next step (Enter) ]", "bold reverse", ("step",))
            canvas.newline()
            self._wrapped(canvas, f"next: {view.prompt}", "dim")
        elif self._choosing():
            for action in seen.actions:
                kind = action.kind
                canvas.add(f"[ Free your {kind.label} ({LETTERS[kind].lower()}) ]", "bold reverse", ("free", kind))
                canvas.add(" ")
            canvas.newline()
        elif view.phase is Phase.CHOOSE:
            self._wrapped(canvas, view.prompt, "italic")
        if view.over:
            canvas.add("Every screen, revealed:", "bold")
            for clan in view.clans:
                canvas.newline()
                canvas.add(f"  {self._glyph(clan.seat)} {clan.name}: ", f"bold {self._colour(clan.seat)}")
                if clan.screen is not None:
                    canvas.add(" ".join(f"{LETTERS[k]}{clan.screen[k]}" for k in KINDS if clan.screen[k]) or "empty")
                if clan.discard is not None:
                    canvas.add(f"   used: {sum(clan.discard)}", "dim")
            canvas.newline()
        for line in LEGEND:
            canvas.add(line, "dim")
            canvas.newline()

    def _wrapped(self, canvas: Canvas, sentence: str, style: str) -> None:
        """Add a sentence as lines that fit the width, so each drawn line is one screen row
        (clicks are mapped by row)."""
        width = max(20, self.content_size.width or 44)
        for line in textwrap.wrap(sentence, width) or [""]:
            canvas.add(line, style)
            canvas.newline()

    # --- input ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_turn":
            return self._scouting()
        if action == "confirm":
            return self._scouting() or self._stepping() or self._choosing()
        if action in ("move", "kind"):
            return self._scouting() or (action == "kind" and self._choosing())
        return True

    def action_move(self, drow: int, dcol: int) -> None:
        if not self._scouting() or not self.grid:
            return
        if drow:
            self.row = (self.row + drow) % len(self.grid)
            self.col = min(self.col, len(self.grid[self.row]) - 1)
        else:
            self.col = (self.col + dcol) % len(self.grid[self.row])
        self.refresh()
        self.call_after_refresh(self._scroll_to_cursor)

    def action_kind(self, letter: str) -> None:
        kind = KEYS[letter]
        if self._choosing():
            self.choose(FREES[kind])
            return
        self.kind = kind
        self.refresh()

    def action_pass_turn(self) -> None:
        if self._scouting():
            self.choose(PASS)

    def action_confirm(self) -> None:
        if self._stepping():
            self.choose(STEP)
        elif self._choosing() and self.seen is not None:
            self.choose(self.seen.actions[0])
        elif self._scouting():
            self._take(self.grid[self.row][self.col])

    def _take(self, cell: Cell) -> None:
        if cell == PASS_CELL:
            self.choose(PASS)
            return
        if self.kind is None:
            self.notify("Choose a token kind first (c, w, b, d or x).", severity="warning")
            return
        action = self._action(cell, self.kind)
        if action is not None:
            # Illegal choices go to the rules too: the shell shows their reason.
            self.choose(action)

    def on_click(self, event: events.Click) -> None:
        target = self._hit(event.y, event.x - 1)
        if self._stepping() and (target is None or target[0] == "step"):
            self.choose(STEP)
            return
        if target is None:
            return
        if target[0] == "kind" and self._scouting():
            self.kind = target[1]
            self.refresh()
        elif target[0] == "cell" and self._scouting():
            cell = target[1]
            for r, row in enumerate(self.grid):
                if cell in row:
                    self.row, self.col = r, row.index(cell)
            self._take(cell)
        elif target[0] == "free" and self._choosing():
            self.choose(FREES[target[1]])

    def _hit(self, y: int, x: int) -> Target | None:
        target: Target | None = self.canvas.hit(y, x)
        return target
