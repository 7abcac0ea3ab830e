"""What goes where on Tàin's table for one size: the kingdom, the turn track and the viewer's
screen on top (one line when compact), the clan boards, the viewer's screen again when compact,
then the controls, this step's story and the legend. Free functions of the `Look` and what the
body is doing (`Controls`); nothing here reads the body itself."""

from __future__ import annotations

from boardgames_tui.games.tain.table.board import boards, tall_height
from boardgames_tui.games.tain.table.controls import Controls, draw_controls, story_lines
from boardgames_tui.games.tain.table.kingdom import compact_top, kingdom, turn_track
from boardgames_tui.games.tain.table.legend import legend_lines
from boardgames_tui.games.tain.table.look import Look
from boardgames_tui.games.tain.table.supply import screen_panel, words_fit
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.kit import Block, beside, draw_on

STORY_ROWS = 5
"""Rows kept under the boards for a raid step's button and story before the boards grow tall."""
PLACING_ROWS = 2
"""Rows kept under the boards while placing before they grow tall: the Pass line and a note on
the last key (kept whether or not a note shows, so a key never switches the boards' form)."""


def draw_table(
    canvas: Canvas, seen: Seen, look: Look, now: Controls, width: int, compact: bool, screen_height: int, room: int
) -> None:
    """The whole table for one viewer, `width` columns wide, in the compact form or the full one;
    `screen_height` is the terminal's height and `room` the rows of the pane the body sits in."""
    view = look.view
    top = compact_top(look, width) if compact else top_row(look, width)
    draw_on(canvas, top)
    canvas.newline()
    viewer = seen.viewer
    mine = view.clans[viewer] if viewer is not None else None
    own_screen = mine is not None and mine.screen is not None and not view.over
    in_words = own_screen and mine is not None and (not compact or words_fit(look, mine, width))
    legend = legend_lines(look, width, compact, in_words)
    if compact:
        roomy = screen_height - 2 >= 2 + 3 * len(view.clans) + 6 + len(view.news)
    else:
        story = sum(len(story_lines(sentence, width)) for sentence in view.news)
        under = PLACING_ROWS + story if now.scouting else STORY_ROWS
        roomy = room >= top.height + tall_height(len(view.clans)) + under + len(legend)
    draw_on(canvas, boards(look, width, compact, roomy))
    canvas.newline()
    if compact and own_screen and mine is not None:
        draw_on(canvas, screen_panel(look, mine, False, width))
        canvas.newline()
    draw_controls(canvas, seen, now, width, room - len(canvas.lines) - len(legend))
    for index, line in enumerate(legend):
        if index:
            canvas.newline()
        canvas.add(line)


def top_row(look: Look, width: int) -> Block:
    """The full form's top row: kingdom, turn track and active player, the viewer's screen."""
    parts = [kingdom(look), turn_track(look)]
    view = look.view
    viewer = look.viewer
    if viewer is not None and not view.over:
        mine = view.clans[viewer]
        if mine.screen is not None:
            parts.append(screen_panel(look, mine, True))
    return beside(parts, gap=2)
