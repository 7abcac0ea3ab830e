"""Seat kinds in save files (issue 18 §3): each seat a person or a bot of a level, and setup's
"curtains even with one human" choice, stored strictly and restored on resume.

Files written before bots existed load with every seat a person's; a hostile kind or level is
refused with a one-line reason, never a crash.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames_tui.bots import LEVELS
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import SeatInfo
from boardgames_tui.engine.savefile import SaveError, decode_save, encode_save
from boardgames_tui.engine.seating import BOT_LEVELS
from tests.engine.savecases import lookup, played, v1_dict, v2_bytes

BEFORE_BOTS = Path(__file__).parent / "data" / "before_bots_v2.json"
"""A Tallinn save (two players, six moves) written by the version before bots, byte for byte."""

KINDS = st.one_of(st.just((True, None)), st.sampled_from(BOT_LEVELS).map(lambda level: (False, level)))


def _with_kinds(match: Match, kinds: list[tuple[bool, str | None]], curtains: bool) -> Match:
    seats = tuple(replace(seat, human=human, level=level)
                  for seat, (human, level) in zip(match.record.seats, kinds, strict=True))
    record = replace(match.record, seats=seats, curtains_with_one_human=curtains)
    return Match(match.game, record, list(match.states))


def _refusal(data: bytes) -> str:
    try:
        decode_save(data, lookup, "hostile")
    except SaveError as exc:
        assert "\n" not in str(exc)
        return str(exc)
    raise AssertionError("a hostile seat kind was accepted")


def test_the_save_loader_knows_the_same_levels_as_the_bots() -> None:
    """The loader checks levels without importing bots: both lists must name the same levels."""
    assert tuple(LEVELS) == BOT_LEVELS


def test_a_file_written_before_bots_loads_with_every_seat_a_persons() -> None:
    """A version-2 file with neither `level` nor the curtain field keeps its checksum and loads."""
    match = decode_save(BEFORE_BOTS.read_bytes(), lookup, "old")
    assert [seat.human for seat in match.record.seats] == [True, True]
    assert [seat.level for seat in match.record.seats] == [None, None]
    assert match.record.curtains_with_one_human is False
    assert len(match.record.moves) == 6


def test_a_version_1_file_loads_with_every_seat_a_persons() -> None:
    data = v1_dict(played("tain", 2, 4))
    for seat in data["seats"]:
        del seat["human"]
    match = decode_save(json.dumps(data).encode(), lookup, "v1")
    assert all(seat.human and seat.level is None for seat in match.record.seats)


@settings(max_examples=30, deadline=None)
@given(kinds=st.lists(KINDS, min_size=3, max_size=3), curtains=st.booleans())
def test_seat_kinds_levels_and_the_curtain_choice_round_trip(kinds: list[tuple[bool, str | None]],
                                                             curtains: bool) -> None:
    match = _with_kinds(played("tafelrunde", 3, 5), kinds, curtains)
    loaded = decode_save(v2_bytes(match), lookup, match.record.match_id)
    assert loaded.record == match.record
    assert [(s.human, s.level) for s in loaded.record.seats] == kinds
    assert loaded.record.curtains_with_one_human is curtains


def test_a_save_of_people_only_keeps_the_checksum_it_had_before_bots() -> None:
    """Re-encoding the file written before bots gives the same checksum: the new fields at their
    "absent" value take no part in it."""
    old = json.loads(BEFORE_BOTS.read_bytes())
    match = decode_save(BEFORE_BOTS.read_bytes(), lookup, "old")
    again = json.loads(encode_save(match.record, title=old["title"], progress=old["progress"],
                                   finished=old["finished"]))
    assert again["check"] == old["check"]


HOSTILE_LEVELS = st.one_of(
    st.sampled_from(["", "Hard", "godlike", "normal ", "random\x1b[31m", "[b]hard[/b]"]),
    st.text(max_size=40).filter(lambda text: text not in BOT_LEVELS),
)


@settings(max_examples=40, deadline=None)
@given(level=HOSTILE_LEVELS, seat=st.integers(0, 1))
def test_an_unknown_bot_level_is_refused_with_a_reason(level: str, seat: int) -> None:
    """A checksummed file (so the meaning check, not the checksum, must catch it) naming a level
    the bots do not have: refused, naming the seat, never echoing the text."""
    match = _with_kinds(played("tallinn", 2, 3), [(True, None), (True, None)], False)
    seats = list(match.record.seats)
    seats[seat] = replace(seats[seat], human=False, level=level)
    data = encode_save(replace(match.record, seats=tuple(seats)), title="Tallinn", progress="", finished=False)
    reason = _refusal(data)
    assert f"seat {seat + 1}" in reason or "$.seats" in reason
    assert "\x1b" not in reason


def test_a_persons_seat_naming_a_level_or_a_bot_without_one_is_refused() -> None:
    match = played("tallinn", 2, 3)
    for human, level, why in ((True, "hard", "person's seat"), (False, None, "names no level")):
        seats = (replace(match.record.seats[0], human=human, level=level), match.record.seats[1])
        data = encode_save(replace(match.record, seats=seats), title="Tallinn", progress="", finished=False)
        assert why in _refusal(data)


@settings(max_examples=20, deadline=None)
@given(value=st.one_of(st.integers(), st.lists(st.integers(), max_size=3), st.booleans(),
                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                       st.text(min_size=17, max_size=5000)))
def test_a_level_of_the_wrong_type_or_length_is_refused_by_the_schema(value: Any) -> None:
    data = v1_dict(played("tallinn", 2, 3))
    data["seats"][1] = {**data["seats"][1], "human": False, "level": value}
    assert "$.seats[1].level" in _refusal(json.dumps(data).encode())


def test_the_curtain_choice_of_the_wrong_type_is_refused() -> None:
    match = played("tallinn", 2, 3)
    data = json.loads(v2_bytes(match))
    data["curtains_with_one_human"] = "yes"
    assert "curtains_with_one_human" in _refusal(json.dumps(data).encode())


def test_a_match_started_with_bots_keeps_them() -> None:
    from boardgames_tui.games import GAMES

    game = GAMES["tain"].game
    seats = (SeatInfo("Ann", "orange", "●"), SeatInfo("Bot 2", "green", "■", human=False, level="easy"))
    match = Match.new(game, seats, {}, 3, curtains_with_one_human=True)
    assert match.record.human_seats == (0,)
    loaded = decode_save(v2_bytes(match), lookup, match.record.match_id)
    assert loaded.record.seats == seats and loaded.record.curtains_with_one_human
