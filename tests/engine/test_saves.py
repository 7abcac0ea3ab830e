"""Save files: atomic writes, round trips, and every kind of broken file refused with a clear reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames_tui.engine.match import Match
from boardgames_tui.engine.protocol import IllegalAction, SeatInfo
from boardgames_tui.engine.saves import ENV_DATA_DIR, SaveError, SaveStore, data_dir
from tests.toy import TOY, toy_lookup

SEATS = (SeatInfo("Ann", "orange", "●"), SeatInfo("Bob", "blue", "▲"))


def started(moves: int = 1) -> Match:
    match = Match.new(TOY, SEATS, {}, 42)
    for _ in range(moves):
        decision = match.decision()
        assert decision is not None
        seat = decision.seats[0] if decision.seats else None
        match.play(seat, match.legal(seat)[0])
    return match


def test_save_and_load_round_trip_gives_an_equal_state(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = started(3)
    path = store.save(match)
    loaded = store.load(path, toy_lookup)
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


def _write(store: SaveStore, name: str, text: str) -> Path:
    store.root.mkdir(parents=True, exist_ok=True)
    path = store.root / name
    path.write_text(text, encoding="utf-8")
    return path


def _valid_json(match: Match, store: SaveStore) -> dict:  # type: ignore[type-arg]
    return json.loads(store.save(match).read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda text, data: "not json at all", "not valid JSON"),
        (lambda text, data: text[: len(text) // 2], "truncated"),
        (lambda text, data: json.dumps({**data, "version": 99}), "unknown save format version 99"),
        (lambda text, data: json.dumps({**data, "game": "chess"}), "unknown game 'chess'"),
        (lambda text, data: json.dumps({**data, "moves": [[0, "99"]]}), "move 1"),
        (lambda text, data: json.dumps({**data, "moves": [[0, "x"]]}), "move 1"),
        (lambda text, data: json.dumps({k: v for k, v in data.items() if k != "seats"}), "damaged save"),
        (lambda text, data: json.dumps([1, 2, 3]), "not a boardgames save file"),
    ],
    ids=["not-json", "truncated", "unknown-version", "unknown-game", "illegal-move", "malformed-move",
         "missing-field", "wrong-shape"],
)
def test_broken_save_gives_one_line_reason_naming_the_file(tmp_path: Path, mutate, expected: str) -> None:  # type: ignore[no-untyped-def]
    store = SaveStore(tmp_path)
    good = started(2)
    data = {**_valid_json(good, store), "id": "broken"}
    text = json.dumps(data)
    bad = _write(store, "broken.json", mutate(text, data))
    with pytest.raises(SaveError) as info:
        store.load(bad, toy_lookup)
    message = str(info.value)
    assert message.startswith("broken.json: ")
    assert expected in message
    assert "\n" not in message
    # The other saves are still listed and usable.
    summaries, broken = store.summaries(toy_lookup)
    assert good.record.match_id in [s.match_id for s in summaries]
    usable = next(s for s in summaries if s.match_id == good.record.match_id)
    assert store.load(usable.path, toy_lookup).state == good.state
    if expected != "move 1":  # an illegal move is only found when the match is replayed
        assert [b.path.name for b in broken] == ["broken.json"]


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
