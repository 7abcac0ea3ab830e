"""A player board's path of twenty floors, drawn as a track: the spaces in groups of five with their
numbers on them, the floors taken in the owner's colour, and the marks of the special spaces
named on a line of their own (the boat, the turns, the board's scoring, the end bonuses).
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tolleno.rules.components import PLAYER_FLOORS
from boardgames_tui.ui.kit import Palette, icon
from boardgames_tui.ui.kit.icons import pick
from boardgames_tui.ui.kit.palette import blend, contrast_text

MARKS: dict[int, tuple[str, str]] = {
    6: ("boat", "boat"),
    13: ("turn", "boat turns"),
    16: ("turn", "twice"),
    18: ("star", "board scores"),
}
"""The spaces that unlock something: the icon drawn on them and what they give, in words."""
BONUS = {19: "+1", 20: "+2"}
"""The last two spaces: VP at the end for the player who cleared them."""
CELL = 3


def mark_label(n: int) -> str:
    """What space `n` shows: its unlock icon (two turn arrows on 16), its end bonus, or nothing."""
    if n in MARKS:
        return icon(MARKS[n][0]) * (2 if n == 16 else 1)
    return BONUS.get(n, "")


def board_track(floors: int, colour: str, pal: Palette) -> list[Text]:
    """Two lines: the track (spaces three cells wide, groups of five apart, each space not yet taken
    showing its number or its mark), and the special spaces named, those reached in the owner's
    colour."""
    track = Text(no_wrap=True)
    shade = blend(pal.background, pal.foreground, 0.12)
    for n in range(1, PLAYER_FLOORS + 1):
        if n > 1 and n % 5 == 1:
            track.append(" ")
        label = mark_label(n)
        if n <= floors:
            text = (label or icon("floor")).center(CELL)
            track.append(text, style=f"bold {contrast_text(colour)} on {colour}")
        else:
            text = (label or str(n)).center(CELL)
            track.append(text, style=f"bold {pal.foreground} on {shade}" if label else f"{pal.muted} on {shade}")
    names = Text(no_wrap=True)
    for n, (_, words) in MARKS.items():
        reached = n <= floors
        names.append(f"{mark_label(n)} {n} {words}", style=f"bold {colour}" if reached else pal.muted)
        names.append(" · ", style=pal.muted)
    names.append("+1 +2 VP at the end", style=f"bold {colour}" if floors >= 19 else pal.muted)  # on 19, 20
    return [track, names]


def progress_bar(floors: int, colour: str, pal: Palette) -> Text:
    """A seat's floors taken as a bar of twenty cells in groups of five (the words say the count)."""
    out = Text(no_wrap=True)
    for n in range(1, PLAYER_FLOORS + 1):
        if n > 1 and n % 5 == 1:
            out.append(" ")
        if n <= floors:
            out.append(pick("━", "="), style=f"bold {colour}")
        else:
            out.append(pick("─", "-"), style=pal.muted)
    return out
