"""Issue 37, the Tàin table read at a glance at 80×24 and 120×40: entrances named as pasture and
house with their numbers (never `p1`…`h2`), the turn readable in the compact form, the viewer's
screen as counts and words, captives drawn as the legend draws them (⊗), the last raid's results
kept on the final table, and no story sentence ending on a word alone."""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import choose
from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.components import Kind
from boardgames_tui.games.tain.rules.state import Phase, TainState
from boardgames_tui.games.tain.table.body import TainBody
from boardgames_tui.games.tain.table.controls import story_lines
from boardgames_tui.games.tain.table.legend import ICON
from boardgames_tui.ui.body import Seen, room_height
from boardgames_tui.ui.kit import icon
from tests.games.tain.table.test_tain_table import SEATS, SIZES, _Host, _seeded, _seen
from tests.ui.helpers import make_app, show_past_curtains

size_ids = pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
ENTRANCE_CODE = re.compile(r"\b[ph][1-3]\b")


def _captives(state: TainState) -> bool:
    return any(clan.captives for clan in state.clans) and state.phase is Phase.SCOUT


def _over(state: TainState) -> bool:
    return state.phase is Phase.OVER


async def _drawn(size: tuple[int, int], seen: Seen) -> list[str]:
    app = _Host()
    async with app.run_test(size=size) as pilot:
        body = app.query_one(TainBody)
        body.show(seen)
        await pilot.pause()
        return [line.plain for line in body.canvas.lines]


@size_ids
@pytest.mark.parametrize("phase", [Phase.SCOUT, Phase.RAID])
async def test_no_entrance_is_written_as_a_code_and_pasture_and_house_are_named(
    size: tuple[int, int], phase: Phase
) -> None:
    """Every board's entrances read as numbers beside the words pasture and house, at both sizes,
    in a scouting turn; no `p1`…`h2` anywhere, in a scouting turn or a raid step."""
    state = _seeded(3, lambda s: s.phase is phase and s.turn >= 2)
    viewer = state.current if phase is Phase.SCOUT else None
    drawn = await _drawn(size, _seen(state, viewer))
    assert not [line for line in drawn if ENTRANCE_CODE.search(line)], drawn
    assert any("pasture" in line for line in drawn) and any("house" in line for line in drawn)
    if phase is Phase.RAID:
        return  # a raid step draws its results where the numbers stood
    numbers = [line for line in drawn if re.search(r"1 +2 +3 +┊ +1 +2", line)]
    assert numbers, drawn
    if size == (80, 24):
        assert "pasture" in numbers[0] and "house" in numbers[0], numbers


async def test_the_compact_turn_reads_as_words() -> None:
    """At 80×24 the turn reads `Turn 2 of 8` (it was a ruler run into the number: `▼2345678`)."""
    state = _seeded(3, lambda s: s.phase is Phase.SCOUT and s.turn == 2)
    drawn = await _drawn((80, 24), _seen(state, state.current))
    assert drawn[0].startswith("Turn 2 of 8"), drawn[0]


@size_ids
async def test_a_captive_is_drawn_as_the_legend_draws_it(size: tuple[int, int]) -> None:
    """A captive in a house is the legend's ⊗ with its owner's glyph and its kind (it was drawn
    as a token face, `▲♙`, which the legend never names); the word house stays beside it."""
    state = _seeded(3, _captives, seed=5)
    drawn = await _drawn(size, _seen(state, state.current))
    held = next(clan for clan in state.clans if clan.captives)
    owner, kind = held.captives[0]
    mark = icon("captive") + SEATS[owner].glyph + icon(ICON[kind])
    assert any(mark in line for line in drawn), drawn
    assert icon("captive") in drawn[-1] + drawn[-2], "the legend names the captive mark"
    if size == (120, 40):
        assert any("house" in line and mark in line for line in drawn), drawn


@size_ids
async def test_the_last_raid_can_be_read_on_the_final_table(size: tuple[int, int]) -> None:
    """At the end the final table says what the last raid brought home to each clan, under a
    heading (the final view's own sentences, none cut)."""
    state = _seeded(3, _over)
    reveal = GAME.final_reveal(state)
    drawn = await _drawn(size, Seen(GAME, reveal, None, SEATS[:3], None))
    heading = next(i for i, line in enumerate(drawn) if line.startswith("What the last raid brought home"))
    text = " ".join(line.strip() for line in drawn[heading + 1 :])
    for sentence in reveal.news:
        assert sentence in text, (sentence, drawn)


@size_ids
async def test_the_screen_reads_as_counts_and_words(size: tuple[int, int]) -> None:
    """Issue 37, picture review: the viewer's screen read as letters and counts (`✗c♚0 ✗w⚔0 ✓b♙1
    d♀1 x?3`); it reads as a count and a word per kind, a word plural unless one, with the
    discard pile beside it. At turn 1 nothing is placed yet by the first player: the full set."""
    state = _seeded(3, lambda s: s.phase is Phase.SCOUT)
    drawn = await _drawn(size, _seen(state, state.current))
    text = " ".join(drawn)
    counts = {Kind.CHIEFTAIN: "1", Kind.WARRIOR: "2", Kind.BOY: "6", Kind.DAUGHTER: "1", Kind.BLUFF: "8"}
    words = {Kind.CHIEFTAIN: "chieftain", Kind.WARRIOR: "warriors", Kind.BOY: "boys", Kind.DAUGHTER: "daughter"}
    words[Kind.BLUFF] = "bluffs (x)"
    for kind, count in counts.items():
        assert f"{count} {icon(ICON[kind])}{words[kind]}" in text, (kind, drawn)
    assert "discard empty" in text, drawn
    assert not re.search(r"\b[cwbdx]" + "[" + "".join(icon(ICON[k]) for k in ICON) + r"]\d", text), drawn


STRUCTURE = set("·…—–⟦⟧◎◉▶◀▗▄▖▝▀▘") | {chr(c) for c in range(0x2500, 0x2580)}
"""Drawn but not icons: frames and dividers, empty holes, cut marks and dashes in sentences, the
lit edges of the latest match-ups, the scout and guard rows (named beside them), the cursor, the
rounded ends of a token drawn tall."""


@size_ids
@pytest.mark.parametrize("moment", ["scouting", "raid"])
async def test_every_glyph_on_the_table_is_in_the_legend_at_that_size(size: tuple[int, int], moment: str) -> None:
    """Issue 37: each icon drawn on the table is named in the legend drawn under it (the raid's
    result marks, the turn marker of the full track), or, for the tokens at 80×24, by the words
    of the viewer's screen line (`1 ♚chieftain  2 ⚔warriors …`), which the legend then leaves out."""
    if moment == "scouting":
        state = _seeded(3, lambda s: s.phase is Phase.SCOUT and s.turn >= 2)
        seen = _seen(state, state.current)
    else:
        state = _seeded(3, lambda s: s.phase is Phase.RAID and bool(s.last) and s.turn >= 2)
        seen = _seen(state, None)
    drawn = await _drawn(size, seen)
    legend_start = next(i for i, line in enumerate(drawn) if icon("star") + " active" in line)
    named = [line for line in drawn if line.startswith("Screen  ") and "chieftain" in line]
    assert named or size == (120, 40) or moment == "raid", "at 80×24 the screen line names the kinds"
    legend = "".join(drawn[legend_start:] + named)
    glyphs = {SEATS[i].glyph for i in range(3)}
    missing = {
        char
        for line in drawn[:legend_start]
        for char in line
        if ord(char) > 127 and char not in STRUCTURE and char not in glyphs and char not in legend
    }
    assert not missing, (missing, drawn)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("moment", ["scouting", "raid"])
async def test_at_120x40_the_boards_take_the_rows_under_them(tmp_path: Path, players: int, moment: str) -> None:
    """Issue 37, picture review: at 120×40 a dozen rows stood empty under the boards. Where the
    pane has the rows, each slot is drawn three lines high (a token lying on its board), so the
    table fills the pane's height to within a few rows, and still all of it is in view without
    scrolling (boards, buttons, this step's story, the legend), in a scouting turn and a raid step."""
    match = _played_until(players, lambda state: _moment(state, moment))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        body, pane_height, slots = await _shown_slots(app, pilot, match)
        drawn = len(body.canvas.lines)
        assert slots and all(len(lines) == 3 for lines in slots), "every slot of every board drawn tall"
        assert drawn <= pane_height, "the whole table is in view without scrolling"
        assert drawn >= room_height(body) - 6, f"{room_height(body) - drawn} rows left empty under the table"


async def _shown_slots(app: Any, pilot: Any, match: Match) -> tuple[TainBody, int, list[set[int]]]:
    """`match` shown past its curtains: the body, the pane's height, and the lines each board slot
    (not the kingdom's) is drawn on."""
    await show_past_curtains(app, pilot, match)
    body = app.screen.query_one(TainBody)
    lines_of: dict[object, set[int]] = {}
    for line, _s, _e, target in body.canvas.hits:
        lines_of.setdefault(target, set()).add(line)
    slots = [lines for target, lines in lines_of.items() if target[0] == "cell" and target[1][1] >= 0]
    return body, app.screen.query_one("#body-pane").size.height, slots


def _played_until(players: int, stop: Callable[[TainState], bool]) -> Match:
    """A match played by the seeded chooser of these tests until `stop` holds."""
    rng = random.Random(3)
    match = Match.new(GAME, SEATS[:players], {}, 3)
    while not stop(match.state):
        seat, action = choose(GAME, match.state, rng)
        match.play(seat, action)
    return match


def _moment(state: TainState, moment: str) -> bool:
    if moment == "scouting":
        return state.phase is Phase.SCOUT and state.turn >= 2
    return state.phase is Phase.RAID and bool(state.last)


@pytest.mark.parametrize("players", [3, 4])
async def test_a_scouting_turn_draws_the_boards_tall_on_a_shorter_full_screen(tmp_path: Path, players: int) -> None:
    """Picture review: a scouting turn needs only the Pass line (and a note's row) under the boards,
    not the rows a raid step keeps for its story, so at 120×36 (full boards, four rows fewer than
    120×40) the boards are drawn tall as soon as that fits, and the whole table stays in view."""
    match = _played_until(players, lambda state: _moment(state, "scouting"))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        body, pane_height, slots = await _shown_slots(app, pilot, match)
        assert slots and all(len(lines) == 3 for lines in slots), "every slot of every board drawn tall"
        assert len(body.canvas.lines) <= pane_height, "the whole table is in view without scrolling"


def test_a_story_sentence_never_leaves_its_last_word_alone() -> None:
    """Issue 37, picture review at 80×24: a raid sentence wrapped with its last word alone on a
    line. Along the raid steps of a seeded four-clan game, at the story's widths: the lines keep
    every word in order, none is longer than the width, there are as many as `textwrap` makes (the
    layout counts on that), and the last carries two words whenever some break on as many lines
    allows it."""
    state = GAME.setup([s.name for s in SEATS[:4]], GAME.check_options({}), 3)
    rng = random.Random(3)
    sentences: set[str] = set()
    while state.phase is not Phase.OVER:
        sentences.update(GAME.view(state, None).news)
        seat, action = choose(GAME, state, rng)
        state = GAME.apply(state, seat, action)
    alone = 0
    for sentence in sorted(sentences):
        for width in range(30, 81):
            lines, plain = story_lines(sentence, width), textwrap.wrap(sentence, width)
            assert " ".join(lines).split() == sentence.split() and all(len(line) <= width for line in lines)
            assert len(lines) == len(plain)
            if len(plain) > 1 and " " not in plain[-1]:
                alone += 1
                could = any(
                    len(textwrap.wrap(sentence, w)) == len(plain) and " " in textwrap.wrap(sentence, w)[-1]
                    for w in range(width // 2 + 1, width)
                )
                assert (" " in lines[-1]) == could, (sentence, width)
    assert alone, "the game is meant to have sentences that textwrap leaves with one word alone"


async def test_a_third_board_stands_in_the_middle_of_its_row_at_120x40() -> None:
    """Picture review: with three clans the third board stood under the first, the right half of
    its row empty. It stands in the middle: the space left of its frame matches, to a column,
    half of what the first row is wider than it."""
    state = _seeded(3, lambda s: s.phase is Phase.SCOUT)
    drawn = await _drawn((120, 40), _seen(state, state.current))
    heads = {seat.name: next(line for line in drawn if f"{seat.glyph} {seat.name}" in line and "pts" in line)
             for seat in SEATS[:3]}  # the frames' top edges
    first_left = next(i for i, ch in enumerate(heads["Patrick"]) if ch in "┌╭╔")
    second_right = max(heads["Brigitte"].rfind(c) for c in "┐╮╗")
    third_left = next(i for i, ch in enumerate(heads["Arthur"]) if ch in "┌╭╔")
    third_right = max(heads["Arthur"].rfind(c) for c in "┐╮╗")
    row, board = second_right - first_left + 1, third_right - third_left + 1
    assert abs((third_left - first_left) - (row - board) // 2) <= 1, (heads, row, board)
