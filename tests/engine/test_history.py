"""Issue 39: every game's finished match is kept in the history, replays both ways to its final
state, counts in the statistics, and round-trips through the portable record."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from boardgames_tui.engine.history import find, history, import_record, keep
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.record import RecordError, decode_record, encode_record
from boardgames_tui.engine.replay import EVERYTHING, NotFinished, Replay
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.engine.stats import statistics
from tests.engine.historycases import GAME_KEYS, SEATS, finished, fresh
from tests.engine.savecases import lookup


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_finished_match_appears_in_the_history_with_its_result(tmp_path: Path, key: str) -> None:
    store = SaveStore(tmp_path)
    match = fresh(key)
    store.save(match)
    unfinished = Match.new(match.game, SEATS, match.game.default_options(), 9)
    store.save(unfinished)
    listed = history(SaveStore(tmp_path), lookup)
    assert [s.match_id for s in listed] == [match.record.match_id]  # the unfinished one is not history
    result = listed[0].result
    outcome = match.outcome()
    assert result is not None and outcome is not None
    assert result.totals == outcome.totals and result.winners == outcome.winners
    assert [(s.name, s.level) for s in result.seats] == [("Ann", None), ("Bot 2", "hard"), ("Cleo", None)]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_replay_goes_forward_to_the_final_state_and_back_to_the_start(key: str) -> None:
    match = finished(key)
    replay = Replay(match)
    game = match.game
    start = game.setup(match.record.names, match.record.options, match.record.seed)
    index = 0
    while index < replay.last:  # forward, a round at a time, then every move back
        following = replay.next_round(index)
        assert following > index
        index = following
    assert replay.state(index) == match.state and game.outcome(replay.state(index)) == match.outcome()
    for step in range(replay.last, 0, -1):
        assert replay.lines(step, None) and replay.lines(step, EVERYTHING)
    assert replay.previous_round(replay.last) < replay.last
    assert replay.state(0) == start
    assert len(replay.round_starts) > 2, "a page key jumps a round or turn, not the whole match"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_an_unfinished_match_has_no_replay(tmp_path: Path, key: str) -> None:
    match = finished(key)
    going = Match(match.game, replace(match.record, moves=match.record.moves[:10]))
    with pytest.raises(NotFinished):
        Replay(going)
    with pytest.raises(RecordError, match="not finished"):
        encode_record(going)
    store = SaveStore(tmp_path)
    store.save(going)
    with pytest.raises(SaveError, match="not finished"):
        find(store, lookup, going.record.match_id)


def test_statistics_count_every_game_per_player_and_against_bot_levels(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    for key in GAME_KEYS:
        store.save(fresh(key))
    players = {p.label: p for p in statistics(history(store, lookup))}
    ann, bot = players["Ann"], players["Bot 2 (hard bot)"]
    assert ann.overall.played == len(GAME_KEYS) == sum(t.played for t in ann.games.values())
    wins = sum(0 in finished(key).outcome().winners for key in GAME_KEYS)  # type: ignore[union-attr]
    assert ann.overall.wins == wins
    assert ann.against["hard"].played == len(GAME_KEYS) and not bot.against  # a bot meets no bot here
    totals = [finished(key).outcome().totals[0] for key in GAME_KEYS]  # type: ignore[union-attr]
    assert ann.overall.best == max(totals) and ann.overall.mean == pytest.approx(sum(totals) / len(totals))
    assert len(ann.share_over_time()) == len(GAME_KEYS)


def test_a_shared_win_counts_as_a_win_for_each_and_as_shared() -> None:
    """Die Tafelrunde's tie-break may leave several winners: here a result with two, built by hand."""
    from boardgames_tui.engine.results import MatchResult
    from boardgames_tui.engine.saves import SaveSummary

    result = MatchResult(SEATS, (0, 2), (10, 4, 10), 1, "x")
    summary = SaveSummary(Path("a.json"), "a", "tain", "Tàin", ("Ann",), "", "2026-01-01T00:00:00+00:00", True,
                          result=result)
    players = {p.label: p for p in statistics([summary])}
    assert players["Ann"].overall.wins == players["Cleo"].overall.wins == 1
    assert players["Ann"].overall.shared == 1 and players["Bot 2 (hard bot)"].overall.wins == 0


@pytest.mark.parametrize("key", GAME_KEYS)
def test_export_then_import_replays_to_the_same_final_state_and_scores(tmp_path: Path, key: str) -> None:
    match = finished(key)
    data = encode_record(match)
    text = json.loads(data)
    assert text["format"] == "boardgames-tui/record" and text["version"] == 1 and text["seed"] == match.record.seed
    assert [m["action"] for m in text["moves"]] == [m.action for m in match.record.moves]
    store = SaveStore(tmp_path / "elsewhere")
    imported = import_record(store, lookup, data)
    again = find(SaveStore(tmp_path / "elsewhere"), lookup, imported.record.match_id)
    assert again.state == match.state and again.outcome() == match.outcome()
    assert again.record.seats == match.record.seats and again.record.updated == match.record.updated
    with pytest.raises(RecordError, match="already holds this match"):
        import_record(store, lookup, data)
    assert len(list(store.root.iterdir())) == 1


def test_a_record_whose_result_does_not_match_its_moves_is_refused() -> None:
    text = json.loads(encode_record(finished("tallinn")))
    text["result"]["totals"][0] += 1
    with pytest.raises(RecordError, match="not what its moves give"):
        decode_record(json.dumps(text).encode(), lookup, "x")


def test_keep_never_writes_over_another_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    first, second = fresh("tain"), fresh("tain")
    path = keep(store, first)
    other = keep(store, second)  # the same id: a fresh name
    assert path != other and len(history(store, lookup)) == 2
