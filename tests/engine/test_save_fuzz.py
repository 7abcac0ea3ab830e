"""Save-file fuzz suite (issue 11, "Tests and done"): every hostile class of file, generated.

Whatever a file holds, loading it raises only SaveError (or returns a match, for a harmless
change), the listing never raises, the good save beside it stays playable, and the memory a load
takes stays bounded (tracemalloc peak). Set BOARDGAMES_FUZZ=1 for many more examples.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.savefile import SaveError, decode_save
from boardgames_tui.engine.saves import SaveStore
from tests.engine.savecases import GAME_KEYS, lookup, played, v1_dict, v2_bytes

FUZZ = os.environ.get("BOARDGAMES_FUZZ") == "1"
EXAMPLES = 400 if FUZZ else 25
PEAK_BYTES = 48 << 20
"""A load may take this much memory at most (the file cap is 1 MiB; a long replay a few MiB)."""

FUZZ_SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not FUZZ,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _players(key: str) -> int:
    return 3 if key == "tafelrunde" else 2


def _loads_safely(data: bytes) -> Any:
    """Decode `data`; only SaveError may come out, within the memory bound. The match or the error."""
    tracemalloc.start()
    try:
        return decode_save(data, lookup, "fuzz")
    except SaveError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
        return exc
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak < PEAK_BYTES, f"a load took {peak:,} bytes"


def _refused(data: bytes) -> str:
    result = _loads_safely(data)
    assert isinstance(result, SaveError), "a hostile file was accepted"
    return str(result)


def _v1_text(key: str = "tallinn", moves: int = 6) -> tuple[dict[str, Any], str]:
    data = v1_dict(played(key, _players(key), moves))
    return data, json.dumps(data)


# --- hostile values, class by class -------------------------------------------------------------
@FUZZ_SETTINGS
@given(digits=st.integers(20, 6000), field=st.sampled_from(["seed", "version", "human-seat"]))
def test_huge_numbers_are_refused(digits: int, field: str) -> None:
    data, text = _v1_text()
    number = "9" * digits
    if field == "seed":
        text = text.replace(f'"seed": {data["seed"]}', f'"seed": {number}')
    elif field == "version":
        text = text.replace('"version": 1', f'"version": {number}')
    else:
        text = text.replace('"moves": [[', f'"moves": [[{number}, "x"], [', 1)
    _refused(text.encode())


@FUZZ_SETTINGS
@given(depth=st.integers(50, 200_000), bracket=st.sampled_from(["[]", "{}"]), where=st.sampled_from(["top", "field"]))
def test_deep_nesting_is_refused(depth: int, bracket: str, where: str) -> None:
    opening, closing = bracket
    inner = (opening + '"a":') * depth if opening == "{" else opening * depth
    nest = inner[:-4] + "1" + closing * depth if opening == "{" else inner + closing * depth
    text = nest if where == "top" else _v1_text()[1].replace('"progress": ', f'"progress": {nest}, "x": ', 1)
    _refused(text.encode())


@FUZZ_SETTINGS
@given(date=st.one_of(
    st.sampled_from(["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59-23:59", "2026-13-01T00:00:00+00:00",
                     "2026-01-01T00:00:00", "", "yesterday"]),
    st.text(max_size=60),
), which=st.sampled_from(["created", "updated"]))
def test_bad_dates_are_refused(date: str, which: str) -> None:
    data, _ = _v1_text()
    result = _loads_safely(json.dumps({**data, which: date}).encode())
    if not isinstance(result, SaveError):  # a generated text that is a real, recent date
        assert 2000 <= int(date.strip()[:4]) <= 9000


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), extra=st.integers(0, 40), negative=st.booleans())
def test_a_move_by_a_seat_out_of_range_is_refused(key: str, extra: int, negative: bool) -> None:
    """Reproduction: a Tafelrunde move by seat 3 (0-based) in a 3-seat match raised IndexError."""
    data, _ = _v1_text(key, 6)
    seat = -1 - extra if negative else len(data["seats"]) + extra
    moves = [*data["moves"][:3], [seat, data["moves"][3][1]], *data["moves"][4:]]
    reason = _refused(json.dumps({**data, "moves": moves}).encode())
    assert "seat" in reason or "$.moves[3][0]" in reason


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), colour=st.one_of(st.just("#fff"), st.text(max_size=20)),
       glyph=st.one_of(st.just(None), st.text(min_size=1, max_size=3)))
def test_colours_and_glyphs_outside_the_palette_are_refused(key: str, colour: str, glyph: str | None) -> None:
    from boardgames_tui.engine.seating import COLOUR_NAMES, GLYPHS

    data, _ = _v1_text(key, 2)
    seat = {**data["seats"][0], "colour": colour}
    if glyph is not None:
        seat["glyph"] = glyph
    result = _loads_safely(json.dumps({**data, "seats": [seat, *data["seats"][1:]]}).encode())
    if colour not in COLOUR_NAMES or (glyph is not None and glyph not in GLYPHS):
        assert isinstance(result, SaveError)


_HOSTILE_TEXT = st.one_of(
    st.sampled_from(["\ud800", "a\udfffb", "\x00", "a\x00b", "\x1b]0;pwned\x07", "[/]", "[reverse]A", "\u202e"]),
    st.text(alphabet=st.characters(categories=["Cs", "Cc", "Cf", "Zl", "Zp"]), min_size=1, max_size=8),
)


@FUZZ_SETTINGS
@given(text=_HOSTILE_TEXT, field=st.sampled_from(["name", "id", "game", "option", "action"]))
def test_surrogates_nul_and_control_characters_never_escape_the_loader(text: str, field: str) -> None:
    data, _ = _v1_text()
    if field == "name":
        data["seats"][0]["name"] = text
    elif field == "id":
        data["id"] = text
    elif field == "game":
        data["game"] = text
    elif field == "option":
        data["options"] = {**data["options"], text: "on"}
    else:
        data["moves"][2] = [data["moves"][2][0], text]
    encoded = json.dumps(data).encode()  # ensure_ascii: lone surrogates as \\ud800 escapes
    result = _loads_safely(encoded)
    if field != "id":  # the id inside is ignored (the file name is the identity)
        assert isinstance(result, SaveError) or (text in ("[/]", "[reverse]A") and field == "name")


@settings(max_examples=6 if not FUZZ else 30, deadline=None, derandomize=not FUZZ)
@given(length=st.integers(10**5, 10**6), field=st.sampled_from(["name", "title", "action", "option"]))
def test_huge_strings_are_refused_in_bounded_memory(length: int, field: str) -> None:
    """Reproduction: names of 10^5-10^6 characters took 8-114 s and up to 4.6 GB to open."""
    data, _ = _v1_text()
    huge = "A" * length
    if field == "name":
        data["seats"][0]["name"] = huge
    elif field == "title":
        data["title"] = huge
    elif field == "action":
        data["moves"][1] = [data["moves"][1][0], huge]
    else:
        data["options"] = {huge: "on"}
    _refused(json.dumps(data).encode())


@FUZZ_SETTINGS
@given(key=st.sampled_from(GAME_KEYS), index=st.integers(1, 30), donor=st.integers(0, 30),
       version=st.sampled_from([1, 2]))
def test_an_illegal_move_in_the_middle_is_refused(key: str, index: int, donor: int, version: int) -> None:
    """Reproduction: a save damaged in the middle was listed as healthy and failed only when opened."""
    match = played(key, _players(key), 40)
    moves = list(match.record.moves)
    index, donor = index % len(moves), donor % len(moves)
    game = match.game
    replacement = moves[donor]
    legal = {game.encode(a) for a in game.legal(match.state_after(index), replacement.seat)}
    if replacement.action in legal or replacement == moves[index]:
        replacement = type(replacement)(replacement.seat, "\u00a7no-such-action")
    from dataclasses import replace

    bad = _shell(match, replace(match.record, moves=(*moves[:index], replacement, *moves[index + 1 :])))
    data = json.dumps(v1_dict(bad)).encode() if version == 1 else v2_bytes(bad)
    assert f"move {index + 1}" in _refused(data)


def _shell(match: Any, record: Any) -> Any:
    """An object shaped like a Match for the writers, holding a record that may not replay."""

    class Shell:
        game = match.game
        state = match.state

        def outcome(self) -> None:
            return None

    shell = Shell()
    shell.record = record  # type: ignore[attr-defined]
    return shell


def _real_saves() -> list[bytes]:
    saves = []
    for key in GAME_KEYS:
        match = played(key, _players(key), 25)
        saves.append(v2_bytes(match))
        saves.append(json.dumps(v1_dict(match)).encode())
    return saves


REAL = _real_saves()


@FUZZ_SETTINGS
@given(which=st.integers(0, len(REAL) - 1), at=st.floats(0, 1, exclude_max=True), bit=st.integers(0, 7),
       flips=st.integers(1, 4))
def test_flipped_bytes_of_real_saves_of_every_game(which: int, at: float, bit: int, flips: int) -> None:
    data = bytearray(REAL[which])
    for step in range(flips):
        position = (int(at * len(data)) + step * 37) % len(data)
        data[position] ^= 1 << bit
    result = _loads_safely(bytes(data))
    if which % 2 == 0:  # version 2: the checksum catches every change
        assert isinstance(result, SaveError)


@FUZZ_SETTINGS
@given(which=st.integers(0, len(REAL) - 1), keep=st.floats(0, 1, exclude_max=True))
def test_truncations_of_real_saves_of_every_game(which: int, keep: float) -> None:
    data = REAL[which]
    _refused(data[: int(keep * len(data))])


@FUZZ_SETTINGS
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_raise_only_save_error(data: bytes) -> None:
    _loads_safely(data)


# --- files that are not files -------------------------------------------------------------------
def _fifo(path: Path, outside: Path) -> None:
    os.mkfifo(path)


def _link_to_dev_zero(path: Path, outside: Path) -> None:
    os.symlink("/dev/zero", path)


def _link_out_of_the_folder(path: Path, outside: Path) -> None:
    target = outside / "elsewhere.json"
    target.write_bytes(REAL[0])
    os.symlink(target, path)


def _link_inside_the_folder(path: Path, outside: Path) -> None:
    os.symlink(path.parent / "good.json", path)


def _folder(path: Path, outside: Path) -> None:
    path.mkdir()


def _too_large(path: Path, outside: Path) -> None:
    with open(path, "wb") as handle:
        handle.truncate(64 << 20)  # sparse: 64 MiB of zeros


SPECIAL: dict[str, Callable[[Path, Path], None]] = {
    "fifo": _fifo, "symlink-dev-zero": _link_to_dev_zero, "symlink-out-of-folder": _link_out_of_the_folder,
    "symlink-in-folder": _link_inside_the_folder, "folder": _folder, "too-large": _too_large,
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", SPECIAL)
def test_special_files_are_listed_as_unreadable_without_blocking_or_reading_them(tmp_path: Path, kind: str) -> None:
    """Reproduction: a FIFO named x.json froze the app; a link to /dev/zero took 4 GB in 8 s."""
    store = SaveStore(tmp_path / "data")
    store.root.mkdir(parents=True)
    (store.root / "good.json").write_bytes(REAL[0])
    SPECIAL[kind](store.root / "x.json", tmp_path)
    tracemalloc.start()
    listing = store.listing(lookup)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < PEAK_BYTES
    assert [s.path.name for s in listing.saves] == ["good.json"]
    assert [b.path.name for b in listing.broken] == ["x.json"]
    with pytest.raises(SaveError):
        store.load(store.root / "x.json", lookup)
