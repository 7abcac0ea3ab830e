"""Issue 36 §3, "header and body never disagree about who is asked": during Die Tafelrunde's
private veto polls the header said "Bot 3 is asked" while the body said "Waiting for Bot 4.".

The cause: a bot's answer to its poll is kept on show in the header as the move just made, worded
by the rules as the table may read it, and that wording was "Bot 3 is asked", in the present, while
the poll had already moved on to Bot 4. It now reads "Bot 3 has answered". Checked along a seeded
game with polls, at every step, on what the screen draws: the header line (`match_text`) and the
body's table (`layout.draw_table`) for the view the controller hands the screen."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from boardgames_tui.games.tafelrunde.table.layout import draw_table
from boardgames_tui.games.tafelrunde.table.look import Look
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.canvas import Canvas
from boardgames_tui.ui.flow import steps
from boardgames_tui.ui.kit.palette import DARK
from boardgames_tui.ui.match_text import busy_text, header_text
from tests.ui.flow.table import table

POLLS = {"veto_polls": "on"}
ASKING = re.compile(r"(Bot \d|Player \d) (?:is asked|is thinking)")
WAITING = re.compile(r"Waiting for ([^.]*)\.")


@pytest.mark.parametrize("kinds", [[None, "random", "random", "random"], [None, None, "random", "random"]],
                         ids=["one person", "two people"])
def test_tafelrunde_private_poll_header_and_body_name_the_same_seat(kinds: list[str | None]) -> None:
    played = table("tafelrunde", kinds, seed=3, options=POLLS)
    flow, match = played.flow, played.match
    polls = compared = 0
    for _ in range(1500):
        step = flow.next_step()
        if isinstance(step, steps.GameOver):
            break
        if isinstance(step, steps.View | steps.BotThinking | steps.MoveShown):
            view = step if isinstance(step, steps.View) else flow.view_for(None)  # what the screen draws
            header = header_text(match, view.decision, status=busy_text(match, flow.busy()), held=flow.held,
                                 private=view.viewer is not None, short=False).plain
            seen = Seen(match.game, view.view, view.viewer, match.seats, view.decision, view.actions, view.labels)
            canvas = Canvas()
            draw_table(canvas, seen, Look().showing(seen, False), False, 118, 36, pal=DARK)
            body = Text("\n").join(canvas.lines).plain
            asked = set(ASKING.findall(header))
            waiting = WAITING.search(body)
            if view.decision is not None and match.state.private_polls and match.state.polls:
                polls += 1
            assert "is asked" not in header, header
            if asked and waiting:
                compared += 1
                names = {name.strip() for name in waiting.group(1).split(",")}
                assert asked <= names, f"header {header!r} against body {waiting.group(0)!r}"
        played.step()
    assert polls and compared, (polls, compared)
