"""Issue 40 §6: save files whose names could not name a match, and dates with a trailing NUL.

Reproductions: saves whose file names held ESC, LF, TAB, U+202E, U+200B or reached 200 characters
were listed as playable but could not be opened (their names cannot be locked or saved under);
a date ending in NUL passed the date check (`datetime.fromisoformat` lets it through).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.savefile import SaveError, decode_save, encode_save
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.simulate import default_seats
from tests.toy import TOY, toy_lookup

HOSTILE_NAMES = {
    "ESC": "a\x1bb", "LF": "a\nb", "TAB": "a\tb", "U+202E": "a\u202eb", "U+200B": "a\u200bb",
    "200 characters": "m" * 200,
}  # fmt: skip


def _match() -> Match:
    match = Match.new(TOY, default_seats(2), {}, 7)
    match.play(0, match.legal(0)[0])
    return match


@pytest.mark.parametrize("what", sorted(HOSTILE_NAMES))
def test_a_save_whose_file_name_cannot_name_a_match_is_listed_unreadable_with_the_reason(tmp_path: Path,
                                                                                         what: str) -> None:
    store = SaveStore(tmp_path)
    good = store.save(_match())
    hostile = store.root / f"{HOSTILE_NAMES[what]}.json"
    hostile.write_bytes(good.read_bytes())
    listing = SaveStore(tmp_path).listing(toy_lookup)
    assert [s.path for s in listing.saves] == [good]
    (broken,) = listing.broken
    assert broken.path == hostile
    assert broken.reason.startswith("its file name cannot name a match (")
    expected = "longer than 128 characters" if what == "200 characters" else "control, format or invisible"
    assert expected in broken.reason
    with pytest.raises(SaveError, match="file name cannot name a match"):
        SaveStore(tmp_path).open(hostile, toy_lookup)
    assert hostile.read_bytes() == good.read_bytes(), "left untouched"


@pytest.mark.parametrize("field", ["created", "updated"])
@pytest.mark.parametrize("tail", ["\x00", "\x00\x00junk", "\t", " "])
def test_a_date_with_a_trailing_nul_or_other_tail_is_refused(field: str, tail: str) -> None:
    match = _match()
    record = replace(match.record, **{field: getattr(match.record, field) + tail})
    data = encode_save(record, title=TOY.title, progress="", finished=False)  # the checksum passes
    with pytest.raises(SaveError, match=f"the {field} date is not a date"):
        decode_save(data, toy_lookup, "m")
    decode_save(encode_save(match.record, title=TOY.title, progress="", finished=False), toy_lookup, "m")
