"""`no_lone_word`: a sentence broken onto lines never leaves its last word alone on a line (the
picture review found "… goblin (lilac) down" with "3" on a line of its own, and Tàin's raid
sentences ending so at 80×24)."""

from __future__ import annotations

import textwrap

from rich.console import Console
from rich.text import Text

from boardgames_tui.ui.kit.wrap import no_lone_word

SENTENCE = "In play: Yves is choosing (only you see this): Confusion: goblin (lilac) down 3"
CONSOLE = Console(width=200, color_system=None, force_terminal=False)


def test_the_last_word_gets_company_on_as_many_lines() -> None:
    plain = textwrap.wrap(SENTENCE, 78)
    assert plain[-1] == "3", "the example is meant to leave its last word alone"
    lines = no_lone_word(lambda w: textwrap.wrap(SENTENCE, w), 78, str)
    assert len(lines) == len(plain) and lines[-1] == "down 3"
    assert " ".join(lines) == SENTENCE and all(len(line) <= 78 for line in lines)


def test_rich_text_lines_are_handled_the_same_way() -> None:
    text = Text(SENTENCE)
    lines = no_lone_word(lambda w: list(text.wrap(CONSOLE, w)), 78, lambda t: t.plain)
    assert [line.plain.rstrip() for line in lines][-1] == "down 3"


def test_lines_that_already_end_well_or_fit_on_one_line_are_left_as_they_are() -> None:
    for width in (40, 60, 100):
        plain = textwrap.wrap(SENTENCE, width)
        if len(plain) < 2 or " " in plain[-1]:
            assert no_lone_word(lambda w: textwrap.wrap(SENTENCE, w), width, str) == plain


def test_a_lone_word_stays_when_no_break_on_as_many_lines_helps() -> None:
    """A word as long as the line, then a short one: any narrower break splits the long word
    onto another line, so the short word stays alone."""
    sentence = "aaaaaaaaaaaaaaaaaaaa c"
    assert textwrap.wrap(sentence, 20) == ["aaaaaaaaaaaaaaaaaaaa", "c"]
    assert no_lone_word(lambda w: textwrap.wrap(sentence, w), 20, str) == ["aaaaaaaaaaaaaaaaaaaa", "c"]
