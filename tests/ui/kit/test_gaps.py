"""`keep_gaps`: the same characters and the same look, and no style run that opens on a space
(SVG screenshots drawn by rsvg-convert lost those spaces: "Lilo" + " is choosing" read "Lilois")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text

from boardgames_tui.ui.kit.gaps import gapped_segments, keep_gaps

_CONSOLE = Console(width=1000, color_system=None)
STYLES = ["", "bold", "italic", "red", "bold red", "underline", "reverse", "on blue", "bold italic", "dim"]


def _cells(text: Text) -> list[tuple[str, Style]]:
    """Each character with the style it is drawn in."""
    cells: list[tuple[str, Style]] = []
    for segment in text.render(_CONSOLE):
        cells += [(char, segment.style or Style()) for char in segment.text]
    return cells


def _looks(style: Style, char: str) -> Style:
    """What of a style shows on `char`: all of it on a letter, neither bold nor italic on a
    space, nothing on a line break."""
    if char == "\n":
        return Style()
    return style + Style(bold=False, italic=False) if char == " " else style


pieces = st.lists(st.tuples(st.text(alphabet=" ab\n", max_size=6), st.sampled_from(STYLES)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(pieces)
def test_keep_gaps_keeps_the_look_and_no_run_opens_on_a_space(parts: list[tuple[str, str]]) -> None:
    text = Text()
    for chars, style in parts:
        text.append(chars, style)
    kept = keep_gaps(text)
    assert kept.plain == text.plain
    before, after = _cells(text), _cells(kept)
    assert [(c, _looks(s, c)) for c, s in before] == [(c, _looks(s, c)) for c, s in after]
    # Runs of equal style, line by line: a run holding a letter starts on one.
    start = 0
    for index in range(1, len(after) + 1):
        if index == len(after) or after[index][1] != after[start][1] or after[index][0] == "\n":
            run = "".join(c for c, _ in after[start:index]).replace("\n", "")
            assert not (run.startswith(" ") and run.strip()), (run, parts)
            start = index + 1 if index < len(after) and after[index][0] == "\n" else index


def test_a_name_then_a_plain_phrase_keeps_its_space_as_a_run_of_its_own() -> None:
    """The case seen in a picture: a chip's name, then " is choosing" in another style."""
    text = Text()
    text.append("Lilo", "bold")
    text.append(" is choosing")
    kept = keep_gaps(text)
    assert kept.plain == "Lilo is choosing"
    cells = _cells(kept)
    assert cells[4][1] != cells[5][1]  # the space is not the first cell of "is choosing"'s run



one_line_pieces = st.lists(st.tuples(st.text(alphabet=" ab", max_size=6), st.sampled_from(STYLES)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(one_line_pieces, st.sampled_from(STYLES))
def test_gapped_segments_keep_the_look_and_no_run_opens_on_a_space(parts: list[tuple[str, str]], base: str) -> None:
    """Die Tafelrunde's table draws each line with `gapped_segments` (rendered once): the line as
    the console draws it, its own style included, and every gap kept for pictures."""
    text = Text(style=base)
    for chars, style in parts:
        text.append(chars, style)
    drawn = [(char, segment.style or Style()) for segment in _CONSOLE.render(text) for char in segment.text
             if char != "\n"]
    segments = [segment for segment in gapped_segments(text, _CONSOLE) if segment.text]
    cells = [(char, segment.style or Style()) for segment in segments for char in segment.text]
    assert [(c, _looks(s, c)) for c, s in cells] == [(c, _looks(s, c)) for c, s in drawn]
    runs: list[list[str]] = []  # the characters of each run of equally styled cells
    for index, (char, style) in enumerate(cells):
        if index and style == cells[index - 1][1]:
            runs[-1].append(char)
        else:
            runs.append([char])
    assert not [run for run in map("".join, runs) if run.startswith(" ") and run.strip()], (parts, base)
