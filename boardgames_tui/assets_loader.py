"""Finds the `assets/` folder in a checkout and in an installed wheel alike."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


@cache
def assets_root() -> Traversable:
    """The assets folder: packaged inside the wheel, or at the top of a source checkout.

    A package on disk is read as plain files; `importlib.resources` (a few milliseconds of
    start-up to import) is asked only when the package is not a folder, e.g. inside a zip."""
    here = Path(__file__).resolve().parent
    for folder in (here / "assets", here.parent / "assets"):
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files("boardgames_tui").joinpath("assets")


def asset_text(*parts: str) -> str:
    """The text of an asset file, e.g. asset_text("rules", "tain.md")."""
    node = assets_root()
    for part in parts:
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


def asset_exists(*parts: str) -> bool:
    node = assets_root()
    for part in parts:
        node = node.joinpath(part)
    return node.is_file()
