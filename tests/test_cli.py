"""The command line: --version, simulate's statistics, usage errors and failure reports."""

from __future__ import annotations

import pytest

from boardgames_tui import __version__
from boardgames_tui.cli import main
from boardgames_tui.engine.simulate import InvariantError, playout
from boardgames_tui.games import GAMES
from tests.toy import TOY


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_simulate_prints_rates_scores_and_win_shares(capsys: pytest.CaptureFixture[str]) -> None:
    key = "tain" if "tain" in GAMES else next(iter(GAMES))
    assert main(["simulate", key, "--players", str(GAMES[key].game.min_players), "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "actions/s" in out
    assert "mean score" in out and "%" in out


def test_simulate_unknown_game_lists_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "chess"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err
    for key in GAMES:
        assert key in err


def test_simulate_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    key = next(iter(GAMES))
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", key, "--option", "nonsense=on"])
    assert exit_info.value.code == 2
    assert "nonsense" in capsys.readouterr().err


def test_simulate_bad_player_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    key = next(iter(GAMES))
    with pytest.raises(SystemExit):
        main(["simulate", key, "--players", "99"])
    assert "players" in capsys.readouterr().err


class _BrokenToy(type(TOY)):  # type: ignore[misc]
    """High Card whose invariant check fails after the first round, to see the failure report."""

    def check_invariants(self, state):  # type: ignore[no-untyped-def]
        assert state.round == 1, "round two is forbidden in this broken copy"


def test_a_broken_invariant_names_the_seed_and_the_move() -> None:
    with pytest.raises(InvariantError) as info:
        playout(_BrokenToy(), 2, 1234)
    message = str(info.value)
    assert "seed 1234" in message and "after" in message and "round two is forbidden" in message


def _boardgames(*args: str) -> list[str]:
    import sys

    return [sys.executable, "-m", "boardgames_tui", *args]


def test_simulate_into_a_closed_pipe_ends_at_once_quietly_with_141() -> None:
    """Reproduction: `boardgames simulate tain --games 100000 | head -1` ran on, then printed a traceback."""
    import subprocess

    proc = subprocess.Popen(_boardgames("simulate", "tain", "--games", "100000"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # what `head -1` does after its line
    assert proc.wait(timeout=60) == 141
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize("command", [["simulate", "tain", "--games", "100000"], ["bench", "--quick"]])
def test_ctrl_c_ends_simulate_and_bench_with_130_and_no_traceback(command: list[str]) -> None:
    import signal
    import subprocess
    import time

    proc = subprocess.Popen(_boardgames(*command), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and err.strip() == "interrupted"


@pytest.mark.parametrize("command", ["simulate", "arena"])
@pytest.mark.parametrize("seed", ["99999999999999999999999", "-9223372036854775809", "x"])
def test_a_seed_outside_64_bits_is_a_usage_error_with_status_2(capsys: pytest.CaptureFixture[str], command: str,
                                                              seed: str) -> None:
    """Issue 40 §6: `simulate tain --seed 99999999999999999999999` exited 1 with "FAILED … SaveError"."""
    extra = ["--seats", "easy,easy"] if command == "arena" else []
    with pytest.raises(SystemExit) as exit_info:
        main([command, "tain", *extra, "--seed", seed])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: boardgames") and "--seed" in err and "FAILED" not in err


def test_the_seed_bounds_of_the_command_line_are_the_matches(capsys: pytest.CaptureFixture[str]) -> None:
    from boardgames_tui import cli
    from boardgames_tui.engine.match import SEED_RANGE

    assert (cli.SEED_MIN, cli.SEED_MAX) == SEED_RANGE
    assert cli.seed_argument(str(SEED_RANGE[1])) == SEED_RANGE[1]
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "tain", "--seed", str(SEED_RANGE[1]), "--games", "2"])  # the second seed is past it
    assert exit_info.value.code == 2 and "usage:" in capsys.readouterr().err


def test_arena_into_a_closed_pipe_stops_at_once_with_141() -> None:
    """Issue 40 §6: `arena … | head -1` played every game before it exited."""
    import subprocess
    import time

    proc = subprocess.Popen(_boardgames("arena", "tain", "--seats", "easy,easy", "--games", "1000"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    start = time.monotonic()
    proc.stdout.close()  # what `head -1` does after its line
    assert proc.wait(timeout=60) == 141
    assert time.monotonic() - start < 30, "it played on"
    assert b"Traceback" not in proc.stderr.read()


def test_ctrl_c_while_the_app_starts_exits_130_quietly(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40 §6: Ctrl-C in the first 0.1 s printed a KeyboardInterrupt traceback (the app was
    still importing Textual). Here the interrupt lands while the app loads."""
    import gc

    from boardgames_tui.ui import app as app_module

    def interrupted(**_kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(app_module, "run_app", interrupted)
    try:
        assert main([]) == 130
    finally:
        gc.enable()  # main pauses collection for the app's start
    assert capsys.readouterr().err == ""


def test_ctrl_c_while_the_command_module_loads_exits_130_without_a_traceback() -> None:
    """The same while `python -m boardgames_tui` (or the `boardgames` script) imports the command line."""
    import subprocess
    import sys

    code = (
        "import sys, importlib.abc\n"
        "class Interrupt(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'boardgames_tui.commands.output': raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        "import runpy; runpy.run_module('boardgames_tui', run_name='__main__')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 130 and result.stderr == "", result.stderr


@pytest.mark.parametrize("module", ["boardgames_tui", "boardgames_tui.cli", "boardgames_tui.commands.output"])
def test_ctrl_c_from_the_commands_first_line_exits_130_without_a_traceback(module: str) -> None:
    """Issue 40 §6, the remnant: the installer's generated launcher imported `re` (and with it
    `enum`) before any project code, and a Ctrl-C then printed a traceback (seen at 20-80 ms after
    start on a busy machine). The command is now our own script (scripts/boardgames, installed as
    it is): an interrupt while anything it imports loads, from the package itself on, ends quietly."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "scripts" / "boardgames"
    code = (
        "import sys, importlib.abc\n"
        "class Interrupt(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        f"        if name == {module!r}: raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        f"sys.argv = [{str(script)!r}]\n"
        f"exec(compile(open({str(script)!r}).read(), {str(script)!r}, 'exec'), {{'__name__': '__main__'}})\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 130 and result.stderr == "", result.stderr
    import ast

    text = script.read_text()
    assert text.splitlines()[0] == "#!python"  # the installer puts the environment's Python here
    body = [node for node in ast.parse(text).body if not isinstance(node, ast.Expr)]  # past the docstring
    assert isinstance(body[0], ast.Import) and [a.name for a in body[0].names] == ["sys"]
    assert isinstance(body[1], ast.Try), "nothing but sys may load before the guard"


def test_the_installed_command_is_the_projects_own_script() -> None:
    """The `boardgames` command must be scripts/boardgames (not a generated launcher): pyproject
    installs it as a shared script and declares no generated one under the same name."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["shared-scripts"] == {"scripts/boardgames": "boardgames"}
    assert "boardgames" not in project["project"].get("scripts", {})
