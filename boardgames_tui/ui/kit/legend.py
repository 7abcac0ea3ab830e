"""The legend: one line naming the icons on screen, e.g. `♞ Knights  ♦ Merchants  ✝ Monks`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from boardgames_tui.ui.kit.block import fit
from boardgames_tui.ui.kit.icons import ICONS, icon
from boardgames_tui.ui.kit.palette import DARK, Palette


def legend(
    entries: Sequence[str | tuple[str, str]],
    *,
    width: int | None = None,
    colours: dict[str, str] | None = None,
    pal: Palette = DARK,
    gap: int = 2,
) -> Text:
    """Each entry an icon name (with its own label) or (icon name, label), `gap` spaces apart;
    cut to `width` with …."""
    text = Text(no_wrap=True)
    for entry in entries:
        name, label = (entry, ICONS[entry].label) if isinstance(entry, str) else entry
        if text:
            text.append(" " * gap)
        text.append(icon(name), style=f"bold {(colours or {}).get(name, pal.foreground)}")
        text.append(" " + label, style=pal.muted)
    return fit(text, width) if width is not None and text.cell_len > width else text
