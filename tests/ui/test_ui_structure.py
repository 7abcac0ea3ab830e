"""How `ui/` is put together (issue 36 §1): no import circles, the match screen small, the flow
pure, and every call of a screen to the app typed (no untyped attribute lookups)."""

from __future__ import annotations

from pathlib import Path

import grimp

import boardgames_tui

PACKAGE = Path(boardgames_tui.__file__).parent
UI = "boardgames_tui.ui"


def test_no_import_circles_in_ui() -> None:
    """No module of `ui/` imports, directly or not, a module of `ui/` that imports it back
    (imports made only for type checking included)."""
    graph = grimp.build_graph("boardgames_tui")
    circles = sorted(
        (importer, imported)
        for importer in graph.modules if importer.startswith(UI)
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith(UI) and graph.chain_exists(importer=imported, imported=importer)
    )
    assert circles == []


def test_the_match_screen_is_at_most_250_lines() -> None:
    lines = (PACKAGE / "ui" / "match_screen.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 250, lines


def test_no_untyped_attribute_lookups_on_the_app_in_ui() -> None:
    """Screens reach the app through the typed `ui.shell.Shell`, never past the type checker."""
    offenders = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted((PACKAGE / "ui").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "attr-defined" in line
    ]
    assert offenders == []


def test_the_flow_imports_no_textual_and_no_rich() -> None:
    graph = grimp.build_graph("boardgames_tui", "textual", "rich")
    for module in sorted(m for m in graph.modules if m.startswith(f"{UI}.flow")):
        for outside in ("textual", "rich"):
            assert not graph.chain_exists(importer=module, imported=outside), (module, outside)
