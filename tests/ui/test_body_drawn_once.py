"""`GameBody.drawn_once`: Textual renders a body twice in a frame (to measure its height, then
to paint it); the second render reuses the first drawing, and only while nothing it is drawn
from changed."""

from __future__ import annotations

from textual.app import App, ComposeResult

from boardgames_tui.ui.body import GameBody
from boardgames_tui.ui.kit import ascii_mode, set_ascii


class _Body(GameBody):
    def show(self, seen: object) -> None:  # not used here
        pass


class _App(App[None]):
    def compose(self) -> ComposeResult:
        yield _Body()


async def test_the_same_key_reuses_the_drawing_and_any_change_draws_again() -> None:
    async with _App().run_test() as pilot:
        body = pilot.app.query_one(_Body)
        draws: list[int] = []

        def draw() -> list[int]:
            draws.append(1)
            return [len(draws)]

        seen = ("moment",)
        first = body.drawn_once((seen, 0, 80), draw)
        assert body.drawn_once((seen, 0, 80), draw) is first and len(draws) == 1
        assert body.drawn_once((("moment",), 0, 80), draw) is first  # equal, not identical: reused
        assert body.drawn_once((seen, 1, 80), draw) == [2]  # the cursor moved
        assert body.drawn_once((seen, 1, 100), draw) == [3]  # wider
        pilot.app.theme = "textual-light" if pilot.app.theme != "textual-light" else "textual-dark"
        assert body.drawn_once((seen, 1, 100), draw) == [4]  # another theme
        try:
            set_ascii(not ascii_mode())
            assert body.drawn_once((seen, 1, 100), draw) == [5]  # the other icon set
        finally:
            set_ascii(None)
