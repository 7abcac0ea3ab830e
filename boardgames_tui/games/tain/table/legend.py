"""The names on Tàin's table: each token kind's icon and key letter, and the legend line that
names the icons."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.table.look import Look
from boardgames_tui.ui.kit import legend

ICON = {
    Kind.CHIEFTAIN: "chieftain",
    Kind.WARRIOR: "warrior",
    Kind.BOY: "boy",
    Kind.DAUGHTER: "daughter",
    Kind.BLUFF: "bluff",
}


KEY = {Kind.CHIEFTAIN: "c", Kind.WARRIOR: "w", Kind.BOY: "b", Kind.DAUGHTER: "d", Kind.BLUFF: "x"}
LEGEND: list[str | tuple[str, str]] = [
    ("star", "active"),
    "chieftain",
    "warrior",
    "boy",
    "daughter",
    "bluff",
    "hidden",
    "cow",
    "jewel",
    "captive",
    ("legal", "open slot"),
    ("pile", "discard"),
]


def legend_lines(look: Look, width: int) -> list[Text]:
    """The legend naming the icons on the table: one line, or two when it does not fit."""
    whole = legend(LEGEND, pal=look.pal)
    if whole.cell_len <= width:
        return [whole]
    half = (len(LEGEND) + 1) // 2
    return [legend(LEGEND[:half], width=width, pal=look.pal), legend(LEGEND[half:], width=width, pal=look.pal)]
