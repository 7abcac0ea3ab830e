"""Drawing a screen while its own opaque curtain covers it, so that the lift only has to show it.

A hand-off curtain takes no keys for half a second after it is painted (`ui.arming`), and in
practice stays up for as long as the laptop takes to change hands. The match screen uses that
time: once the curtain is painted it draws the next seat's view under it, and Textual lays it out
and renders it there. When the curtain is lifted, the frame is put together from what is already
drawn instead of being drawn from scratch on the player's key.

Nothing drawn under the curtain reaches the terminal: the app composes no screen under an opaque
top screen (`BoardgamesApp._background_screens`), and a covered frame is rendered into the
widgets' caches and thrown away (`_compositor_refresh`). Only while drawing covered is switched
on does Textual treat the covered screen as current (`is_current`), which is what makes it lay
out and render at all; otherwise a covered screen stays as idle as Textual leaves it.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


class CoveredDrawing(Screen[Any]):
    """A screen that can lay itself out and render while a given opaque screen covers it."""

    _drawing_under: Screen[Any] | None = None
    """The screen under which drawing goes on (None: drawing covered is off)."""

    def draw_covered(self, cover: Screen[Any] | None) -> None:
        """Lay out and render under `cover` from now on, while it is the top screen right above
        this one; None stops it."""
        self._drawing_under = cover
        if cover is not None:
            self.check_idle()  # what is waiting to be laid out goes now, not at the next message

    def _covered(self) -> bool:
        cover = self._drawing_under
        if cover is None or cover.styles.background.a < 1:
            return False
        try:
            stack = self.app.screen_stack
        except Exception:  # no screen stack: the app is closing
            return False
        return len(stack) >= 2 and stack[-1] is cover and stack[-2] is self

    @property
    def is_current(self) -> bool:
        """Textual lays out and renders only its current screens: a covered one counts as one
        while drawing under its cover."""
        return super().is_current or self._covered()

    def _compositor_refresh(self) -> None:
        if self._covered():
            # The frame is made, so every widget's lines are drawn and cached, and thrown away.
            self._compositor.render_update()
            self._dirty_widgets.clear()
            return
        super()._compositor_refresh()
