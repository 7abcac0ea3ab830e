"""The card in play: who plays what, its dice, and where the veto calls stand."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tafelrunde.rules.components import hero_label
from boardgames_tui.games.tafelrunde.rules.state import Phase
from boardgames_tui.games.tafelrunde.rules.view import TableView
from boardgames_tui.games.tafelrunde.table.cards import card_name
from boardgames_tui.games.tafelrunde.table.lines import wrapped
from boardgames_tui.games.tafelrunde.table.ring import seat_chip
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Palette
from boardgames_tui.ui.kit.icons import pick


def draw_declaration(canvas: Canvas, seen: Seen, view: TableView, width: int, *, compact: bool,
                      pal: Palette) -> None:
    """The card in play: who plays what, the dice, and where the veto calls stand (on a small
    screen a card still being chosen is named in the question instead)."""
    decl = view.decl
    if decl is None or (compact and not decl.announced and not decl.rolls):
        return
    text = Text("In play: ", style=f"bold {pal.foreground}")
    text.append_text(seat_chip(view, seen.seats, decl.actor, pal=pal))
    text.append(" plays " if decl.announced else " is choosing (only you see this): ", style=pal.foreground)
    text.append(decl.text, style=f"bold {pal.foreground}")
    wrapped(canvas, text, width)
    # On a small screen the dice are drawn while they are being decided; once the card is
    # announced its line already says what each roll came to.
    for roll in () if compact and decl.announced else decl.rolls:
        arrow = pick("→", "->")
        dice = f"rolled {roll.first[0]} and {roll.first[1]} {arrow} {min(roll.first)}"
        if roll.second is not None:
            dice += f"; again {roll.second[0]} and {roll.second[1]} {arrow} {min(roll.second)} (stands)"
        elif not roll.settled:
            dice += " (keep or roll again?)"
        who = f" for {hero_label(roll.hero)}" if roll.hero else ""
        wrapped(canvas, Text(f"  {view.names[roll.roller]}{who}: {dice}", style=pal.foreground), width)
    if view.phase is Phase.VETO_VETO and view.vetoer is not None and view.veto_card is not None:
        line = Text("  Vetoed by ", style=f"bold {pal.text_warning}")
        line.append_text(seat_chip(view, seen.seats, view.vetoer, pal=pal))
        line.append(" with ", style=f"bold {pal.text_warning}")
        line.append_text(card_name(view.veto_card, pal))
        wrapped(canvas, line, width)
