"""The styled texts of the match screen, built from the match alone: the header line and seat
labels (the log lines and the curtain's words are `ui.flow.news`).

Nothing here touches a widget, so each text can be checked without running the app.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import DecisionKind, SeatInfo
from boardgames_tui.ui.flow.steps import BotThinking, MoveShown
from boardgames_tui.ui.seats import colour_hex


def seat_label(info: SeatInfo, *, glyph_only: bool = False) -> Text:
    """A seat's glyph and name (or its glyph alone) in its colour."""
    return Text(info.glyph if glyph_only else f"{info.glyph} {info.name}", style=f"bold {colour_hex(info.colour)}")


def header_text(match: Match, decision: Any, *, status: Text | None, held: bool, private: bool,
                short: bool, tight: bool = False, titled: bool = True) -> Text:
    """The state line: game, progress, and who is to act (by glyph alone when `short`).

    `status` is the bots' note (who is thinking, the move on show), `held` whether the table is
    held on the results of "show all steps", `private` whether a seat's private view is drawn.
    `tight` (implied by `short`) spends fewer cells on the words around the names: single spaces
    around the dots, "To choose", "private", the shorter resolving note; without `titled` the
    line starts at the progress (the game's name is the least a player needs to read there)."""
    tight = tight or short
    dot = " · " if tight else "  ·  "
    text = Text.assemble((match.game.title, "bold"), dot) if titled else Text()
    text.append_text(Text.assemble(match.game.progress(match.state), dot))
    if held:
        text.append("All steps shown: Enter to go on", style="bold")
    elif status is not None:
        text.append_text(status)
    elif decision is None:
        text.append("Game over", style="bold")
    elif decision.kind is DecisionKind.STEP:
        text.append("Resolving: Enter for the next step" + ("" if tight else ", a for all"), style="italic")
    elif decision.kind is DecisionKind.WINDOW:
        text.append("Open to every eligible player", style="italic")
    else:
        waiting = [seat_label(match.seats[s], glyph_only=short) for s in decision.seats]
        if decision.kind is DecisionKind.SEALED:
            text.append("To choose: " if tight else "Still to choose: ")
        else:
            text.append("To act: ")
        text.append_text(Text(" " if short else ", ").join(waiting))
    if private:
        text.append(" · private" if tight else "  · private view", style="italic")
    return text


def busy_text(match: Match, busy: BotThinking | MoveShown | None) -> Text | None:
    """The header's note while no person decides: who is thinking, or the move on show."""
    if isinstance(busy, BotThinking):
        return Text.assemble(seat_label(match.seats[busy.request.seat]), " is thinking…")
    if busy is None:
        return None
    seat, line = busy.seat, busy.line
    if seat is None:
        return Text(line)
    name = match.seats[seat].name
    if line.startswith(name):
        return Text.assemble(seat_label(match.seats[seat], glyph_only=True), " ", line)
    return Text.assemble(seat_label(match.seats[seat]), ": ", line)
