"""Issue 39 §4: `import` refuses a hostile or broken match record with a one-line reason and changes
nothing; the save loader's hostile battery (tests/engine/test_save_fuzz.py), class by class, run
against records. Set BOARDGAMES_FUZZ=1 for many more examples."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.history import import_record, read_record_file
from boardgames_tui.engine.record import RecordError, decode_record, encode_record
from boardgames_tui.engine.saves import SaveStore
from tests.engine.historycases import GAME_KEYS, finished
from tests.engine.savecases import lookup
from tests.engine.test_save_fuzz import _HOSTILE_TEXT, PEAK_BYTES, SPECIAL

FUZZ = os.environ.get("BOARDGAMES_FUZZ") == "1"
EXAMPLES = 300 if FUZZ else 15
FUZZ_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not FUZZ,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
REAL = {key: encode_record(finished(key)) for key in GAME_KEYS}


def _record(key: str = "tallinn") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REAL[key])
    return data


def _loads_safely(data: bytes) -> Any:
    """Decode `data` as a record; only RecordError may come out, on one line, within the memory bound."""
    tracemalloc.start()
    try:
        return decode_record(data, lookup, "fuzz")
    except RecordError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
        return exc
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak < PEAK_BYTES, f"a record took {peak:,} bytes"


def _refused(data: bytes) -> str:
    result = _loads_safely(data)
    assert isinstance(result, RecordError), "a hostile record was accepted"
    return str(result)


@FUZZ_SETTINGS
@given(digits=st.integers(20, 6000), field=st.sampled_from(["seed", "version", "seat", "score"]))
def test_huge_numbers_are_refused(digits: int, field: str) -> None:
    data = _record()
    text = json.dumps(data)
    number = "9" * digits
    if field == "seed":
        text = text.replace(f'"seed": {data["seed"]}', f'"seed": {number}')
    elif field == "version":
        text = text.replace('"version": 1', f'"version": {number}')
    elif field == "seat":
        text = text.replace('"moves": [{"seat": ', f'"moves": [{{"seat": {number}, "x": ', 1)
    else:
        text = text.replace('"totals": [', f'"totals": [{number}, ', 1)
    _refused(text.encode())


@FUZZ_SETTINGS
@given(depth=st.integers(50, 200_000), bracket=st.sampled_from(["[]", "{}"]), where=st.sampled_from(["top", "field"]))
def test_deep_nesting_is_refused(depth: int, bracket: str, where: str) -> None:
    opening, closing = bracket
    inner = (opening + '"a":') * depth if opening == "{" else opening * depth
    nest = inner[:-4] + "1" + closing * depth if opening == "{" else inner + closing * depth
    text = nest if where == "top" else json.dumps(_record()).replace('"title": ', f'"title": {nest}, "x": ', 1)
    _refused(text.encode())


@FUZZ_SETTINGS
@given(date=st.one_of(st.sampled_from(["0001-01-01T00:00:00+00:00", "2026-13-01T00:00:00+00:00",
                                       "2026-01-01T00:00:00", "", "yesterday"]), st.text(max_size=60)),
       which=st.sampled_from(["created", "finished"]))
def test_bad_dates_are_refused(date: str, which: str) -> None:
    result = _loads_safely(json.dumps({**_record(), which: date}).encode())
    if not isinstance(result, RecordError):  # a generated text that is a real, recent date
        assert 2000 <= int(date.strip()[:4]) <= 9000


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), extra=st.integers(0, 40), negative=st.booleans())
def test_a_move_by_a_seat_out_of_range_is_refused(key: str, extra: int, negative: bool) -> None:
    data = _record(key)
    seat = -1 - extra if negative else len(data["seats"]) + extra
    data["moves"][3] = {**data["moves"][3], "seat": seat}
    reason = _refused(json.dumps(data).encode())
    assert "seat" in reason or "$.moves[3]" in reason


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), colour=st.one_of(st.just("#fff"), st.text(max_size=20)),
       level=st.one_of(st.just("grandmaster"), st.text(max_size=20)))
def test_colours_and_bot_levels_outside_the_palette_are_refused(key: str, colour: str, level: str) -> None:
    data = _record(key)
    data["seats"][0] = {**data["seats"][0], "colour": colour}
    data["seats"][1] = {**data["seats"][1], "level": level}
    _refused(json.dumps(data).encode())  # "hard" is the only valid level given, and it is not drawn here


@FUZZ_SETTINGS
@given(text=_HOSTILE_TEXT, field=st.sampled_from(["name", "game", "option", "action", "title"]))
def test_surrogates_nul_and_control_characters_never_escape_the_loader(text: str, field: str) -> None:
    data = _record()
    if field == "name":
        data["seats"][0]["name"] = text
    elif field == "game":
        data["game"] = text
    elif field == "option":
        data["options"] = {**data["options"], text: "on"}
    elif field == "action":
        data["moves"][2]["action"] = text
    else:
        data["title"] = text
    result = _loads_safely(json.dumps(data).encode())
    if field != "title":  # the title is only shown (literally) and is taken from the game anyway
        assert isinstance(result, RecordError) or (text in ("[/]", "[reverse]A") and field == "name")


@settings(max_examples=4 if not FUZZ else 30, deadline=None, derandomize=not FUZZ)
@given(length=st.integers(10**5, 10**6), field=st.sampled_from(["name", "title", "action", "option"]))
def test_huge_strings_are_refused_in_bounded_memory(length: int, field: str) -> None:
    data, huge = _record(), "A" * length
    if field == "name":
        data["seats"][0]["name"] = huge
    elif field == "title":
        data["title"] = huge
    elif field == "action":
        data["moves"][1]["action"] = huge
    else:
        data["options"] = {huge: "on"}
    _refused(json.dumps(data).encode())


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), index=st.integers(0, 30), cut=st.integers(1, 30))
def test_an_illegal_or_missing_move_is_refused(key: str, index: int, cut: int) -> None:
    data = _record(key)
    data["moves"][index] = {**data["moves"][index], "action": "\u00a7no-such-action"}
    assert f"move {index + 1}" in _refused(json.dumps(data).encode())
    short = _record(key)
    short["moves"] = short["moves"][:-cut]  # an unfinished match: never a record
    assert "not finished" in _refused(json.dumps(short).encode())


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), at=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7))
def test_flipped_bytes_and_truncations_of_real_records(key: str, at: float, bit: int) -> None:
    data = bytearray(REAL[key])
    data[int(at * len(data))] ^= 1 << bit
    _loads_safely(bytes(data))  # a harmless change (a letter of a name) may load; nothing else escapes
    _refused(REAL[key][: int(at * len(REAL[key]))])


@FUZZ_SETTINGS
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_raise_only_record_error(data: bytes) -> None:
    _refused(data)


def test_a_save_file_is_not_a_record() -> None:
    from tests.engine.savecases import v2_bytes

    assert "not a match record" in _refused(v2_bytes(finished("tain")))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_are_refused_without_blocking_and_nothing_changes(tmp_path: Path, kind: str) -> None:
    """A FIFO, a link, a folder or a huge file given to `import`: one line, the history untouched."""
    store = SaveStore(tmp_path / "data")
    store.root.mkdir(parents=True)
    (store.root / "good.json").write_bytes(REAL["tain"])
    before = sorted(p.name for p in store.root.iterdir())
    target = tmp_path / "x.json"
    SPECIAL[kind](target, tmp_path)
    with pytest.raises(RecordError) as info:
        import_record(store, lookup, read_record_file(target))
    assert "\n" not in str(info.value)
    assert sorted(p.name for p in store.root.iterdir()) == before


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_refused_import_writes_nothing(tmp_path: Path, key: str) -> None:
    store = SaveStore(tmp_path)
    data = _record(key)
    data["moves"][5]["action"] = "\u00a7no-such-action"
    with pytest.raises(RecordError, match="move 6"):
        import_record(store, lookup, json.dumps(data).encode())
    assert not store.root.exists() or not list(store.root.iterdir())
