"""The legend: one line naming the icons on screen, e.g. `♞ Knights  ♦ Merchants  ✝ Monks`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.icons import ICONS, icon
from boardgames_tui.ui.kit.palette import DARK, Palette

Entry = str | tuple[str | tuple[str, ...], str]
"""A legend's entry: an icon name (with its own label), or (icon name, label), or (several icon
names drawn side by side, one label), e.g. the four arrows that say "more that way"."""


def legend(
    entries: Sequence[Entry],
    *,
    width: int | None = None,
    colours: dict[str, str] | None = None,
    pal: Palette = DARK,
    gap: int = 2,
) -> Text:
    """Each `Entry` `gap` spaces apart; cut to `width` with …."""
    text = Text(no_wrap=True)
    for entry in entries:
        name, label = (entry, ICONS[entry].label) if isinstance(entry, str) else entry
        names = (name,) if isinstance(name, str) else name
        if text:
            text.append(" " * gap)
        colour = (colours or {}).get(names[0], pal.foreground)
        text.append("".join(icon(name) for name in names), style=f"bold {colour}")
        text.append(" " + label, style=pal.muted)
    return fit(text, width) if width is not None and text.cell_len > width else text
