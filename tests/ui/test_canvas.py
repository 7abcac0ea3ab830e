"""The drawing surface the game bodies share: a click finds what was drawn at that place."""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.ui.canvas import Canvas


def test_a_click_finds_the_target_drawn_there_and_nothing_elsewhere() -> None:
    canvas = Canvas()
    canvas.add("Hand: ")
    canvas.add("[A]", "bold", ("card", 0))
    canvas.add(Text(" [B]"), target=("card", 1))
    canvas.newline()
    canvas.mark("cursor")
    canvas.add("pass", target=("pass",))
    assert canvas.hit(0, 6) == ("card", 0) and canvas.hit(0, 8) == ("card", 0)
    assert canvas.hit(0, 9) == ("card", 1)
    assert canvas.hit(0, 2) is None and canvas.hit(1, 4) is None
    assert canvas.hit(1, 0) == ("pass",) and canvas.marks == {"cursor": 1}


def test_cropped_text_keeps_one_drawn_line_per_row() -> None:
    canvas = Canvas()
    canvas.add("x" * 50)
    canvas.newline()
    canvas.add("y")
    text = canvas.text(crop=True)
    assert text.plain == "x" * 50 + "\ny" and text.no_wrap and text.overflow == "crop"
    assert not canvas.text().no_wrap
