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


TOKENS = ("chieftain", "warrior", "boy", "daughter", "bluff")
"""The token kinds' entries, which the viewer's screen names in words when it is drawn so."""


def legend_entries(look: Look, compact: bool, screen_in_words: bool = False) -> list[str | tuple[str, str]]:
    """The legend's entries for what is drawn now: the tokens and counts always (at 80×24 the
    tokens only where the viewer's screen does not name them in words), the open slot while
    placing, the short form's screen marks, the results' marks while a raid step's results are on
    the boards, the turn marker where the full turn track is drawn."""
    entries = list(LEGEND)
    view = look.view
    if compact and screen_in_words:
        entries = [entry for entry in entries if entry not in TOKENS]
    if not look.placing:
        entries.remove(("legal", "open slot"))
    elif not screen_in_words:
        entries += [("selected", "kind chosen"), ("disabled", "none left")]
    if view.last:
        entries += [("gives", "goes to"), ("disabled", "nothing won"), ("done", "freed")]
    if not compact:
        entries.insert(0, ("arrow_down", "this turn"))
    return entries


def legend_lines(look: Look, width: int, compact: bool = False, screen_in_words: bool = False) -> list[Text]:
    """The legend naming the icons on the table, on as many lines as it takes (whole entries)."""
    entries = legend_entries(look, compact, screen_in_words)
    whole = legend(entries, pal=look.pal)
    if whole.cell_len <= width:
        return [whole]
    lines: list[list[str | tuple[str, str]]] = [[]]
    for entry in entries:
        if lines[-1] and legend([*lines[-1], entry], pal=look.pal).cell_len > width:
            lines.append([])
        lines[-1].append(entry)
    return [legend(line, pal=look.pal) for line in lines]
