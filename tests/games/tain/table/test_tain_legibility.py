"""Issue 37, the Tàin table read at a glance at 80×24 and 120×40: entrances named as pasture and
house with their numbers (never `p1`…`h2`), the turn readable in the compact form, captives drawn
as the legend draws them (⊗), and the last raid's results kept on the final table."""

from __future__ import annotations

import re

import pytest

from boardgames_tui.games.tain import GAME
from boardgames_tui.games.tain.rules.state import Phase, TainState
from boardgames_tui.games.tain.table.body import TainBody
from boardgames_tui.games.tain.table.legend import ICON
from boardgames_tui.ui.body import Seen
from boardgames_tui.ui.kit import icon
from tests.games.tain.table.test_tain_table import SEATS, SIZES, _Host, _seeded, _seen

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
