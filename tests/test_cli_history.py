"""Issue 39 on the command line: history, stats, export and import, arena --keep, bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames_tui.cli import main
from boardgames_tui.engine.saves import ENV_DATA_DIR


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "data"))
    return tmp_path


def _ids(out: str) -> list[str]:
    return [line.split()[0] for line in out.splitlines()[1:]]


def test_arena_keep_then_history_stats_export_and_import(data: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["arena", "tallinn", "--seats", "random,random", "--games", "2", "--keep"]) == 0
    capsys.readouterr()
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    ids = _ids(out)
    assert len(ids) == 2 and "Random bot 1 (random)" in out and "Tallinn" in out
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "2 finished matches" in out and "Random bot 2 (random bot)" in out and "2 played" in out
    record = data / "match.json"
    assert main(["export", ids[0], str(record)]) == 0
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "boardgames-tui/record"
    assert main(["import", str(record)]) == 1  # the same match is in the history already
    assert "already holds this match" in capsys.readouterr().err
    elsewhere = data / "other"
    capsys.readouterr()
    monkeypatch.setenv(ENV_DATA_DIR, str(elsewhere))
    assert main(["import", str(record)]) == 0
    capsys.readouterr()
    assert main(["history"]) == 0
    assert len(_ids(capsys.readouterr().out)) == 1


def test_export_to_standard_output_and_never_over_a_file(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "tain", "--seats", "random,random", "--games", "1", "--keep"]) == 0
    capsys.readouterr()
    main(["history"])
    match_id = _ids(capsys.readouterr().out)[0]
    assert main(["export", match_id]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "tain"
    existing = data / "taken.json"
    existing.write_text("mine", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["export", match_id, str(existing)])
    assert info.value.code == 2 and existing.read_text(encoding="utf-8") == "mine"
    assert "usage: boardgames export" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["replay"], "usage: boardgames replay"),
        (["replay", "nope"], "no match with the id 'nope'"),
        (["export", "../../etc/passwd"], "no match with the id"),
        (["import"], "usage: boardgames import"),
        (["import", "/no/such/file.json"], "no file"),
        (["stats", "--game", "chess"], "unknown game 'chess'"),
        (["stats", "--player", "Nobody"], "no player named 'Nobody'"),
    ],
)
def test_bad_arguments_exit_2_with_the_usage_line(data: Path, capsys: pytest.CaptureFixture[str],
                                                   argv: list[str], says: str) -> None:
    if argv[:1] == ["stats"]:
        main(["arena", "tallinn", "--seats", "random,random", "--games", "1", "--keep"])
        capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and "usage:" in err and says in err


def test_a_hostile_record_is_refused_with_one_line_and_nothing_changes(data: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    bad = data / "bad.json"
    bad.write_text('{"format": "boardgames-tui/record", "version": 1, "game": "\\u001b]0;x\\u0007"}', encoding="utf-8")
    assert main(["import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused" in err
    assert not (data / "data" / "saves").exists()
