"""Save files: atomic writes, round trips, identity by file name, locks, and broken files refused with a reason."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import IllegalAction, SeatInfo
from boardgames_tui.engine.saves import ENV_DATA_DIR, MatchOpenElsewhere, SaveError, SaveStore, data_dir
from tests.engine.savecases import lookup, played, v1_dict
from tests.toy import TOY, toy_lookup

SEATS = (SeatInfo("Ann", "orange", "●"), SeatInfo("Bob", "blue", "▲"))


def started(moves: int = 1, seed: int = 42) -> Match:
    match = Match.new(TOY, SEATS, {}, seed)
    for _ in range(moves):
        decision = match.decision()
        assert decision is not None
        seat = decision.seats[0] if decision.seats else None
        match.play(seat, match.legal(seat)[0])
    return match


def _files(store: SaveStore) -> list[str]:
    return sorted(p.name for p in store.root.iterdir() if not p.name.startswith("."))


def test_save_and_load_round_trip_gives_an_equal_state(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = started(3)
    path = store.save(match)
    loaded = SaveStore(tmp_path).load(path, toy_lookup)
    assert loaded.state == match.state
    assert loaded.record == match.record


def test_save_is_atomic_no_temporary_file_left(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save(started(1))
    store.save(started(2))
    assert not [p for p in store.root.iterdir() if p.name.startswith(".tmp-")]


def test_data_dir_is_overridable_by_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path))
    assert data_dir() == tmp_path
    assert SaveStore().root == tmp_path / "saves"


def test_seed_and_sealed_choices_are_not_readable_at_a_glance(tmp_path: Path) -> None:
    """Issue 11 §6: a sealed Tallinn choice and the seed do not appear in the file's text."""
    match = played("tallinn", 3, 3, seed=1_234_567_891)
    text = SaveStore(tmp_path).save(match).read_text(encoding="utf-8")
    assert str(match.record.seed) not in text
    assert match.record.moves
    for move in match.record.moves:
        assert f'"{move.action}"' not in text
    assert '"moves"' not in text and '"seed"' not in text


def test_version_1_files_are_still_read_with_the_same_checks(tmp_path: Path) -> None:
    """Format 1 (seed and moves in clear) loads to the same match, and is written back as format 2."""
    store = SaveStore(tmp_path)
    store.root.mkdir(parents=True)
    match = played("tain", 2, 12)
    path = store.root / "old.json"
    path.write_text(json.dumps(v1_dict(match)), encoding="utf-8")
    loaded = store.load(path, lookup)
    assert loaded.state == match.state and loaded.record.moves == match.record.moves
    assert loaded.record.match_id == "old"
    store.save(loaded)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 2
    bad = {**v1_dict(match), "seats": [{**v1_dict(match)["seats"][0], "colour": "#fff"}, v1_dict(match)["seats"][1]]}
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(SaveError, match="colour outside the palette"):
        store.load(path, lookup)


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda data: "not json at all", "not valid JSON"),
        (lambda data: json.dumps(data)[: len(json.dumps(data)) // 2], "truncated"),
        (lambda data: json.dumps({**data, "version": 99}), "unknown save format version 99"),
        (lambda data: json.dumps({**data, "game": "chess"}), "unknown game 'chess'"),
        (lambda data: json.dumps({**data, "moves": [[0, "99"]]}), "move 1"),
        (lambda data: json.dumps({**data, "moves": [[0, "x"]]}), "move 1"),
        (lambda data: json.dumps({k: v for k, v in data.items() if k != "seats"}), "damaged save"),
        (lambda data: json.dumps([1, 2, 3]), "not a boardgames save file"),
        (lambda data: json.dumps({**data, "extra": 1}), "unknown field"),
        (lambda data: json.dumps({**data, "seed": True}), "damaged save"),
    ],
    ids=["not-json", "truncated", "unknown-version", "unknown-game", "illegal-move", "malformed-move",
         "missing-field", "wrong-shape", "unknown-field", "bool-seed"],
)
def test_broken_save_gives_one_line_reason_and_is_listed_as_unreadable(tmp_path: Path, mutate, expected: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 11 §1: a broken file (even one that fails only on replay) is listed with its reason;
    the other saves keep working."""
    store = SaveStore(tmp_path)
    good = started(2)
    store.save(good)
    bad = store.root / "broken.json"
    bad.write_text(mutate(v1_dict(started(2, seed=5))), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        SaveStore(tmp_path).load(bad, toy_lookup)
    message = str(info.value)
    assert message.startswith("broken.json: ") and expected in message and "\n" not in message
    listing = SaveStore(tmp_path).listing(toy_lookup)
    assert [s.match_id for s in listing.saves] == [good.record.match_id]
    assert [b.path.name for b in listing.broken] == ["broken.json"]
    assert expected in listing.broken[0].reason
    assert SaveStore(tmp_path).load(listing.saves[0].path, toy_lookup).state == good.state


@pytest.mark.parametrize("inner_id", ["../../escaped", "/tmp/absolute-victim", "a\u0000b", "same"])
def test_a_saves_identity_is_its_file_name_never_the_id_inside(tmp_path: Path, inner_id: str) -> None:
    """Issue 11 §1: an `id` inside a file never builds a path; two files with one id stay two matches."""
    store = SaveStore(tmp_path / "data")
    store.root.mkdir(parents=True)
    for name, seed in (("one", 1), ("two", 2)):
        data = {**v1_dict(played("tallinn", 2, 2, seed=seed)), "id": inner_id}
        (store.root / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    before = {p: p.read_bytes() for p in (store.root / "one.json",)}
    match = store.load(store.root / "two.json", lookup)
    match.play(*_first_legal(match))
    assert store.save(match) == store.root / "two.json"
    assert _files(store) == ["one.json", "two.json"]
    assert (store.root / "one.json").read_bytes() == before[store.root / "one.json"]
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file() and p.parent != store.root) == []


def _first_legal(match: Match) -> tuple[int | None, object]:
    decision = match.decision()
    assert decision is not None
    seat = decision.seats[0] if decision.seats else None
    return seat, match.legal(seat)[0]


def test_a_new_match_never_overwrites_an_existing_file(tmp_path: Path) -> None:
    """A new match whose id is already a file name gets a fresh unused name."""
    store = SaveStore(tmp_path)
    first = started(1)
    store.save(first)
    second = started(2, seed=9)
    second.rename(first.record.match_id)
    path = store.save(second)
    assert path.stem != first.record.match_id
    assert second.record.match_id == path.stem
    assert store.load(store.path_for(first.record.match_id), toy_lookup).state == first.state
    assert store.load(path, toy_lookup).state == second.state


def test_temporary_files_are_never_listed_and_stale_ones_are_removed(tmp_path: Path) -> None:
    """Issue 11 §1: leftovers of interrupted writes (old `.tmp-*.json` and `.tmp-*.part`) are not saves."""
    store = SaveStore(tmp_path)
    match = started(1)
    store.save(match)
    data = store.path_for(match.record.match_id).read_bytes()
    old = [store.root / ".tmp-abc.json", store.root / ".tmp-def.part"]
    fresh = store.root / ".tmp-now.part"
    for path in [*old, fresh]:
        path.write_bytes(data)
    for path in old:
        os.utime(path, (time.time() - 3600,) * 2)
    listing = SaveStore(tmp_path).listing(toy_lookup)
    assert [s.match_id for s in listing.saves] == [match.record.match_id] and listing.broken == []
    assert not any(p.exists() for p in old)
    assert fresh.exists()  # possibly another window's write in flight


def test_a_match_open_in_one_app_is_refused_by_another(tmp_path: Path) -> None:
    """Issue 11 §1: the second instance is told the match is open elsewhere (an OS file lock)."""
    first, second = SaveStore(tmp_path), SaveStore(tmp_path)
    path = first.save(started(1))
    first.open(path, toy_lookup)
    with pytest.raises(MatchOpenElsewhere):
        second.open(path, toy_lookup)
    first.release()
    assert second.open(path, toy_lookup).state == started(1).state


def test_a_file_changed_on_disk_since_read_is_never_overwritten(tmp_path: Path) -> None:
    """Without the lock (a folder without locks), the later writer moves to a fresh file: no move is lost."""
    first, second = SaveStore(tmp_path), SaveStore(tmp_path)
    path = first.save(started(0))
    a, b = first.load(path, toy_lookup), second.load(path, toy_lookup)
    a.play(*_first_legal(a))
    first.save(a)
    b.play(*_first_legal(b))
    b.play(*_first_legal(b))
    moved = second.save(b)
    assert moved != path and b.record.match_id == moved.stem
    reader = SaveStore(tmp_path)
    assert len(reader.load(path, toy_lookup).record.moves) == 1
    assert len(reader.load(moved, toy_lookup).record.moves) == 2


def test_a_saves_folder_that_cannot_be_read_says_so(tmp_path: Path) -> None:
    """Issue 11 §1: not "No saved matches yet." but the reason."""
    (tmp_path / "saves").write_text("a file where the folder should be", encoding="utf-8")
    listing = SaveStore(tmp_path).listing(toy_lookup)
    assert listing.problem is not None and "cannot be read" in listing.problem


def test_listing_again_does_not_replay_an_unchanged_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Continue list replays a file once per version on disk (cache by inode, size and mtime)."""
    store = SaveStore(tmp_path)
    path = store.save(started(2))
    reader = SaveStore(tmp_path)
    assert len(reader.listing(toy_lookup).saves) == 1
    calls = []
    monkeypatch.setattr("boardgames_tui.engine.saves.read_capped", lambda *a: calls.append(a) or (b"", None))
    assert len(reader.listing(toy_lookup).saves) == 1
    assert calls == []
    path.write_bytes(path.read_bytes().replace(b'"finished":false', b'"finished":true'))
    assert reader.listing(toy_lookup).broken  # changed: read again (here through the stub)


def test_undo_only_own_last_decision_while_nothing_revealed() -> None:
    match = started(0)
    assert match.undo_refusal(0) == "Nothing has been played yet."
    match.play(0, match.legal(0)[0])
    assert match.undo_refusal(1) is not None
    assert match.undo_refusal(0) is None
    before = match.state
    match.undo(0)
    assert match.state == TOY.setup(["Ann", "Bob"], {"double": "off"}, 42)
    match.play(0, TOY.legal(match.state, 0)[0])
    assert match.state == before
    # The last sealed choice reveals everyone's cards: no undo.
    match.play(1, match.legal(1)[0])
    assert "revealed" in (match.undo_refusal(1) or "")
    with pytest.raises(IllegalAction):
        match.undo(1)


def test_illegal_move_leaves_match_unchanged() -> None:
    match = started(0)
    before = (match.state, match.record)
    with pytest.raises(IllegalAction):
        match.play(0, 99)
    assert (match.state, match.record) == before
