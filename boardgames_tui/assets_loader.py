"""Finds the `assets/` folder in a checkout and in an installed wheel alike."""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


@cache
def assets_root() -> Traversable:
    """The assets folder: packaged inside the wheel, or at the top of a source checkout."""
    packaged = resources.files("boardgames_tui").joinpath("assets")
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / "assets"
    return checkout


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
