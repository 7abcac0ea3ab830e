"""`LineDrawn` (ui/lines.py) shows a Text exactly as Textual's own rendering of it does, and makes
its lines once per drawing: the same picture, cell by cell, for styles, wide icons, crop and
padding, and a new drawing only when the Text or the width changes."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from boardgames_tui.ui.lines import LineDrawn


def _table() -> Text:
    text = Text()
    text.append("● Ada", style="bold #e8575a")
    text.append("  ▲ Bo  ", style="italic reverse")
    text.append("稲妻 ⚔ ◈", style="underline #57a5e2 on #202020")
    text.append("\n  a second line that is far too long for a narrow terminal and is cropped there", style="dim")
    text.append("\n\nthe last line")
    text.no_wrap, text.overflow = True, "crop"
    return text


class Plain(Widget):
    """Textual's own path: `render()` alone."""

    # Textual's own path crops by CSS (it does not read the Text's `no_wrap`); LineDrawn by the Text.
    DEFAULT_CSS = ("Plain { height: auto; padding: 0 1; background: $panel; color: $text; "
                   "text-wrap: nowrap; text-overflow: clip; }")

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text
        self.drawn = 0

    def render(self) -> Text:
        return self.text


class Drawn(LineDrawn, Plain):
    DEFAULT_CSS = "Drawn { height: auto; padding: 0 1; background: $panel; color: $text; }"

    def drawn_lines(self, width: int):  # type: ignore[no-untyped-def]
        before = self._lines
        lines = super().drawn_lines(width)
        self.drawn += self._lines is not before
        return lines


class Both(App[None]):
    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Plain(self.text)
        yield Drawn(self.text)


def _cells(app: App[None], widget: Widget) -> list[tuple[str, object, object, bool, bool, bool, bool]]:
    region = widget.region
    cells = []
    for strip in app.screen._compositor.render_strips()[region.y : region.bottom]:
        line = strip.crop(region.x, region.right)
        for segment in line:
            style = segment.style
            assert style is not None
            for char in segment.text:
                # A blank shows only its background: its unused colour is left out.
                colour = None if char == " " and not (style.underline or style.reverse) else style.color
                cells.append((char, colour, style.bgcolor, bool(style.bold), bool(style.italic),
                              bool(style.underline), bool(style.reverse)))
    return cells


async def test_a_line_drawn_text_shows_the_same_cells_as_textuals_own_rendering() -> None:
    for width in (40, 100):
        app = Both(_table())
        async with app.run_test(size=(width, 14)) as pilot:
            await pilot.pause()
            plain, drawn = app.query_one(Plain), app.query_one(Drawn)
            assert drawn.region.height == plain.region.height == 4
            assert _cells(app, drawn) == _cells(app, plain)


async def test_lines_are_made_again_only_for_a_new_text_or_width() -> None:
    app = Both(_table())
    async with app.run_test(size=(60, 14)) as pilot:
        await pilot.pause()
        drawn = app.query_one(Drawn)
        made = drawn.drawn
        drawn.refresh(layout=True)  # measured and painted again: the same Text, the same width
        await pilot.pause()
        assert drawn.drawn == made
        drawn.text = Text("a new drawing")
        drawn.refresh(layout=True)
        await pilot.pause()
        assert drawn.drawn == made + 1 and drawn.region.height == 1
        await pilot.resize_terminal(50, 14)
        await pilot.pause()
        assert drawn.drawn == made + 2
