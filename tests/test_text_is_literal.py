"""Code check: no string reaches a markup-parsing widget unless it is a constant or goes through `literal`.

DESIGN "Text from players and files is always shown literally". Textual parses a `str` handed to
Static, Label, Button, Option, Select, a DataTable cell, `update`, a widget's `render` or a
`.label`/`.tooltip`/`.border_title` as markup; `Text.from_markup` and `Content.from_markup` parse
by definition. The rule this check enforces in the shell (`ui/`) and every game's screen modules:
such a sink takes either a constant written in the code, a `Text` built from constants only, or
`literal(...)` (which also neutralises control characters). Anything built at run time, an
f-string above all, must be wrapped in `literal`. Notifications are literal by construction
(`BoardgamesApp.notify`), so only an explicit `markup=True` is refused there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from boardgames_tui.ui import kit

PACKAGE = Path(__file__).resolve().parent.parent / "boardgames_tui"

CONTENT_CALLS = {"Static", "Label", "Button", "Option", "Selection", "Tooltip"}
"""Constructors whose first argument (or `content`/`label`/`prompt`) is parsed as markup when a str."""
CONTENT_KEYWORDS = {"content", "label", "prompt", "renderable"}
MARKUP_PARSERS = {"from_markup", "render_markup"}
SINK_ATTRIBUTES = {"label", "tooltip", "border_title", "border_subtitle", "title", "sub_title"}
OPTION_LISTS = {"add_option", "add_options", "set_options", "Select", "SelectionList"}
"""Calls taking options, each an Option (checked as a call) or a (prompt, value) tuple."""
TEXT_BUILDERS = {"Text", "assemble", "styled"}
CONSOLE_RENDERERS = {"render", "render_lines", "render_str", "print", "log"}
"""Methods of a Rich console that parse a str as console markup."""
NOT_MARKUP = "# not markup"
"""A line ending in this comment hands a sink a value that is never a str (a Markdown object, say),
which the check cannot tell from the code alone; the comment says so where a reader sees it."""
KIT_BUILDERS = {name for name in kit.__all__ if name.islower()} | {"draw"}
"""The table kit's drawing functions (and an exhibit's or element's `draw`): they build `Text` and
`Block` values, which no widget parses, so a `render()` may return what they return."""


def _modules() -> list[Path]:
    shell = sorted((PACKAGE / "ui").glob("*.py"))
    screens = sorted(p for p in (PACKAGE / "games").rglob("*.py") if p.name.startswith("screen"))
    return shell + screens


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _constant(node: ast.expr) -> bool:
    """A value written in the code: a constant, a tuple of them (a Rich (text, style) pair), an
    f-string of module constants (ALL_CAPS names) only, or a Text built from such values."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.JoinedStr):
        return all(
            isinstance(part, ast.Constant)
            or (isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) and part.value.id.isupper())
            for part in node.values
        )
    if isinstance(node, ast.Tuple):
        return all(_constant(e) for e in node.elts)
    if isinstance(node, ast.Call) and _name(node.func) in TEXT_BUILDERS:
        return all(_constant(a) for a in node.args)
    return False


def _literal(node: ast.expr) -> bool:
    """Safe to hand to a markup-parsing sink."""
    if _constant(node):
        return True
    if isinstance(node, ast.IfExp):
        return _literal(node.body) and _literal(node.orelse)
    return isinstance(node, ast.Call) and _name(node.func) in {"literal", *KIT_BUILDERS}


def _option_entries(node: ast.expr) -> list[ast.expr]:
    """The prompts of options given as (prompt, value) tuples (an Option call is checked by itself)."""
    if isinstance(node, ast.GeneratorExp | ast.ListComp | ast.SetComp):
        elements = [node.elt]
    elif isinstance(node, ast.List | ast.Tuple) and not _is_pair(node):
        elements = list(node.elts)
    else:
        elements = [node]
    prompts = []
    for element in elements:
        if _is_pair(element):
            assert isinstance(element, ast.Tuple)
            prompts.append(element.elts[0])
        elif not (isinstance(element, ast.Call) and _name(element.func) in {"Option", "Selection"}) and not (
            isinstance(element, ast.Constant) and element.value is None
        ):
            prompts.append(element)
    return prompts


def _is_pair(node: ast.expr) -> bool:
    return isinstance(node, ast.Tuple) and len(node.elts) in (2, 3)


def _sink_arguments(node: ast.AST) -> list[tuple[str, ast.expr]]:
    """(what, expression) for every argument of `node` that a markup parser would read."""
    found: list[tuple[str, ast.expr]] = []
    if isinstance(node, ast.Call):
        name = _name(node.func)
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        unparsed = any(k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                       for k in node.keywords)
        if name in CONTENT_CALLS and unparsed:
            pass  # Static(..., markup=False): shown as written
        elif name in CONTENT_CALLS:
            found += [(name, a) for a in node.args[:1]]
            found += [(f"{name}({k}=)", v) for k, v in keywords.items() if k in CONTENT_KEYWORDS]
        elif name == "update" and isinstance(node.func, ast.Attribute):
            found += [(".update", a) for a in node.args[:1]]
        elif name == "add_column":
            found += [("add_column", a) for a in node.args[:1]]
        elif name == "add_row":
            for argument in node.args:
                if isinstance(argument, ast.Starred):
                    argument = argument.value
                    if isinstance(argument, ast.ListComp | ast.GeneratorExp):
                        argument = argument.elt
                found.append(("add_row", argument))
        elif name in CONSOLE_RENDERERS and isinstance(node.func, ast.Attribute) and "console" in ast.unparse(
            node.func.value
        ):
            found += [(f"console.{name}", a) for a in node.args[:1]]
        elif name in MARKUP_PARSERS:
            found += [(name, a) for a in node.args[:1] if not isinstance(a, ast.Constant)]
        elif name == "notify":
            markup = keywords.get("markup")
            if markup is not None and not (isinstance(markup, ast.Constant) and markup.value is False):
                found.append(("notify(markup=)", markup))
        if name in OPTION_LISTS:
            for argument in node.args[:1]:
                found += [(f"{name} option", p) for p in _option_entries(argument)]
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Attribute) and target.attr in SINK_ATTRIBUTES:
                found.append((f".{target.attr} =", node.value))
    elif isinstance(node, ast.FunctionDef) and node.name == "render":
        found += [("render()", r.value) for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
    return found


def violations(source: str) -> list[str]:
    """Every place in `source` where a markup parser could be fed text built at run time."""
    bad = []
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        for what, expression in _sink_arguments(node):
            if lines[expression.lineno - 1].rstrip().endswith(NOT_MARKUP):
                continue
            if what == "notify(markup=)" or not _literal(expression):
                bad.append(f"line {expression.lineno}: {what} <- {ast.unparse(expression)[:80]}")
    return bad


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_markup_parsing_widgets_get_only_constants_or_literal_text(path: Path) -> None:
    """Every run-time string a markup-parsing sink gets is wrapped in `literal` (no f-string, no bare str)."""
    bad = violations(path.read_text(encoding="utf-8"))
    assert not bad, f"{path.name}: wrap these in literal():\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "source",
    [
        'Static(f"Only {seat.name} should look")',
        "Label(self.question)",
        'widget.update(f"I am {name}")',
        "Option(label, id=row_id)",
        "menu.set_options(Option(label) for label in labels)",
        "options.add_options((label, i) for i, label in enumerate(labels))",
        "Select([(name, name) for name in names])",
        "table.add_column(seat.name)",
        "table.add_row(line.label, *values)",
        "Text.from_markup(name)",
        "self.app.console.render(Text(text, style=style), options)",
        "console.print(name)",
        "button.label = name",
        'Static(Text(f"{seat.name}", style="bold"))',
        'table.add_row("Total", *[str(v) for v in totals])',
        'Static(f"at least {width} columns")',
        "self.notify(message, markup=True)",
        "def render(self):\n    return self.text",
        "Static(name, markup=True)",
        "Static(name)  # not markup, says a comment on another line\nLabel(title)",
        "def render(self):\n    return self.label()",
    ],
)
def test_the_check_catches_each_kind_of_unsafe_sink(source: str) -> None:
    """The check is not vacuous: each known way to feed a markup parser a run-time str is caught."""
    assert violations(source), source


@pytest.mark.parametrize(
    "source",
    [
        'Static("Pass the laptop")',
        'Static(Text("Total", style="bold"))',
        'Static(literal(f"Only {seat.name} should look"))',
        "widget.update(literal(text))",
        "Option(literal(label), id=row_id)",
        "menu.add_option(None)",
        'Label(Text.assemble(("Seed", "bold"), " "))',
        "self.notify(message)",
        'Static(f"at least {MIN_WIDTH} columns")',
        'table.add_row(literal("Total"), *[literal(str(v)) for v in totals])',
        "def render(self):\n    return literal(self.text)",
        "Static(name, markup=False)",
        "def render(self):\n    return beside([card(title, halves), chip(seat, info)])",
    ],
)
def test_the_check_accepts_constants_and_literal_text(source: str) -> None:
    """Constants written in the code and anything wrapped in `literal` pass."""
    assert not violations(source), source
