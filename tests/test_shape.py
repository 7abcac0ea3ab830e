"""Every game has the same shape (README "For developers"): the same folders and file roles, the
protocol's core written by each game, import contracts for its rules, no import circles anywhere
and no module beyond a few hundred lines. A sixth game copied from the example passes as it is."""

from __future__ import annotations

import ast
import importlib
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

from boardgames_tui.engine.codec import Codec
from boardgames_tui.games import GAME_PACKAGES, GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardgames_tui"
RULES_FILES = ("components", "state", "actions", "view", "hidden", "scoring", "invariants", "text", "game")
TABLE_FILES = ("body", "look", "layout")
CORE = ("setup", "to_act", "legal", "apply", "view", "outcome", "resample")
MAX_LINES = 400


def _folders() -> list[tuple[str, Path]]:
    """Each game's folder, and the example game's."""
    return [(name, PACKAGE / "games" / name) for name in GAME_PACKAGES] + [("example", ROOT / "examples" / "high_card")]


@pytest.mark.parametrize(("name", "folder"), _folders(), ids=[n for n, _ in _folders()])
def test_every_game_has_rules_and_table_with_the_same_file_roles(name: str, folder: Path) -> None:
    for sub, files in (("rules", RULES_FILES), ("table", TABLE_FILES)):
        present = {p.stem for p in (folder / sub).glob("*.py")}
        missing = {"__init__", *files} - present
        assert not missing, f"{name}/{sub} lacks {sorted(missing)}"
    loose = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
    assert not loose, f"{name} has modules outside rules/ and table/: {loose}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_registry_finds_the_rules_in_game_py_and_the_body_in_table_body_py(key: str) -> None:
    entry = GAMES[key]
    assert entry.rules.split(":")[0].endswith(".rules.game"), entry.rules
    assert entry.body.split(":")[0].endswith(".table.body"), entry.body


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_game_writes_the_core_verbs_and_reads_its_actions_with_the_codec(key: str) -> None:
    game = GAMES[key].game
    cls = type(game)
    for verb in CORE:
        assert verb in cls.__dict__, f"{key}: the Game class does not write {verb}"
    assert isinstance(cls.codec, Codec), f"{key}: no action codec"
    for name in ("encode", "decode"):
        assert name not in cls.__dict__, f"{key}: {name} is written by hand instead of coming from the codec"


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_tests_mirror_the_shape(name: str) -> None:
    for sub in ("rules", "table"):
        folder = ROOT / "tests" / "games" / name / sub
        assert (folder / "__init__.py").is_file() and list(folder.glob("test_*.py")), f"no tests in {folder}"


@pytest.mark.parametrize("name", GAME_PACKAGES)
def test_each_game_has_import_contracts_for_its_rules_and_its_table(name: str) -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    sources = {module for c in contracts for module in c.get("source_modules", [])}
    assert f"boardgames_tui.games.{name}.rules" in sources
    assert f"boardgames_tui.games.{name}.table" in sources


def _modules() -> list[Path]:
    return sorted([*PACKAGE.rglob("*.py"), *(ROOT / "examples").rglob("*.py")])


def test_no_module_is_over_400_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in _modules() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_rules_module_assigns_a_class_or_runs_generated_code() -> None:
    """One fast copy for every game (engine.evolve): no `__class__` swaps and no `exec` in the rules."""
    found = []
    for path in sorted((PACKAGE / "games").glob("*/rules/*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "__class__" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.name}: __class__ assignment")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval"):
                found.append(f"{path.name}: {node.func.id}")
    assert not found, found


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import circles among the package's modules (strongly connected components, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in graph.find_modules_directly_imported_by(module):
            if other not in graph.modules:
                continue
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for module in sorted(graph.modules):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_import_circles_anywhere_in_the_package() -> None:
    """Imports under TYPE_CHECKING count too: a circle of types is still a circle to read."""
    graph = grimp.build_graph("boardgames_tui", cache_dir=None)
    assert _cycles(graph) == []


def test_the_example_game_is_importable_in_both_halves() -> None:
    from examples import high_card

    for path in (high_card.RULES, high_card.BODY):
        module, _, name = path.partition(":")
        assert hasattr(importlib.import_module(module), name)
