"""The kit's colours: a few roles read from the app's current Textual theme, plus material fills.

Roles come from theme variables ($primary, $accent, $warning, $error, $success, $foreground,
$background, $surface, $panel and their readable `text-*` forms), so every element follows the
light and dark themes. Materials (wood, stone, water ...) are the components' own colours and
do not change with the theme; each also has a fill pattern, so no material is told by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_tui.ui.kit.icons import pick


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours one drawing uses, taken from one theme."""

    dark: bool
    primary: str
    accent: str
    warning: str
    error: str
    success: str
    foreground: str
    background: str
    surface: str
    panel: str
    muted: str
    text_primary: str
    text_warning: str
    text_success: str
    text_error: str
    highlight: str
    """A quiet background for the lit or hovered part (primary mixed into the background)."""

    @classmethod
    def from_variables(cls, variables: dict[str, str], dark: bool) -> Palette:
        """A palette from Textual's theme variables (as `App.get_css_variables()` returns them)."""

        def get(name: str, fallback: str) -> str:
            value = variables.get(name, fallback)
            return value[:7] if value.startswith("#") else fallback

        foreground = get("foreground", "#E0E0E0" if dark else "#1F1F1F")
        background = get("background", "#121212" if dark else "#E0E0E0")
        primary = get("primary", "#0178D4")
        warning = get("warning", "#FFA62B")
        error = get("error", "#BA3C5B")
        success = get("success", "#4EBF71")
        return cls(
            dark=dark,
            primary=primary,
            accent=get("accent", "#FFA62B"),
            warning=warning,
            error=error,
            success=success,
            foreground=foreground,
            background=background,
            surface=get("surface", background),
            panel=get("panel", background),
            muted=blend(foreground, background, 0.45),
            text_primary=get("text-primary", primary),
            text_warning=get("text-warning", warning),
            text_success=get("text-success", success),
            text_error=get("text-error", error),
            highlight=blend(primary, background, 0.6),
        )


def blend(a: str, b: str, share_of_b: float) -> str:
    """The colour `share_of_b` of the way from hex colour `a` to hex colour `b`."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = (round(x + (y - x) * share_of_b) for x, y in zip(ca, cb, strict=True))
    return "#" + "".join(f"{v:02X}" for v in mixed)


def contrast_text(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#FFFFFF"


DARK = Palette.from_variables({}, dark=True)
"""Textual's dark defaults: for drawing outside an app (tests, exports)."""

_cache: dict[tuple[str, bool], Palette] = {}


def palette_of(app: Any) -> Palette:
    """The palette of `app`'s current theme (cached per theme name)."""
    theme = app.current_theme
    key = (theme.name, bool(theme.dark))
    found = _cache.get(key)
    if found is None:
        found = Palette.from_variables(app.get_css_variables(), dark=bool(theme.dark))
        _cache[key] = found
    return found


@dataclass(frozen=True, slots=True)
class Material:
    """A fill for tiles: a background colour and a pattern that tells it without colour."""

    name: str
    colour: str
    unicode_pattern: str
    ascii_pattern: str

    @property
    def pattern(self) -> str:
        return pick(self.unicode_pattern, self.ascii_pattern)

    @property
    def ink(self) -> str:
        """The colour of glyphs drawn on this material."""
        return contrast_text(self.colour)


MATERIALS: dict[str, Material] = {
    m.name: m
    for m in (
        Material("wood", "#8B5A2B", "┄", "-"),
        Material("stone", "#7D7F86", "░", "."),
        Material("water", "#1F5F99", "≈", "~"),
        Material("grass", "#4E7F3A", "\u02ce", ","),
        Material("sand", "#C8A96A", "·", ":"),
        Material("earth", "#6B4A3A", "∙", "'"),
        Material("gold", "#C9A227", "✧", "*"),
        Material("plain", "#5A5A5A", " ", " "),
    )
}
