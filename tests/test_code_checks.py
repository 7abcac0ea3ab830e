"""Code checks run from pytest so the one test command checks everything: linter, type checker,
import contracts, and the purity of every rules module."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardgames_tui"
UI_LIBRARIES = {"textual", "rich"}


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed in this environment (install the dev extra)"
    return found


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lints_clean() -> None:
    result = _run(_tool("ruff"), "check", "boardgames_tui", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_type_checks_clean() -> None:
    result = _run(_tool("mypy"), "boardgames_tui")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_contracts_hold() -> None:
    result = _run(_tool("lint-imports"))
    assert result.returncode == 0, result.stdout + result.stderr


def _pure_modules() -> list[Path]:
    modules = list((PACKAGE / "engine").rglob("*.py"))
    for path in (PACKAGE / "games").rglob("*.py"):
        relative = path.relative_to(PACKAGE / "games").parts
        if any(part.startswith(("screen", "widgets", "table")) for part in relative):
            continue
        modules.append(path)
    modules.append(PACKAGE / "commands" / "simulate.py")
    return modules


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_and_engine_modules_import_no_ui_library(path: Path) -> None:
    """DESIGN "Layers": the engine and every non-screen game module import neither textual nor rich."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            assert top not in UI_LIBRARIES, f"{path.name} imports {name}"
            assert not name.startswith("boardgames_tui.ui"), f"{path.name} imports {name}"


def test_simulate_never_imports_textual() -> None:
    code = (
        "import sys, boardgames_tui.games, boardgames_tui.commands.simulate;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'));"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = _run(sys.executable, "-c", code)
    assert result.returncode == 0, result.stdout + result.stderr
